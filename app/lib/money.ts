/**
 * Money in integer minor units (cents; JPY and KRW have none), so arithmetic is
 * exact. Amounts are shown with Intl.NumberFormat.
 */
export const ZERO_DECIMAL_CURRENCIES = new Set(["JPY", "KRW"]);

export function minorUnitDigits(currency: string) {
  return ZERO_DECIMAL_CURRENCIES.has(currency) ? 0 : 2;
}

export function toMinor(amount: number, currency: string): number {
  const factor = 10 ** minorUnitDigits(currency);
  return Math.round(amount * factor);
}

export function fromMinor(minor: number, currency: string): number {
  return minor / 10 ** minorUnitDigits(currency);
}

/**
 * Building an Intl.NumberFormat is far slower than using one (a list page
 * formats dozens of prices per request), so each is built once per currency
 * and number of decimals.
 */
const formatters = new Map<string, Intl.NumberFormat>();

function currencyFormat(currency: string, digits: number) {
  const key = `${currency}:${digits}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.NumberFormat("en-US", { style: "currency", currency, minimumFractionDigits: digits, maximumFractionDigits: digits });
    // Only valid codes get here (an invalid one throws above), so the map stays small.
    formatters.set(key, format);
  }
  return format;
}

/** "$120", "¥8,000" — whole units, as price chips and cards show them. */
export function formatWhole(amount: number, currency: string) {
  return currencyFormat(currency, 0).format(amount);
}

/** "$120.50" — with the currency's minor units, as totals show them. */
export function formatMoney(amount: number, currency: string) {
  return currencyFormat(currency, minorUnitDigits(currency)).format(amount);
}
