import { and, asc, eq, isNull, lte, or, sql } from "drizzle-orm";
import { bookings, idempotencyKeys, localPaymentIntents, providerCalls } from "~/db/schema/bookings";
import { bookingDeposits } from "~/db/schema/deposits";
import { spaces } from "~/db/schema/listings";
import { ProviderError, type RemoteIntent, type RemoteRefund } from "~/features/payments/contracts";
import { paymentProvider } from "~/features/payments/provider.server";
import { recordRefundMade } from "~/features/payouts/ledger.server";
import type { Db, Tx } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { faultPoint, InjectedCrash } from "~/lib/fault-points.server";
import { logger } from "~/lib/logger.server";
import { applyRefund, applyRemoteIntent, lockIntentOf } from "./intent-mirror.server";
import { lockBooking, recordProviderCall, type BookingRecord } from "./process.server";
import { coverRefusedRefund, syncRefunds } from "./provider-events.server";
import { abandonCheckout, settleIntent } from "./settlement.server";
import { applyDepositAnswer, depositCallFailed } from "./deposits.server";

/**
 * Durable provider calls (issue #25, ADR 0200). A transition records a call
 * (process.server.ts `recordProviderCall`) in its own transaction; after the commit the
 * request performs it at once, and the `provider-calls` job performs whatever is left
 * (a crash, a time-out, a provider that was down). Performing a call:
 *
 *   1. claims it for LEASE_MS (one statement; a performer that died loses its claim);
 *   2. makes the provider call, outside any transaction, with the key `rentwell-<kind>-<id>`,
 *      so a repeat after a lost answer gets the provider's first answer;
 *   3. records the answer in one transaction, booking locked first: the call is
 *      succeeded or failed, the intent mirror, the ledger and the booking follow.
 *
 * A passing failure (network, time-out, 5xx) is retried with back-off; a refusal is
 * final and has its consequence (an intent that cannot be made abandons the checkout;
 * a refund the provider refuses is left failed for a person, and `money:check` names it).
 */
/** Longer than a call can take (Stripe: 20 s a try, 3 tries), so a live performer never loses its claim. */
export const LEASE_MS = 120_000;
const RETRY_BASE_MS = 10_000;
const RETRY_MAX_MS = 3_600_000;

/** What performing a call needs of its row. */
type Call = Pick<typeof providerCalls.$inferSelect, "id" | "kind" | "bookingId" | "amount" | "currency" | "intentId" | "attempts"> &
  Partial<Pick<typeof providerCalls.$inferSelect, "purpose" | "reason">>;

/**
 * A call its recording request claimed in the same statement (the hold's create_intent,
 * inserted with `claimedUntil`), with what the provider call needs of its booking: the
 * request performs it without claiming it again or reading the booking. `hold` is the
 * booking as the request inserted it (its answer, but for the client secret): while the
 * booking is still that open checkout, the intent is recorded in one statement
 * (`recordIntentAtOnce`).
 */
export type ClaimedCall = { call: Call; booking: CallBooking; hold?: Omit<IntentMade, "clientSecret"> };

/** What a call needs of its booking: whose it is, and whether it is a request to book (its intent is made for manual capture, ADR 0280). */
type CallBooking = Pick<BookingRecord, "userId" | "spaceId" | "requestMessage">;

export type CallOutcome = "succeeded" | "failed" | "retry" | "busy";

/**
 * The provider's idempotency key of a call. A refund's names its amount too: a refund
 * call reduced because a refund made elsewhere covered part of it (provider-events) is
 * a new request, never the old one's answer replayed.
 */
export const callKey = (call: Pick<Call, "kind" | "id" | "amount">) => `rentwell-${call.kind.replace("_", "-")}-${call.id}${call.kind === "refund" ? `-${call.amount}` : ""}`;

export function callRetryDelayMs(attempts: number) {
  return Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.max(0, Math.min(attempts - 1, 20)));
}

async function claim(db: Db, callId: string, now: Date): Promise<Call | null> {
  const [call] = await db
    .update(providerCalls)
    .set({ claimedUntil: new Date(now.getTime() + LEASE_MS), attempts: sql`${providerCalls.attempts} + 1`, updatedAt: now })
    .where(and(eq(providerCalls.id, callId), eq(providerCalls.status, "pending"), or(isNull(providerCalls.claimedUntil), lte(providerCalls.claimedUntil, now))))
    .returning();
  return call ?? null;
}

type Answer = { kind: "intent"; intent: RemoteIntent } | { kind: "refund"; refund: RemoteRefund };

async function callProvider(db: Db, call: Call, booking: CallBooking, now: Date): Promise<Answer> {
  const provider = paymentProvider(db);
  const key = callKey(call);
  if (call.purpose === "deposit") return { kind: "intent", intent: await callDepositProvider(db, provider, call, booking, key, now) };
  switch (call.kind) {
    case "create_intent":
      return {
        kind: "intent",
        intent: await provider.createIntent(
          {
            bookingId: call.bookingId,
            userId: booking.userId,
            spaceId: booking.spaceId,
            amount: call.amount,
            currency: call.currency,
            callId: call.id,
            captureMethod: booking.requestMessage === null ? "automatic" : "manual",
            // A listing asking a deposit: the payment saves its card for the off-session authorisation (ADR 0283).
            saveCard: provider.name === "stripe" && (await depositRequired(db, booking.spaceId)),
          },
          key,
          now,
        ),
      };
    case "cancel_intent":
      return { kind: "intent", intent: await provider.cancelIntent(call.intentId!, key, now) };
    case "capture_intent":
      // The authorised amount, captured once: the key makes a repeat the first capture's answer.
      return { kind: "intent", intent: await provider.captureIntent(call.intentId!, call.amount, key, now) };
    case "refund": {
      const refund = await provider.refund({ intentId: call.intentId!, bookingId: call.bookingId, amount: call.amount, currency: call.currency, callId: call.id }, key, now);
      if (refund.status === "failed") throw new ProviderError(`The provider reports refund ${refund.id} failed`, false);
      return { kind: "refund", refund };
    }
  }
}

/** The local processor saves every card it charges; Stripe only when asked (a Customer and setup_future_usage). */
async function depositRequired(db: Db, spaceId: string) {
  const [space] = await db.select({ required: spaces.depositRequired, amount: spaces.depositAmount }).from(spaces).where(eq(spaces.id, spaceId));
  return Boolean(space?.required && space.amount > 0);
}

/**
 * A call on a booking's deposit intent (ADR 0283): the off-session authorisation (manual
 * capture) with the card the payment saved, its release, the claim's capture — or, for a
 * claim whose authorisation lapsed, a new off-session charge (automatic capture).
 */
async function callDepositProvider(db: Db, provider: ReturnType<typeof paymentProvider>, call: Call, booking: Pick<BookingRecord, "userId" | "spaceId">, key: string, now: Date): Promise<RemoteIntent> {
  if (call.kind === "cancel_intent") return provider.cancelIntent(call.intentId!, key, now);
  if (call.kind === "capture_intent") return provider.captureIntent(call.intentId!, call.amount, key, now);
  if (call.kind !== "create_intent") throw new ProviderError(`A deposit has no ${call.kind} call`, false);
  const [deposit] = await db.select({ paymentMethodId: bookingDeposits.paymentMethodId }).from(bookingDeposits).where(eq(bookingDeposits.bookingId, call.bookingId));
  if (!deposit?.paymentMethodId) throw new ProviderError("No card was saved with the booking's payment.", false);
  return provider.createIntent(
    {
      bookingId: call.bookingId,
      userId: booking.userId,
      spaceId: booking.spaceId,
      amount: call.amount,
      currency: call.currency,
      callId: call.id,
      purpose: "deposit",
      captureMethod: call.reason === "authorise_deposit" ? "manual" : "automatic",
      offSession: { paymentMethodId: deposit.paymentMethodId },
    },
    key,
    now,
  );
}

/**
 * Performs one recorded call (see above). Returns what became of it, and performs the
 * calls its answer led to (a cancelled intent that had been paid is refunded).
 */
export async function performProviderCall(db: Db, callId: string, now: Date): Promise<CallOutcome> {
  return (await performCall(db, callId, now)).outcome;
}

/** A made create_intent call's answer to the request that held the slot. */
export type IntentMade = ReturnType<typeof holdResponse>;

/** performProviderCall, also giving a create_intent call's hold answer when it was made (the hold request needs it). */
export async function performCall(db: Db, callId: string, now: Date, claimed?: ClaimedCall): Promise<{ outcome: CallOutcome; made?: IntentMade }> {
  const call = claimed?.call ?? (await claim(db, callId, now));
  if (!call) return { outcome: "busy" };
  const [booking] = claimed ? [claimed.booking] : await db.select({ userId: bookings.userId, spaceId: bookings.spaceId, requestMessage: bookings.requestMessage }).from(bookings).where(eq(bookings.id, call.bookingId));
  let answer: Answer;
  try {
    faultPoint("call:before-provider");
    answer = await callProvider(db, call, booking!, now);
    faultPoint("call:after-provider");
  } catch (error) {
    if (error instanceof InjectedCrash) throw error;
    const retryable = !(error instanceof ProviderError) || error.retryable;
    const message = error instanceof Error ? error.message : String(error);
    logger.warn({ callId: call.id, kind: call.kind, attempts: call.attempts, retryable, err: { message } }, "provider call failed");
    const outcome = await recordFailure(db, call, message, retryable, now);
    if (call.kind === "refund" && outcome === "failed" && call.intentId) {
      // Refused (typically: more than is left to refund). A refund made elsewhere may have
      // paid part or all of it: the provider's refunds are heard now, and cover the call.
      await syncRefunds(db, { intentId: call.intentId, now }).catch((error: unknown) => logger.warn({ callId: call.id, err: error }, "refunds could not be read"));
      const [after] = await db.select().from(providerCalls).where(eq(providerCalls.id, call.id));
      if (after?.status === "succeeded") return { outcome: "succeeded" };
      if (after?.status === "pending") return { outcome: "retry" };
      // Or refunds heard before (made elsewhere while this call was claimed) cover it.
      const covered = await coverRefusedRefund(db, call.id, now);
      if (covered === "covered") return { outcome: "succeeded" };
      if (covered === "reduced") return { outcome: "retry" };
      logger.error({ callId: call.id, bookingId: call.bookingId, amount: call.amount, err: { message } }, "refund refused by the provider: a person must settle it");
    }
    return { outcome };
  }
  if (claimed?.hold && answer.kind === "intent" && call.purpose !== "deposit") {
    const made = await recordIntentAtOnce(db, call, claimed, answer.intent, now);
    if (made) return { outcome: "succeeded", made };
  }
  const recorded = await db.transaction(async (tx) => {
    const locked = await lockBooking(tx, call.bookingId);
    const [current] = await tx.select().from(providerCalls).where(eq(providerCalls.id, call.id)).for("update");
    if (!locked || current?.status !== "pending") return null;
    const next = await applyAnswer(tx, locked, call, answer, now);
    await tx
      .update(providerCalls)
      .set({
        status: "succeeded",
        providerReference: answer.kind === "intent" ? (call.kind === "create_intent" ? answer.intent.id : null) : answer.refund.id,
        intentId: answer.kind === "intent" ? answer.intent.id : call.intentId,
        claimedUntil: null,
        lastError: null,
        completedAt: now,
        updatedAt: now,
      })
      .where(eq(providerCalls.id, call.id));
    faultPoint("call:before-record-commit");
    const made = call.kind === "create_intent" && answer.kind === "intent" ? holdResponse(locked, answer.intent.clientSecret) : undefined;
    return { next, made };
  });
  if (!recorded) return { outcome: "busy" };
  await performProviderCalls(db, recorded.next, now);
  return { outcome: "succeeded", made: recorded.made };
}

/**
 * The recording of a hold's own create_intent call in one statement, for the common case:
 * the booking is still the open checkout the request inserted, the call still pending, and
 * the intent new and unpaid (no payment to record). The same rows change as in the
 * recording transaction below (booking locked first, then the call; the intent mirror, the
 * booking's intent, the key's answer, the call succeeded), with one round trip instead of
 * eight: most of a booking rush's winners' work (bench:booking, ADR 0278). In any other
 * case it changes nothing and answers null, and the transaction decides.
 */
async function recordIntentAtOnce(db: Db, call: Call, claimed: ClaimedCall, intent: RemoteIntent, now: Date): Promise<IntentMade | null> {
  if (call.kind !== "create_intent" || intent.status !== "requires_payment_method" || intent.lastErrorMessage !== null) return null;
  const made: IntentMade = { clientSecret: intent.clientSecret, ...claimed.hold! };
  const at = sql`${now.toISOString()}::timestamptz`;
  // Its own transaction: a crash here is one before the recording commits.
  faultPoint("call:before-record-commit");
  const { rows } = await db.execute<{ id: string }>(sql`
    with booking as (
      select id from ${bookings} where id = ${call.bookingId} and status = 'pending_payment' for update
    ), pending as (
      select c.id from ${providerCalls} c, booking where c.id = ${call.id} and c.status = 'pending' for update of c
    ), fresh as (
      select 1 where exists (select 1 from pending) and not exists (
        select 1 from ${localPaymentIntents} i where i.id = ${intent.id} and (i.status <> 'requires_payment_method' or i.last_error_message is not null))
    ), mirrored as (
      insert into ${localPaymentIntents} (id, provider, client_secret, booking_id, user_id, amount, currency, status, capture_method, latest_charge, created_at, updated_at)
      select ${intent.id}, ${env().PAYMENT_PROVIDER}, ${intent.clientSecret}, ${call.bookingId}, ${claimed.booking.userId}, ${intent.amount}, ${intent.currency},
             'requires_payment_method', ${claimed.booking.requestMessage === null ? "automatic" : "manual"}, ${intent.latestCharge}, ${at}, ${at}
        from fresh
      on conflict (id) do nothing
    ), booked as (
      update ${bookings} set payment_intent_id = ${intent.id}, updated_at = ${at} where id = ${call.bookingId} and exists (select 1 from fresh) returning id
    ), answered as (
      update ${idempotencyKeys} set response = ${JSON.stringify(made)}::jsonb, locked_until = null
       where booking_id in (select id from booked) and response is null
    )
    update ${providerCalls}
       set status = 'succeeded', provider_reference = ${intent.id}, intent_id = ${intent.id}, claimed_until = null, last_error = null, completed_at = ${at}, updated_at = ${at}
     where id = ${call.id} and exists (select 1 from booked)
    returning id`);
  return rows.length === 1 ? made : null;
}

/** The answer's consequences, in the recording transaction (booking locked). Returns calls it recorded. */
async function applyAnswer(tx: Tx, booking: BookingRecord, call: Call, answer: Answer, now: Date): Promise<string[]> {
  if (call.purpose === "deposit") return answer.kind === "intent" ? applyDepositAnswer(tx, booking, call, answer.intent, now) : [];
  if (answer.kind === "refund") {
    const intent = await lockIntentOf(tx, booking.id);
    if (intent) await applyRefund(tx, intent, answer.refund, now);
    await recordRefundMade(tx, { bookingId: booking.id, currency: call.currency, amount: answer.refund.amount, refundId: answer.refund.id, now });
    return [];
  }
  const intent = await applyRemoteIntent(tx, answer.intent, { bookingId: booking.id, userId: booking.userId }, now);
  if (call.kind === "create_intent") {
    await tx.update(bookings).set({ paymentIntentId: intent.id, updatedAt: now }).where(eq(bookings.id, booking.id));
    if (booking.status !== "pending_payment") {
      // The checkout ended (released, lapsed) before its intent existed: the intent is cancelled too.
      return [await recordProviderCall(tx, { bookingId: booking.id, kind: "cancel_intent", amount: 0, currency: call.currency, intentId: intent.id, reason: "expire", now })];
    }
    // The answer of the request that held the slot, for a replay of its Idempotency-Key.
    await tx
      .update(idempotencyKeys)
      .set({ response: holdResponse(booking, intent.clientSecret), lockedUntil: null })
      .where(and(eq(idempotencyKeys.bookingId, booking.id), isNull(idempotencyKeys.response)));
    return [];
  }
  // A cancelled intent that had been paid meanwhile is settled: a late payment, refunded.
  return settleIntent(tx, { ...booking, paymentIntentId: booking.paymentIntentId ?? intent.id }, intent, now);
}

/** What POST /api/bookings/payment-intent answers for a held booking (and replays for its key). */
export function holdResponse(booking: BookingRecord, clientSecret: string) {
  return {
    clientSecret,
    bookingId: booking.id,
    holdExpiresAt: (booking.holdExpiresAt ?? booking.createdAt).toISOString(),
    platformFee: { percentage: booking.platformFeePercentage, amount: booking.platformFeeAmount },
    rental: booking.rentalAmount,
    protection: booking.protectionPercent === null ? null : { basisPoints: booking.protectionPercent, amount: booking.protectionAmount },
    delivery: booking.deliveryAmount,
    total: booking.totalPrice,
    currency: booking.currency as string,
  };
}

async function recordFailure(db: Db, call: Call, message: string, retryable: boolean, now: Date): Promise<CallOutcome> {
  return db.transaction(async (tx) => {
    const booking = await lockBooking(tx, call.bookingId);
    const [current] = await tx.select().from(providerCalls).where(eq(providerCalls.id, call.id)).for("update");
    if (!booking || current?.status !== "pending") return current?.status === "succeeded" ? "succeeded" : "failed";
    // An intent for a checkout that is over is not worth retrying.
    const give = !retryable || (call.kind === "create_intent" && call.purpose !== "deposit" && booking.status !== "pending_payment");
    if (!give) {
      await tx
        .update(providerCalls)
        .set({ lastError: message.slice(0, 500), claimedUntil: null, nextAttemptAt: new Date(now.getTime() + callRetryDelayMs(call.attempts)), updatedAt: now })
        .where(eq(providerCalls.id, call.id));
      return "retry";
    }
    await tx.update(providerCalls).set({ status: "failed", lastError: message.slice(0, 500), claimedUntil: null, completedAt: now, updatedAt: now }).where(eq(providerCalls.id, call.id));
    if (call.purpose === "deposit") {
      await depositCallFailed(tx, booking, call, message, now);
      return "failed";
    }
    if (call.kind === "create_intent" && booking.status === "pending_payment") await abandonCheckout(tx, booking, now);
    return "failed";
  });
}

/** Performs calls just recorded, one after another; a failure is left to the job (logged, not thrown). */
export async function performProviderCalls(db: Db, callIds: readonly string[], now: Date) {
  for (const id of callIds) {
    try {
      await performProviderCall(db, id, now);
    } catch (error) {
      if (error instanceof InjectedCrash) throw error;
      logger.warn({ callId: id, err: error }, "provider call left to the provider-calls job");
    }
  }
}

/**
 * The `provider-calls` job: performs every pending call that is due and not claimed by
 * a live performer, oldest first. Safe in several processes at once (the claim).
 */
export async function runProviderCalls(db: Db, now: Date, limit = 100) {
  const due = await db
    .select({ id: providerCalls.id })
    .from(providerCalls)
    .where(and(eq(providerCalls.status, "pending"), lte(providerCalls.nextAttemptAt, now), or(isNull(providerCalls.claimedUntil), lte(providerCalls.claimedUntil, now))))
    .orderBy(asc(providerCalls.nextAttemptAt))
    .limit(limit);
  const run = { succeeded: 0, failed: 0, retry: 0, busy: 0 };
  for (const { id } of due) {
    try {
      run[await performProviderCall(db, id, now)]++;
    } catch (error) {
      if (error instanceof InjectedCrash) throw error;
      logger.error({ callId: id, err: error }, "provider call could not be recorded");
    }
  }
  return run;
}
