import { setupI18n, type MessageDescriptor } from "@lingui/core";
import { LinguiContext } from "@lingui/react";
import { useContext } from "react";

/** Outside the app's I18nProvider (a component test): the English source texts the macros carry outside production. */
const source = setupI18n({ locale: "en", messages: { en: {} } });

/**
 * The current language's `_`: translates a message written with Lingui's `msg` macro,
 * which checks its placeholders against the variables in scope (ADR 0293):
 *
 *   const _ = useTranslate();
 *   _(msg`Account menu for ${name}`)
 */
export function useTranslate(): (descriptor: MessageDescriptor) => string {
  const i18n = useContext(LinguiContext)?.i18n ?? source;
  return (descriptor) => i18n._(descriptor);
}

/** The current language (English outside the app's provider). */
export function useLocale(): string {
  return useContext(LinguiContext)?.i18n.locale ?? "en";
}
