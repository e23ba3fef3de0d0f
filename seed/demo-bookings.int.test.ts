import { count, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookings, payouts } from "~/db/schema/bookings";
import { ledgerEntries } from "~/db/schema/payouts";
import { runPayouts } from "~/features/payouts/payouts.server";
import { reconcile } from "~/features/payouts/reconcile.server";
import { createTestDatabase, type TestDatabase } from "../tests/setup/test-database";
import { seed, SEED_NOW } from "./seed.server";

/** The demo data's money: a year of bookings in several currencies that reconciles (issue #14). */
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  await seed(database.db);
});
afterAll(() => database.drop());

describe("demo bookings", () => {
  it("spread over the last 12 months, in several currencies, with refunds and paid payouts, and reconcile to the minor unit", async () => {
    const db = database.db;
    const [{ n }] = (await db.select({ n: count() }).from(bookings)) as [{ n: number }];
    expect(n).toBeGreaterThan(100);
    const months = await db.execute<{ months: number; currencies: number; first: string }>(
      sql`select count(distinct date_trunc('month', start_time)) as months, count(distinct currency) as currencies, min(start_time) as first from bookings`,
    );
    expect(Number(months.rows[0]!.months)).toBeGreaterThanOrEqual(12);
    expect(Number(months.rows[0]!.currencies)).toBeGreaterThanOrEqual(3);
    expect(new Date(months.rows[0]!.first).getTime()).toBeGreaterThanOrEqual(SEED_NOW.getTime() - 366 * 24 * 3_600_000);
    const statuses = await db.execute<{ status: string; n: number }>(sql`select status, count(*) as n from payouts group by status`);
    const byStatus = Object.fromEntries(statuses.rows.map((row) => [row.status, Number(row.n)]));
    expect(byStatus.paid).toBeGreaterThan(50);
    expect(byStatus.scheduled).toBeGreaterThan(0);
    const refunds = await db.execute<{ n: number }>(sql`select count(*) as n from ledger_entries where kind = 'refund'`);
    expect(Number(refunds.rows[0]!.n)).toBeGreaterThan(0);
    expect((await reconcile(db)).differences).toEqual([]);
  });

  it("is idempotent, and the payout job on top of it keeps it reconciled", async () => {
    const db = database.db;
    const before = await db.select({ n: count() }).from(ledgerEntries);
    await seed(db);
    expect(await db.select({ n: count() }).from(ledgerEntries)).toEqual(before);
    await runPayouts(db, new Date(SEED_NOW.getTime() + 2 * 24 * 3_600_000));
    expect((await reconcile(db)).differences).toEqual([]);
    const [{ n }] = (await db.select({ n: count() }).from(payouts).where(sql`status = 'processing'`)) as [{ n: number }];
    expect(n).toBe(0);
  });
});
