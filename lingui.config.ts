import { defineConfig } from "@lingui/cli";
import { formatter } from "@lingui/format-po";
import { AREA_FILES, AREAS } from "./app/features/i18n/areas";
import { textExtractor } from "./scripts/lingui-text-extractor";

const NOT_SOURCE = ["**/node_modules/**", "**/*.test.*", "**/*.d.ts"];
const under = (globs: string[]) => globs.map((glob) => `<rootDir>/app/${glob}`);

/**
 * The UI languages (ADR 0293), each split into one catalog per area (ADR 0294): a file's
 * messages go to the first area whose globs match it. English is the source: its catalogs
 * hold the product's exact texts, and every other language must carry each of their
 * messages with the same placeholders (scripts/i18n-catalogs.test.ts).
 * `npm run i18n:extract` updates them all.
 */
export default defineConfig({
  sourceLocale: "en",
  locales: ["en", "es", "fr", "ja", "ar"],
  catalogs: AREAS.map((area, index) => ({
    path: `<rootDir>/app/locales/{locale}/${area}`,
    include: under(AREA_FILES[area]),
    exclude: [...NOT_SOURCE, ...under(AREAS.slice(0, index).flatMap((earlier) => AREA_FILES[earlier]))],
  })),
  extractors: [textExtractor],
  format: formatter({ lineNumbers: false }),
  orderBy: "message",
});
