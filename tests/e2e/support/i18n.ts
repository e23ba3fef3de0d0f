import { setupI18n, type I18n } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { AREAS } from "~/features/i18n/areas";
import { readCatalog, type Catalog } from "../../../scripts/i18n-catalogs";

/**
 * What a journey expects to read in a language, taken from the catalogs (app/locales/<lang>/<area>.po,
 * ADR 0294) instead of typed by hand: the assertions follow the translations, and a text
 * nobody translated fails the journey with its English text.
 *
 *   await expect(page.getByRole("heading", { name: await tr("es", "Booking Confirmed!") })).toBeVisible();
 *   await tr("ar", "Booking confirmed: Loop Boardroom for 12 with Lake Views") // a message with a value, as English shows it
 *
 * `english` is either a message as the catalogs hold it ("Booking confirmed: {title}", with
 * `values`), or a text as the English page shows it: the message whose literal parts match
 * it (the most specific one) is used, its values taken from the text. The translation is
 * formatted as the app formats it (plurals by the language's rules).
 */

type Entry = { message: string; translation: string; area: string };

const catalogs = new Map<string, Promise<Entry[]>>();
const instances = new Map<string, I18n>();

function entriesOf(locale: string): Promise<Entry[]> {
  let pending = catalogs.get(locale);
  if (!pending) {
    pending = Promise.all(AREAS.map(async (area) => ({ area, catalog: await readCatalog(locale, area) }))).then((all: { area: string; catalog: Catalog }[]) =>
      all.flatMap(({ area, catalog }) => [...catalog].map(([message, translation]) => ({ message, translation, area }))),
    );
    catalogs.set(locale, pending);
  }
  return pending;
}

function instanceFor(locale: string): I18n {
  let i18n = instances.get(locale);
  if (!i18n) {
    i18n = setupI18n({ locale, messages: { [locale]: {} } });
    i18n.setMessagesCompiler(compileMessage);
    i18n.activate(locale);
    instances.set(locale, i18n);
  }
  return i18n;
}

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The simple placeholders of a message ({name}, {0}); null when it has plural/select arguments or tags. */
function simplePattern(message: string): { pattern: RegExp; names: string[]; literal: number } | null {
  if (/\{[^{}]*,|<\/?\d+\s*\/?>/.test(message)) return null;
  const names: string[] = [];
  let source = "";
  let literal = 0;
  let last = 0;
  for (const match of message.matchAll(/\{(\w+)\}/g)) {
    const text = message.slice(last, match.index);
    source += escapeRegExp(text);
    literal += text.length;
    source += "(.+?)";
    names.push(match[1]!);
    last = match.index! + match[0].length;
  }
  const tail = message.slice(last);
  // A message of placeholders only ("{0}") would match any text: never the one meant.
  if (names.length === 0 || literal + tail.length === 0) return null;
  return { pattern: new RegExp(`^${source}${escapeRegExp(tail)}$`, "s"), names, literal: literal + tail.length };
}

/**
 * One message has one id in every area (Lingui's id is the English text's hash), so two
 * areas that translate it differently leave the page showing whichever catalog loaded
 * last: a journey cannot know which, and neither can the reader. That fails here.
 */
function unambiguous(locale: string, entry: Entry, entries: Entry[]): Entry {
  const others = entries.filter((other) => other.message === entry.message && other.translation.trim() !== "" && other.translation !== entry.translation);
  if (others.length > 0) {
    const all = [entry, ...others].map((other) => `${other.area}.po "${other.translation}"`).join(", ");
    throw new Error(`${locale}: "${entry.message}" has different translations in different areas (${all}): the page shows whichever loaded last`);
  }
  return entry;
}

/** The catalog entry for an English message or text, and the values the text carries. */
async function find(locale: string, english: string): Promise<{ entry: Entry; values: Record<string, unknown> }> {
  const entries = await entriesOf(locale);
  const exact = entries.filter((entry) => entry.message === english);
  const translated = exact.find((entry) => entry.translation.trim() !== "");
  if (translated) return { entry: unambiguous(locale, translated, entries), values: {} };
  if (exact.length > 0) throw new Error(`${locale}: "${english}" is not translated (app/locales/${locale}/${exact[0]!.area}.po)`);
  let best: { entry: Entry; values: Record<string, unknown>; literal: number } | null = null;
  for (const entry of entries) {
    const shape = simplePattern(entry.message);
    const match = shape?.pattern.exec(english);
    if (!shape || !match) continue;
    if (best && best.literal >= shape.literal) continue;
    const values = Object.fromEntries(shape.names.map((name, i) => [name, match[i + 1]!]));
    best = { entry, values, literal: shape.literal };
  }
  if (!best) throw new Error(`${locale}: no message "${english}" in app/locales/${locale}/*.po`);
  if (best.entry.translation.trim() === "") throw new Error(`${locale}: "${best.entry.message}" is not translated (app/locales/${locale}/${best.entry.area}.po)`);
  return { entry: unambiguous(locale, best.entry, entries), values: best.values };
}

/** The translation of an English message (or English text, see above) in `locale`; throws when the catalogs lack it. */
export async function tr(locale: string, english: string, values: Record<string, unknown> = {}): Promise<string> {
  if (locale === "en") return english;
  const found = await find(locale, english);
  const i18n = instanceFor(locale);
  const all = { ...found.values, ...values };
  // Numbers for plural arguments: a value taken from the text is a string.
  for (const [name, value] of Object.entries(all)) if (typeof value === "string" && /^\d+$/.test(value)) all[name] = Number(value);
  i18n.load(locale, { [found.entry.message]: found.entry.translation });
  return i18n._(found.entry.message, all);
}

/** Several translations at once: `const [a, b] = await trAll("es", ["Explore", "Book now"])`. */
export function trAll(locale: string, english: string[]): Promise<string[]> {
  return Promise.all(english.map((text) => tr(locale, text)));
}

/**
 * The translation of an English message or text as a regular expression whose values may be
 * anything: for texts with values the page formats in its language (money, dates), e.g.
 * `await trPattern("ar", "Pay $65.00")` for the pay button, whatever the amount's digits.
 */
export async function trPattern(locale: string, english: string): Promise<RegExp> {
  if (locale === "en") return new RegExp(`^${escapeRegExp(english)}$`);
  const { entry } = await find(locale, english);
  if (/\{[^{}]*,/.test(entry.translation)) throw new Error(`${locale}: "${entry.message}" has plural or select arguments: use tr() with its values`);
  const parts = entry.translation.split(/\{\w+\}/).map(escapeRegExp);
  return new RegExp(`^\\s*${parts.join(".+?")}\\s*$`, "s");
}

/** A translation as an exact, whole-text regular expression (for toHaveText/toHaveURL with extra spaces or parts around it). */
export async function trExact(locale: string, english: string, values: Record<string, unknown> = {}): Promise<RegExp> {
  return new RegExp(`^\\s*${escapeRegExp(await tr(locale, english, values))}\\s*$`);
}
