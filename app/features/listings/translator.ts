import type { MessageDescriptor } from "@lingui/core";
import { i18nFor, translate } from "~/features/i18n/i18n";
import { DEFAULT_LOCALE } from "~/lib/locales";

/**
 * Puts a text in a page's language (ADR 0294), for helpers that compose texts on the
 * server: a loader or action passes the request's (`(text) => translate(await requestI18n(request), text)`),
 * and without one the text is English, as before.
 */
export type Translator = (text: MessageDescriptor | string) => string;

export const inEnglish: Translator = (text) =>
  translate(i18nFor(DEFAULT_LOCALE), text);
