import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import { reviewStates, type ReviewState } from "~/features/reviews/reviews.server";
import { alias } from "drizzle-orm/pg-core";
import { bookings, profiles, spaces } from "~/db/schema/index";
import { quoteCancellation } from "~/features/bookings/cancellation-effects.server";
import { hostCancellationCount } from "~/features/bookings/queries.server";
import { spacePath } from "~/features/listings/slug";
import { handoverHref } from "~/features/handovers/handover-rules";
import { bookingRequirements } from "~/db/schema/booking-requirements";
import { requirementsHref } from "~/features/bookings/requirements";
import type { Db } from "~/lib/db.server";

/**
 * The figures of /dashboard (docs/product.md#dashboard, ADR 0150), read in one request
 * with a handful of indexed queries. A booking counts once it is paid: 'confirmed' or
 * 'completed' (cancelled ones never; nor lapsed holds or checkouts still awaiting payment).
 * "Active" bookings are the confirmed ones, "upcoming" the confirmed ones still to start.
 */

export const RECENT_BOOKINGS = 5;
export const DASHBOARD_LISTINGS = 3;
const PAID = ["confirmed", "completed"] as const;
const SHOWN = ["confirmed", "completed", "cancelled"] as const;

export type GuestStats = { bookingsMade: number; activeBookings: number; upcomingBookings: number };
export type HostStats = {
  activeListings: number;
  totalListings: number;
  bookingsReceived: number;
  /** How many bookings of the user's listings they cancelled themselves (issue #25). */
  cancelledByHost: number;
};

export type RecentBooking = {
  id: string;
  /** 'guest': the user booked it; 'host': someone booked the user's listing. */
  role: "guest" | "host";
  status: (typeof SHOWN)[number];
  /** Who cancelled a cancelled booking ('host': the listing's owner). */
  cancelledBy: "guest" | "host" | "admin" | null;
  /** What the guest got back, in minor units (null when nothing was refunded). */
  refund: number | null;
  /**
   * For the host: the booking is confirmed and has not started, so they may cancel it
   * (issue #25 point 5), refunding the guest `hostCancelRefund` — everything they paid,
   * service fee included. Null otherwise.
   */
  hostCancelRefund: number | null;
  startTime: string;
  endTime: string;
  timeZone: string;
  currency: string;
  /** The guest's total, or for the host the rental they earn (before any payout). */
  amount: number;
  space: { id: string; title: string; href: string };
  /** For the host: who booked (their profile name), null when they have none. */
  guestName: string | null;
  createdAt: string;
  /** The user's side of the booking's reviews (issue #28 point 5, ADR 0272). */
  review?: ReviewState;
  /** The booking page with check-in and check-out, for a vehicle or equipment (ADR 0277). */
  handoverHref?: string | null;
  /** The booking page with what the guest gave at checkout, when no handover link leads there (ADR 0279). */
  requirementsHref?: string | null;
};

export type DashboardListing = {
  id: string;
  title: string;
  location: string;
  image: string | null;
  isPublished: boolean;
  available: boolean;
  href: string;
};

async function guestStats(db: Db, userId: string, now: Date): Promise<GuestStats> {
  const [row] = await db
    .select({
      made: sql<number>`count(*) filter (where ${bookings.status} in ('confirmed', 'completed'))`.mapWith(Number),
      active: sql<number>`count(*) filter (where ${bookings.status} = 'confirmed')`.mapWith(Number),
      upcoming: sql<number>`count(*) filter (where ${bookings.status} = 'confirmed' and ${bookings.startTime} > ${now})`.mapWith(Number),
    })
    .from(bookings)
    .where(eq(bookings.userId, userId));
  return { bookingsMade: row?.made ?? 0, activeBookings: row?.active ?? 0, upcomingBookings: row?.upcoming ?? 0 };
}

async function hostStats(db: Db, userId: string): Promise<HostStats> {
  const [[listings], [received], cancelledByHost] = await Promise.all([
    db
      .select({
        total: count(),
        active: sql<number>`count(*) filter (where ${spaces.isPublished} and ${spaces.available})`.mapWith(Number),
      })
      .from(spaces)
      .where(eq(spaces.userId, userId)),
    db
      .select({ n: count() })
      .from(bookings)
      .where(and(eq(bookings.hostId, userId), inArray(bookings.status, PAID))),
    hostCancellationCount(db, userId),
  ]);
  return { activeListings: listings?.active ?? 0, totalListings: listings?.total ?? 0, bookingsReceived: received?.n ?? 0, cancelledByHost };
}

const guestProfile = alias(profiles, "guest_profile");

function bookingColumns() {
  return {
    id: bookings.id,
    status: bookings.status,
    cancelledBy: bookings.cancelledBy,
    refundAmount: bookings.refundAmount,
    startTime: bookings.startTime,
    endTime: bookings.endTime,
    currency: bookings.currency,
    totalPrice: bookings.totalPrice,
    rentalAmount: bookings.rentalAmount,
    deliveryAmount: bookings.deliveryAmount,
    createdAt: bookings.createdAt,
    spaceId: spaces.id,
    title: spaces.title,
    location: spaces.location,
    timeZone: spaces.timezone,
    rentalType: spaces.rentalType,
    given: sql<boolean>`exists (select 1 from ${bookingRequirements} r where r.booking_id = ${bookings.id})`,
  };
}

/** The latest bookings the user made or received, newest first. */
async function recentBookings(db: Db, userId: string, now: Date): Promise<RecentBooking[]> {
  const [made, received] = await Promise.all([
    db
      .select(bookingColumns())
      .from(bookings)
      .innerJoin(spaces, eq(spaces.id, bookings.spaceId))
      .where(and(eq(bookings.userId, userId), inArray(bookings.status, SHOWN)))
      .orderBy(desc(bookings.createdAt), desc(bookings.id))
      .limit(RECENT_BOOKINGS),
    db
      .select({ ...bookingColumns(), guestName: guestProfile.fullName, record: bookings })
      .from(bookings)
      .innerJoin(spaces, eq(spaces.id, bookings.spaceId))
      .leftJoin(guestProfile, eq(guestProfile.id, bookings.userId))
      .where(and(eq(bookings.hostId, userId), inArray(bookings.status, SHOWN)))
      .orderBy(desc(bookings.createdAt), desc(bookings.id))
      .limit(RECENT_BOOKINGS),
  ]);
  const rows: RecentBooking[] = [
    ...made.map((row) => toRecent(row, "guest", null, null)),
    ...received.map((row) => {
      // The refund the domain would make if the host cancelled now (the dialog shows it first).
      const cancellable = row.status === "confirmed" && row.startTime.getTime() > now.getTime();
      const refund = cancellable ? quoteCancellation(row.record, "full", now).refund : null;
      return toRecent(row, "host", row.guestName?.trim() || null, refund);
    }),
  ];
  // A host who booked their own listing would appear twice; the guest view is enough then.
  const seen = new Set<string>();
  return rows
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id))
    .filter((row) => (seen.has(row.id) ? false : (seen.add(row.id), true)))
    .slice(0, RECENT_BOOKINGS);
}

type BookingQueryRow = {
  id: string;
  status: string;
  cancelledBy: string | null;
  refundAmount: number | null;
  startTime: Date;
  endTime: Date;
  currency: string;
  totalPrice: number;
  rentalAmount: number;
  deliveryAmount: number;
  createdAt: Date;
  spaceId: string;
  title: string;
  location: string;
  timeZone: string;
  rentalType: string;
  given: boolean;
};

function toRecent(row: BookingQueryRow, role: RecentBooking["role"], guestName: string | null, hostCancelRefund: number | null): RecentBooking {
  return {
    id: row.id,
    role,
    status: row.status as RecentBooking["status"],
    cancelledBy: (row.cancelledBy as RecentBooking["cancelledBy"]) ?? null,
    refund: row.refundAmount && row.refundAmount > 0 ? row.refundAmount : null,
    hostCancelRefund,
    startTime: row.startTime.toISOString(),
    endTime: row.endTime.toISOString(),
    timeZone: row.timeZone,
    currency: row.currency,
    // The guest paid the total; the host earns the rental and the delivery fee (ADR 0287).
    amount: role === "guest" ? row.totalPrice : row.rentalAmount + row.deliveryAmount,
    space: { id: row.spaceId, title: row.title, href: spacePath({ id: row.spaceId, title: row.title, location: row.location }) },
    guestName,
    createdAt: row.createdAt.toISOString(),
    handoverHref: handoverHref(row, row.rentalType),
    requirementsHref: requirementsHref(row, row.given, handoverHref(row, row.rentalType)),
  };
}

async function latestListings(db: Db, userId: string): Promise<DashboardListing[]> {
  const rows = await db
    .select({
      id: spaces.id,
      title: spaces.title,
      location: spaces.location,
      images: spaces.images,
      isPublished: spaces.isPublished,
      available: spaces.available,
    })
    .from(spaces)
    .where(eq(spaces.userId, userId))
    .orderBy(desc(spaces.createdAt), desc(spaces.id))
    .limit(DASHBOARD_LISTINGS);
  return rows.map(({ images, ...row }) => ({ ...row, image: images[0] ?? null, href: spacePath(row) }));
}

export type Dashboard = {
  guest: GuestStats;
  host: HostStats;
  recentBookings: RecentBooking[];
  listings: DashboardListing[];
};

/** Everything /dashboard shows for `userId` (the payout figures come from the payouts feature). */
export async function loadDashboard(db: Db, userId: string, now: Date): Promise<Dashboard> {
  const [guest, host, recent, listings] = await Promise.all([
    guestStats(db, userId, now),
    hostStats(db, userId),
    recentBookings(db, userId, now),
    latestListings(db, userId),
  ]);
  const reviews = await reviewStates(db, { userId, bookingIds: recent.map((booking) => booking.id), now });
  return { guest, host, recentBookings: recent.map((booking) => ({ ...booking, review: reviews[booking.id] ?? { kind: "none" } })), listings };
}
