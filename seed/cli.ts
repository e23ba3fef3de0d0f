/**
 * Loads the demo data into the database the app uses:
 *
 *   npx tsx seed/cli.ts
 *
 * PostgreSQL when DATABASE_URL is set, otherwise the embedded database under
 * DATA_DIR (default ./data/db). Applies pending migrations first. Safe to run
 * again: the seed is idempotent.
 */
import path from "node:path";
import { openConfiguredDatabase } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { DEMO_PASSWORD, seed } from "./seed.server";

async function main() {
  const settings = env();
  const target = settings.DATABASE_URL ? "PostgreSQL (DATABASE_URL)" : `embedded database at ${path.join(settings.dataDir, "db")}`;
  const database = await openConfiguredDatabase();
  try {
    const started = performance.now();
    const summary = await seed(database.db);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`Seeded ${target} in ${seconds} s:`);
    console.log(`  ${summary.users} users, ${summary.spaces} listings, ${summary.cities} cities, ${summary.reviews} reviews`);
    const admins = settings.isProduction
      ? "no demo admins in production: create admins with scripts/create-account.ts"
      : `admins: ${settings.ADMIN_EMAILS.join(", ") || "none"}`;
    console.log(`  Every demo account signs in with the password "${DEMO_PASSWORD}" (${admins}).`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error("Seeding failed:", error);
  process.exitCode = 1;
});
