import { and, eq, inArray, sql } from "drizzle-orm";
import { adminActions } from "~/db/schema/admin";
import { bookings, localPaymentIntents, payouts } from "~/db/schema/bookings";
import { bookingDeposits, depositClaims } from "~/db/schema/deposits";
import { spaces } from "~/db/schema/listings";
import { mediaUploads } from "~/db/schema/media";
import { queueDepositEmails } from "~/features/mail/booking-emails.server";
import type { RemoteIntent } from "~/features/payments/contracts";
import { appendLedger } from "~/features/payouts/ledger.server";
import type { Db, Tx } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { formatMinor, parseMinor } from "~/lib/money";
import type { Translate } from "~/features/i18n/translate";
import { claimTooHigh, DEPOSIT_MESSAGES, MAX_CLAIM_DESCRIPTION, MAX_CLAIM_PHOTOS } from "./deposit-rules";
import { isUuid } from "~/lib/uuid";
import { lockBooking, recordProviderCall, refusal, runTransition, type BookingRecord } from "./process.server";
import { performProviderCalls } from "./provider-calls.server";

/**
 * Security deposits and damage claims (issue #28 point 2; docs/decisions/0283-security-deposits.md,
 * 0284-deposit-claims-and-their-money.md). A deposit is its own provider intent (manual
 * capture, purpose 'deposit') beside the booking's payment, authorised off-session with the
 * card the payment saved; its transitions are the booking process's (process.ts), the booking
 * keeping its state. Provider calls are recorded in the transaction of the change and made
 * after its commit (provider-calls.server.ts hands a deposit call's answer to `applyDepositAnswer`).
 * Lock order: the booking, then its deposit, then its claim (then calls and payouts).
 */
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** A start at most this far away: the deposit is authorised at confirmation. */
export const AUTHORISE_AT_BOOKING_WITHIN_MS = 6 * DAY;
/** Otherwise it is authorised this long before the start. */
export const AUTHORISE_BEFORE_START_MS = 2 * DAY;
/** The guest's time to accept or dispute a claim. */
export const CLAIM_ANSWER_MS = 72 * HOUR;
/** How long card networks keep an authorisation: after it, a claim is a new off-session charge. */
export const AUTHORISATION_LIFETIME_MS = 7 * DAY;
export const releaseDelayMs = () => env().DEPOSIT_RELEASE_DAYS * DAY;

/** When a deposit is authorised: at once when the start is at most 6 days away, else 2 days before it. */
export function authoriseAtFor(start: Date, now: Date): Date {
  return start.getTime() - now.getTime() <= AUTHORISE_AT_BOOKING_WITHIN_MS ? now : new Date(start.getTime() - AUTHORISE_BEFORE_START_MS);
}

type Deposit = typeof bookingDeposits.$inferSelect;
type Claim = typeof depositClaims.$inferSelect;

async function lockDeposit(tx: Tx, bookingId: string): Promise<Deposit | null> {
  const [row] = await tx.select().from(bookingDeposits).where(eq(bookingDeposits.bookingId, bookingId)).for("update");
  return row ?? null;
}

async function lockClaim(tx: Tx, bookingId: string): Promise<Claim | null> {
  const [row] = await tx.select().from(depositClaims).where(eq(depositClaims.bookingId, bookingId)).for("update");
  return row ?? null;
}

/**
 * At confirmation (the `confirm` transition's transaction): a listing that requires a deposit
 * gets the booking's deposit row, amount and currency copied from the listing now. A start at
 * most 6 days away is authorised at once (`authorise_deposit`); the returned calls are made
 * after the commit.
 */
export async function scheduleDeposit(tx: Tx, booking: BookingRecord, now: Date): Promise<string[]> {
  const [space] = await tx.select({ required: spaces.depositRequired, amount: spaces.depositAmount }).from(spaces).where(eq(spaces.id, booking.spaceId));
  if (!space?.required || space.amount <= 0) return [];
  const [card] = await tx
    .select({ paymentMethodId: localPaymentIntents.paymentMethodId })
    .from(localPaymentIntents)
    .where(and(eq(localPaymentIntents.bookingId, booking.id), eq(localPaymentIntents.purpose, "payment")));
  const [deposit] = await tx
    .insert(bookingDeposits)
    .values({
      bookingId: booking.id,
      amount: space.amount,
      currency: booking.currency,
      authoriseAt: authoriseAtFor(booking.startTime, now),
      releaseAt: new Date(booking.endTime.getTime() + releaseDelayMs()),
      paymentMethodId: card?.paymentMethodId ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: bookingDeposits.bookingId })
    .returning();
  if (!deposit || deposit.authoriseAt.getTime() > now.getTime()) return [];
  const call = await recordAuthorise(tx, { ...booking, status: "confirmed" }, deposit, now);
  return call ? [call] : [];
}

/**
 * In the `reschedule` transaction (the booking locked, its new times written; ADR 0290): the
 * deposit follows the new times as if the booking had been confirmed now for them. Release
 * is DEPOSIT_RELEASE_DAYS after the new end. A deposit still scheduled is authorised at the
 * new `authoriseAtFor` (at once when the new start is at most 6 days away: the call is
 * returned, made after the commit). A deposit already held keeps its hold when that hold
 * still stands at the new start (card networks keep an authorisation 7 days); otherwise the
 * hold is let go (cancel_intent, recorded here) and the deposit is scheduled again, so the
 * job authorises it 2 days before the new start. Returns the calls to make after the commit.
 */
export async function followRescheduledBooking(tx: Tx, booking: BookingRecord, moved: { start: Date; end: Date }, now: Date): Promise<string[]> {
  const deposit = await lockDeposit(tx, booking.id);
  if (!deposit) return [];
  const releaseAt = new Date(moved.end.getTime() + releaseDelayMs());
  const authoriseAt = authoriseAtFor(moved.start, now);
  if (deposit.status === "authorised") {
    const stands = deposit.authorisedAt !== null && deposit.authorisedAt.getTime() + AUTHORISATION_LIFETIME_MS > moved.start.getTime();
    if (stands || deposit.callId || !deposit.intentId) {
      await tx.update(bookingDeposits).set({ releaseAt, updatedAt: now }).where(eq(bookingDeposits.id, deposit.id));
      return [];
    }
    const call = await recordProviderCall(tx, { bookingId: booking.id, kind: "cancel_intent", amount: 0, currency: deposit.currency, intentId: deposit.intentId, reason: "reschedule", purpose: "deposit", now });
    await tx
      .update(bookingDeposits)
      .set({ status: "scheduled", authoriseAt, releaseAt, intentId: null, authorisedAt: null, callId: call, updatedAt: now })
      .where(eq(bookingDeposits.id, deposit.id));
    return [call];
  }
  if (deposit.status !== "scheduled") {
    // Failed (the host may cancel): the dates follow, nothing is asked of the card.
    await tx.update(bookingDeposits).set({ authoriseAt, releaseAt, updatedAt: now }).where(eq(bookingDeposits.id, deposit.id));
    return [];
  }
  const scheduled = { ...deposit, authoriseAt, releaseAt };
  await tx.update(bookingDeposits).set({ authoriseAt, releaseAt, updatedAt: now }).where(eq(bookingDeposits.id, deposit.id));
  // An authorisation already on its way is answered as usual; otherwise a near start is authorised now.
  if (deposit.callId || authoriseAt.getTime() > now.getTime()) return [];
  const call = await recordAuthorise(tx, booking, scheduled, now);
  return call ? [call] : [];
}

/**
 * In the `replace` transaction (a paid change of length, ADR 0205, 0290): the replaced
 * booking's deposit is let go at once — the new booking's own deposit is scheduled from its
 * new times in the same transaction (`scheduleDeposit`), so the card never carries both for
 * longer than the calls take. A deposit with an authorisation still on its way is released
 * by the `deposits` job once that is answered. Returns the calls to make after the commit.
 */
export async function releaseReplacedDeposit(tx: Tx, booking: BookingRecord, now: Date): Promise<string[]> {
  const deposit = await lockDeposit(tx, booking.id);
  if (!deposit || deposit.callId || (deposit.status !== "scheduled" && deposit.status !== "authorised")) return [];
  const call = await recordRelease(tx, booking, deposit, now);
  return call ? [call] : [];
}

/** `authorise_deposit`: the off-session authorisation's call, or the deposit failed when no card was saved. */
async function recordAuthorise(tx: Tx, booking: BookingRecord, deposit: Deposit, now: Date): Promise<string | null> {
  const done = await runTransition(tx, booking, "authorise_deposit", now, async () => {
    if (deposit.status !== "scheduled" || deposit.callId) return refusal("not_allowed", DEPOSIT_MESSAGES.notOpen);
    if (!deposit.paymentMethodId) {
      await tx.update(bookingDeposits).set({ status: "failed", failureMessage: "No card was saved with the booking's payment.", updatedAt: now }).where(eq(bookingDeposits.id, deposit.id));
      await queueDepositEmails(tx, booking.id, "failed", { deposit: deposit.amount }, now);
      return { call: null };
    }
    const call = await recordProviderCall(tx, { bookingId: booking.id, kind: "create_intent", amount: deposit.amount, currency: deposit.currency, intentId: null, reason: "authorise_deposit", purpose: "deposit", now });
    await tx.update(bookingDeposits).set({ callId: call, updatedAt: now }).where(eq(bookingDeposits.id, deposit.id));
    return { call };
  });
  return done.ok ? done.call : null;
}

/** `release_deposit`: the hold is let go (cancel_intent); a deposit never authorised is just released. */
async function recordRelease(tx: Tx, booking: BookingRecord, deposit: Deposit, now: Date): Promise<string | null> {
  const done = await runTransition(tx, booking, "release_deposit", now, async () => {
    if (deposit.status !== "authorised" && deposit.status !== "scheduled") return refusal("not_allowed", DEPOSIT_MESSAGES.released);
    let call: string | null = null;
    if (deposit.status === "authorised" && deposit.intentId) {
      call = await recordProviderCall(tx, { bookingId: booking.id, kind: "cancel_intent", amount: 0, currency: deposit.currency, intentId: deposit.intentId, reason: "release_deposit", purpose: "deposit", now });
      await queueDepositEmails(tx, booking.id, "released", { deposit: deposit.amount }, now);
    }
    await tx.update(bookingDeposits).set({ status: "released", releasedAt: now, callId: call, updatedAt: now }).where(eq(bookingDeposits.id, deposit.id));
    return { call };
  });
  return done.ok ? done.call : null;
}

/**
 * `capture_claim`: the accepted or decided amount is taken from the deposit (capture_intent,
 * the rest let go); an authorisation older than 7 days has lapsed, so the amount is a new
 * off-session charge of the saved card instead. Nothing to take (0): the deposit is released.
 */
async function recordCapture(tx: Tx, booking: BookingRecord, deposit: Deposit, claim: Claim, amount: number, now: Date): Promise<string | null> {
  if (amount === 0) {
    await tx.update(depositClaims).set({ updatedAt: now }).where(eq(depositClaims.id, claim.id));
    return recordRelease(tx, booking, { ...deposit, status: "authorised" }, now);
  }
  const done = await runTransition(tx, booking, "capture_claim", now, async () => {
    if (deposit.status !== "claimed" || claim.capturedAmount > 0) return refusal("not_allowed", DEPOSIT_MESSAGES.notOpen);
    const lapsed = !deposit.authorisedAt || now.getTime() - deposit.authorisedAt.getTime() >= AUTHORISATION_LIFETIME_MS;
    const call = lapsed
      ? await recordProviderCall(tx, { bookingId: booking.id, kind: "create_intent", amount, currency: deposit.currency, intentId: null, reason: "capture_claim", purpose: "deposit", now })
      : await recordProviderCall(tx, { bookingId: booking.id, kind: "capture_intent", amount, currency: deposit.currency, intentId: deposit.intentId, reason: "capture_claim", purpose: "deposit", now });
    await tx.update(bookingDeposits).set({ callId: call, updatedAt: now }).where(eq(bookingDeposits.id, deposit.id));
    return { call };
  });
  return done.ok ? done.call : null;
}

/**
 * A deposit call's answer, in provider-calls' recording transaction (booking locked): the
 * deposit and its claim follow, with the ledger and the claim's payout. Returns calls it recorded.
 */
export async function applyDepositAnswer(tx: Tx, booking: BookingRecord, call: { id: string; kind: string; reason?: string | null; amount: number }, intent: RemoteIntent, now: Date): Promise<string[]> {
  const deposit = await lockDeposit(tx, booking.id);
  if (!deposit) return [];
  await mirrorDepositIntent(tx, booking, intent, now);
  if (call.reason === "authorise_deposit") {
    if (intent.status === "requires_capture" && deposit.status === "scheduled") {
      await tx.update(bookingDeposits).set({ status: "authorised", intentId: intent.id, authorisedAt: now, callId: null, updatedAt: now }).where(eq(bookingDeposits.id, deposit.id));
      await queueDepositEmails(tx, booking.id, "held", { deposit: deposit.amount }, now);
      // Cancelled meanwhile: the hold is let go at once.
      if (booking.status === "cancelled") {
        const release = await recordRelease(tx, booking, { ...deposit, status: "authorised", intentId: intent.id }, now);
        return release ? [release] : [];
      }
      return [];
    }
    if (deposit.status === "scheduled") await markFailed(tx, booking, deposit, intent.lastErrorMessage ?? "The card declined the deposit.", now);
    return [];
  }
  if (call.reason === "capture_claim") {
    const claim = await lockClaim(tx, booking.id);
    if (!claim || claim.capturedAmount > 0) return [];
    if (intent.status !== "succeeded") {
      // A declined charge of a lapsed authorisation: the claim stays accepted/decided and unpaid, for a person (money:check names it).
      await tx.update(bookingDeposits).set({ callId: null, failureMessage: intent.lastErrorMessage ?? "The claim could not be charged.", updatedAt: now }).where(eq(bookingDeposits.id, deposit.id));
      return [];
    }
    const captured = Math.min(intent.amount, call.amount);
    const [space] = await tx.select({ hostId: spaces.userId }).from(spaces).where(eq(spaces.id, booking.spaceId));
    const [payout] = await tx
      .insert(payouts)
      .values({ bookingId: booking.id, hostId: space!.hostId, kind: "claim", amount: captured, currency: deposit.currency, status: "scheduled", releaseAt: now, createdAt: now, updatedAt: now })
      .onConflictDoNothing({ target: [payouts.bookingId, payouts.kind] })
      .returning({ id: payouts.id });
    await appendLedger(tx, [{ bookingId: booking.id, kind: "deposit_capture", amount: captured, currency: deposit.currency, key: `deposit_capture:${claim.id}`, providerReference: intent.id }], now);
    await tx.update(depositClaims).set({ capturedAmount: captured, capturedAt: now, payoutId: payout?.id ?? null, updatedAt: now }).where(eq(depositClaims.id, claim.id));
    await tx.update(bookingDeposits).set({ status: "captured", capturedAmount: captured, intentId: intent.id, callId: null, updatedAt: now }).where(eq(bookingDeposits.id, deposit.id));
    return [];
  }
  // release_deposit's cancel: nothing more moves.
  await tx.update(bookingDeposits).set({ callId: null, updatedAt: now }).where(and(eq(bookingDeposits.id, deposit.id), eq(bookingDeposits.callId, call.id)));
  return [];
}

/** A refusal for good of a deposit call (provider-calls' recordFailure). */
export async function depositCallFailed(tx: Tx, booking: BookingRecord, call: { id: string; reason?: string | null }, message: string, now: Date) {
  const deposit = await lockDeposit(tx, booking.id);
  if (!deposit) return;
  if (call.reason === "authorise_deposit" && deposit.status === "scheduled") return markFailed(tx, booking, deposit, message, now);
  await tx.update(bookingDeposits).set({ callId: null, failureMessage: message.slice(0, 500), updatedAt: now }).where(eq(bookingDeposits.id, deposit.id));
}

async function markFailed(tx: Tx, booking: BookingRecord, deposit: Deposit, message: string, now: Date) {
  await tx.update(bookingDeposits).set({ status: "failed", failureMessage: message.slice(0, 500), callId: null, updatedAt: now }).where(eq(bookingDeposits.id, deposit.id));
  await queueDepositEmails(tx, booking.id, "failed", { deposit: deposit.amount }, now);
}

/** Stripe's deposit intents are mirrored with purpose 'deposit' (the local processor's row is its own). */
async function mirrorDepositIntent(tx: Tx, booking: BookingRecord, intent: RemoteIntent, now: Date) {
  if (env().PAYMENT_PROVIDER === "local") return;
  await tx
    .insert(localPaymentIntents)
    .values({ id: intent.id, provider: "stripe", clientSecret: intent.clientSecret, bookingId: booking.id, userId: booking.userId, amount: intent.amount, currency: intent.currency, status: intent.status, latestCharge: intent.latestCharge, purpose: "deposit", createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: localPaymentIntents.id, set: { status: intent.status, amount: intent.amount, latestCharge: intent.latestCharge, updatedAt: now } });
}

// ---------------------------------------------------------------------------------------------
// The host's claim, the guest's answer, the admin's decision.

export type ClaimFields = "amount" | "description" | "photos";
export type ClaimResult = { ok: true; claimId: string } | { ok: false; status: 403 | 404 | 409 | 422; error: string; fields?: Partial<Record<ClaimFields, string>> };

/** Form text ("120", "120.50", "120,50") as minor units of `currency`; null when it is no amount. */
function amountOf(value: unknown, currency: string): number | null {
  if (typeof value !== "string" && typeof value !== "number") return null;
  return parseMinor(String(value).trim().replace(",", "."), currency);
}

/** `claim_deposit`: the host's claim (amount 1..deposit, description, ≤ 6 photos of theirs). */
export async function openClaim(
  db: Db,
  input: { userId: string; bookingId: string; amount: unknown; description: unknown; photos: unknown; now: Date; /** The request's language and locale, for the refusal that names the deposit; English when left out. */ translate?: Translate; locale?: string },
): Promise<ClaimResult> {
  if (!isUuid(input.bookingId)) return { ok: false, status: 404, error: DEPOSIT_MESSAGES.notFound };
  const photos = Array.isArray(input.photos) ? input.photos.filter((p): p is string => typeof p === "string" && p.length > 0) : [];
  const description = typeof input.description === "string" ? input.description.trim() : "";
  const result = await db.transaction(async (tx): Promise<ClaimResult & { calls?: string[] }> => {
    const booking = await lockBooking(tx, input.bookingId);
    if (!booking) return { ok: false, status: 404, error: DEPOSIT_MESSAGES.notFound };
    const [space] = await tx.select({ hostId: spaces.userId }).from(spaces).where(eq(spaces.id, booking.spaceId));
    if (space?.hostId !== input.userId) return { ok: false, status: 403, error: DEPOSIT_MESSAGES.notHost };
    const deposit = await lockDeposit(tx, booking.id);
    if (!deposit) return { ok: false, status: 404, error: DEPOSIT_MESSAGES.notFound };
    if (await lockClaim(tx, booking.id)) return { ok: false, status: 409, error: DEPOSIT_MESSAGES.alreadyClaimed };
    if (deposit.status === "released") return { ok: false, status: 409, error: DEPOSIT_MESSAGES.released };
    if (booking.endTime.getTime() > input.now.getTime()) return { ok: false, status: 409, error: DEPOSIT_MESSAGES.notEnded };
    if (deposit.status !== "authorised") return { ok: false, status: 409, error: DEPOSIT_MESSAGES.notHeld };
    const fields: Partial<Record<ClaimFields, string>> = {};
    const amount = amountOf(input.amount, deposit.currency);
    if (input.amount === undefined || input.amount === null || String(input.amount).trim() === "") fields.amount = DEPOSIT_MESSAGES.amountRequired;
    else if (amount === null) fields.amount = DEPOSIT_MESSAGES.amountInvalid;
    else if (amount <= 0) fields.amount = DEPOSIT_MESSAGES.amountTooSmall;
    else if (amount > deposit.amount) fields.amount = claimTooHigh(deposit.amount, deposit.currency, input.translate, input.locale);
    if (!description) fields.description = DEPOSIT_MESSAGES.descriptionRequired;
    else if (description.length > MAX_CLAIM_DESCRIPTION) fields.description = DEPOSIT_MESSAGES.descriptionTooLong;
    if (photos.length > MAX_CLAIM_PHOTOS) fields.photos = DEPOSIT_MESSAGES.tooManyPhotos;
    else if (photos.length > 0 && !(await ownUploads(tx, input.userId, photos))) fields.photos = DEPOSIT_MESSAGES.badPhoto;
    if (Object.keys(fields).length > 0) return { ok: false, status: 422, error: Object.values(fields)[0]!, fields };
    const done = await runTransition(tx, booking, "claim_deposit", input.now, async () => {
      const answerBy = new Date(input.now.getTime() + CLAIM_ANSWER_MS);
      const [claim] = await tx
        .insert(depositClaims)
        .values({ depositId: deposit.id, bookingId: booking.id, amount: amount!, currency: deposit.currency, description, photos, guestAnswerBy: answerBy, createdAt: input.now, updatedAt: input.now })
        .returning({ id: depositClaims.id });
      await tx.update(bookingDeposits).set({ status: "claimed", updatedAt: input.now }).where(eq(bookingDeposits.id, deposit.id));
      await queueDepositEmails(tx, booking.id, "claim_opened", { deposit: deposit.amount, claim: amount!, answerBy }, input.now);
      return { claimId: claim!.id };
    });
    if (!done.ok) return { ok: false, status: 409, error: done.error };
    return { ok: true, claimId: done.claimId };
  });
  return result;
}

/** Photos are uploads of the claimant, through the media pipeline (its quotas applied at upload). */
async function ownUploads(tx: Tx, userId: string, urls: string[]): Promise<boolean> {
  if (new Set(urls).size !== urls.length || urls.some((url) => url.length > 500)) return false;
  const rows = await tx
    .select({ url: mediaUploads.url })
    .from(mediaUploads)
    .where(and(eq(mediaUploads.userId, userId), eq(mediaUploads.kind, "image"), inArray(mediaUploads.url, urls)));
  return new Set(rows.map((row) => row.url)).size === urls.length;
}

export type AnswerResult = { ok: true } | { ok: false; status: 403 | 404 | 409; error: string };

/** `accept_claim` (guest) or `dispute_claim` (guest, within 72 h). */
export async function answerClaim(db: Db, input: { userId: string; bookingId: string; answer: "accept" | "dispute"; now: Date }): Promise<AnswerResult> {
  if (!isUuid(input.bookingId)) return { ok: false, status: 404, error: DEPOSIT_MESSAGES.notFound };
  const result = await db.transaction(async (tx): Promise<AnswerResult & { calls?: string[] }> => {
    const booking = await lockBooking(tx, input.bookingId);
    if (!booking) return { ok: false, status: 404, error: DEPOSIT_MESSAGES.notFound };
    if (booking.userId !== input.userId) return { ok: false, status: 403, error: DEPOSIT_MESSAGES.notGuest };
    const deposit = await lockDeposit(tx, booking.id);
    const claim = await lockClaim(tx, booking.id);
    if (!deposit || !claim) return { ok: false, status: 404, error: DEPOSIT_MESSAGES.notFound };
    if (claim.status !== "open") return { ok: false, status: 409, error: DEPOSIT_MESSAGES.notOpen };
    if (claim.guestAnswerBy.getTime() <= input.now.getTime()) return { ok: false, status: 409, error: DEPOSIT_MESSAGES.answerLate };
    if (input.answer === "accept") {
      const calls = await acceptClaim(tx, booking, deposit, claim, "guest", input.now);
      return calls ? { ok: true, calls } : { ok: false, status: 409, error: DEPOSIT_MESSAGES.notOpen };
    }
    const done = await runTransition(tx, booking, "dispute_claim", input.now, async () => {
      await tx.update(depositClaims).set({ status: "disputed", answeredAt: input.now, updatedAt: input.now }).where(eq(depositClaims.id, claim.id));
      await queueDepositEmails(tx, booking.id, "claim_disputed", { deposit: deposit.amount, claim: claim.amount }, input.now);
      return {};
    });
    return done.ok ? { ok: true } : { ok: false, status: 409, error: done.error };
  });
  if (result.ok && result.calls) await performProviderCalls(db, result.calls, input.now);
  return result.ok ? { ok: true } : result;
}

async function acceptClaim(tx: Tx, booking: BookingRecord, deposit: Deposit, claim: Claim, by: "guest" | "clock", now: Date): Promise<string[] | null> {
  const calls: string[] = [];
  const done = await runTransition(tx, booking, "accept_claim", now, async () => {
    await tx.update(depositClaims).set({ status: "accepted", acceptedBy: by, answeredAt: now, updatedAt: now }).where(eq(depositClaims.id, claim.id));
    await queueDepositEmails(tx, booking.id, "claim_accepted", { deposit: deposit.amount, claim: claim.amount }, now);
    const call = await recordCapture(tx, booking, deposit, claim, claim.amount, now);
    if (call) calls.push(call);
    return {};
  });
  return done.ok ? calls : null;
}

export type DecideResult = { ok: true } | { ok: false; status: 404 | 409 | 422; error: string; fields?: Partial<Record<"amount" | "note", string>> };

/** `decide_claim`: an admin's amount (0..claim) and note on a disputed claim, logged. */
export async function decideClaim(db: Db, input: { adminId: string; claimId: string; amount: unknown; note: unknown; now: Date }): Promise<DecideResult> {
  if (!isUuid(input.claimId)) return { ok: false, status: 404, error: DEPOSIT_MESSAGES.notFound };
  const [found] = await db.select({ bookingId: depositClaims.bookingId }).from(depositClaims).where(eq(depositClaims.id, input.claimId));
  if (!found) return { ok: false, status: 404, error: DEPOSIT_MESSAGES.notFound };
  const note = typeof input.note === "string" ? input.note.trim() : "";
  const result = await db.transaction(async (tx): Promise<DecideResult & { calls?: string[] }> => {
    const booking = await lockBooking(tx, found.bookingId);
    const deposit = booking ? await lockDeposit(tx, booking.id) : null;
    const claim = booking ? await lockClaim(tx, booking.id) : null;
    if (!booking || !deposit || !claim) return { ok: false, status: 404, error: DEPOSIT_MESSAGES.notFound };
    if (claim.status !== "disputed") return { ok: false, status: 409, error: DEPOSIT_MESSAGES.notDisputed };
    const fields: Partial<Record<"amount" | "note", string>> = {};
    const amount = amountOf(input.amount, claim.currency);
    if (amount === null || amount < 0 || amount > claim.amount) fields.amount = `${DEPOSIT_MESSAGES.decisionAmount} (${formatMinor(claim.amount, claim.currency)}).`;
    if (!note) fields.note = DEPOSIT_MESSAGES.noteRequired;
    else if (note.length > MAX_CLAIM_DESCRIPTION) fields.note = DEPOSIT_MESSAGES.descriptionTooLong;
    if (Object.keys(fields).length > 0) return { ok: false, status: 422, error: Object.values(fields)[0]!, fields };
    const calls: string[] = [];
    const done = await runTransition(tx, booking, "decide_claim", input.now, async () => {
      await tx.update(depositClaims).set({ status: "decided", decidedAmount: amount!, decidedBy: input.adminId, decisionNote: note, updatedAt: input.now }).where(eq(depositClaims.id, claim.id));
      await tx.insert(adminActions).values({ adminId: input.adminId, action: "decide_claim", targetType: "booking", targetId: booking.id, targetLabel: `Claim of ${formatMinor(claim.amount, claim.currency)}: ${formatMinor(amount!, claim.currency)} decided`, reason: note, createdAt: input.now });
      await queueDepositEmails(tx, booking.id, "claim_decided", { deposit: deposit.amount, claim: claim.amount, decided: amount!, note }, input.now);
      const call = await recordCapture(tx, booking, deposit, claim, amount!, input.now);
      if (call) calls.push(call);
      return {};
    });
    return done.ok ? { ok: true, calls } : { ok: false, status: 409, error: done.error };
  });
  if (result.ok && result.calls) await performProviderCalls(db, result.calls, input.now);
  return result.ok ? { ok: true } : result;
}

// ---------------------------------------------------------------------------------------------
// The clock: the `deposits` job.

const SWEEP_BATCH = 100;

/**
 * The `deposits` job: scheduled deposits whose time came are authorised; deposits whose
 * booking was cancelled, or whose release time passed with no claim, are released; open
 * claims past their 72 hours are accepted. Each row is taken with SKIP LOCKED (a second
 * worker takes others) and moved in its own transaction, booking locked first; the calls
 * are made after the commits.
 */
export async function runDepositSweeps(db: Db, now: Date, limit = SWEEP_BATCH) {
  const at = now.toISOString();
  const run = { authorised: 0, released: 0, accepted: 0 };
  const calls: string[] = [];
  const due = await db.execute<{ booking_id: string; job: "authorise" | "release" | "accept" }>(sql`
    select d.booking_id, case when d.status = 'scheduled' and b.status = 'confirmed' then 'authorise' else 'release' end as job
      from ${bookingDeposits} d join ${bookings} b on b.id = d.booking_id
     where d.call_id is null and (
           (d.status = 'scheduled' and (b.status in ('cancelled', 'expired') or (b.status = 'confirmed' and d.authorise_at <= ${at}::timestamptz)))
        or (d.status = 'authorised' and (b.status = 'cancelled' or d.release_at <= ${at}::timestamptz)))
    union all
    select c.booking_id, 'accept' from ${depositClaims} c where c.status = 'open' and c.guest_answer_by <= ${at}::timestamptz
     limit ${limit}`);
  for (const row of due.rows) {
    const made = await db.transaction(async (tx) => {
      // The booking first (the lock order), then the rows the sweep found, skipped when another worker has them.
      const booking = await lockBooking(tx, row.booking_id);
      if (!booking) return null;
      const [deposit] = await tx.select().from(bookingDeposits).where(eq(bookingDeposits.bookingId, booking.id)).for("update", { skipLocked: true });
      if (!deposit) return null;
      if (row.job === "accept") {
        const [claim] = await tx.select().from(depositClaims).where(eq(depositClaims.bookingId, booking.id)).for("update", { skipLocked: true });
        if (!claim || claim.status !== "open" || claim.guestAnswerBy.getTime() > now.getTime()) return null;
        const accepted = await acceptClaim(tx, booking, deposit, claim, "clock", now);
        if (accepted) run.accepted++;
        return accepted;
      }
      if (deposit.callId) return null;
      if (row.job === "authorise") {
        if (deposit.status !== "scheduled" || booking.status !== "confirmed" || deposit.authoriseAt.getTime() > now.getTime()) return null;
        const call = await recordAuthorise(tx, booking, deposit, now);
        run.authorised++;
        return call ? [call] : [];
      }
      const claimed = await tx.select({ id: depositClaims.id }).from(depositClaims).where(eq(depositClaims.bookingId, booking.id));
      if (claimed.length > 0) return null;
      const cancelled = booking.status === "cancelled" || booking.status === "expired";
      if (!(deposit.status === "scheduled" && cancelled) && !(deposit.status === "authorised" && (cancelled || deposit.releaseAt.getTime() <= now.getTime()))) return null;
      const call = await recordRelease(tx, booking, deposit, now);
      run.released++;
      return call ? [call] : [];
    });
    if (made) calls.push(...made);
  }
  await performProviderCalls(db, calls, now);
  return run;
}

// ---------------------------------------------------------------------------------------------
// Views.

export type DepositView = {
  amount: number;
  currency: string;
  status: Deposit["status"];
  authoriseAt: string;
  releaseAt: string;
  failureMessage: string | null;
  claim: null | {
    id: string;
    amount: number;
    description: string;
    photos: string[];
    status: Claim["status"];
    guestAnswerBy: string;
    acceptedBy: string | null;
    decidedAmount: number | null;
    decisionNote: string | null;
    capturedAmount: number;
  };
  /** The host may open a claim now. */
  canClaim: boolean;
  /** The guest may accept or dispute now. */
  canAnswer: boolean;
};

export async function loadDepositView(db: Db, input: { bookingId: string; role: "guest" | "host"; endTime: Date; now: Date }): Promise<DepositView | null> {
  const [deposit] = await db.select().from(bookingDeposits).where(eq(bookingDeposits.bookingId, input.bookingId));
  if (!deposit) return null;
  const [claim] = await db.select().from(depositClaims).where(eq(depositClaims.bookingId, input.bookingId));
  return {
    amount: deposit.amount,
    currency: deposit.currency,
    status: deposit.status,
    authoriseAt: deposit.authoriseAt.toISOString(),
    releaseAt: deposit.releaseAt.toISOString(),
    failureMessage: deposit.failureMessage,
    claim: claim
      ? {
          id: claim.id,
          amount: claim.amount,
          description: claim.description,
          photos: claim.photos,
          status: claim.status,
          guestAnswerBy: claim.guestAnswerBy.toISOString(),
          acceptedBy: claim.acceptedBy,
          decidedAmount: claim.decidedAmount,
          decisionNote: claim.decisionNote,
          capturedAmount: claim.capturedAmount,
        }
      : null,
    canClaim: input.role === "host" && !claim && deposit.status === "authorised" && input.endTime.getTime() <= input.now.getTime(),
    canAnswer: input.role === "guest" && claim?.status === "open" && claim.guestAnswerBy.getTime() > input.now.getTime(),
  };
}

/** /admin's "Disputed claims": oldest first. */
export async function listDisputedClaims(db: Db, limit = 50) {
  return db
    .select({
      id: depositClaims.id,
      bookingId: depositClaims.bookingId,
      amount: depositClaims.amount,
      currency: depositClaims.currency,
      description: depositClaims.description,
      photos: depositClaims.photos,
      createdAt: depositClaims.createdAt,
      deposit: bookingDeposits.amount,
      spaceTitle: spaces.title,
    })
    .from(depositClaims)
    .innerJoin(bookingDeposits, eq(bookingDeposits.id, depositClaims.depositId))
    .innerJoin(bookings, eq(bookings.id, depositClaims.bookingId))
    .innerJoin(spaces, eq(spaces.id, bookings.spaceId))
    .where(eq(depositClaims.status, "disputed"))
    .orderBy(depositClaims.createdAt)
    .limit(limit);
}

/** The host dashboard's open deposits and claims: held or claimed deposits and claims not yet paid. */
export async function listHostDeposits(db: Db, hostId: string, limit = 20) {
  return db
    .select({
      bookingId: bookingDeposits.bookingId,
      amount: bookingDeposits.amount,
      currency: bookingDeposits.currency,
      status: bookingDeposits.status,
      releaseAt: bookingDeposits.releaseAt,
      claimStatus: depositClaims.status,
      claimAmount: depositClaims.amount,
      spaceTitle: spaces.title,
    })
    .from(bookingDeposits)
    .innerJoin(bookings, eq(bookings.id, bookingDeposits.bookingId))
    .innerJoin(spaces, eq(spaces.id, bookings.spaceId))
    .leftJoin(depositClaims, eq(depositClaims.depositId, bookingDeposits.id))
    .where(and(eq(bookings.hostId, hostId), sql`${bookingDeposits.status} in ('scheduled', 'authorised', 'claimed', 'failed')`))
    .orderBy(bookingDeposits.releaseAt)
    .limit(limit);
}
