import { eq } from "drizzle-orm";
import { adminActions } from "~/db/schema/admin";
import { spaces } from "~/db/schema/listings";
import { queueBookingCancelledEmails } from "~/features/mail/booking-emails.server";
import { quoteCancellation, writeCancellation, type AdminRefund, type Canceller, type RefundRule } from "./cancellation-effects.server";
import type { Split } from "~/features/payouts/settlement";
import type { Db, Tx } from "~/lib/db.server";
import { formatMinor } from "~/lib/money";
import { isUuid } from "~/lib/uuid";
import { BOOKING_MESSAGES } from "./booking-rules.server";
import { lockBooking, PROCESS_MESSAGES, refusal, runTransition, type BookingRecord, type Refusal } from "./process.server";
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
export type { Canceller } from "./cancellation-effects.server";

const ADMIN_REFUND_WORDS: Record<AdminRefund, string> = { full: "full refund", policy: "refund by policy", none: "no refund" };

export type CancelOutcome = { ok: true; refundMinor: number } | Refusal;

/** The longest reason a host or an admin may give. */
export const MAX_REASON = 1000;

const TRANSITION: Record<Canceller["kind"], TransitionName> = { guest: "guest_cancel", host: "host_cancel", admin: "admin_cancel" };

const RULE: Record<Canceller["kind"], (by: Canceller) => RefundRule> = {
  guest: () => "policy",
  host: () => "full",
  admin: (by) => (by as Extract<Canceller, { kind: "admin" }>).refund,
};

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
      calls.push(...(await writeCancellation(tx, booking, { name, split, cancelledBy: by.kind, reason, now })));
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

async function logAdminCancellation(tx: Tx, booking: BookingRecord, by: Extract<Canceller, { kind: "admin" }>, refund: number, reason: string, now: Date) {
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
