import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testEngine, type TestDatabase } from "#tests/setup/test-database";
import { runExclusive, scheduleJob } from "./jobs.server";

describe(`runExclusive on ${testEngine()}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.drop();
  });

  it("runs a job that queries the database and returns its result (the embedded database's one connection is never held against it)", async () => {
    const outcome = await runExclusive(database, "test-job", async () => {
      const result = await database.db.execute<{ answer: number }>(sql`select 42 as answer`);
      return Number(result.rows[0]!.answer);
    });
    expect(outcome).toEqual({ ran: true, result: 42 });
    // The database still answers afterwards (no transaction was left waiting on itself).
    const after = await database.db.execute<{ ok: number }>(sql`select 1 as ok`);
    expect(Number(after.rows[0]!.ok)).toBe(1);
  });

  // Only PostgreSQL is shared between processes; the embedded database has nobody to exclude.
  if (testEngine() === "postgres") {
    it("skips a job another process is running under the same name", async () => {
      let inner: Awaited<ReturnType<typeof runExclusive>> | undefined;
      const outer = await runExclusive(database, "busy-job", async () => {
        inner = await runExclusive(database, "busy-job", async () => "ran twice");
        return "ran once";
      });
      expect(outer).toEqual({ ran: true, result: "ran once" });
      expect(inner).toEqual({ ran: false });
    });

    it("jobs due together run one after another, so their connections never fill the pool waiting on each other", async () => {
      // Each run holds three of the pool's four connections at once: its lock, a
      // transaction, and a query beside it. Run together, three such jobs held three
      // locks and waited for the fourth connection until the pool gave up (5 s).
      const finished: string[] = [];
      const names = ["job-a", "job-b", "job-c"];
      const stops = names.map((name) =>
        scheduleJob({
          name,
          intervalMs: 60_000,
          firstDelayMs: 0,
          getDatabase: async () => database,
          run: async (db) => {
            await db.transaction(async (tx) => {
              await tx.execute(sql`select 1`);
              await db.execute(sql`select 2`);
            });
            finished.push(name);
          },
        }),
      );
      try {
        await expect.poll(() => [...finished].sort(), { timeout: 4_000 }).toEqual(names);
      } finally {
        for (const stop of stops) stop();
      }
    });
  }
});
