import { setupI18n, type I18n, type MessageDescriptor, type Messages } from "@lingui/core";
import { AREAS, CLIENT_AREAS, type Area } from "~/features/i18n/areas";
export { areasBeforeHydration } from "~/features/i18n/areas";
import { DEFAULT_LOCALE, intlLocale, isLocale, type Locale } from "~/lib/locales";
import type * as PoReader from "./po-reader";

/**
 * The compiled catalogs (ADRs 0293, 0294): one chunk per language and area, imported only
 * for that language. The server loads every area of the request's language (and English's,
 * the fallback) before rendering; the browser loads the areas the page names in
 * `<html data-catalogs>` before hydrating (entry.client.tsx), and the rest before its first
 * client navigation or lazy component (root.tsx's clientMiddleware, `lazyWithTexts`).
 * The `server` area (e-mails, receipts, calendar files) is never part of the browser's build.
 */
type CatalogModule = { messages: Messages };
const files: Record<string, () => Promise<CatalogModule>> = (import.meta as { env?: unknown }).env
  ? import.meta.env.SSR
    ? import.meta.glob<CatalogModule>("../../locales/*/*.po")
    : import.meta.glob<CatalogModule>(["../../locales/*/*.po", "!../../locales/*/server.po"])
  : catalogsOutsideVite();

/**
 * Outside Vite (a script or a test's child process under tsx, with the macros compiled by
 * scripts/lingui-register.mjs) the catalogs are read and compiled from the .po files.
 */
function catalogsOutsideVite(): Record<string, () => Promise<CatalogModule>> {
  const reader = "./po-reader.ts"; // a variable: never part of a Vite build
  return new Proxy(
    {},
    {
      get: (_, key) =>
        typeof key === "string"
          ? () => import(/* @vite-ignore */ reader).then((module: typeof PoReader) => module.readCatalogFile(new URL(key, import.meta.url)))
          : undefined,
    },
  );
}

/** One i18n instance per language, fixed to it: requests in different languages never share one. */
const instances = new Map<Locale, I18n>();
const loading = new Map<string, Promise<void>>();

function instanceFor(locale: Locale): I18n {
  let i18n = instances.get(locale);
  if (!i18n) {
    // `locales` formats a plural's `#` as the rest of the page formats numbers (Western digits in Arabic).
    i18n = setupI18n({ locale, locales: [intlLocale(locale)], messages: { [locale]: {} } });
    if (typeof window !== "undefined") reportMissing(i18n);
    instances.set(locale, i18n);
  }
  return i18n;
}

/** Loads a language's catalogs for these areas (each once; a failed load is tried again next time). */
export async function loadCatalogs(locale: Locale, areas: readonly Area[]): Promise<I18n> {
  const i18n = instanceFor(locale);
  await Promise.all(
    areas.map((area) => {
      const key = `${locale}/${area}`;
      let pending = loading.get(key);
      if (!pending) {
        const file = files[`../../locales/${key}.po`];
        if (!file) throw new Error(`No catalog ${key}.po`);
        pending = file().then(({ messages }) => i18n.load(locale, messages));
        pending.catch(() => loading.delete(key));
        loading.set(key, pending);
      }
      return pending;
    }),
  );
  return i18n;
}

/** Every area of a language and of English (the server, before rendering a request). */
export function loadAllCatalogs(locale: Locale): Promise<unknown> {
  return Promise.all([loadCatalogs(locale, AREAS), loadCatalogs(DEFAULT_LOCALE, AREAS)]);
}

/**
 * The loaded instance for a language, for rendering. Falls back to English (which the
 * server always loads) when that language's catalog is not loaded, e.g. an error page
 * rendered before the root loader ran.
 */
export function i18nFor(locale: Locale): I18n {
  return instances.get(locale) ?? instances.get(DEFAULT_LOCALE) ?? instanceFor(DEFAULT_LOCALE);
}

/**
 * A text in `i18n`'s language: a message written with the `msg` macro, or a string marked
 * with `translatable()` (its own id). A string no catalog has (a listing's title, a text
 * not marked) is shown as it is.
 */
export function translate(i18n: I18n, text: MessageDescriptor | string): string {
  if (typeof text !== "string") return i18n._(text);
  return i18n.messages[text] === undefined ? text : i18n._(text);
}

/** The page's language in the browser (`<html lang>`). */
export function pageLocale(): Locale {
  const lang = typeof document === "undefined" ? DEFAULT_LOCALE : document.documentElement.lang;
  return isLocale(lang) ? lang : DEFAULT_LOCALE;
}

/** Every client area of the page's language, for what the first load did not bring (a client navigation, a lazy dialog). */
export function loadPageCatalogs(): Promise<I18n> {
  return loadCatalogs(pageLocale(), CLIENT_AREAS);
}

/**
 * A message the browser has no translation for is a defect (a file's area loaded too late,
 * or a catalog not extracted): it is kept in `window.__missingMessages`, which the
 * end-to-end tests read (the pino logger is the server's; the browser has none).
 */
function reportMissing(i18n: I18n) {
  i18n.on("missing", ({ id, locale }) => {
    const list = ((window as { __missingMessages?: string[] }).__missingMessages ??= []);
    list.push(`${locale}:${id}`);
  });
}
