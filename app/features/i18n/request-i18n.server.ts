import type { I18n } from "@lingui/core";
import { i18nFor, loadAllCatalogs, translate } from "~/features/i18n/i18n";
import { localeOfRequest, refererLocale } from "~/features/i18n/negotiate";
import { localeOfPath, type Locale } from "~/lib/locales";
import type { Translate } from "~/features/i18n/translate";
import { getUser } from "~/features/auth/session.server";

/** A page's language as the root loader decides it (ADRs 0293, 0296): prefix, the member's saved language, cookie, Accept-Language. */
export async function pageLocale(request: Request): Promise<Locale> {
  return localeOfRequest(request, (await getUser(request))?.preferredLanguage);
}

/**
 * The request's language, loaded (ADR 0294), for a text the server composes before it
 * reaches the page: an action's error with values, a redirect's toast.
 *
 *   const i18n = await requestI18n(request);
 *   return { error: translate(i18n, msg`Only ${left} left`) };
 */
export async function requestI18n(request: Request): Promise<I18n> {
  // A call to an unprefixed endpoint (fetch("/auth/sign-in")) answers in the language of the
  // page it came from; otherwise the member's saved language counts after the prefix (ADR 0296).
  const fromPage = localeOfPath(new URL(request.url).pathname) ?? refererLocale(request);
  const locale = fromPage ?? (await pageLocale(request));
  await loadAllCatalogs(locale);
  return i18nFor(locale);
}

/** The request's language as a `Translate`, for the server's messages with values (ADR 0294). */
export async function requestTranslate(request: Request): Promise<Translate> {
  const i18n = await requestI18n(request);
  return (text) => translate(i18n, text);
}
