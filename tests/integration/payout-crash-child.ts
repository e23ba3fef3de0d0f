/**
 * The payout job in a child process that stops for good in the middle of a run:
 * after the provider made its second transfer and before that transfer is recorded
 * (the rest of the batch is claimed but not sent). The parent test kills it there
 * with SIGKILL (app/features/payouts/payout-crash.int.test.ts).
 *
 *   tsx tests/integration/payout-crash-child.ts postgres <url> <now ISO>
 *   tsx tests/integration/payout-crash-child.ts pglite <data dir> <now ISO>
 */
import { localPayoutProvider } from "~/features/payments/local-payouts.server";
import type { PayoutProvider } from "~/features/payments/payout-contracts";
import { runPayouts } from "~/features/payouts/payouts.server";
import { openDatabase } from "~/lib/db.server";

const [engine, target, nowIso] = process.argv.slice(2);
const database = await openDatabase(engine === "postgres" ? { engine: "postgres", url: target!, max: 2 } : { engine: "pglite", dataDir: target! });
const real = localPayoutProvider(database.db);
let transfers = 0;
const provider: PayoutProvider = {
  ...real,
  async transfer(input) {
    const result = await real.transfer(input);
    transfers += 1;
    if (transfers === 2) {
      process.stdout.write(`PAUSED ${input.metadata.payoutId}\n`);
      await new Promise(() => {});
    }
    return result;
  },
};
await runPayouts(database.db, new Date(nowIso!), { provider });
process.stdout.write("FINISHED\n");
await database.close();
