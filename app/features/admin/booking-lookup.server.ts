import { eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { bookings, profiles, spaces, users } from "~/db/schema/index";
import { ADMIN_REFUNDS, quoteCancellation, type AdminRefund } from "~/features/bookings/cancellation-effects.server";
import { pricePartsOf } from "~/features/bookings/price-lines";
import { hostCancellationCount } from "~/features/bookings/queries.server";
import { spacePath } from "~/features/listings/slug";
import type { Db } from "~/lib/db.server";
import { isUuid } from "~/lib/uuid";
import type { AdminBooking } from "./components/booking-panel";

const guestUser = alias(users, "guest_user");
const guestProfile = alias(profiles, "guest_profile");
const hostUser = alias(users, "host_user");
const hostProfile = alias(profiles, "host_profile");

/** Statuses an admin may cancel from (the booking process's `admin_cancel`). */
const CANCELLABLE = new Set(["confirmed", "completed"]);

/**
 * One booking as the admin's "Cancel a booking" panel shows it (issue #25 point 5): the
 * listing, guest, host and how many bookings that host cancelled, times, amounts, status,
 * and — when an admin may still cancel it — the refund each choice would make now,
 * worked out by the booking domain. Null when no booking has that id.
 */
export async function findBookingForAdmin(db: Db, bookingId: string, now: Date): Promise<AdminBooking | null> {
  const id = bookingId.trim();
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({
      record: bookings,
      title: spaces.title,
      location: spaces.location,
      timeZone: spaces.timezone,
      ownerId: spaces.userId,
      guestEmail: guestUser.email,
      guestName: guestProfile.fullName,
      hostEmail: hostUser.email,
      hostName: hostProfile.fullName,
    })
    .from(bookings)
    .innerJoin(spaces, eq(spaces.id, bookings.spaceId))
    .leftJoin(guestUser, eq(guestUser.id, bookings.userId))
    .leftJoin(guestProfile, eq(guestProfile.id, bookings.userId))
    .leftJoin(hostUser, eq(hostUser.id, spaces.userId))
    .leftJoin(hostProfile, eq(hostProfile.id, spaces.userId))
    .where(eq(bookings.id, id));
  if (!row) return null;
  const booking = row.record;
  const hostId = booking.hostId ?? row.ownerId;
  const quotes = CANCELLABLE.has(booking.status)
    ? (Object.fromEntries(
        ADMIN_REFUNDS.map((refund) => [refund, quoteCancellation(booking, refund, now).refund]),
      ) as Record<AdminRefund, number>)
    : null;
  return {
    id: booking.id,
    status: booking.status,
    startTime: booking.startTime.toISOString(),
    endTime: booking.endTime.toISOString(),
    timeZone: row.timeZone,
    currency: booking.currency,
    rental: booking.rentalAmount,
    fee: booking.platformFeeAmount,
    protection: pricePartsOf(booking).protection,
    delivery: booking.deliveryAmount,
    total: booking.totalPrice,
    refunded: booking.refundAmount ?? 0,
    policy: booking.cancellationPolicy,
    cancelledBy: booking.cancelledBy ?? null,
    cancellationReason: booking.cancellationReason ?? null,
    space: { id: booking.spaceId, title: row.title, href: spacePath({ id: booking.spaceId, title: row.title, location: row.location }) },
    guest: { email: row.guestEmail ?? "—", name: row.guestName?.trim() || null },
    host: { email: row.hostEmail ?? "—", name: row.hostName?.trim() || null, cancellations: await hostCancellationCount(db, hostId) },
    quotes,
  };
}
