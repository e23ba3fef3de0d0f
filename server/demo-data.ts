import type { Database } from "~/lib/db.server";
import type { Env } from "~/lib/env.server";

/**
 * Whether a start loads the demo data (docs/decisions/0004-demo-data.md): SEED_DEMO_DATA
 * when set, else only an embedded database outside production. Decided here, by the
 * server entry and the scripts — `app/` never imports `seed/` (docs/decisions/0072).
 */
export function wantsDemoData(settings: Pick<Env, "SEED_DEMO_DATA" | "isProduction">, engine: Database["engine"]): boolean {
  return settings.SEED_DEMO_DATA ?? (!settings.isProduction && engine === "pglite");
}

/** Loads the demo data into an empty database when wanted; returns whether it did. */
export async function seedDemoDataIfWanted(database: Database, settings: Pick<Env, "SEED_DEMO_DATA" | "isProduction">): Promise<boolean> {
  if (!wantsDemoData(settings, database.engine)) return false;
  // Loaded only here, at start-up: the seed's chunk is never on a request's path.
  const { seedIfEmpty } = await import("../seed/seed.server");
  return seedIfEmpty(database.db);
}
