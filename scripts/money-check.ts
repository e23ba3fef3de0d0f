// `npm run money:check`: reconciles every booking's money and the totals per currency
// on the configured database (DATABASE_URL, or the embedded one under DATA_DIR).
// Prints each difference with its booking id and exits 1 on any (ADR 0122).
import { reconcile } from "~/features/payouts/reconcile.server";
import { formatMinor } from "~/lib/money";
import { openConfiguredDatabase } from "~/lib/db.server";

const database = await openConfiguredDatabase();
let exitCode = 0;
try {
  const result = await reconcile(database.db);
  console.log(`Checked ${result.bookings} bookings (${database.engine}).`);
  for (const t of result.totals) {
    const f = (minor: number) => formatMinor(minor, t.currency);
    console.log(
      `${t.currency}: captured ${f(t.captured)} = host payouts ${f(t.hostPayouts)} + platform fees and protection ${f(t.fees)} + refunds ${f(t.refunds)} + deducted from payouts ${f(t.deducted)} + dispute losses ${f(t.disputeLosses)} + held ${f(t.held)} (${t.bookings} bookings)`,
    );
  }
  for (const b of result.hostBalances) {
    const f = (minor: number) => formatMinor(minor, b.currency);
    console.log(`host ${b.hostId} ${b.currency}: owed ${f(b.owed)} after refunds or disputes past a payout, settled ${f(b.settled)} from later payouts, outstanding ${f(b.outstanding)}`);
  }
  for (const d of result.differences) console.log(`DIFFERENCE ${d.currency} booking ${d.bookingId}: ${d.problem}`);
  if (!result.ok) {
    console.log(`${result.differences.length} difference(s).`);
    exitCode = 1;
  } else {
    console.log("Every minor unit is accounted for.");
  }
} finally {
  await database.close();
}
process.exit(exitCode);
