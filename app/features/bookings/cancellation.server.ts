import { eq } from "drizzle-orm";
import { adminActions } from "~/db/schema/admin";
import { bookings, spaceAvailability } from "~/db/schema/bookings";
import { spaces } from "~/db/schema/listings";
import { queueBookingCancelledEmails } from "~/features/mail/booking-emails.server";
import { changeHostShare, recordFeeRefund } from "~/features/payouts/ledger.server";
import { cancellationSplit, type Split } from "~/features/payouts/settlement";
import type { Db } from "~/lib/db.server";
import { formatMinor } from "~/lib/money";
import { isUuid } from "~/lib/uuid";
import { BOOKING_MESSAGES } from "./booking-rules.server";
import type { CancellationPolicy } from "./pricing";
import { lockBooking, PROCESS_MESSAGES, recordProviderCall, refusal, runTransition, type BookingRecord, type Refusal } from "./process.server";
import type { TransitionName } from "./process";
import { performProviderCalls } from "./provider-calls.server";

/**
 * Cancellation (issue #12, #25): the booking process's `guest_cancel`, `host_cancel`
 * and `admin_cancel`. The refund is decided from the terms stored on the booking when
 * it was held (policy, whether the fee is refundable), never the listing's current
 * ones; it is recorded as a provider call and made after the commit. The calendar row
 * goes at once, the host's payout shrinks in the same transaction (or the host owes the
 * difference when it was already sent), and both sides get an e-mail.
 */
export type Canceller =
  | { kind: "guest"; userId: string }
  | { kind: "host"; userId: string; reason: string }
  | { kind: "admin"; userId: string; reason: string; refund: AdminRefund };

export const ADMIN_REFUNDS = ["full", "policy", "none"] as const;
export type AdminRefund = (typeof ADMIN_REFUNDS)[number];
const ADMIN_REFUND_WORDS: Record<AdminRefund, string> = { full: "full refund", policy: "refund by policy", none: "no refund" };

export type CancelOutcome = { ok: true; refundMinor: number } | Refusal;

/** The longest reason a host or an admin may give. */
export const MAX_REASON = 1000;

const TRANSITION: Record<Canceller["kind"], TransitionName> = { guest: "guest_cancel", host: "host_cancel", admin: "admin_cancel" };

/** The guest's refund if they cancelled at `now`, by the booking's stored terms. */
export function guestCancellationSplit(booking: Pick<BookingRecord, "cancellationPolicy" | "startTime" | "rentalAmount" | "platformFeeAmount" | "refundServiceFee">, now: Date): Split {
  return cancellationSplit({
    policy: booking.cancellationPolicy as CancellationPolicy,
    startTime: booking.startTime,
    now,
    rentalMinor: booking.rentalAmount,
    feeMinor: booking.platformFeeAmount,
    refundServiceFee: booking.refundServiceFee,
  });
}

/** The refund a cancellation gives: the guest's by the stored policy, everything (a host's), or an admin's choice. */
export type RefundRule = AdminRefund;

const RULE: Record<Canceller["kind"], (by: Canceller) => RefundRule> = {
  guest: () => "policy",
  host: () => "full",
  admin: (by) => (by as Extract<Canceller, { kind: "admin" }>).refund,
};

/**
 * Who keeps what if the booking were cancelled at `now` under `rule`, less what was
 * refunded before (a refund made in the provider's dashboard): what the dialogs show
 * before anyone confirms, and what the cancellation then does.
 */
export function quoteCancellation(booking: BookingRecord, rule: RefundRule, now: Date): Split {
  const split: Split =
    rule === "full"
      ? { refund: booking.totalPrice, feeRefund: booking.platformFeeAmount, hostShare: 0, platformFee: 0 }
      : rule === "none"
        ? { refund: 0, feeRefund: 0, hostShare: booking.rentalAmount, platformFee: booking.platformFeeAmount }
        : guestCancellationSplit(booking, now);
  const already = booking.refundAmount ?? 0;
  const refund = Math.max(0, split.refund - already);
  return { ...split, refund, feeRefund: Math.min(split.feeRefund, refund) };
}

/** quoteCancellation for a cancellation by `by`. */
export function cancellationOutcome(booking: BookingRecord, by: Canceller, now: Date): Split {
  return quoteCancellation(booking, RULE[by.kind](by), now);
}

/**
 * Cancels a booking as a guest, a host or an admin. A guest may send the refund the
 * dialog showed (`expectedRefund`): when the stored terms now give another amount (a
 * policy boundary passed while the dialog was open), nothing is cancelled and the
 * answer carries the new quote. A double click or a second tab cancels (and refunds) once.
 */
export async function cancelBooking(db: Db, input: { by: Canceller; bookingId: string; expectedRefund?: number | null; now: Date }): Promise<CancelOutcome> {
  const { by, now } = input;
  if (!isUuid(input.bookingId)) return refusal("not_found", BOOKING_MESSAGES.bookingNotFound);
  const reason = by.kind === "guest" ? null : by.reason.trim();
  if (reason !== null && reason.length === 0) return refusal("invalid", BOOKING_MESSAGES.reasonRequired);
  if (reason !== null && reason.length > MAX_REASON) return refusal("invalid", BOOKING_MESSAGES.reasonTooLong);
  const name = TRANSITION[by.kind];
  const result = await db.transaction(async (tx) => {
    const booking = await lockBooking(tx, input.bookingId);
    const mine = booking && (by.kind === "admin" || (by.kind === "guest" ? booking.userId === by.userId : booking.hostId === by.userId));
    if (!booking || !mine) return refusal("not_found", BOOKING_MESSAGES.bookingNotFound);
    if (booking.status === "cancelled") return refusal("not_allowed", BOOKING_MESSAGES.alreadyCancelled);
    const calls: string[] = [];
    const done = await runTransition(tx, booking, name, now, async () => {
      if (by.kind !== "admin" && booking.startTime.getTime() <= now.getTime()) return refusal("not_allowed", BOOKING_MESSAGES.notCancellable);
      const split = cancellationOutcome(booking, by, now);
      if (typeof input.expectedRefund === "number" && input.expectedRefund !== split.refund) {
        return refusal("refund_changed", BOOKING_MESSAGES.refundChanged, { quote: { refundMinor: split.refund } });
      }
      const key = `${booking.id}:${name}`;
      await tx.delete(spaceAvailability).where(eq(spaceAvailability.bookingId, booking.id));
      await recordFeeRefund(tx, { booking, amount: split.feeRefund, key, now });
      await changeHostShare(tx, { booking, hostShare: split.hostShare, key, kind: "refund_after_payout", now });
      if (split.refund > 0) {
        if (!booking.paymentIntentId) throw new Error(`Booking ${booking.id} has no payment to refund`);
        calls.push(await recordProviderCall(tx, { bookingId: booking.id, kind: "refund", amount: split.refund, currency: booking.currency, intentId: booking.paymentIntentId, reason: name, now }));
      }
      const refunded = (booking.refundAmount ?? 0) + split.refund;
      await tx
        .update(bookings)
        .set({ cancelledAt: now, cancelledBy: by.kind, cancellationReason: reason, refundAmount: refunded, refundedAt: split.refund > 0 ? now : booking.refundedAt, updatedAt: now })
        .where(eq(bookings.id, booking.id));
      if (by.kind === "admin") await logAdminCancellation(tx, booking, by, split.refund, reason!, now);
      return { refundMinor: split.refund };
    });
    if (!done.ok) {
      // Refused: nothing of the effects may stay (a guard refuses before any write).
      return done.code === "not_allowed" && done.error === PROCESS_MESSAGES.notAllowed ? refusal("not_allowed", BOOKING_MESSAGES.notCancellable) : done;
    }
    await queueBookingCancelledEmails(tx, booking.id, now);
    return { ok: true as const, refundMinor: done.refundMinor, calls };
  });
  if (!result.ok) return result;
  await performProviderCalls(db, result.calls, now);
  return { ok: true, refundMinor: result.refundMinor };
}

async function logAdminCancellation(tx: Parameters<Parameters<Db["transaction"]>[0]>[0], booking: BookingRecord, by: Extract<Canceller, { kind: "admin" }>, refund: number, reason: string, now: Date) {
  const [space] = await tx.select({ title: spaces.title }).from(spaces).where(eq(spaces.id, booking.spaceId));
  await tx.insert(adminActions).values({
    adminId: by.userId,
    action: "cancel_booking",
    targetType: "booking",
    targetId: booking.id,
    targetLabel: `${space?.title ?? "Booking"} (${booking.startTime.toISOString().slice(0, 16).replace("T", " ")} UTC)`,
    reason: `${reason} — ${ADMIN_REFUND_WORDS[by.refund]}, ${formatMinor(refund, booking.currency)}`,
    createdAt: now,
  });
}
