import { eq } from "drizzle-orm";
import { bookings, spaceAvailability } from "~/db/schema/bookings";
import { queueBookingMovedEmails } from "~/features/mail/booking-emails.server";
import { changeHostShare, hostPartOf, recordFeeRefund, recordProtectionRefund } from "~/features/payouts/ledger.server";
import { cancellationSplit, type Split } from "~/features/payouts/settlement";
import type { Tx } from "~/lib/db.server";
import type { CancellationPolicy } from "./pricing";
import { releaseReplacedDeposit } from "./deposits.server";
import { lockBooking, recordProviderCall, runTransition, type BookingRecord } from "./process.server";
import { REPLACED_REASON, type TransitionName } from "./process";

/**
 * What a cancellation gives back and writes (issue #12, #25), shared by the cancellations
 * a person asks for (cancellation.server.ts) and the one a paid change makes (`replace`,
 * run in the change's settlement): the refund from the booking's stored terms, and the
 * effects in the transaction of the transition. It makes no provider call itself: the
 * calls it records are returned, to be made after the commit.
 */
export type Canceller =
  | { kind: "guest"; userId: string }
  | { kind: "host"; userId: string; reason: string }
  | { kind: "admin"; userId: string; reason: string; refund: AdminRefund };

export const ADMIN_REFUNDS = ["full", "policy", "none"] as const;
export type AdminRefund = (typeof ADMIN_REFUNDS)[number];
/** The guest's refund if they cancelled at `now`, by the booking's stored terms. */
export function guestCancellationSplit(
  booking: Pick<BookingRecord, "cancellationPolicy" | "startTime" | "rentalAmount" | "deliveryAmount" | "protectionAmount" | "platformFeeAmount" | "refundServiceFee">,
  now: Date,
): Split {
  // The host's part (rental and delivery fee) and the protection are refunded by the policy's share (ADR 0286, 0287).
  return cancellationSplit({
    policy: booking.cancellationPolicy as CancellationPolicy,
    startTime: booking.startTime,
    now,
    rentalMinor: hostPartOf(booking),
    protectionMinor: booking.protectionAmount,
    feeMinor: booking.platformFeeAmount,
    refundServiceFee: booking.refundServiceFee,
  });
}

/** The refund a cancellation gives: the guest's by the stored policy, everything (a host's), or an admin's choice. */
export type RefundRule = AdminRefund;


/**
 * Who keeps what if the booking were cancelled at `now` under `rule`, less what was
 * refunded before (a refund made in the provider's dashboard): what the dialogs show
 * before anyone confirms, and what the cancellation then does.
 */
export function quoteCancellation(booking: BookingRecord, rule: RefundRule, now: Date): Split {
  const split: Split =
    rule === "full"
      ? { refund: booking.totalPrice, feeRefund: booking.platformFeeAmount, hostShare: 0, platformFee: 0, protectionRefund: booking.protectionAmount, protection: 0 }
      : rule === "none"
        ? { refund: 0, feeRefund: 0, hostShare: hostPartOf(booking), platformFee: booking.platformFeeAmount, protectionRefund: 0, protection: booking.protectionAmount }
        : guestCancellationSplit(booking, now);
  const already = booking.refundAmount ?? 0;
  const refund = Math.max(0, split.refund - already);
  const feeRefund = Math.min(split.feeRefund, refund);
  return { ...split, refund, feeRefund, protectionRefund: Math.min(split.protectionRefund, refund - feeRefund) };
}

/**
 * The effects every cancellation writes, in the transaction of its transition: the
 * calendar row goes, the fee refund and the host's new share are recorded, and the
 * refund is recorded as a provider call (returned, to be made after the commit).
 */
export async function writeCancellation(
  tx: Tx,
  booking: BookingRecord,
  input: { name: TransitionName; split: Split; cancelledBy: Canceller["kind"]; reason: string | null; now: Date },
): Promise<string[]> {
  const { name, split, now } = input;
  const key = `${booking.id}:${name}`;
  const calls: string[] = [];
  await tx.delete(spaceAvailability).where(eq(spaceAvailability.bookingId, booking.id));
  await recordFeeRefund(tx, { booking, amount: split.feeRefund, key, now });
  await recordProtectionRefund(tx, { booking, amount: split.protectionRefund, key, now });
  await changeHostShare(tx, { booking, hostShare: split.hostShare, key, kind: "refund_after_payout", now });
  if (split.refund > 0) {
    if (!booking.paymentIntentId) throw new Error(`Booking ${booking.id} has no payment to refund`);
    calls.push(await recordProviderCall(tx, { bookingId: booking.id, kind: "refund", amount: split.refund, currency: booking.currency, intentId: booking.paymentIntentId, reason: name, now }));
  }
  const refunded = (booking.refundAmount ?? 0) + split.refund;
  await tx
    .update(bookings)
    .set({ cancelledAt: now, cancelledBy: input.cancelledBy, cancellationReason: input.reason, refundAmount: refunded, refundedAt: split.refund > 0 ? now : booking.refundedAt, updatedAt: now })
    .where(eq(bookings.id, booking.id));
  return calls;
}

/**
 * `replace` (issue #26 point 7, ADR 0205): `replacement`, a change of the booking it names,
 * was paid and confirmed in this transaction; the booking it replaces is cancelled with a
 * full refund, service fee included, and its row leaves the calendar in the same
 * transaction as the new booking's hold became a booking. A booking no longer confirmed
 * (cancelled meanwhile) or already started stays as it is: the new booking stands alone.
 * Runs in the replacement's settlement, after its booking and intent locks; the replaced
 * booking is locked last (no path locks a replaced booking before its replacement).
 * Returns the provider calls to make after the commit.
 */
export async function replaceBooking(tx: Tx, replacement: BookingRecord, now: Date): Promise<string[]> {
  if (!replacement.replacesBookingId) return [];
  const booking = await lockBooking(tx, replacement.replacesBookingId);
  if (!booking || booking.status !== "confirmed" || booking.startTime.getTime() <= now.getTime()) return [];
  const calls: string[] = [];
  const done = await runTransition(tx, booking, "replace", now, async () => {
    const split = quoteCancellation(booking, "full", now);
    calls.push(...(await writeCancellation(tx, booking, { name: "replace", split, cancelledBy: "guest", reason: REPLACED_REASON, now })));
    // Its security deposit is let go now; the new booking's follows the new times (ADR 0290).
    calls.push(...(await releaseReplacedDeposit(tx, booking, now)));
    await queueBookingMovedEmails(tx, replacement.id, { start: booking.startTime, end: booking.endTime }, now, { refund: split.refund });
    return {};
  });
  return done.ok ? calls : [];
}

