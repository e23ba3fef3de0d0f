import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrationsFolder, openDatabase, type Database } from "~/lib/db.server";

/**
 * Migration 0005 converts stored prices and amounts to integer minor units per
 * currency (ADR 0102). Runs 0000-0004, stores decimal amounts, applies 0005, and
 * checks every converted figure and the recreated view.
 */
let database: Database;

async function apply(file: string) {
  const text = readFileSync(path.join(migrationsFolder(), file), "utf8");
  for (const statement of text.split("--> statement-breakpoint")) {
    if (statement.trim()) await database.db.execute(sql.raw(statement));
  }
}

beforeAll(async () => {
  database = await openDatabase({ engine: "pglite" });
  for (const file of ["0000_extensions.sql", "0001_schema.sql", "0002_calendar_search_fees.sql", "0003_search_order_indexes.sql", "0004_location_counts_and_city_key.sql"]) {
    await apply(file);
  }
});

afterAll(() => database.close());

describe("migration 0005 (money to minor units)", () => {
  it("multiplies by 100, or by 1 for yen and won, and keeps the fee view working", async () => {
    const run = (text: string) => database.db.execute(sql.raw(text));
    await run(`INSERT INTO users (id, email, password_hash) VALUES ('00000000-0000-4000-8000-000000000001', 'm@example.com', 'x')`);
    await run(`INSERT INTO spaces (id, user_id, title, description, type, location, country, currency, hourly_price, daily_price, deposit_amount, delivery_fee)
      VALUES ('00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-000000000001', 'USD', 'd', 'studio', 'Tampa', 'US', 'USD', 45.50, 0.29, 150, 12.05),
             ('00000000-0000-4000-8000-0000000000a2', '00000000-0000-4000-8000-000000000001', 'JPY', 'd', 'studio', 'Tokyo', 'JP', 'JPY', 8000, NULL, 0, 0)`);
    await run(`INSERT INTO bookings (user_id, space_id, start_time, end_time, rental_amount, total_price, platform_fee_percentage, platform_fee_amount, currency, status, payout_release_at)
      VALUES ('00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-0000000000a1', '2026-01-01T10:00Z', '2026-01-01T11:00Z', 45.50, 50.05, 10, 4.55, 'USD', 'confirmed', '2026-01-02T11:00Z'),
             ('00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-0000000000a2', '2026-01-01T10:00Z', '2026-01-01T11:00Z', 8000, 8800, 10, 800, 'JPY', 'confirmed', '2026-01-02T11:00Z')`);
    await apply("0005_money_minor_units.sql");

    const spaces = await run(`SELECT currency, hourly_price, daily_price, deposit_amount, delivery_fee FROM spaces ORDER BY currency`);
    expect(spaces.rows.map((r) => ({ ...r, hourly_price: Number(r.hourly_price), deposit_amount: Number(r.deposit_amount), delivery_fee: Number(r.delivery_fee), daily_price: r.daily_price == null ? null : Number(r.daily_price) }))).toEqual([
      { currency: "JPY", hourly_price: 8000, daily_price: null, deposit_amount: 0, delivery_fee: 0 },
      { currency: "USD", hourly_price: 4550, daily_price: 29, deposit_amount: 15000, delivery_fee: 1205 },
    ]);
    const fees = await run(`SELECT currency, total_fees::text AS total_fees, total_bookings FROM total_platform_fees ORDER BY currency`);
    expect(fees.rows).toEqual([
      { currency: "JPY", total_fees: "800", total_bookings: 1 },
      { currency: "USD", total_fees: "455", total_bookings: 1 },
    ]);
    const types = await run(`SELECT data_type FROM information_schema.columns WHERE table_name = 'bookings' AND column_name = 'total_price'`);
    expect(types.rows[0]).toEqual({ data_type: "bigint" });
  });
});
