import { formatDate } from "./dates";
import { decimalDigits, formatMinorWhole, minorUnitDigits } from "./money";

/**
 * Estimates of a price in the guest's chosen currency (issue #31 point 4, ADR 0292).
 *
 * Rates are the ECB's: units of a currency per 1 euro, kept as the decimal text the
 * source published ("162.35"), never as a float. A conversion is exact integer
 * arithmetic on BigInt — amount × rate(to) / rate(from), with the powers of ten of the
 * two currencies' minor units and of the rates' decimals — rounded half-up once to the
 * target currency's minor unit. It is shown rounded to a whole unit ("about ¥8,400")
 * because it is an estimate; the charge is always in the listing's own currency.
 */

/** The euro is the base: its rate is 1 by definition, whatever a table holds. */
export const BASE_CURRENCY = "EUR";

/** A set of rates as the server hands them to a page: the decimal text per currency, and their date. */
export type RateTable = { date: string; rates: Record<string, string> };

/** A stored rate: its decimal text and the day (YYYY-MM-DD) the source published it for. */
export type StoredRate = { currency: string; rate: string; rateDate: string };

/** A positive decimal text as an integer and its number of decimals ("162.35" → 16235n, 2); null otherwise. */
export function scaledRate(text: string | undefined): { units: bigint; decimals: number } | null {
  if (text === undefined) return null;
  const parts = decimalDigits(text);
  if (!parts || parts.negative) return null;
  const units = BigInt(parts.whole + parts.fraction);
  return units > 0n ? { units, decimals: parts.fraction.length } : null;
}

function rateOf(currency: string, table: RateTable) {
  return currency === BASE_CURRENCY ? { units: 1n, decimals: 0 } : scaledRate(table.rates[currency]);
}

/** Integer division of non-negative numbers, rounded half-up. */
function divideHalfUp(numerator: bigint, denominator: bigint) {
  return (numerator * 2n + denominator) / (denominator * 2n);
}

/**
 * `minor` units of `from` in minor units of `to`, rounded half-up to `to`'s minor unit.
 * Null when either rate is missing or not a positive decimal, or the result is not a safe integer.
 */
export function convertMinor(minor: number, from: string, to: string, table: RateTable): number | null {
  if (!Number.isSafeInteger(minor)) return null;
  if (from === to) return minor;
  const rateFrom = rateOf(from, table);
  const rateTo = rateOf(to, table);
  if (!rateFrom || !rateTo) return null;
  const negative = minor < 0;
  const amount = BigInt(Math.abs(minor));
  // minor_to = minor_from × (rateTo / rateFrom) × 10^(digitsTo − digitsFrom), every power of ten kept integral.
  const numerator = amount * rateTo.units * 10n ** BigInt(rateFrom.decimals + minorUnitDigits(to));
  const denominator = rateFrom.units * 10n ** BigInt(rateTo.decimals + minorUnitDigits(from));
  const converted = divideHalfUp(numerator, denominator);
  if (converted > BigInt(Number.MAX_SAFE_INTEGER)) return null;
  const result = Number(converted);
  return negative ? -result : result;
}

/** Days a rate may be old before it is no longer shown (when the operator set no other limit). */
export const DEFAULT_MAX_RATE_AGE_DAYS = 10;

/** Whole days from the rate's date (midnight UTC) to `now`. */
export function rateAgeDays(rateDate: string, now: Date): number {
  const day = Date.parse(`${rateDate}T00:00:00Z`);
  if (Number.isNaN(day)) return Number.POSITIVE_INFINITY;
  return Math.floor((now.getTime() - day) / 86_400_000);
}

/**
 * The rates a page may use: those at most `maxAgeDays` old (null: any age). A stale or
 * unreadable rate is left out, so its currency shows no estimate rather than a wrong one.
 * Null when no rate is left; the table's date is the oldest rate kept.
 */
export function usableRates(stored: readonly StoredRate[], now: Date, maxAgeDays: number | null): RateTable | null {
  const rates: Record<string, string> = {};
  let oldest: string | null = null;
  for (const row of stored) {
    if (!scaledRate(row.rate)) continue;
    if (maxAgeDays !== null && rateAgeDays(row.rateDate, now) > maxAgeDays) continue;
    rates[row.currency] = row.rate;
    if (oldest === null || row.rateDate < oldest) oldest = row.rateDate;
  }
  return oldest === null ? null : { date: oldest, rates };
}

/** The words around an estimate, in English; components show them translated (display-currency.tsx). */
export const EXCHANGE_TEXT = {
  about: (amount: string) => `about ${amount}`,
  /** Checkout's plain statement of what is charged ("You will be charged $231.00 in USD, the listing's currency."). */
  chargedIn: (total: string, currency: string) => `You will be charged ${total} in ${currency}, the listing's currency.`,
  /** Beside an estimate at checkout: what it is. */
  estimateNote: (estimate: string, date: string) => `That is ${estimate} at the exchange rates of ${date}; your card issuer's rate may differ.`,
} as const;

/** "November 25, 2026" for a rate's day ("25 de noviembre de 2026" with locale "es"; English when left out). */
export function rateDateText(date: string, locale?: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(day.getTime()) ? date : formatDate(day, locale ?? "en-US", { dateStyle: "long", timeZone: "UTC" });
}

/**
 * "about ¥8,400": the estimate of `minor` `from` in `display`, or null (no choice, the same
 * currency, no usable rate). With a `locale` the amount is formatted in it, and `about`
 * gives the words around it (a component passes its translation).
 */
export function approxText(
  minor: number,
  from: string,
  display: string | null,
  table: RateTable | null,
  locale?: string,
  about: (amount: string) => string = EXCHANGE_TEXT.about,
): string | null {
  if (!display || display === from || !table) return null;
  const converted = convertMinor(minor, from, display, table);
  return converted === null ? null : about(formatMinorWhole(converted, display, locale));
}
