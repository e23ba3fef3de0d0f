import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { inject } from "vitest";
import { migrationsFolder, openDatabase, runMigrations, type Database } from "~/lib/db.server";

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
    const database = await openDatabase({ engine: "pglite", loadDataDir: await migratedPgliteSnapshot() });
    await runMigrations(database); // nothing left to apply: the snapshot is at the newest migration
    return { ...database, name: "pglite:memory", drop: () => database.close() };
  }
  // A copy of the run's migrated template (postgres-template.ts): nothing left to apply.
  const scratch = await createScratchPostgres("rentwell_test", process.env.TEST_DATABASE_URL, { template: inject("postgresTemplate") || undefined, fastCommits: true });
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

/**
 * A new PostgreSQL database next to `adminUrl` (TEST_DATABASE_URL), uniquely named, empty or
 * a copy of `template`; `drop()` removes it. With `fastCommits`, its commits do not wait for
 * the disk (synchronous_commit off): a test file's database need not survive a crash.
 */
export async function createScratchPostgres(
  prefix: string,
  adminUrl = process.env.TEST_DATABASE_URL,
  { template, fastCommits = false }: { template?: string; fastCommits?: boolean } = {},
): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  if (!adminUrl) throw new Error("TEST_DB_ENGINE=postgres needs TEST_DATABASE_URL");
  const name = `${prefix}_${Date.now()}_${crypto.randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(template ? `CREATE DATABASE "${name}" TEMPLATE "${template}"` : `CREATE DATABASE "${name}"`);
    if (fastCommits) await admin.query(`ALTER DATABASE "${name}" SET synchronous_commit = off`);
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

/**
 * A migrated, empty PGlite data directory, made once per set of migrations and PGlite
 * version and kept as a file that every test file (each in its own module context) and
 * every worker reads. Starting from it skips PGlite's initdb and the migrations: about
 * 1.2 s per test database instead of 4–6 s on this machine.
 */
export async function migratedPgliteSnapshot(): Promise<Blob> {
  const folder = migrationsFolder();
  const hash = crypto.createHash("sha256");
  hash.update(fs.readFileSync(path.resolve("node_modules/@electric-sql/pglite/package.json")));
  for (const file of fs.readdirSync(folder, { recursive: true }).map(String).sort()) {
    const full = path.join(folder, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  const file = path.join(os.tmpdir(), "rentwell-test-pglite", `${hash.digest("hex").slice(0, 16)}.tar`);
  if (fs.existsSync(file)) return new Blob([fs.readFileSync(file)]);
  const database = await openDatabase({ engine: "pglite" });
  try {
    await runMigrations(database);
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir("none");
    fs.mkdirSync(path.dirname(file), { recursive: true });
    // Written under another name and renamed: a worker reading it never sees half a file.
    const partial = `${file}.${process.pid}.${crypto.randomBytes(4).toString("hex")}`;
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(partial, file);
    return dump;
  } finally {
    await database.close();
  }
}
