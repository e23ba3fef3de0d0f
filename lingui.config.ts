import { defineConfig } from "@lingui/cli";
import { formatter } from "@lingui/format-po";

/**
 * The UI languages (ADR 0293). English is the source: its catalog holds the product's
 * exact texts, and every other catalog must carry each of its messages with the same
 * placeholders (app/features/i18n/catalog-check.test.ts). `npm run i18n:extract` updates them all.
 */
export default defineConfig({
  sourceLocale: "en",
  locales: ["en", "es", "fr", "ja", "ar"],
  catalogs: [{ path: "<rootDir>/app/locales/{locale}/messages", include: ["<rootDir>/app"], exclude: ["**/node_modules/**", "**/*.test.*"] }],
  format: formatter({ lineNumbers: false }),
  orderBy: "message",
});
