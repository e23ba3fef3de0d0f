import { minorToDecimalText, minorUnitDigits } from "~/lib/money";
import { intlLocale as sharedIntlLocale } from "~/lib/locales";

/**
 * Money and numbers on the host's pages in the page's language (issue #31 point 3):
 * app/lib/money.ts's formats ("$120.50", "$121") with the locale's digits and separators.
 * English keeps en-US, as money.ts formats it.
 */
const formatters = new Map<string, Intl.NumberFormat>();

/** The tag handed to Intl (ADR 0298): en-US for English, Western digits for Arabic. */
export function intlLocale(locale: string): string {
  return sharedIntlLocale(locale);
}

function currencyFormat(locale: string, currency: string, digits: number, whole: boolean) {
  const key = `${locale}:${currency}:${digits}:${whole}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.NumberFormat(intlLocale(locale), {
      style: "currency",
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
      ...(whole ? { roundingMode: "halfExpand" as const } : {}),
    });
    formatters.set(key, format);
  }
  return format;
}

const decimal = (minor: number, currency: string) => minorToDecimalText(minor, currency) as Intl.StringNumericLiteral;

/** money.ts's `formatMinor` in `locale`. */
export function formatMinorIn(locale: string, minor: number, currency: string): string {
  return currencyFormat(locale, currency, minorUnitDigits(currency), false).format(decimal(minor, currency));
}

/** money.ts's `formatMinorWhole` in `locale`. */
export function formatMinorWholeIn(locale: string, minor: number, currency: string): string {
  return currencyFormat(locale, currency, 0, true).format(decimal(minor, currency));
}
