import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { rateLimitEvents } from "~/db/schema/index";
import { openDatabase, type Db } from "~/lib/db.server";
import { createTestDatabase, testEngine, type TestDatabase } from "../../../tests/setup/test-database";
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

  it("is shared through the database: a second server process sees the first one's failed sign-ins", async () => {
    // A second process has its own copy of every module and, on PostgreSQL, its own
    // connection pool; only the database is shared. (The embedded PGlite database is
    // opened by one process only, so there the second "process" shares the handle.)
    const second: { db: Db; close(): Promise<void> } =
      testEngine() === "postgres"
        ? await (async () => {
            const url = new URL(process.env.TEST_DATABASE_URL!);
            url.pathname = `/${database.name}`;
            const opened = await openDatabase({ engine: "postgres", url: url.toString(), max: 2 });
            return { db: opened.db, close: () => opened.close() };
          })()
        : { db: database.db, close: async () => {} };
    try {
      vi.resetModules();
      const processA = await import("~/features/auth/accounts.server");
      vi.resetModules();
      const processB = await import("~/features/auth/accounts.server");
      expect(processB.signIn).not.toBe(processA.signIn);
      const email = "shared-limit@example.test";
      const meta = (n: number) => ({ ip: `203.0.113.${n}`, userAgent: "vitest" });
      for (let i = 0; i < 10; i++) {
        const failed = await processA.signIn(database.db, { email, password: `wrong-${i}` }, meta(i + 1));
        expect(failed).toMatchObject({ ok: false, status: 401 });
      }
      const blocked = await processB.signIn(second.db, { email, password: "wrong-again" }, meta(100));
      expect(blocked).toMatchObject({ ok: false, status: 429 });
      if (!blocked.ok) expect(blocked.result.error).toMatch(/^Too many failed sign-in attempts\. Please try again in /);
    } finally {
      await second.close();
    }
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
