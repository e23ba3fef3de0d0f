import type { Currency } from "~/db/listing-enums";

/**
 * The display currency's texts (issue #31 point 4, ADR 0292), plain constants in one place
 * so they can be made translatable with the rest.
 */
export const CURRENCY_TEXT = {
  menuLabel: "Currency",
  menuHint: "Prices are charged in each listing's own currency; other currencies are shown as estimates.",
  listingsOwn: "Each listing's own",
  apply: "Set currency",
  applying: "Setting…",
  invalidChoice: "Choose one of the listed currencies.",
  pageTitle: "Currency",
  pageIntro: "Choose the currency you would like to see prices in. Rentwell shows an estimate beside each listing's own price; you always pay in the listing's currency.",
  saved: (label: string) => `Prices now show an estimate in ${label}.`,
  savedOwn: "Prices show in each listing's own currency.",
} as const;

export const CURRENCY_NAMES: Record<Currency, string> = {
  USD: "US dollar",
  EUR: "Euro",
  GBP: "British pound",
  JPY: "Japanese yen",
  AUD: "Australian dollar",
  CAD: "Canadian dollar",
  SGD: "Singapore dollar",
  KRW: "South Korean won",
  AED: "UAE dirham",
};

/** "JPY – Japanese yen". */
export function currencyOptionLabel(currency: Currency) {
  return `${currency} – ${CURRENCY_NAMES[currency]}`;
}
