import { intlLocale, isLocale, textDirection } from "./locales";

/**
 * Money in integer minor units (cents; JPY and KRW have none), so arithmetic is
 * exact and no float ever holds an amount (ADR 0102). Decimal text from a form
 * becomes minor units in one place, `parseMinor`, by string arithmetic; amounts
 * are shown with Intl.NumberFormat from minor units, in the page's language when given
 * one (`useLocale()`; English, "en-US", when left out: ADR 0298).
 */
export const ZERO_DECIMAL_CURRENCIES = new Set(["JPY", "KRW"]);

export function minorUnitDigits(currency: string) {
  return ZERO_DECIMAL_CURRENCIES.has(currency) ? 0 : 2;
}

const DECIMAL_RE = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d{1,3}))?$/i;

/**
 * Plain decimal text ("12.5", "+3", ".75", "1e3") split into sign, whole digits and
 * fraction digits, with any exponent applied by moving the point in the text. No
 * float is involved. Null for anything else (hex, grouping, "Infinity", "$5").
 */
export function decimalDigits(text: string): { negative: boolean; whole: string; fraction: string } | null {
  const match = DECIMAL_RE.exec(text.trim());
  if (!match) return null;
  const [, sign, wholeDigits = "", fractionDigits = "", exponentText] = match;
  if (wholeDigits === "" && fractionDigits === "") return null;
  let digits = wholeDigits + fractionDigits;
  let point = wholeDigits.length + Number(exponentText ?? 0);
  if (point < 0) {
    digits = "0".repeat(-point) + digits;
    point = 0;
  }
  if (point > digits.length) digits = digits.padEnd(point, "0");
  const whole = digits.slice(0, point).replace(/^0+/, "") || "0";
  const fraction = digits.slice(point).replace(/0+$/, "");
  return { negative: sign === "-" && (/[1-9]/.test(whole) || fraction !== ""), whole, fraction };
}

/**
 * Exact conversion of decimal text ("12.5", "1200", ".75", "1e3") to minor units of
 * `currency`, without floating point: the one place form text becomes an amount.
 * Null for negative amounts, more decimals than the currency has, unsafe sizes or
 * anything that is not plain decimal text.
 */
export function parseMinor(text: string, currency: string): number | null {
  const parts = decimalDigits(text);
  if (!parts || parts.negative) return null;
  const digits = minorUnitDigits(currency);
  if (parts.fraction.length > digits) return null;
  const minor = Number(parts.whole + parts.fraction.padEnd(digits, "0"));
  return Number.isSafeInteger(minor) ? minor : null;
}

/** Minor units as the decimal text a form field shows ("12.50", "8000"); exact, no float. */
export function minorToDecimalText(minor: number, currency: string): string {
  const digits = minorUnitDigits(currency);
  const negative = minor < 0;
  const text = String(Math.abs(Math.trunc(minor)));
  if (digits === 0) return (negative ? "-" : "") + text;
  const padded = text.padStart(digits + 1, "0");
  return `${negative ? "-" : ""}${padded.slice(0, -digits)}.${padded.slice(-digits)}`;
}

/**
 * Building an Intl.NumberFormat is far slower than using one (a list page
 * formats dozens of prices per request), so each is built once per currency
 * locale and number of decimals.
 */
const formatters = new Map<string, Intl.NumberFormat>();

function currencyFormat(currency: string, digits: number, rounding?: "halfExpand", locale?: string) {
  const tag = intlLocale(locale);
  const key = `${tag}:${currency}:${digits}:${rounding ?? ""}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.NumberFormat(tag, {
      style: "currency",
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
      ...(rounding ? { roundingMode: rounding } : {}),
    });
    // Only valid codes get here (an invalid one throws above), so the map stays small.
    formatters.set(key, format);
  }
  return format;
}

/**
 * Intl formats a decimal string exactly (no float in between), so minor units
 * are turned into decimal text and handed over as a string.
 */
function decimal(minor: number, currency: string): Intl.StringNumericLiteral {
  return minorToDecimalText(minor, currency) as Intl.StringNumericLiteral;
}

/** "$120.50", "¥8,000" — with the currency's minor units, as totals show them ("120,50 US$" with locale "es"). */
export function formatMinor(minor: number, currency: string, locale?: string) {
  return isolated(currencyFormat(currency, minorUnitDigits(currency), undefined, locale).format(decimal(minor, currency)), locale);
}

/** "$121", "¥8,000" — whole units rounded half-up, as price chips and cards show them ("121 US$" with locale "es"). */
export function formatMinorWhole(minor: number, currency: string, locale?: string) {
  return isolated(currencyFormat(currency, 0, "halfExpand", locale).format(decimal(minor, currency)), locale);
}

/**
 * In a right-to-left language an amount is one left-to-right island ("71.50 US$" inside
 * Arabic text): Unicode's left-to-right isolate around it, without Intl's leading
 * right-to-left mark. Without it the bidi algorithm moves the "$" of "US$" across the
 * letters, and a button read "$US 71.50".
 */
function isolated(amount: string, locale?: string): string {
  const language = locale?.split("-")[0];
  return isLocale(language) && textDirection(language) === "rtl" ? `\u2066${amount.replace(/[\u200e\u200f\u061c]/g, "")}\u2069` : amount;
}

