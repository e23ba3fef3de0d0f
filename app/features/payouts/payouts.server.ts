import { and, eq, inArray, sql } from "drizzle-orm";
import { bookingDeposits } from "~/db/schema/deposits";
import { bookings, hostBalanceEntries, payouts } from "~/db/schema/bookings";
import { BOOKING_PROCESS } from "~/features/bookings/process";
import { profiles } from "~/db/schema/profiles";
import { payoutAccounts } from "~/db/schema/payouts";
import type { Db } from "~/lib/db.server";
import { faultPoint, InjectedCrash } from "~/lib/fault-points.server";
import { logger } from "~/lib/logger.server";
import { appendLedger } from "./ledger.server";
import { accountFingerprint } from "~/features/payments/local-payouts.server";
import type { PayoutAccountStatus, PayoutProvider } from "~/features/payments/payout-contracts";
import { payoutProvider } from "~/features/payments/payout-provider.server";
import type { BankDetails } from "./bank-details";
import { queuePayoutSentEmail } from "~/features/mail/booking-emails.server";

/**
 * Money out (issue #13, ADR 0120, 0121): host payout accounts and the payout job.
 * Provider calls (network for Stripe) never run inside a transaction: the job claims
 * payouts in one short transaction, calls `transfer` with the payout's idempotency
 * key, and records the result in another. A run killed in between leaves a claim
 * that lapses after CLAIM_MS; the next run calls `transfer` again with the same key
 * and the provider answers with the first transfer, so each booking is paid once.
 */
export const CLAIM_MS = 10 * 60_000;
export const PAYOUT_BATCH = 25;
const RETRY_BASE_MS = 5 * 60_000;
const RETRY_MAX_MS = 24 * 3_600_000;

export type PayoutAccount = typeof payoutAccounts.$inferSelect;
export type PayoutAccountState = "not_connected" | "incomplete" | "complete";

export const payoutIdempotencyKey = (payoutId: string) => `payout:${payoutId}`;

/** Back-off after the n-th failed attempt: 5 min, 10, 20 … at most a day. */
export function retryDelayMs(attempts: number) {
  return Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.max(0, Math.min(attempts - 1, 20)));
}

export function isComplete(status: Pick<PayoutAccountStatus, "detailsSubmitted" | "payoutsEnabled" | "currentlyDue">) {
  return status.detailsSubmitted && status.payoutsEnabled && status.currentlyDue.length === 0;
}

/** The three spec states of docs/product.md#fees: not connected; onboarding not finished; complete. */
export function payoutAccountState(account: PayoutAccount | null | undefined): PayoutAccountState {
  if (!account) return "not_connected";
  return isComplete(account) ? "complete" : "incomplete";
}

export async function getPayoutAccount(db: Db, hostId: string): Promise<PayoutAccount | null> {
  const [row] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.hostId, hostId));
  return row ?? null;
}

// ---------------------------------------------------------------------------
// Accounts

/**
 * Opens the host's payout account with the provider (once) and returns where the
 * browser goes to give its details. `returnUrl` re-checks the account with the
 * provider; `refreshUrl` asks for a new link when the old one lapsed.
 */
export async function connectPayoutAccount(
  db: Db,
  input: { hostId: string; email: string; returnUrl: string; refreshUrl: string; now: Date; provider?: PayoutProvider },
): Promise<{ url: string }> {
  const provider = input.provider ?? payoutProvider(db);
  let account = await getPayoutAccount(db, input.hostId);
  if (!account || account.provider !== provider.name) {
    const { accountId } = await provider.createAccount({ hostId: input.hostId, email: input.email });
    const [row] = await db
      .insert(payoutAccounts)
      .values({ hostId: input.hostId, provider: provider.name, providerAccountId: accountId, createdAt: input.now, updatedAt: input.now })
      .onConflictDoUpdate({
        target: payoutAccounts.hostId,
        set: { provider: provider.name, providerAccountId: accountId, detailsSubmitted: false, payoutsEnabled: false, currentlyDue: [], submittedAt: null, updatedAt: input.now },
      })
      .returning();
    account = row!;
    await db.update(profiles).set({ stripeAccountId: accountId, stripeOnboardingComplete: false }).where(eq(profiles.id, input.hostId));
    logger.info({ hostId: input.hostId, provider: provider.name }, "payout account created");
  }
  return provider.onboardingLink({ accountId: account.providerAccountId, returnUrl: input.returnUrl, refreshUrl: input.refreshUrl });
}

/**
 * Stores the account's status as the provider reports it (the return URL, an
 * account.updated webhook), and mirrors completeness into the profile's
 * stripe_onboarding_complete. Returns the account, or null for an unknown one.
 */
export async function applyPayoutAccountStatus(
  db: Db,
  input: { provider: string; providerAccountId: string; status: PayoutAccountStatus; now: Date },
): Promise<PayoutAccount | null> {
  const { status } = input;
  const [row] = await db
    .update(payoutAccounts)
    .set({ detailsSubmitted: status.detailsSubmitted, payoutsEnabled: status.payoutsEnabled, currentlyDue: status.currentlyDue, updatedAt: input.now })
    .where(and(eq(payoutAccounts.provider, input.provider), eq(payoutAccounts.providerAccountId, input.providerAccountId)))
    .returning();
  if (!row) return null;
  await db.update(profiles).set({ stripeAccountId: row.providerAccountId, stripeOnboardingComplete: isComplete(status) }).where(eq(profiles.id, row.hostId));
  return row;
}

/** Asks the provider for the host's account state (never trusting a return URL alone) and stores it. */
export async function refreshPayoutAccount(db: Db, input: { hostId: string; now: Date; provider?: PayoutProvider }) {
  const account = await getPayoutAccount(db, input.hostId);
  if (!account) return null;
  const provider = input.provider ?? payoutProvider(db);
  const status = await provider.retrieveAccount(account.providerAccountId);
  return applyPayoutAccountStatus(db, { provider: account.provider, providerAccountId: account.providerAccountId, status, now: input.now });
}

/**
 * The built-in provider's onboarding form: keeps the details given so far (the last
 * four digits and a fingerprint of the account number, never the number), and when
 * the host finishes, marks the details submitted. Null when the host has no
 * built-in account.
 */
export async function saveLocalBankDetails(db: Db, input: { hostId: string; details: BankDetails; now: Date }) {
  const { details } = input;
  const account = await getPayoutAccount(db, input.hostId);
  if (!account || account.provider !== "local") return null;
  const us = details.country === "US";
  const number = us ? details.accountNumber?.replace(/[\s-]/g, "") : details.iban?.replace(/\s/g, "").toUpperCase();
  const [row] = await db
    .update(payoutAccounts)
    .set({
      accountHolder: details.accountHolder ?? null,
      country: details.country ?? null,
      currency: details.currency ?? null,
      bankKind: details.country ? (us ? "us" : "iban") : null,
      routingNumber: us ? (details.routingNumber?.replace(/[\s-]/g, "") ?? null) : null,
      accountLast4: number ? number.slice(-4) : null,
      accountFingerprint: number ? accountFingerprint(number) : null,
      submittedAt: details.intent === "finish" ? input.now : null,
      updatedAt: input.now,
    })
    .where(eq(payoutAccounts.id, account.id))
    .returning();
  return row ?? null;
}

// ---------------------------------------------------------------------------
// The payout job

type Claimed = { id: string; bookingId: string; amount: number; currency: string; attempts: number; accountId: string; chargeReference: string | null };

/** What one run of the payout job may touch: every listing's bookings and payouts, or `only` one listing's (ADR 0095). */
export type PayoutScope = { only?: { spaceId: string } };

/** The clock's `complete` transition (app/features/bookings/process.ts), in bulk: bookings whose end has passed. */
export async function completePastBookings(db: Db, now: Date, { only }: PayoutScope = {}) {
  const done = await db
    .update(bookings)
    .set({ status: BOOKING_PROCESS.complete.to, updatedAt: now })
    .where(
      and(
        inArray(bookings.status, [...BOOKING_PROCESS.complete.from]),
        sql`${bookings.endTime} <= ${now.toISOString()}::timestamptz`,
        only ? eq(bookings.spaceId, only.spaceId) : undefined,
      ),
    )
    .returning({ id: bookings.id });
  return done.length;
}

/**
 * Before a claimed payout is sent, what its host owes from earlier refunds or lost
 * disputes (host_balance_entries) in its currency is taken from it, once per payout: the
 * payout's `deducted_amount`, a `deducted` balance entry and a `deduction` ledger entry.
 * One host's deductions take turns (an advisory lock on host and currency), so two
 * payouts never settle the same debt. Returns what is left to transfer.
 */
export async function deductHostBalance(db: Db, payout: Claimed, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(payouts).where(eq(payouts.id, payout.id)).for("update");
    if (!row) return 0;
    if (row.deductedAmount > 0) return row.amount - row.deductedAmount;
    await tx.execute(sql`select pg_advisory_xact_lock(${HOST_BALANCE_LOCK}::int, hashtext(${row.hostId} || ${row.currency}))`);
    const [{ owed = 0 } = {}] = await tx
      .select({ owed: sql<number>`coalesce(sum(${hostBalanceEntries.amount}), 0)::bigint`.mapWith(Number) })
      .from(hostBalanceEntries)
      .where(and(eq(hostBalanceEntries.hostId, row.hostId), eq(hostBalanceEntries.currency, row.currency)));
    const deducted = Math.min(Math.max(0, owed), row.amount);
    if (deducted === 0) return row.amount;
    await tx.insert(hostBalanceEntries).values({ hostId: row.hostId, currency: row.currency, kind: "deducted", amount: -deducted, bookingId: row.bookingId, payoutId: row.id, key: `deducted:${row.id}`, createdAt: now });
    await appendLedger(tx, [{ bookingId: row.bookingId, kind: "deduction", amount: deducted, currency: row.currency, key: `deduction:${row.id}` }], now);
    await tx.update(payouts).set({ deductedAmount: deducted, updatedAt: now }).where(eq(payouts.id, row.id));
    logger.info({ payoutId: row.id, hostId: row.hostId, deducted, currency: row.currency }, "host balance deducted from payout");
    return row.amount - deducted;
  });
}

/** The class of the two-key advisory locks on a host's balance in one currency. */
const HOST_BALANCE_LOCK = 2;

/**
 * Claims due payouts of hosts with a complete account: released ones, failed ones
 * whose retry time has come, and claims that lapsed. FOR UPDATE SKIP LOCKED lets
 * several processes sweep at once without waiting on or taking the same row.
 */
export async function claimDuePayouts(db: Db, now: Date, limit = PAYOUT_BATCH, { only }: PayoutScope = {}): Promise<Claimed[]> {
  const at = now.toISOString();
  const scope = only ? sql`and p.booking_id in (select b.id from ${bookings} b where b.space_id = ${only.spaceId})` : sql``;
  const result = await db.execute<{ id: string; booking_id: string; amount: string | number; currency: string; attempts: number; account_id: string; charge_reference: string | null }>(sql`
    with due as (
      select p.id, a.provider_account_id
        from ${payouts} p
        join ${payoutAccounts} a on a.host_id = p.host_id
       where p.release_at <= ${at}::timestamptz
         and p.amount > 0
         and (p.status = 'scheduled'
           or (p.status = 'failed' and p.next_attempt_at <= ${at}::timestamptz)
           or (p.status = 'processing' and p.claimed_until <= ${at}::timestamptz))
         and a.details_submitted and a.payouts_enabled and a.currently_due = '[]'::jsonb ${scope}
       order by p.release_at, p.id
       limit ${limit}
       for update of p skip locked
    )
    update ${payouts} p
       set status = 'processing', attempts = p.attempts + 1, claimed_until = ${new Date(now.getTime() + CLAIM_MS).toISOString()}::timestamptz, updated_at = ${at}::timestamptz
      from due
     where p.id = due.id
    returning p.id, p.booking_id, p.amount, p.currency, p.attempts, due.provider_account_id as account_id,
      case when p.kind = 'claim'
           -- A claim's money came from the deposit's intent (ADR 0284), not the booking's payment.
           then (select d.intent_id from ${bookingDeposits} d where d.booking_id = p.booking_id)
           else (select b.payment_intent_id from ${bookings} b where b.id = p.booking_id) end as charge_reference`);
  return result.rows.map((row) => ({
    id: row.id,
    bookingId: row.booking_id,
    amount: Number(row.amount),
    currency: row.currency,
    attempts: row.attempts,
    accountId: row.account_id,
    chargeReference: row.charge_reference,
  }));
}

/**
 * Records a transfer the provider made: the payout is paid and the transfer is in
 * the ledger, in one transaction, once. This is the point a "payout sent" e-mail
 * hooks into (it returns true only the first time).
 */
export async function markPayoutPaid(db: Db, input: { payoutId: string; transferId: string | null; now: Date }): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [paid] = await tx
      .update(payouts)
      .set({ status: "paid", providerTransferId: input.transferId, transferredAt: input.now, claimedUntil: null, nextAttemptAt: null, failureMessage: null, updatedAt: input.now })
      .where(and(eq(payouts.id, input.payoutId), eq(payouts.status, "processing")))
      .returning();
    if (!paid) return false;
    await appendLedger(
      tx,
      [{ bookingId: paid.bookingId, kind: "transfer", amount: paid.amount - paid.deductedAmount, currency: paid.currency, key: `transfer:${paid.id}`, providerReference: input.transferId }],
      input.now,
    );
    // The host hears about it by e-mail, queued in this transaction (ADR 0170).
    await queuePayoutSentEmail(tx, paid.id, input.now);
    logger.info({ payoutId: paid.id, bookingId: paid.bookingId, amount: paid.amount, currency: paid.currency }, "payout paid");
    return true;
  });
}

/** A transfer failed: shown as failed, retried later with back-off. Nothing is lost. */
export async function markPayoutFailed(db: Db, input: { payoutId: string; attempts: number; message: string; now: Date }) {
  await db
    .update(payouts)
    .set({
      status: "failed",
      failureMessage: input.message.slice(0, 500),
      nextAttemptAt: new Date(input.now.getTime() + retryDelayMs(input.attempts)),
      claimedUntil: null,
      updatedAt: input.now,
    })
    .where(and(eq(payouts.id, input.payoutId), eq(payouts.status, "processing")));
}

export type PayoutRun = { completed: number; paid: number; failed: number };

/**
 * The `payouts` background job: completes past bookings, then pays every due
 * payout batch by batch. Safe to run in several processes and to kill at any moment
 * (payout-crash.int.test.ts kills it between a transfer and its record). `only` limits
 * it to one listing's bookings and payouts (a journey at its own clock, ADR 0095).
 */
export async function runPayouts(
  db: Db,
  now: Date,
  options: { provider?: PayoutProvider } & PayoutScope = {},
): Promise<PayoutRun> {
  const provider = options.provider ?? payoutProvider(db);
  const scope: PayoutScope = { only: options.only };
  const run: PayoutRun = { completed: await completePastBookings(db, now, scope), paid: 0, failed: 0 };
  for (let batch = 0; batch < 100; batch++) {
    const claimed = await claimDuePayouts(db, now, PAYOUT_BATCH, scope);
    if (claimed.length === 0) break;
    for (const payout of claimed) {
      try {
        const amount = await deductHostBalance(db, payout, now);
        if (amount === 0) {
          // All of it settled what the host owed: nothing to send.
          if (await markPayoutPaid(db, { payoutId: payout.id, transferId: null, now })) run.paid++;
          continue;
        }
        const { transferId } = await provider.transfer({
          accountId: payout.accountId,
          amount,
          currency: payout.currency,
          idempotencyKey: payoutIdempotencyKey(payout.id),
          transferGroup: payout.bookingId,
          sourceTransaction: payout.chargeReference,
          metadata: { bookingId: payout.bookingId, payoutId: payout.id },
        });
        faultPoint("payout:after-transfer");
        if (await markPayoutPaid(db, { payoutId: payout.id, transferId, now })) run.paid++;
      } catch (error) {
        if (error instanceof InjectedCrash) throw error;
        const message = error instanceof Error ? error.message : String(error);
        logger.warn({ payoutId: payout.id, attempts: payout.attempts, err: { message } }, "payout transfer failed");
        await markPayoutFailed(db, { payoutId: payout.id, attempts: payout.attempts, message, now });
        run.failed++;
      }
    }
    if (claimed.length < PAYOUT_BATCH) break;
  }
  return run;
}

/**
 * A transfer was (partly) taken back (Stripe's transfer.reversed). `amount` is the
 * transfer's total reversed so far, as the event carries it, so a replayed or
 * reordered event writes each reversed minor unit once. Unknown transfers are ignored.
 */
export async function reverseTransfer(db: Db, input: { providerTransferId: string; amount: number; now: Date }) {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) return { reversed: 0 };
  return db.transaction(async (tx) => {
    const [payout] = await tx.select().from(payouts).where(eq(payouts.providerTransferId, input.providerTransferId)).for("update");
    if (!payout) return { reversed: 0 };
    const result = await tx.execute<{ total: string | number | null }>(
      sql`select coalesce(sum(amount), 0) as total from ledger_entries where booking_id = ${payout.bookingId} and kind = 'reversal'`,
    );
    const already = Number(result.rows[0]?.total ?? 0);
    const cumulative = Math.min(input.amount, payout.amount);
    const delta = cumulative - already;
    if (delta <= 0) return { reversed: 0 };
    await appendLedger(
      tx,
      [{ bookingId: payout.bookingId, kind: "reversal", amount: delta, currency: payout.currency, key: `reversal:${input.providerTransferId}:${cumulative}`, providerReference: input.providerTransferId }],
      input.now,
    );
    if (cumulative >= payout.amount) await tx.update(payouts).set({ status: "reversed", updatedAt: input.now }).where(eq(payouts.id, payout.id));
    return { reversed: delta };
  });
}
