import { setupI18n } from "@lingui/core";
import { LinguiContext } from "@lingui/react";
import { useContext, useMemo } from "react";
import { translate } from "~/features/i18n/i18n";
import type { Translate } from "~/features/i18n/translate";

/** Outside the app's I18nProvider (a component test): the English source texts the macros carry outside production. */
const source = setupI18n({ locale: "en", messages: { en: {} } });

/**
 * The current language's `_` (ADRs 0293, 0294): translates a message written with
 * Lingui's `msg` macro, which checks its placeholders against the variables in scope, or
 * a string marked with `translatable()` (an error the server sent, a zod message):
 *
 *   const _ = useTranslate();
 *   _(msg`Account menu for ${name}`)
 *   _(actionData.error)
 */
export function useTranslate(): Translate {
  const i18n = useContext(LinguiContext)?.i18n ?? source;
  // The same function while the language is the same, so an effect or memo can depend on it.
  return useMemo(() => (text) => translate(i18n, text), [i18n]);
}

/** The current language (English outside the app's provider). */
export function useLocale(): string {
  return useContext(LinguiContext)?.i18n.locale ?? "en";
}
