import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { payouts } from "~/db/schema/bookings";
import { ledgerEntries, localPayoutTransfers } from "~/db/schema/payouts";
import { openDatabase, runMigrations, type Database } from "~/lib/db.server";
import { bookingScenario } from "../../../tests/factories/bookings";
import { createScratchPostgres, testEngine } from "../../../tests/setup/test-database";
import { bankDetailsSchema } from "./bank-details";
import { CLAIM_MS, connectPayoutAccount, refreshPayoutAccount, runPayouts, saveLocalBankDetails } from "./payouts.server";
import { reconcile } from "./reconcile.server";

/**
 * Killing the payout job in the middle of a run and starting it again pays each
 * booking exactly once (issue #13). A real child process (tsx) is SIGKILLed after
 * the provider transferred a payout and before the transfer was recorded. On
 * PostgreSQL the child shares the test's database; on PGlite it opens the same
 * data directory while the test has it closed.
 */
const NOW = "2026-06-01T12:00:00.000Z";
const RELEASE_RUN = new Date("2026-06-20T00:00:00.000Z");
const BOOKINGS = 5;

let database: Database;
let target: string;
let cleanup: () => Promise<void>;

async function open() {
  database = testEngine() === "postgres" ? await openDatabase({ engine: "postgres", url: target, max: 4 }) : await openDatabase({ engine: "pglite", dataDir: target });
  await runMigrations(database);
}

beforeAll(async () => {
  if (testEngine() === "postgres") {
    const scratch = await createScratchPostgres("rentwell_crash");
    target = scratch.url;
    cleanup = scratch.drop;
  } else {
    target = fs.mkdtempSync(path.join(os.tmpdir(), "rentwell-crash-"));
    cleanup = async () => fs.rmSync(target, { recursive: true, force: true });
  }
  await open();
});
afterAll(async () => {
  await database.close();
  await cleanup();
});

function runChild(now: Date): Promise<{ paused: string | null; code: number | null; signal: string | null }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "--import", "./scripts/lingui-register.mjs", "tests/integration/payout-crash-child.ts", testEngine(), target, now.toISOString()], {
      cwd: process.cwd(),
      env: { ...process.env, LOG_LEVEL: "silent" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let paused: string | null = null;
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = /PAUSED (\S+)/.exec(output);
      if (match && !paused) {
        paused = match[1]!;
        child.kill("SIGKILL");
      }
    });
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("error", reject);
    child.on("exit", (code, signal) => (paused ? resolve({ paused, code, signal }) : reject(new Error(`The child ended without pausing (${code}): ${output}`))));
  });
}

describe("a payout run killed half-way", () => {
  it("pays each booking exactly once after a restart", async () => {
    const db = database.db;
    const s = await bookingScenario(db, { now: NOW });
    const ids: string[] = [];
    for (let day = 0; day < BOOKINGS; day++) {
      const hold = await s.book(s.guest, { date: `2026-06-${String(10 + day).padStart(2, "0")}`, hour: 10, hours: 1 + day });
      await s.pay(s.guest, hold.clientSecret);
      ids.push(hold.bookingId);
    }
    await connectPayoutAccount(db, { hostId: s.host.id, email: s.host.email, returnUrl: "/r", refreshUrl: "/f", now: s.now });
    const details = bankDetailsSchema.parse({ intent: "finish", accountHolder: "Crash Host", country: "US", currency: "USD", routingNumber: "110000000", accountNumber: "000123456789" });
    await saveLocalBankDetails(db, { hostId: s.host.id, details, now: s.now });
    await refreshPayoutAccount(db, { hostId: s.host.id, now: s.now });

    if (testEngine() === "pglite") await database.close();
    const killed = await runChild(RELEASE_RUN);
    expect(killed.signal).toBe("SIGKILL");
    if (testEngine() === "pglite") await open();

    const transfersOf = () => database.db.select().from(localPayoutTransfers).where(inArray(localPayoutTransfers.transferGroup, ids));
    // The child sent two transfers and recorded one; the rest of its batch is claimed.
    expect(await transfersOf()).toHaveLength(2);
    const afterKill = await database.db.select().from(payouts).where(inArray(payouts.bookingId, ids));
    expect(afterKill.filter((p) => p.status === "paid")).toHaveLength(1);
    expect(afterKill.filter((p) => p.status === "processing")).toHaveLength(BOOKINGS - 1);

    // A restart inside the claim's lease leaves the claimed payouts alone …
    expect((await runPayouts(database.db, new Date(RELEASE_RUN.getTime() + 60_000))).paid).toBe(0);
    // … and once it lapsed, finishes them: the transferred one with its first transfer.
    const restart = await runPayouts(database.db, new Date(RELEASE_RUN.getTime() + CLAIM_MS));
    expect(restart.paid).toBe(BOOKINGS - 1);
    await runPayouts(database.db, new Date(RELEASE_RUN.getTime() + 2 * CLAIM_MS));

    const transfers = await transfersOf();
    expect(transfers).toHaveLength(BOOKINGS);
    expect(new Set(transfers.map((t) => t.transferGroup)).size).toBe(BOOKINGS);
    const final = await database.db.select().from(payouts).where(inArray(payouts.bookingId, ids));
    expect(final.every((p) => p.status === "paid")).toBe(true);
    const pausedPayout = final.find((p) => p.id === killed.paused)!;
    expect(transfers.find((t) => t.idempotencyKey === `payout:${pausedPayout.id}`)!.id).toBe(pausedPayout.providerTransferId);
    const ledgerTransfers = await database.db.select().from(ledgerEntries).where(eq(ledgerEntries.kind, "transfer"));
    expect(ledgerTransfers.filter((e) => ids.includes(e.bookingId))).toHaveLength(BOOKINGS);
    expect((await reconcile(database.db)).differences).toEqual([]);
  });
});
