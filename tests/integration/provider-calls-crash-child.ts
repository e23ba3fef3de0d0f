/**
 * The provider-calls job in a child process that stops for good while it performs
 * refunds: after the processor made the second refund and before that refund is
 * recorded. The parent test kills it there with SIGKILL
 * (app/features/bookings/money-faults.int.test.ts, "killed while performing provider calls").
 *
 * Each refund call is two transactions on the built-in processor's database: the
 * processor's own (the refund made), then the recording one; the child pauses when the
 * fourth transaction (the second call's record) is about to start.
 *
 *   tsx tests/integration/provider-calls-crash-child.ts postgres <url> <now ISO>
 *   tsx tests/integration/provider-calls-crash-child.ts pglite <data dir> <now ISO>
 */
import { runProviderCalls } from "~/features/bookings/provider-calls.server";
import { openDatabase, type Db } from "~/lib/db.server";

const [engine, target, nowIso] = process.argv.slice(2);
const database = await openDatabase(engine === "postgres" ? { engine: "postgres", url: target!, max: 2 } : { engine: "pglite", dataDir: target! });
const real = database.db;
let transactions = 0;
const db = new Proxy(real, {
  get(object, property) {
    if (property === "transaction") {
      return async (...args: Parameters<Db["transaction"]>) => {
        transactions += 1;
        if (transactions === 4) {
          process.stdout.write("PAUSED before recording the second refund\n");
          await new Promise(() => {});
        }
        return real.transaction(...args);
      };
    }
    const value = Reflect.get(object, property, object) as unknown;
    return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(object) : value;
  },
}) as Db;
await runProviderCalls(db, new Date(nowIso!));
process.stdout.write("FINISHED\n");
await database.close();
