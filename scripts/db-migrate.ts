// `npm run db:migrate`: apply the committed migrations to the configured database.
import path from "node:path";
import { openDatabase, runMigrations } from "~/lib/db.server";
import { env } from "~/lib/env.server";

const settings = env();
const database = await openDatabase(
  settings.DATABASE_URL
    ? { engine: "postgres", url: settings.DATABASE_URL }
    : { engine: "pglite", dataDir: path.join(settings.dataDir, "db") },
);
try {
  await runMigrations(database);
  console.log(`Migrations applied (${database.engine}).`);
} finally {
  await database.close();
}
