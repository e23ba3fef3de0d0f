import type { Currency } from "~/db/listing-enums";
import { translatable } from "~/features/i18n/translatable";

/**
 * The display currency's texts (issue #31 point 4, ADR 0292), marked `translatable()`:
 * shown through `_(text)` (the toast with a value is written with `msg` in routes/currency.tsx).
 */
export const CURRENCY_TEXT = {
  menuLabel: translatable("Currency"),
  menuHint: translatable("Prices are charged in each listing's own currency; other currencies are shown as estimates."),
  listingsOwn: translatable("Each listing's own"),
  apply: translatable("Set currency"),
  applying: translatable("Setting…"),
  invalidChoice: translatable("Choose one of the listed currencies."),
  pageTitle: translatable("Currency"),
  pageIntro: translatable("Choose the currency you would like to see prices in. Rentwell shows an estimate beside each listing's own price; you always pay in the listing's currency."),
  savedOwn: translatable("Prices show in each listing's own currency."),
} as const;

export const CURRENCY_NAMES: Record<Currency, string> = {
  USD: translatable("US dollar"),
  EUR: translatable("Euro"),
  GBP: translatable("British pound"),
  JPY: translatable("Japanese yen"),
  AUD: translatable("Australian dollar"),
  CAD: translatable("Canadian dollar"),
  SGD: translatable("Singapore dollar"),
  KRW: translatable("South Korean won"),
  AED: translatable("UAE dirham"),
};

/** "JPY – Japanese yen"; `translate` (a component's `_`) gives the name in the page's language. */
export function currencyOptionLabel(currency: Currency, translate: (text: string) => string = (text) => text) {
  return `${currency} – ${translate(CURRENCY_NAMES[currency])}`;
}
