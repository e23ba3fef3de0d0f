import { setupI18n, type Messages } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import type { ReactNode } from "react";
import { CLIENT_AREAS } from "~/features/i18n/areas";
import { intlLocale, type Locale } from "~/lib/locales";

const files = import.meta.glob<{ messages: Messages }>("../../locales/*/*.po");

/**
 * For component tests (ADR 0294): `ui` inside a provider holding a language's browser
 * catalogs, so a test can assert what a Spanish or Arabic visitor reads.
 *
 *   render(await inLocale("es", <BookingPanel … />));
 */
export async function inLocale(locale: Locale, ui: ReactNode): Promise<ReactNode> {
  const i18n = setupI18n({ locale, locales: [intlLocale(locale)], messages: { [locale]: {} } });
  for (const area of CLIENT_AREAS) i18n.load(locale, (await files[`../../locales/${locale}/${area}.po`]!()).messages);
  return <I18nProvider i18n={i18n}>{ui}</I18nProvider>;
}
