/**
 * One English message, one translation (ADR 0294): a message used in several areas is in
 * several catalogs, and the browser merges them into one table, so differing translations
 * would make the text depend on which catalog loaded last. This gives every copy the
 * translation of the first area that has it, in this order (the home page's first):
 *
 *   npx tsx scripts/i18n-agree.ts
 *
 * scripts/i18n-catalogs.test.ts fails while copies differ. A message that must read
 * differently in two places is two messages: give one a context (`msg({ message, context })`).
 */
import fs from "node:fs";
import path from "node:path";
import { formatter } from "@lingui/format-po";
import { CATALOG_DIR } from "./i18n-catalogs";

export const AGREEMENT_ORDER = ["core", "common", "booking", "discovery", "account", "hosting", "server"];

const po = formatter({ lineNumbers: false });
type Entries = Record<string, { translation?: string }>;

for (const locale of fs.readdirSync(CATALOG_DIR).filter((name) => name !== "en")) {
  const catalogs = await Promise.all(
    AGREEMENT_ORDER.map(async (area) => {
      const file = path.join(CATALOG_DIR, locale, `${area}.po`);
      const existing = fs.readFileSync(file, "utf8");
      return { file, existing, entries: (await po.parse(existing, { locale, sourceLocale: "en", filename: file })) as Entries };
    }),
  );
  const chosen = new Map<string, string>();
  for (const { entries } of catalogs) for (const [id, entry] of Object.entries(entries)) if (entry.translation && !chosen.has(id)) chosen.set(id, entry.translation);
  for (const { file, existing, entries } of catalogs) {
    let changed = 0;
    for (const [id, entry] of Object.entries(entries)) {
      const translation = chosen.get(id);
      if (translation && entry.translation !== translation) {
        entry.translation = translation;
        changed++;
      }
    }
    if (changed === 0) continue;
    fs.writeFileSync(file, await po.serialize(entries as never, { locale, sourceLocale: "en", filename: file, existing } as never));
    console.log(`${path.relative(CATALOG_DIR, file)}: ${changed} agreed`);
  }
}
