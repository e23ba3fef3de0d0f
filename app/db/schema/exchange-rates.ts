import { sql } from "drizzle-orm";
import { check, date, numeric, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Exchange rates for the guest's display currency (issue #31 point 4, ADR 0292): units of
 * each currency per 1 euro, as the ECB publishes them, one row per currency (the latest
 * published). `rate` is exact decimal text (numeric), never a float; `rate_date` is the day
 * the source published it for, `fetched_at` when it was stored. The euro itself is the
 * base (1) and has no row.
 */
export const exchangeRates = pgTable(
  "exchange_rates",
  {
    currency: text("currency").primaryKey(),
    rate: numeric("rate", { precision: 24, scale: 12 }).notNull(),
    rateDate: date("rate_date", { mode: "string" }).notNull(),
    fetchedAt: timestamp("fetched_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("exchange_rates_currency_check", sql`${t.currency} ~ '^[A-Z]{3}$' and ${t.currency} <> 'EUR'`),
    check("exchange_rates_rate_check", sql`${t.rate} > 0`),
  ],
);
