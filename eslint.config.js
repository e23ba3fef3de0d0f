import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import { importX } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * Import boundaries (docs/decisions/0001-stack-and-layout.md): ui knows nothing of the
 * app; features never import routes. These name patterns see only the import's text;
 * `layers` below resolves every import, `~/` and `../..` alike, to a file.
 */
const noRoutes = { group: ["~/routes/*", "**/routes/*"], message: "Features and ui must not import routes." };
/**
 * ui and lib import no feature, except the i18n machinery (ADRs 0293, 0294, 0298): the kit shows
 * texts marked `translatable()` in the page's language, and lib's tables of texts are marked.
 */
const noFeatures = { regex: "(^~|^\\.\\.?|/\\.\\.)/features/(?!i18n/)", message: "ui imports nothing domain-specific (but the i18n machinery)." };
/**
 * zod compiles validators with `new Function` unless configured not to, which the
 * Content Security Policy refuses in the browser: code that can reach the browser
 * imports z from ~/lib/zod, which turns that off.
 */
const browserZod = { name: "zod", message: "Import { z } from \"~/lib/zod\" in code that can run in the browser (the CSP forbids zod's eval)." };
const serverOnly = ["**/*.server.ts", "app/lib/zod.ts"];
const restrict = (patterns, paths = [browserZod]) => ({ "no-restricted-imports": ["error", { patterns, paths }] });

/**
 * The same layers by resolved path (import-x/no-restricted-paths with the TypeScript
 * resolver), so `../../seed/seed.server` from app/lib is caught like `~/...` would be.
 * app/ never reaches seed/, server/ or scripts/: those decide about demo data and
 * start-up (docs/decisions/0072-seeding-outside-app.md).
 */
const layers = {
  "import-x/no-restricted-paths": [
    "error",
    {
      zones: [
        {
          target: "./app",
          from: ["./seed", "./server", "./scripts"],
          message: "app/ must not import seed/, server/ or scripts/: they run app/, not the other way round (ADR 0072).",
        },
        { target: "./app/features", from: "./app/routes", message: "Features must not import routes." },
        {
          target: ["./app/ui", "./app/lib"],
          from: ["./app/features", "./app/routes"],
          except: ["./i18n"],
          message: "ui and lib import nothing domain-specific (but the i18n machinery, ADR 0298).",
        },
      ],
    },
  ],
};

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
  {
    files: ["app/**"],
    plugins: { "import-x": importX },
    settings: { "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })] },
    rules: layers,
  },
  // The server reads top to bottom from server/main.ts: no module of it imports one that
  // imports it back (issue #30 point 6).
  {
    files: ["server/**/*.ts"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
    },
    rules: { "import-x/no-cycle": ["error", { ignoreExternal: true }] },
  },
  { files: ["app/**"], rules: restrict([]) },
  { files: ["app/features/**"], rules: restrict([noRoutes]) },
  { files: ["app/ui/**", "app/lib/**"], rules: restrict([noRoutes, noFeatures]) },
  { files: serverOnly, rules: restrict([], []) },
  { files: ["app/features/**/*.server.ts"], rules: restrict([noRoutes], []) },
  { files: ["app/lib/*.server.ts", "app/lib/zod.ts"], rules: restrict([noRoutes, noFeatures], []) },
);
