import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** Import boundaries of DESIGN.md "Layout": ui knows nothing of the app; features never import routes. */
const noRoutes = { group: ["~/routes/*", "**/routes/*"], message: "Features and ui must not import routes." };
const noFeatures = { group: ["~/features/*", "**/features/*"], message: "ui imports nothing domain-specific." };
/**
 * zod compiles validators with `new Function` unless configured not to, which the
 * Content Security Policy refuses in the browser: code that can reach the browser
 * imports z from ~/lib/zod, which turns that off.
 */
const browserZod = { name: "zod", message: "Import { z } from \"~/lib/zod\" in code that can run in the browser (the CSP forbids zod's eval)." };
const serverOnly = ["**/*.server.ts", "app/lib/zod.ts"];
const restrict = (patterns, paths = [browserZod]) => ({ "no-restricted-imports": ["error", { patterns, paths }] });

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
  { files: ["app/**"], rules: restrict([]) },
  { files: ["app/features/**"], rules: restrict([noRoutes]) },
  { files: ["app/ui/**", "app/lib/**"], rules: restrict([noRoutes, noFeatures]) },
  { files: serverOnly, rules: restrict([], []) },
  { files: ["app/features/**/*.server.ts"], rules: restrict([noRoutes], []) },
  { files: ["app/lib/*.server.ts", "app/lib/zod.ts"], rules: restrict([noRoutes, noFeatures], []) },
);
