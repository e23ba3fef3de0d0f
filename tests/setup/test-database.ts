import crypto from "node:crypto";
import pg from "pg";
import { openDatabase, runMigrations, type Database } from "~/lib/db.server";

export type TestDatabase = Database & { name: string; drop(): Promise<void> };

/** Which engine this test run uses: PGlite unless TEST_DB_ENGINE=postgres. */
export function testEngine(): "pglite" | "postgres" {
  return process.env.TEST_DB_ENGINE === "postgres" ? "postgres" : "pglite";
}

/**
 * A fresh, migrated database for one test file: an in-memory PGlite, or a
 * uniquely named PostgreSQL database (created from TEST_DATABASE_URL and dropped
 * by `drop()`).
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (testEngine() === "pglite") {
    const database = await openDatabase({ engine: "pglite" });
    await runMigrations(database);
    return { ...database, name: "pglite:memory", drop: () => database.close() };
  }
  const scratch = await createScratchPostgres("rentwell_test");
  const database = await openDatabase({ engine: "postgres", url: scratch.url, max: 4 });
  await runMigrations(database);
  return {
    ...database,
    name: scratch.name,
    async drop() {
      await database.close();
      await scratch.drop();
    },
  };
}

/** A new, empty PostgreSQL database next to TEST_DATABASE_URL, uniquely named; `drop()` removes it. */
export async function createScratchPostgres(prefix: string): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DB_ENGINE=postgres needs TEST_DATABASE_URL");
  const name = `${prefix}_${Date.now()}_${crypto.randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      try {
        await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
  };
}
