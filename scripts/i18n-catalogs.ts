/**
 * The catalog check of ADR 0293: every language's catalog of each area
 * (app/locales/<lang>/<area>.po, ADR 0294) must carry every message of the English source, translated, with the same placeholders
 * ({name}, plural and select arguments, <0> tags), and no message English lacks.
 * scripts/i18n-catalogs.test.ts runs it on the real catalogs.
 */
import fs from "node:fs";
import path from "node:path";
import { formatter } from "@lingui/format-po";
import { compileMessageOrThrow, type CompiledMessage } from "@lingui/message-utils/compileMessage";

/** A catalog as the check sees it: each source message (the English text) and its translation. */
export type Catalog = Map<string, string>;

export const CATALOG_DIR = path.resolve("app/locales");

/** Reads a .po catalog through Lingui's own PO reader. */
export async function parsePo(content: string, locale: string): Promise<Catalog> {
  const parsed = await formatter({ lineNumbers: false }).parse(content, { locale, sourceLocale: "en", filename: `${locale}/messages.po` });
  const catalog: Catalog = new Map();
  // A message with a context (msgctxt) is another message: keyed as gettext does, text␄context.
  for (const [id, entry] of Object.entries(parsed ?? {})) catalog.set(entry.context ? `${entry.message ?? id}\u0004${entry.context}` : (entry.message ?? id), entry.translation ?? "");
  return catalog;
}

export async function readCatalog(locale: string, area: string): Promise<Catalog> {
  return parsePo(fs.readFileSync(path.join(CATALOG_DIR, locale, `${area}.po`), "utf8"), locale);
}

/** A message's placeholders, sorted: argument names with their kind (plural, select, …) and numbered tags. */
export function placeholders(message: string): string[] {
  const found: string[] = [];
  const walk = (tokens: CompiledMessage) => {
    for (const token of tokens) {
      if (typeof token === "string") {
        for (const tag of token.matchAll(/<\/?(\d+)\s*\/?>/g)) found.push(`<${tag[1]}>`);
        continue;
      }
      const [name, type, format] = token;
      found.push(type ? `{${name}, ${type}}` : `{${name}}`);
      if (format && typeof format === "object") {
        for (const [key, choice] of Object.entries(format)) if (key !== "offset" && Array.isArray(choice)) walk(choice as CompiledMessage);
      }
    }
  };
  walk(compileMessageOrThrow(message));
  return [...new Set(found)].sort();
}

/** What is wrong with a language's catalog against the English source: one sentence per problem. */
export function catalogProblems(locale: string, source: Catalog, target: Catalog): string[] {
  const problems: string[] = [];
  for (const message of source.keys()) {
    const translation = target.get(message);
    if (translation === undefined) {
      problems.push(`${locale}: missing message "${message}"`);
      continue;
    }
    if (translation.trim() === "") {
      problems.push(`${locale}: "${message}" is not translated`);
      continue;
    }
    let expected: string[];
    let actual: string[];
    try {
      expected = placeholders(message);
      actual = placeholders(translation);
    } catch (error) {
      problems.push(`${locale}: "${message}" does not parse: ${error instanceof Error ? error.message : String(error)}`);
      continue;
    }
    if (expected.join() !== actual.join()) {
      problems.push(`${locale}: "${message}" has placeholders ${actual.join(" ") || "(none)"}, the source ${expected.join(" ") || "(none)"}`);
    }
  }
  for (const message of target.keys()) if (!source.has(message)) problems.push(`${locale}: "${message}" is not in the English source`);
  return problems;
}

/**
 * Where one message (by id) has different translations in different areas of a language:
 * the browser merges the areas into one table, so the copies must agree (scripts/i18n-agree.ts).
 */
export async function disagreements(locale: string, areas: readonly string[]): Promise<string[]> {
  const seen = new Map<string, { area: string; translation: string }>();
  const problems: string[] = [];
  for (const area of areas) {
    const file = path.join(CATALOG_DIR, locale, `${area}.po`);
    const entries = await formatter({ lineNumbers: false }).parse(fs.readFileSync(file, "utf8"), { locale, sourceLocale: "en", filename: file });
    for (const [id, entry] of Object.entries(entries ?? {})) {
      const translation = entry.translation ?? "";
      const first = seen.get(id);
      if (!first) seen.set(id, { area, translation });
      else if (first.translation !== translation) problems.push(`${locale}: "${entry.message ?? id}" is "${first.translation}" in ${first.area} but "${translation}" in ${area}`);
    }
  }
  return problems;
}
