import { and, eq, inArray, sql } from "drizzle-orm";
import { bookings, localPaymentIntents, payments, payouts as payoutRows, providerCalls } from "~/db/schema/bookings";
import { ledgerEntries, localPayoutTransfers } from "~/db/schema/payouts";
import { syncOpenPayments } from "~/features/bookings/confirmation.server";
import { runDepositSweeps } from "~/features/bookings/deposits.server";
import { sweepAllExpiredHolds } from "~/features/bookings/hold.server";
import { runProviderCalls } from "~/features/bookings/provider-calls.server";
import { clearLocalFaults } from "~/features/payments/local-provider.server";
import { bankDetailsSchema } from "~/features/payouts/bank-details";
import { connectPayoutAccount, refreshPayoutAccount, runPayouts, saveLocalBankDetails } from "~/features/payouts/payouts.server";
import { reconcile } from "~/features/payouts/reconcile.server";
import type { Db } from "~/lib/db.server";
import { disarmFaults } from "~/lib/fault-points.server";

/**
 * Money test support (issue #25), shared by the fault, model and soak tests: bring a
 * database to rest the way a restarted server would, then check every money invariant
 * against the real tables. Nothing here re-implements a rule: the jobs are the
 * server's own background jobs, and the invariants compare the provider's record with
 * the ledger and the bookings.
 */
const MINUTE = 60_000;

/** Gives a host a complete payout account with the built-in provider. */
export async function onboardHost(db: Db, hostId: string, now: Date) {
  await connectPayoutAccount(db, { hostId, email: "host@example.test", returnUrl: "/payouts/return", refreshUrl: "/payouts/refresh", now });
  const details = bankDetailsSchema.parse({ intent: "finish", accountHolder: "Ada Host", country: "US", currency: "USD", routingNumber: "110000000", accountNumber: "000123456789" });
  await saveLocalBankDetails(db, { hostId, details, now });
  await refreshPayoutAccount(db, { hostId, now });
}

/**
 * "Restart and run the jobs to quiescence": faults are cleared (the process that had
 * them is gone), then the hold sweep, the provider calls (the clock moved past every
 * back-off and lease), open payments and, when `payouts` is set, the payout job run
 * until nothing is left to do. Returns the clock it ended on.
 */
export async function runToQuiescence(db: Db, now: Date, options: { payouts?: boolean } = {}): Promise<Date> {
  clearLocalFaults();
  disarmFaults();
  let at = now;
  for (let round = 0; round < 10; round++) {
    await sweepAllExpiredHolds(db, at);
    // Deposits (ADR 0283): what is due at this clock is authorised, released or accepted.
    const deposits = await runDepositSweeps(db, at);
    const calls = await runProviderCalls(db, at);
    const settled = await syncOpenPayments(db, at);
    const payouts = options.payouts ? await runPayouts(db, at) : { paid: 0, failed: 0 };
    const [{ pending = 0 } = {}] = await db
      .select({ pending: sql<number>`count(*)::int`.mapWith(Number) })
      .from(providerCalls)
      .where(eq(providerCalls.status, "pending"));
    // A payout claimed by a run that died stays `processing` until its claim lapses: not at rest.
    const [{ claimed = 0 } = {}] = options.payouts
      ? await db.select({ claimed: sql<number>`count(*)::int`.mapWith(Number) }).from(payoutRows).where(eq(payoutRows.status, "processing"))
      : [];
    const depositsMoved = deposits.authorised + deposits.released + deposits.accepted;
    if (pending === 0 && claimed === 0 && depositsMoved === 0 && calls.succeeded + calls.failed + calls.retry === 0 && settled === 0 && payouts.paid + payouts.failed === 0) return at;
    // Past every lease and back-off the next round may need.
    at = new Date(at.getTime() + 61 * MINUTE);
  }
  throw new Error("The money jobs did not come to rest in 10 rounds");
}

export type MoneyProblems = string[];

/**
 * Every money invariant of issue #25, read from the database:
 * - money:check (reconcile) finds nothing;
 * - the provider's record equals the ledger's, booking by booking: charges (succeeded
 *   intents), refunds (the processor's refunds), transfers (the payout provider's);
 * - no intent refunded more than it took, no refund or transfer made twice (one
 *   processor refund per provider call; one transfer per payout);
 * - no provider call is left pending;
 * - `confirmedAfterStart`: no booking is confirmed whose payment succeeded at or after its start.
 */
export async function moneyProblems(db: Db): Promise<MoneyProblems> {
  const problems: string[] = [];
  const check = await reconcile(db);
  for (const d of check.differences) problems.push(`money:check ${d.currency} ${d.bookingId}: ${d.problem}`);

  const ledger = await db.execute<{ booking_id: string; kind: string; total: string | number }>(
    sql`select booking_id, kind, sum(amount) as total from ${ledgerEntries} group by booking_id, kind`,
  );
  const book = new Map<string, Record<string, number>>();
  for (const row of ledger.rows) book.set(row.booking_id, { ...(book.get(row.booking_id) ?? {}), [row.kind]: Number(row.total) });

  const intents = await db.select().from(localPaymentIntents).where(eq(localPaymentIntents.provider, "local"));
  const depositCharged = new Map<string, number>();
  for (const intent of intents) {
    const entries = book.get(intent.bookingId) ?? {};
    const charged = intent.status === "succeeded" ? intent.amount : 0;
    if (intent.purpose === "deposit") {
      // A deposit's intents (ADR 0283): what they took is the ledger's deposit_capture, never the booking's charge.
      depositCharged.set(intent.bookingId, (depositCharged.get(intent.bookingId) ?? 0) + charged);
      continue;
    }
    if ((entries.charge ?? 0) !== charged) problems.push(`booking ${intent.bookingId}: processor charged ${charged}, ledger charge ${entries.charge ?? 0}`);
    if (intent.amountRefunded > intent.amount) problems.push(`intent ${intent.id}: refunded ${intent.amountRefunded} of ${intent.amount}`);
  }
  for (const [bookingId, charged] of depositCharged) {
    const captured = book.get(bookingId)?.deposit_capture ?? 0;
    if (captured !== charged) problems.push(`booking ${bookingId}: processor took ${charged} for its deposit, ledger deposit_capture ${captured}`);
  }
  const refunds = await db.execute<{ booking_id: string; total: string | number; calls: number; distinct_calls: number }>(sql`
    select booking_id, sum(amount) as total, count(call_id)::int as calls, count(distinct call_id)::int as distinct_calls
      from ${payments} where provider = 'local' and status = 'refunded' group by booking_id`);
  for (const row of refunds.rows) {
    const entries = book.get(row.booking_id) ?? {};
    if ((entries.refund ?? 0) !== Number(row.total)) problems.push(`booking ${row.booking_id}: processor refunded ${row.total}, ledger refund ${entries.refund ?? 0}`);
    if (row.calls !== row.distinct_calls) problems.push(`booking ${row.booking_id}: one provider call refunded twice`);
  }
  // One transfer per payout: a booking has its own and, after a damage claim, the claim's (ADR 0284).
  const transfers = await db.execute<{ transfer_group: string; total: string | number; count: number; payouts: number }>(
    sql`select t.transfer_group, sum(t.amount) as total, count(*)::int as count,
               (select count(*)::int from ${payoutRows} p where p.booking_id::text = t.transfer_group) as payouts
          from ${localPayoutTransfers} t group by t.transfer_group`,
  );
  for (const row of transfers.rows) {
    const entries = book.get(row.transfer_group) ?? {};
    if ((entries.transfer ?? 0) !== Number(row.total)) problems.push(`booking ${row.transfer_group}: provider transferred ${row.total}, ledger transfer ${entries.transfer ?? 0}`);
    if (row.count > Math.max(1, row.payouts)) problems.push(`booking ${row.transfer_group}: ${row.count} transfers`);
  }
  const [{ pending = 0 } = {}] = await db.select({ pending: sql<number>`count(*)::int`.mapWith(Number) }).from(providerCalls).where(eq(providerCalls.status, "pending"));
  if (pending > 0) problems.push(`${pending} provider calls still pending`);
  // A confirmed booking's charge is written when its payment confirms it: never at or after its start.
  const late = await db
    .select({ id: bookings.id })
    .from(bookings)
    .innerJoin(ledgerEntries, and(eq(ledgerEntries.bookingId, bookings.id), eq(ledgerEntries.kind, "charge")))
    .where(and(sql`${bookings.status} in ('confirmed', 'completed', 'disputed')`, sql`${ledgerEntries.createdAt} >= ${bookings.startTime}`));
  for (const row of late) problems.push(`booking ${row.id}: confirmed by a payment that arrived after its start`);
  return problems;
}

/**
 * `moneyProblems` for some bookings only, so tests that share one database do not
 * fail for another test's bookings: the lines that name one of these bookings, their
 * payment intents or their hosts, and the count of their provider calls still pending.
 */
export async function moneyProblemsOf(db: Db, bookingIds: readonly string[]): Promise<MoneyProblems> {
  if (bookingIds.length === 0) return [];
  const mine = await db.select({ id: bookings.id, hostId: bookings.hostId }).from(bookings).where(inArray(bookings.id, [...bookingIds]));
  const intents = await db.select({ id: localPaymentIntents.id }).from(localPaymentIntents).where(inArray(localPaymentIntents.bookingId, [...bookingIds]));
  const names = [...bookingIds, ...intents.map((i) => i.id), ...mine.flatMap((b) => (b.hostId ? [`host ${b.hostId}`] : []))];
  const problems = (await moneyProblems(db)).filter((line) => !/provider calls still pending$/.test(line) && names.some((name) => line.includes(name)));
  const [{ pending = 0 } = {}] = await db
    .select({ pending: sql<number>`count(*)::int`.mapWith(Number) })
    .from(providerCalls)
    .where(and(eq(providerCalls.status, "pending"), inArray(providerCalls.bookingId, [...bookingIds])));
  if (pending > 0) problems.push(`${pending} provider calls still pending`);
  return problems;
}
