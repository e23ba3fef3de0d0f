import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** Import boundaries of DESIGN.md "Layout": ui knows nothing of the app; features never import routes. */
const noRoutes = { group: ["~/routes/*", "**/routes/*"], message: "Features and ui must not import routes." };
const noFeatures = { group: ["~/features/*", "**/features/*"], message: "ui imports nothing domain-specific." };

export default tseslint.config(
  { ignores: ["build/", ".react-router/", "node_modules/", "data/", "test-results/", "playwright-report/", "bench/results/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  { files: ["app/features/**"], rules: { "no-restricted-imports": ["error", { patterns: [noRoutes] }] } },
  { files: ["app/ui/**"], rules: { "no-restricted-imports": ["error", { patterns: [noRoutes, noFeatures] }] } },
  { files: ["app/lib/**"], rules: { "no-restricted-imports": ["error", { patterns: [noRoutes, noFeatures] }] } },
);
