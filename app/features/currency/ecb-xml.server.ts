import { XMLParser } from "fast-xml-parser";
import { BASE_CURRENCY, scaledRate } from "~/lib/exchange";

/**
 * The ECB's daily reference rates file (eurofxref-daily.xml; the 90-day and historical
 * files have the same shape with more days), read with fast-xml-parser (ADR 0292):
 *
 *   <gesmes:Envelope …><Cube><Cube time="2026-11-25">
 *     <Cube currency="USD" rate="1.0521"/> …
 *   </Cube></Cube></gesmes:Envelope>
 *
 * The latest day is taken. Rates stay decimal text; a file with no usable day, a bad date
 * or a bad rate is refused whole, so nothing of it is stored.
 */

export type EcbRates = { date: string; rates: Record<string, string> };

export class EcbFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "EcbFormatError";
  }
}

/**
 * The ECB does not publish the UAE dirham; it is pegged to the US dollar at 3.6725 AED per
 * USD (Central Bank of the UAE, since 1997), so its euro rate is derived from the dollar's
 * when a file has the dollar and not the dirham (ADR 0292).
 */
export const DERIVED_FROM_USD = { AED: "3.6725" } as const;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "",
  removeNSPrefix: true,
  // Rates and dates stay text: no number parsing, so no float ever holds a rate.
  parseAttributeValue: false,
  parseTagValue: false,
  processEntities: false,
  isArray: (name) => name === "Cube",
});

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const CURRENCY_RE = /^[A-Z]{3}$/;
/** numeric(24, 12): at most 12 whole and 12 decimal digits. */
const RATE_RE = /^\d{1,12}(\.\d{1,12})?$/;

type Cube = { time?: unknown; currency?: unknown; rate?: unknown; Cube?: Cube[] };

function isValidDate(text: string) {
  return DATE_RE.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text);
}

/** Exact product of two decimal texts ("1.0521" × "3.6725" = "3.86383725"). */
export function multiplyDecimal(a: string, b: string): string {
  const x = scaledRate(a);
  const y = scaledRate(b);
  if (!x || !y) throw new EcbFormatError("not a positive decimal");
  const decimals = x.decimals + y.decimals;
  const digits = (x.units * y.units).toString().padStart(decimals + 1, "0");
  if (decimals === 0) return digits;
  const fraction = digits.slice(-decimals).replace(/0+$/, "");
  return fraction ? `${digits.slice(0, -decimals)}.${fraction}` : digits.slice(0, -decimals);
}

/** A rate text within numeric(24, 12): longer fractions are cut to 12 digits (far below any display's rounding). */
function storable(rate: string) {
  const [whole = "", fraction = ""] = rate.split(".");
  const cut = fraction.slice(0, 12).replace(/0+$/, "");
  return cut ? `${whole}.${cut}` : whole;
}

export function parseEcbXml(xml: string): EcbRates {
  let document: unknown;
  try {
    document = parser.parse(xml, true);
  } catch (error) {
    throw new EcbFormatError(`not well-formed XML: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`);
  }
  const envelope = (document as { Envelope?: { Cube?: Cube[] } } | null)?.Envelope;
  const days = envelope?.Cube?.[0]?.Cube;
  if (!Array.isArray(days) || days.length === 0) throw new EcbFormatError("no <Cube time=…> day in the file");
  let latest: Cube | undefined;
  for (const day of days) {
    if (typeof day.time !== "string" || !isValidDate(day.time)) throw new EcbFormatError(`bad date ${JSON.stringify(day.time)}`);
    if (!latest || day.time > (latest.time as string)) latest = day;
  }
  const rates: Record<string, string> = {};
  for (const cube of latest!.Cube ?? []) {
    const { currency, rate } = cube;
    if (typeof currency !== "string" || !CURRENCY_RE.test(currency) || currency === BASE_CURRENCY) {
      throw new EcbFormatError(`bad currency ${JSON.stringify(currency)}`);
    }
    if (typeof rate !== "string" || !RATE_RE.test(rate.trim()) || !scaledRate(rate.trim())) {
      throw new EcbFormatError(`bad rate for ${currency}: ${JSON.stringify(rate)}`);
    }
    rates[currency] = rate.trim();
  }
  if (Object.keys(rates).length === 0) throw new EcbFormatError(`no rates for ${String(latest!.time)}`);
  for (const [currency, perDollar] of Object.entries(DERIVED_FROM_USD)) {
    if (!rates[currency] && rates.USD) rates[currency] = storable(multiplyDecimal(rates.USD, perDollar));
  }
  return { date: latest!.time as string, rates };
}
