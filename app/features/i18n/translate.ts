import type { MessageDescriptor } from "@lingui/core";
import { i18nFor, translate } from "~/features/i18n/i18n";
import { localeFrom } from "~/lib/seo";

/**
 * A language's `_` (ADR 0294): puts a message descriptor or a marked text (translatable())
 * in one language. A component passes useTranslate's `_`; a loader or action passes
 * `(text) => translate(await requestI18n(request), text)`; a helper that composes texts
 * takes one as its last argument, English by default.
 */
export type Translate = (text: MessageDescriptor | string) => string;

/**
 * English, for a server caller without a request language (tests, operator scripts); the
 * server always has English loaded. A component always passes its own `_`: the browser
 * may not have English.
 */
export const english: Translate = (text) => translate(i18nFor("en"), text);

/** The page's language in a route's `meta` (no hooks there): the root loader's locale, loaded on the server and in the browser. */
export function metaTranslate(matches: Parameters<typeof localeFrom>[0]): Translate {
  const i18n = i18nFor(localeFrom(matches));
  return (text) => translate(i18n, text);
}
