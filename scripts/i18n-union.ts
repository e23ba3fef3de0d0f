/**
 * Merges translations between branches (ADR 0294): after a merge and `npm run i18n:extract`,
 * every message still untranslated in a catalog takes the translation another ref has for
 * the same English text in any of that language's catalogs. A catalog conflict is resolved
 * by keeping either side, extracting, then running this with the other side's ref:
 *
 *   git checkout --ours app/locales && npm run i18n:extract && npx tsx scripts/i18n-union.ts MERGE_HEAD
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { formatter } from "@lingui/format-po";
import { CATALOG_DIR } from "./i18n-catalogs";

const po = formatter({ lineNumbers: false });
const refs = process.argv.slice(2);
if (refs.length === 0) throw new Error("usage: tsx scripts/i18n-union.ts <git-ref>...");

type Entries = Record<string, { message?: string; translation?: string }>;
const parse = async (content: string, locale: string, filename: string) => (await po.parse(content, { locale, sourceLocale: "en", filename })) as Entries;

for (const locale of fs.readdirSync(CATALOG_DIR)) {
  if (locale === "en") continue;
  const known = new Map<string, string>();
  for (const ref of refs) {
    const listing = execFileSync("git", ["ls-tree", "--name-only", `${ref}:app/locales/${locale}`], { encoding: "utf8" }).split("\n").filter((name) => name.endsWith(".po"));
    for (const name of listing) {
      const content = execFileSync("git", ["show", `${ref}:app/locales/${locale}/${name}`], { encoding: "utf8", maxBuffer: 64 << 20 });
      for (const [id, entry] of Object.entries(await parse(content, locale, name))) {
        const message = entry.message ?? id;
        if (entry.translation && !known.has(message)) known.set(message, entry.translation);
      }
    }
  }
  for (const name of fs.readdirSync(path.join(CATALOG_DIR, locale)).filter((file) => file.endsWith(".po"))) {
    const file = path.join(CATALOG_DIR, locale, name);
    const existing = fs.readFileSync(file, "utf8");
    const catalog = await parse(existing, locale, file);
    let filled = 0;
    for (const [id, entry] of Object.entries(catalog)) {
      const translation = known.get(entry.message ?? id);
      if (!entry.translation && translation) {
        entry.translation = translation;
        filled++;
      }
    }
    if (filled === 0) continue;
    fs.writeFileSync(file, await po.serialize(catalog as never, { locale, sourceLocale: "en", filename: file, existing } as never));
    console.log(`${locale}/${name}: ${filled} filled`);
  }
}
