import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rateLimitEvents } from "~/db/schema/index";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { checkRateLimit, formatRetryAfter, pruneRateLimitEvents, recordRateLimitEvent } from "./rate-limit.server";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

/** Moves every event of a key back in time, as if it had happened `ms` ago. */
async function age(key: string, ms: number) {
  await database.db.execute(
    sql`update ${rateLimitEvents} set created_at = created_at - make_interval(secs => ${ms / 1000}) where key = ${key}`,
  );
}

describe("rate limiter", () => {
  it("allows up to the limit, then says when the next attempt is allowed", async () => {
    const { db } = database;
    const key = "test-scope:a@example.test";
    const limits = [{ max: 3, windowMs: 60_000 }];
    for (let i = 0; i < 3; i++) {
      expect(await checkRateLimit(db, { key, limits })).toEqual({ ok: true });
      await recordRateLimitEvent(db, key);
    }
    const blocked = await checkRateLimit(db, { key, limits });
    expect(blocked.ok).toBe(false);
    if (!blocked.ok) {
      expect(blocked.retryAfterSeconds).toBeGreaterThan(55);
      expect(blocked.retryAfterSeconds).toBeLessThanOrEqual(60);
    }
    // Another key and another scope are counted apart.
    expect(await checkRateLimit(db, { key: "test-scope:b@example.test", limits })).toEqual({ ok: true });
    expect(await checkRateLimit(db, { key: "other:a@example.test", limits })).toEqual({ ok: true });
  });

  it("slides: events leave the window and the key is allowed again", async () => {
    const { db } = database;
    const key = "slide:user";
    const limits = [{ max: 2, windowMs: 60_000 }];
    await recordRateLimitEvent(db, key);
    await recordRateLimitEvent(db, key);
    expect((await checkRateLimit(db, { key, limits })).ok).toBe(false);
    await age(key, 61_000);
    expect(await checkRateLimit(db, { key, limits })).toEqual({ ok: true });
  });

  it("applies every limit: the hourly one blocks after the per-minute one has cleared", async () => {
    const { db } = database;
    const key = "hourly:user";
    const limits = [
      { max: 10, windowMs: 60_000 },
      { max: 15, windowMs: 60 * 60_000 },
    ];
    for (let i = 0; i < 15; i++) await recordRateLimitEvent(db, key);
    await age(key, 30 * 60_000); // half an hour ago: the minute window is clear
    const blocked = await checkRateLimit(db, { key, limits });
    expect(blocked.ok).toBe(false);
    if (!blocked.ok) {
      // About 30 minutes until the oldest of them is an hour old.
      expect(blocked.retryAfterSeconds).toBeGreaterThan(29 * 60);
      expect(blocked.retryAfterSeconds).toBeLessThanOrEqual(30 * 60);
    }
  });

  it("is shared through the database: two connections see one count", async () => {
    // Every check reads the table, so a second process sees the first one's events.
    const { db } = database;
    const key = "shared:ip";
    await recordRateLimitEvent(db, key);
    const rows = await db.execute(sql`select count(*)::int as n from rate_limit_events where key = ${key}`);
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
  });

  it("bounds over-long keys instead of failing", async () => {
    const { db } = database;
    const key = `long:${"x".repeat(10_000)}`;
    await recordRateLimitEvent(db, key);
    expect((await checkRateLimit(db, { key, limits: [{ max: 1, windowMs: 60_000 }] })).ok).toBe(false);
  });

  it("prunes events older than a day", async () => {
    const { db } = database;
    await recordRateLimitEvent(db, "old:event");
    await age("old:event", 25 * 60 * 60_000);
    expect(await pruneRateLimitEvents(db)).toBeGreaterThanOrEqual(1);
    expect(await checkRateLimit(db, { key: "old:event", limits: [{ max: 1, windowMs: 48 * 60 * 60_000 }] })).toEqual({ ok: true });
  });

  it("formats waits for people", () => {
    expect(formatRetryAfter(1)).toBe("1 second");
    expect(formatRetryAfter(42)).toBe("42 seconds");
    expect(formatRetryAfter(60)).toBe("1 minute");
    expect(formatRetryAfter(61)).toBe("2 minutes");
    expect(formatRetryAfter(3600)).toBe("1 hour");
    expect(formatRetryAfter(5400)).toBe("2 hours");
  });
});
