/**
 * Loads the demo data into the database the app uses:
 *
 *   npx tsx seed/cli.ts
 *
 * PostgreSQL when DATABASE_URL is set, otherwise the embedded database under
 * DATA_DIR (default ./data/db). Applies pending migrations first. Safe to run
 * again: the seed is idempotent.
 *
 *   npx tsx seed/cli.ts --if-wanted
 *
 * does what a server start does (server/demo-data.ts): seeds only an empty database,
 * and only when SEED_DEMO_DATA or the embedded default asks for it. `npm run dev` runs
 * this before the Vite dev server, which never seeds by itself.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { importExchangeRatesXml } from "~/features/currency/exchange-rates.server";
import { openConfiguredDatabase } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { seedDemoDataIfWanted } from "../server/demo-data";
import { DEMO_PASSWORD, seed } from "./seed.server";

async function main() {
  const settings = env();
  const target = settings.DATABASE_URL ? "PostgreSQL (DATABASE_URL)" : `embedded database at ${path.join(settings.dataDir, "db")}`;
  const database = await openConfiguredDatabase();
  try {
    // The bundled dated exchange rates (ADR 0292): `npm start` stores them at start; `npm run dev` here.
    await importExchangeRatesXml(database.db, readFileSync(new URL("./exchange-rates-2026-11-25.xml", import.meta.url), "utf8"), new Date(), "seed/exchange-rates-2026-11-25.xml");
    if (process.argv.includes("--if-wanted")) {
      if (await seedDemoDataIfWanted(database, settings)) console.log(`Loaded the demo data into the ${target}.`);
      return;
    }
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
