/**
 * The UI languages (issue #31, ADR 0293). English is the source and the default; every
 * other language has a URL prefix (/es/explore). Shared by the server and the browser.
 */
export const LOCALES = ["en", "es", "fr", "ja", "ar"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";
/** The languages with a URL prefix: every one but English. */
export type PrefixedLocale = Exclude<Locale, "en">;
export const PREFIXED_LOCALES = LOCALES.filter((locale): locale is PrefixedLocale => locale !== DEFAULT_LOCALE);

/** Each language's name in itself, as the language menu shows it. */
export const LANGUAGE_NAMES: Record<Locale, string> = {
  en: "English",
  es: "Español",
  fr: "Français",
  ja: "日本語",
  ar: "العربية",
};

/** The cookie that keeps a visitor's chosen language (a year). */
export const LANGUAGE_COOKIE = "lang";

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/**
 * The tag to hand to Intl for a UI language (ADR 0298): English is "en-US" (the product's
 * formats before #31, byte for byte), Arabic is written with Western digits on purpose
 * ("ar-u-nu-latn": the server and every browser agree, and prices match the listing's
 * own figures). Any other tag (a caller's "en-US", "en-GB") is kept as it is.
 */
export function intlLocale(locale: string | null | undefined): string {
  if (!locale || locale === "en") return "en-US";
  if (locale === "ar") return "ar-u-nu-latn";
  return locale;
}

export function textDirection(locale: Locale): "rtl" | "ltr" {
  return locale === "ar" ? "rtl" : "ltr";
}

/** The language a path's first segment names (/es, /es/explore), or null for an unprefixed path. */
export function localeOfPath(pathname: string): PrefixedLocale | null {
  const first = /^\/([a-z]{2})(?:\/|$)/.exec(pathname)?.[1];
  return (PREFIXED_LOCALES as readonly string[]).includes(first ?? "") ? (first as PrefixedLocale) : null;
}

/** The path without its language prefix: /es/explore → /explore, /es → /. */
export function stripLocale(pathname: string): string {
  const locale = localeOfPath(pathname);
  if (!locale) return pathname;
  return pathname.slice(locale.length + 1) || "/";
}

/** A path of the English site in `locale`: /explore → /es/explore; English keeps it unprefixed. */
export function localizedPath(locale: Locale, path: string): string {
  const bare = stripLocale(path);
  if (locale === DEFAULT_LOCALE) return bare;
  return bare === "/" ? `/${locale}` : `/${locale}${bare}`;
}
