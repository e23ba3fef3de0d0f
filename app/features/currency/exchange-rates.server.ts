import { sql } from "drizzle-orm";
import { exchangeRates } from "~/db/schema/exchange-rates";
import type { Db } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { DEFAULT_MAX_RATE_AGE_DAYS, usableRates, type RateTable } from "~/lib/exchange";
import { logger } from "~/lib/logger.server";
import { safeFetch, type SafeFetchOptions } from "~/lib/safe-fetch.server";
import { EcbFormatError, parseEcbXml, type EcbRates } from "./ecb-xml.server";

/**
 * Exchange rates kept in the database (issue #31 point 4, ADR 0292): stored from an
 * ECB-format file — the dated file bundled with the app at start, and EXCHANGE_RATES_URL
 * by the `exchange-rates` job — and read for the display currency's estimates.
 */

/** How long one fetch of the rates may take, and how much it may answer (the ECB's daily file is about 2 KB, its 90-day file 80 KB). */
export const EXCHANGE_RATES_FETCH_LIMITS = { timeoutMs: 10_000, maxBytes: 512 * 1024 } as const;

/**
 * Stores a parsed file in one statement: a currency's row is replaced only by a rate of the
 * same or a later day, so an older file (the bundled one at a restart) never overwrites a
 * newer fetch. Returns how many rows were written.
 */
export async function storeExchangeRates(db: Db, parsed: EcbRates, now: Date): Promise<number> {
  const rows = Object.entries(parsed.rates).map(([currency, rate]) => ({ currency, rate, rateDate: parsed.date, fetchedAt: now }));
  if (rows.length === 0) return 0;
  const written = await db
    .insert(exchangeRates)
    .values(rows)
    .onConflictDoUpdate({
      target: exchangeRates.currency,
      set: { rate: sql`excluded.rate`, rateDate: sql`excluded.rate_date`, fetchedAt: sql`excluded.fetched_at` },
      setWhere: sql`${exchangeRates.rateDate} <= excluded.rate_date`,
    })
    .returning({ currency: exchangeRates.currency });
  return written.length;
}

export type RatesImportResult = { stored: number; date: string } | { stored: 0; error: string };

/** Parses an ECB-format file and stores it; a file that does not parse stores nothing and is logged. */
export async function importExchangeRatesXml(db: Db, xml: string, now: Date, source: string): Promise<RatesImportResult> {
  let parsed: EcbRates;
  try {
    parsed = parseEcbXml(xml);
  } catch (error) {
    const message = error instanceof EcbFormatError ? error.message : String(error);
    logger.warn({ source, err: message }, "exchange rates file refused; nothing stored");
    return { stored: 0, error: message };
  }
  const stored = await storeExchangeRates(db, parsed, now);
  logger.info({ source, date: parsed.date, currencies: Object.keys(parsed.rates).length, stored }, "exchange rates stored");
  return { stored, date: parsed.date };
}

/**
 * The `exchange-rates` job: fetches EXCHANGE_RATES_URL (outside any transaction, with a
 * deadline and a body cap) and stores it. Nothing to do without a URL: the bundled file was
 * loaded at start. A failed fetch or a bad file keeps the rates already stored.
 */
export async function refreshExchangeRates(
  db: Db,
  now: Date,
  options: { url?: string; fetch?: Pick<SafeFetchOptions, "allowLoopback" | "resolve"> } = {},
): Promise<RatesImportResult | { skipped: "no_source" }> {
  const url = options.url ?? env().EXCHANGE_RATES_URL;
  if (!url) return { skipped: "no_source" };
  let xml: string;
  try {
    const response = await safeFetch(url, {
      ...options.fetch,
      timeoutMs: EXCHANGE_RATES_FETCH_LIMITS.timeoutMs,
      maxBytes: EXCHANGE_RATES_FETCH_LIMITS.maxBytes,
      headers: { accept: "application/xml, text/xml", "user-agent": "Rentwell-Exchange-Rates/1.0" },
    });
    if (response.status !== 200) throw new Error(`HTTP ${response.status}`);
    xml = response.body.toString("utf8");
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    logger.warn({ source: url, err: message }, "exchange rates fetch failed; the stored rates stay");
    return { stored: 0, error: message };
  }
  return importExchangeRatesXml(db, xml, now, url);
}

/** How old a rate may be before it is not shown: the setting, else 10 days with a URL and no limit without one. */
export function maxRateAgeDays(settings: { EXCHANGE_RATES_URL?: string; EXCHANGE_RATES_MAX_AGE_DAYS?: number } = env()): number | null {
  return settings.EXCHANGE_RATES_MAX_AGE_DAYS ?? (settings.EXCHANGE_RATES_URL ? DEFAULT_MAX_RATE_AGE_DAYS : null);
}

/** The rates a page may use now (stale ones left out), or null when none. */
export async function readDisplayRates(db: Db, now: Date, maxAgeDays: number | null = maxRateAgeDays()): Promise<RateTable | null> {
  const rows = await db
    .select({ currency: exchangeRates.currency, rate: exchangeRates.rate, rateDate: exchangeRates.rateDate })
    .from(exchangeRates);
  return usableRates(rows, now, maxAgeDays);
}
