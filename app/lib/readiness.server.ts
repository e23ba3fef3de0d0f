import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { migrationsFolder, type Db } from "~/lib/db.server";

export type Readiness = { ok: true } | { ok: false; reason: "database unreachable" | "migrations pending" | "shutting down" };

let newestMigration: number | undefined;

/** The `when` of the newest committed migration (drizzle/meta/_journal.json), read once. */
function newestMigrationMillis(): number {
  if (newestMigration === undefined) {
    const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder(), "meta", "_journal.json"), "utf8")) as { entries: { when: number }[] };
    newestMigration = Math.max(0, ...journal.entries.map((entry) => entry.when));
  }
  return newestMigration;
}

/**
 * Ready for traffic: the database answers and has every committed migration
 * (drizzle records each applied migration's timestamp in drizzle.__drizzle_migrations).
 */
export async function checkReadiness(db: Db): Promise<Readiness> {
  let applied: number;
  try {
    const result = await db.execute<{ newest: string | number | null }>(sql`select max(created_at) as newest from drizzle.__drizzle_migrations`);
    applied = Number(result.rows[0]?.newest ?? 0);
  } catch (error) {
    // No migrations table yet means none applied; anything else is an unreachable database.
    if ((error as { code?: string }).code === "42P01") return { ok: false, reason: "migrations pending" };
    return { ok: false, reason: "database unreachable" };
  }
  return applied >= newestMigrationMillis() ? { ok: true } : { ok: false, reason: "migrations pending" };
}
