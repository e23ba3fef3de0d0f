import { setupI18n, type I18n, type Messages } from "@lingui/core";
import { DEFAULT_LOCALE, type Locale } from "~/lib/locales";

/**
 * The compiled catalogs (ADR 0293). Each language's catalog is its own chunk, imported
 * only for that language: the server loads one before rendering a request in it, the
 * browser the page's one before hydrating (entry.client.tsx). A language never changes
 * within a document: the language menu loads a new page.
 */
const loaders: Record<Locale, () => Promise<{ messages: Messages }>> = {
  en: () => import("../../locales/en/messages.po"),
  es: () => import("../../locales/es/messages.po"),
  fr: () => import("../../locales/fr/messages.po"),
  ja: () => import("../../locales/ja/messages.po"),
  ar: () => import("../../locales/ar/messages.po"),
};

/** One i18n instance per language, fixed to it: requests in different languages never share one. */
const instances = new Map<Locale, I18n>();

export async function loadCatalog(locale: Locale): Promise<I18n> {
  const existing = instances.get(locale);
  if (existing) return existing;
  const { messages } = await loaders[locale]();
  const i18n = setupI18n({ locale, messages: { [locale]: messages } });
  instances.set(locale, i18n);
  return i18n;
}

/**
 * The loaded instance for a language, for rendering. Falls back to English (which the
 * server always loads) when that language's catalog is not loaded, e.g. an error page
 * rendered before the root loader ran.
 */
export function i18nFor(locale: Locale): I18n {
  return instances.get(locale) ?? instances.get(DEFAULT_LOCALE) ?? setupI18n({ locale: DEFAULT_LOCALE, messages: { [DEFAULT_LOCALE]: {} } });
}
