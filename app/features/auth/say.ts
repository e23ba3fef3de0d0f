import type { MessageDescriptor } from "@lingui/core";
import { i18nFor, translate } from "~/features/i18n/i18n";
import { localeFrom } from "~/lib/seo";

/**
 * A language's `_` (ADR 0294), for a text with values built outside a component: a
 * component passes useTranslate's `_`, the server `(text) => translate(i18n, text)` with
 * `requestI18n(request)`.
 */
export type Say = (text: MessageDescriptor | string) => string;

/**
 * English, for a server caller without a request language (tests, operator scripts); the
 * server always has English loaded. A component always passes its own `_`: the browser
 * may not have English.
 */
export const english: Say = (text) => translate(i18nFor("en"), text);

/** The page's language in a route's `meta` (no hooks there): the root loader's locale, loaded on the server and in the browser. */
export function metaSay(matches: Parameters<typeof localeFrom>[0]): Say {
  const i18n = i18nFor(localeFrom(matches));
  return (text) => translate(i18n, text);
}
