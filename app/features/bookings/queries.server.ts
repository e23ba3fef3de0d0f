import { and, count, desc, eq, inArray, or, sql } from "drizzle-orm";
import { bookingRequirements } from "~/db/schema/booking-requirements";
import { bookings } from "~/db/schema/bookings";
import { spaces } from "~/db/schema/listings";
import type { Db } from "~/lib/db.server";
import { isUuid } from "~/lib/uuid";
import { handoverHref } from "~/features/handovers/handover-rules";
import { guestCancellationSplit } from "./cancellation-effects.server";
import { summary, type BookingSummary } from "./confirmation.server";
import { scheduleOf, type Schedule } from "~/features/availability/schedule";
import { durationRange } from "./pricing";
import { REPLACED_REASON } from "./process";
import { requirementsHref } from "./requirements";
import { changeUnitPrice, RESCHEDULE_NOTICE_MS } from "./reschedule.server";

/** A guest's bookings and the files made from them (issue #12). */
export type BookingRow = BookingSummary & {
  refundedAt: string | null;
  /** Who cancelled it, and the host's or admin's reason (the guest gave none). */
  cancelledBy: "guest" | "host" | "admin" | null;
  cancellationReason: string | null;
  space: BookingSummary["space"] & { image: string | null };
  canCancel: boolean;
  cancelQuote: { refundMinor: number } | null;
  icsHref: string | null;
  /** What the 'Change time' dialog needs, while the booking can still be moved (issue #26). */
  reschedule: Reschedulable | null;
  /** The booking page with check-in and check-out, for a vehicle or equipment (ADR 0277). */
  handoverHref: string | null;
  /** The booking page with what the guest gave at checkout, when no handover link leads there (ADR 0279). */
  requirementsHref: string | null;
  /** A request to book (ADR 0280): how it stands for the guest, and until when the host may answer an open one. */
  request: { state: "open" | "declined" | "expired" | "withdrawn"; expiresAt: string | null } | null;
};

export type Reschedulable = {
  spaceId: string;
  schedule: Schedule;
  capacity: number;
  units: number;
  unit: "hour" | "day" | "week" | "month";
  quantity: number;
  /** The booking's own calendar row (its time and buffers): not someone else's. */
  row: { start: string; end: string };
  /** The lengths the listing allows, and the price of one unit for a change (ADR 0205). */
  lengths: { min: number; max: number };
  /** The booking's own terms for a change: its unit price and fee, and its protection's rate and delivery fee (ADR 0286, 0287), kept. */
  price: { unitMinor: number; feePercent: number; currency: string; total: number; protectionBasisPoints: number | null; deliveryFeeMinor: number } | null;
};

function requestState(booking: typeof bookings.$inferSelect, now: Date): BookingRow["request"] {
  if (booking.status === "requested") {
    const open = booking.requestExpiresAt !== null && booking.requestExpiresAt.getTime() > now.getTime();
    return { state: open ? "open" : "expired", expiresAt: booking.requestExpiresAt?.toISOString() ?? null };
  }
  if (booking.status === "declined") return { state: "declined", expiresAt: null };
  if (booking.endedReason === "request_expired") return { state: "expired", expiresAt: null };
  if (booking.endedReason === "request_withdrawn") return { state: "withdrawn", expiresAt: null };
  return null;
}

/** The guest's bookings, newest start first, one page at a time (contract: listMyBookings). */
export async function listMyBookings(db: Db, input: { userId: string; page: number; pageSize: number; now?: Date }) {
  const now = input.now ?? new Date();
  const pageSize = Math.min(50, Math.max(1, Math.floor(input.pageSize) || 10));
  // Abandoned checkouts are not bookings; a lapsed hold that was paid and refunded is.
  const visible = and(
    eq(bookings.userId, input.userId),
    or(
      inArray(bookings.status, ["confirmed", "cancelled", "completed", "disputed", "requested", "declined"]),
      and(eq(bookings.status, "expired"), inArray(bookings.endedReason, ["late_payment", "request_expired", "request_withdrawn"])),
    ),
  );
  const [{ value: total } = { value: 0 }] = await db.select({ value: count() }).from(bookings).where(visible);
  const pageCount = Math.max(1, Math.ceil(Number(total) / pageSize));
  const page = Math.min(pageCount, Math.max(1, Math.floor(input.page) || 1));
  const rows = await db
    .select({ booking: bookings, space: spaces, given: sql<boolean>`exists (select 1 from ${bookingRequirements} r where r.booking_id = ${bookings.id})` })
    .from(bookings)
    .innerJoin(spaces, eq(spaces.id, bookings.spaceId))
    .where(visible)
    .orderBy(desc(bookings.startTime), desc(bookings.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const items: BookingRow[] = rows.map(({ booking, space, given }) => {
    const canCancel = booking.status === "confirmed" && booking.startTime.getTime() > now.getTime();
    return {
      ...summary(booking, space),
      refundedAt: booking.refundedAt?.toISOString() ?? null,
      cancelledBy: booking.cancelledBy,
      // A guest's own cancellation has no reason to show, but a change that replaced the booking says so.
      cancellationReason: booking.cancelledBy === "guest" && booking.cancellationReason !== REPLACED_REASON ? null : booking.cancellationReason,
      space: { ...summary(booking, space).space, image: space.images[0] ?? null },
      canCancel,
      cancelQuote: canCancel ? { refundMinor: guestCancellationSplit(booking, now).refund } : null,
      icsHref: booking.status === "confirmed" ? `/api/bookings/${booking.id}/calendar.ics` : null,
      handoverHref: handoverHref(booking, space.rentalType),
      requirementsHref: requirementsHref(booking, given, handoverHref(booking, space.rentalType)),
      request: requestState(booking, now),
      reschedule:
        booking.status === "confirmed" && booking.startTime.getTime() - now.getTime() >= RESCHEDULE_NOTICE_MS
          ? {
              spaceId: space.id,
              schedule: scheduleOf(space),
              capacity: space.quantity,
              units: booking.units,
              unit: booking.pricingUnit,
              quantity: booking.quantity,
              row: {
                start: new Date(booking.startTime.getTime() - space.bufferBeforeMinutes * 60_000).toISOString(),
                end: new Date(booking.endTime.getTime() + space.bufferAfterMinutes * 60_000).toISOString(),
              },
              lengths: durationRange(booking.pricingUnit, space),
              price: changePrice(booking, space),
            }
          : null,
    };
  });
  return { items, page, pageCount, total: Number(total) };
}

/** The guest's confirmed booking with its space, for the calendar file; null otherwise. */
export async function getConfirmedBooking(db: Db, input: { userId: string; bookingId: string }) {
  if (!isUuid(input.bookingId)) return null;
  const [row] = await db
    .select({ booking: bookings, space: spaces })
    .from(bookings)
    .innerJoin(spaces, eq(spaces.id, bookings.spaceId))
    .where(and(eq(bookings.id, input.bookingId), eq(bookings.userId, input.userId), eq(bookings.status, "confirmed")));
  return row ?? null;
}


/** How many bookings a host has cancelled (shown on their dashboard and to admins). */
export async function hostCancellationCount(db: Db, hostId: string): Promise<number> {
  const [row] = await db.select({ value: count() }).from(bookings).where(and(eq(bookings.hostId, hostId), eq(bookings.cancelledBy, "host")));
  return Number(row?.value ?? 0);
}

function changePrice(booking: typeof bookings.$inferSelect, space: typeof spaces.$inferSelect): Reschedulable["price"] {
  const unitMinor = changeUnitPrice(booking, space);
  return unitMinor === null
    ? null
    : { unitMinor, feePercent: booking.platformFeePercentage, currency: booking.currency, total: booking.totalPrice, protectionBasisPoints: booking.protectionPercent, deliveryFeeMinor: booking.deliveryAmount };
}
