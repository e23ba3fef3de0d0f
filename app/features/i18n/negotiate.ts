import { match } from "@formatjs/intl-localematcher";
import { DEFAULT_LOCALE, isLocale, LANGUAGE_COOKIE, LOCALES, localeOfPath, type Locale } from "~/lib/locales";

/**
 * The languages an `Accept-Language` header asks for, best first: q-values respected,
 * q=0 and malformed tags dropped, ties kept in the header's order.
 */
export function requestedLanguages(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((param) => /^\s*q=([0-9.]+)\s*$/.exec(param)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter(({ tag, q }) => tag !== "*" && /^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/.test(tag) && Number.isFinite(q) && q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map(({ tag }) => tag);
}

/**
 * The UI language closest to what the header asks for, by ECMA-402's LocaleMatcher
 * "best fit" (@formatjs/intl-localematcher): es-MX → es, fr-CA → fr, ar-EG → ar;
 * English when nothing matches.
 */
export function negotiateLocale(acceptLanguage: string | null | undefined): Locale {
  const requested = requestedLanguages(acceptLanguage);
  if (requested.length === 0) return DEFAULT_LOCALE;
  try {
    const matched = match(requested, LOCALES, DEFAULT_LOCALE, { algorithm: "best fit" });
    return isLocale(matched) ? matched : DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}

/** The language saved in the `lang` cookie, if it names one. */
export function savedLocale(cookieHeader: string | null | undefined): Locale | null {
  if (!cookieHeader) return null;
  for (const pair of cookieHeader.split(";")) {
    const [name, value] = pair.trim().split("=");
    if (name === LANGUAGE_COOKIE && isLocale(value)) return value;
  }
  return null;
}

/**
 * A request's language (ADRs 0293, 0296): the URL prefix (/es/…), else the signed-in
 * member's saved language (`users.preferred_language`), else the visitor's saved choice
 * (the cookie the language menu sets), else `Accept-Language`, else English.
 */
export function localeOfRequest(request: Request, memberLanguage?: string | null): Locale {
  return localeOfClues({ page: localeOfPath(new URL(request.url).pathname), memberLanguage, cookie: request.headers.get("Cookie"), acceptLanguage: request.headers.get("Accept-Language") });
}

/** The order every request's language is decided in (ADR 0293, 0296): the page's prefix, the member's saved language, the `lang` cookie, Accept-Language. */
export function localeOfClues(clues: { page: Locale | null; memberLanguage?: string | null; cookie: string | null; acceptLanguage: string | null }): Locale {
  return clues.page ?? (isLocale(clues.memberLanguage) ? clues.memberLanguage : null) ?? savedLocale(clues.cookie) ?? negotiateLocale(clues.acceptLanguage);
}

/**
 * The language of the page a request was sent from (a form or `fetch` to an unprefixed
 * endpoint such as /auth/sign-up): the prefix of its same-origin `Referer`, else the
 * request's own language without a member's (cookie, Accept-Language). `chosen` says
 * whether the visitor picked it (a prefix or the cookie) rather than their browser.
 */
export function pageLocaleOfRequest(request: Request): { locale: Locale; chosen: boolean } {
  const prefixed = localeOfPath(new URL(request.url).pathname) ?? refererLocale(request);
  if (prefixed) return { locale: prefixed, chosen: true };
  const saved = savedLocale(request.headers.get("Cookie"));
  if (saved) return { locale: saved, chosen: true };
  return { locale: negotiateLocale(request.headers.get("Accept-Language")), chosen: false };
}

/** The language prefix of the same-origin page a request was sent from (its `Referer`), if any. */
export function refererLocale(request: Request): Locale | null {
  return localeOfReferer(request.headers.get("Referer"), new URL(request.url).origin);
}

/** The language prefix of a `Referer` (of the same origin, when one is given), if any. */
export function localeOfReferer(referer: string | null, origin?: string): Locale | null {
  if (!referer) return null;
  try {
    const from = new URL(referer);
    return origin === undefined || from.origin === origin ? localeOfPath(from.pathname) : null;
  } catch {
    return null;
  }
}
