// `npm run test:money-soak [-- <histories>]`: the money model test (issue #25,
// app/features/payouts/money-model.int.test.ts) with 50 000 histories (or the number
// given), on PGlite, or on PostgreSQL with TEST_DB_ENGINE=postgres and
// TEST_DATABASE_URL. Prints its seed first and its figures at the end (histories,
// commands, each transition reached, time, histories/s); a failure prints the seed and
// path that replay it. Not part of `npm test`, which runs the same property with fewer
// histories. MONEY_SEED replays a run; DISPUTE_LOSSES=host soaks the other setting.
import { spawnSync } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const histories = Number(process.argv[2] ?? process.env.MONEY_HISTORIES ?? 50_000);
if (!Number.isSafeInteger(histories) || histories < 1) {
  console.error(`Not a number of histories: ${process.argv[2]}`);
  process.exit(2);
}
const seed = process.env.MONEY_SEED ?? String((Date.now() ^ (Math.random() * 0x100000000)) | 0);
const engine = process.env.TEST_DB_ENGINE === "postgres" ? "postgres" : "pglite";
console.log(`money soak: ${histories} histories on ${engine}, seed ${seed} (replay the run: MONEY_SEED=${seed} npm run test:money-soak -- ${histories})`);
const started = Date.now();
const result = spawnSync("npx", ["vitest", "run", "--project", "integration", "app/features/payouts/money-model.int.test.ts"], {
  cwd: root,
  stdio: "inherit",
  env: { LOG_LEVEL: "silent", ...process.env, MONEY_HISTORIES: String(histories), MONEY_SEED: seed, MONEY_STATS: "1" },
});
console.log(`money soak: ${result.status === 0 ? "passed" : "FAILED"} in ${((Date.now() - started) / 1000).toFixed(0)} s (seed ${seed})`);
process.exit(result.status ?? 1);
