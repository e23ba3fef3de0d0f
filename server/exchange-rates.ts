import { importExchangeRatesXml } from "~/features/currency/exchange-rates.server";
import type { Database } from "~/lib/db.server";
// Bundled into the server build: the rates need no file next to it at run time.
import bundledRatesXml from "../seed/exchange-rates-2026-11-25.xml?raw";

export const BUNDLED_RATES_SOURCE = "seed/exchange-rates-2026-11-25.xml";

/**
 * The dated exchange rates shipped with the app (issue #31 point 4, ADR 0292), stored at
 * every start so estimates work offline; a currency already holding a later day's rate keeps it.
 */
export async function loadBundledExchangeRates(database: Database, xml: string = bundledRatesXml, now = new Date()) {
  return importExchangeRatesXml(database.db, xml, now, BUNDLED_RATES_SOURCE);
}
