import { and, eq, gt, sql } from "drizzle-orm";
import { bookings, idempotencyKeys, providerCalls, spaceAvailability } from "~/db/schema/bookings";
import { queueBookingConfirmedEmails, queueLatePaymentRefundedEmail, queuePaymentFailedEmail } from "~/features/mail/booking-emails.server";
import { recordBookingConfirmed, recordLateCharge } from "~/features/payouts/ledger.server";
import type { Tx } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import { ledgerEntries } from "~/db/schema/payouts";
import type { Intent } from "./intent-mirror.server";
import { replaceBooking } from "./cancellation-effects.server";
import { scheduleDeposit } from "./deposits.server";
import { recordRefundMadeElsewhere } from "./provider-events.server";
import { recordProviderCall, runTransition, type BookingRecord } from "./process.server";
import { authoriseRequest } from "./requests.server";

/**
 * What a payment's state means for its booking (issue #25): the transitions `confirm`,
 * `refund_late_payment`, `extend_hold` and `payment_failed` of the booking process, and
 * `abandon` when the intent could not be made. Run in the caller's transaction with the
 * booking and then the intent locked (the lock order); the provider calls they record
 * are returned for the caller to perform after its commit.
 */
export const PROCESSING_HOLD_MS = 7 * 24 * 3_600_000;

export async function settleIntent(tx: Tx, booking: BookingRecord, intent: Intent, now: Date): Promise<string[]> {
  if (intent.bookingId !== booking.id) throw new Error(`Intent ${intent.id} is not booking ${booking.id}'s`);
  if (intent.status === "succeeded") return settlePaid(tx, booking, intent, now);
  // A request to book (ADR 0280): the card is authorised, the host answers.
  if (intent.status === "requires_capture" && booking.status === "pending_payment") return authoriseRequest(tx, booking, intent, now);
  if (intent.status === "processing" && booking.status === "pending_payment") {
    await runTransition(tx, booking, "extend_hold", now, async () => {
      // A delayed payment keeps its slot until it is decided, at most 7 days and never past the start.
      const until = new Date(Math.min(booking.startTime.getTime(), now.getTime() + PROCESSING_HOLD_MS));
      await tx.update(spaceAvailability).set({ expiresAt: until }).where(and(eq(spaceAvailability.bookingId, booking.id), eq(spaceAvailability.kind, "hold"), gt(spaceAvailability.expiresAt, now)));
      await tx.update(bookings).set({ holdExpiresAt: until, updatedAt: now }).where(and(eq(bookings.id, booking.id), gt(bookings.holdExpiresAt, now)));
      return {};
    });
  }
  if (intent.status === "requires_payment_method" && intent.lastErrorMessage && booking.status === "pending_payment") {
    await runTransition(tx, booking, "payment_failed", now, async () => {
      await queuePaymentFailedEmail(tx, booking.id, intent.lastErrorMessage, now);
      return {};
    });
  }
  return [];
}

/**
 * A succeeded payment: the booking is confirmed when its hold is live and it has not
 * started; otherwise (the hold lapsed or was replaced, the start passed) the payment is
 * refunded in full and the booking ends expired, never confirmed. Once decided, a
 * repeat (a reload, a webhook again) changes nothing.
 */
async function settlePaid(tx: Tx, booking: BookingRecord, intent: Intent, now: Date): Promise<string[]> {
  // An accepted request's capture (ADR 0280): the host answered in time, so the booking is
  // confirmed with its held slot, whatever the clock says now (the capture may be retried late).
  if (booking.status === "requested") {
    const [held] = await tx.select({ id: spaceAvailability.id }).from(spaceAvailability).where(and(eq(spaceAvailability.bookingId, booking.id), eq(spaceAvailability.kind, "hold")));
    return confirmPaid(tx, booking, intent, held ?? null, "accept", now);
  }
  if (booking.status === "pending_payment" && booking.startTime.getTime() > now.getTime()) {
    const [live] = await tx
      .select({ id: spaceAvailability.id })
      .from(spaceAvailability)
      .where(and(eq(spaceAvailability.bookingId, booking.id), eq(spaceAvailability.kind, "hold"), gt(spaceAvailability.expiresAt, now)));
    if (live) return confirmPaid(tx, booking, intent, live, "confirm", now);
  }
  if ((booking.status !== "pending_payment" && booking.status !== "expired") || booking.endedReason === "late_payment") return [];
  const calls: string[] = [];
  await runTransition(tx, booking, "refund_late_payment", now, async () => {
    await tx.delete(spaceAvailability).where(eq(spaceAvailability.bookingId, booking.id));
    await recordLateCharge(tx, { booking, chargeReference: intent.id, now });
    const refundable = intent.amount - intent.amountRefunded;
    if (refundable > 0) {
      calls.push(await recordProviderCall(tx, { bookingId: booking.id, kind: "refund", amount: refundable, currency: intent.currency, intentId: intent.id, reason: "refund_late_payment", now }));
    }
    // The guest gets everything back: what a refund made elsewhere already returned, and the rest now.
    await tx
      .update(bookings)
      .set({ endedReason: "late_payment", refundAmount: intent.amount, refundedAt: now, holdExpiresAt: null, paymentIntentId: intent.id, updatedAt: now })
      .where(eq(bookings.id, booking.id));
    await queueLatePaymentRefundedEmail(tx, booking.id, now);
    logger.info({ bookingId: booking.id, refundable }, "late payment: refunded in full");
    return {};
  });
  return calls;
}

/**
 * `confirm` (a paid instant booking) or `accept` (a request's captured payment): the hold
 * becomes the booking, the ledger gets the charge and fee, the payout is scheduled, the
 * e-mails are queued. The one confirmation both paths share.
 */
async function confirmPaid(tx: Tx, booking: BookingRecord, intent: Intent, hold: { id: string } | null, name: "confirm" | "accept", now: Date): Promise<string[]> {
  const calls: string[] = [];
  await runTransition(tx, booking, name, now, async () => {
    if (hold) await tx.update(spaceAvailability).set({ kind: "booking", expiresAt: null }).where(eq(spaceAvailability.id, hold.id));
    await tx.update(bookings).set({ holdExpiresAt: null, paymentIntentId: intent.id, updatedAt: now }).where(eq(bookings.id, booking.id));
    await recordBookingConfirmed(tx, { booking, chargeReference: intent.id, now });
    await queueBookingConfirmedEmails(tx, booking.id, now, { accepted: name === "accept" });
    // A change of another booking (ADR 0205): that booking is replaced in this transaction.
    calls.push(...(await replaceBooking(tx, booking, now)));
    // The listing's security deposit (ADR 0283): scheduled, or authorised at once when the start is near.
    calls.push(...(await scheduleDeposit(tx, booking, now)));
    return {};
  });
  // A refund made elsewhere before this confirmation (heard while the payment was undecided)
  // now reaches the booking and its payout, as it would have after it.
  const [{ refunded = 0 } = {}] = await tx
    .select({ refunded: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)::bigint`.mapWith(Number) })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.bookingId, booking.id), eq(ledgerEntries.kind, "refund")));
  if (refunded > 0) {
    const [confirmed] = await tx.select().from(bookings).where(eq(bookings.id, booking.id));
    await recordRefundMadeElsewhere(tx, confirmed!, { id: `before-confirmation:${booking.id}`, amount: refunded }, now);
  }
  return calls;
}

/**
 * `abandon`: the provider refused to make the booking's payment intent. The checkout is
 * undone as if it never happened for the guest: the slot is free, the request's
 * Idempotency-Key is released so the same request can be sent again.
 */
export async function abandonCheckout(tx: Tx, booking: BookingRecord, now: Date) {
  return runTransition(tx, booking, "abandon", now, async () => {
    await tx.delete(spaceAvailability).where(eq(spaceAvailability.bookingId, booking.id));
    await tx.update(bookings).set({ endedReason: "intent_failed", holdExpiresAt: null, updatedAt: now }).where(eq(bookings.id, booking.id));
    await tx.delete(idempotencyKeys).where(eq(idempotencyKeys.bookingId, booking.id));
    await tx
      .update(providerCalls)
      .set({ status: "failed", lastError: "abandoned: the payment intent could not be made", claimedUntil: null, completedAt: now, updatedAt: now })
      .where(and(eq(providerCalls.bookingId, booking.id), eq(providerCalls.kind, "create_intent"), eq(providerCalls.status, "pending")));
    return {};
  });
}
