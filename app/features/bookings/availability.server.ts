import { and, eq, sql } from "drizzle-orm";
import { spaceAvailability, spaceDateHours } from "~/db/schema/bookings";
import { scheduleOf, unitWords } from "~/features/availability/schedule";
import { spaces } from "~/db/schema/listings";
import type { Db } from "~/lib/db.server";
import { preparedQuery } from "~/lib/prepared.server";
import { isUuid } from "~/lib/uuid";
import { BOOKING_MESSAGES, MAX_BUSY_WINDOW_MS, bookability, feePercent, type BookingFailure } from "./booking-rules.server";
import { PRICING_UNITS, durationRange, pricedUnits, unitPrice, type CancellationPolicy, type PricingUnit } from "./pricing";
import { listingRequirements } from "./requirements";
import { translatable } from "~/features/i18n/translatable";

/**
 * What a guest can see of a listing's calendar before booking (issue #12): the booking
 * widget's facts and the busy ranges. The exclusion constraint on space_availability,
 * not this code, is what makes double booking impossible.
 */

/** What the space page's booking widget needs (contract: getBookingWidget). */
export async function getBookingWidget(db: Db, { spaceId, viewerId }: { spaceId: string; viewerId: string | null }) {
  if (!isUuid(spaceId)) return null;
  const space = await spaceRow(db, spaceId);
  return space ? bookingWidgetFor(space, viewerId) : null;
}

/** A listing's row by id (a uuid), as a prepared statement. */
async function spaceRow(db: Db, id: string) {
  const [space] = await preparedQuery(db, "booking_space", (db, name) =>
    db.select().from(spaces).where(eq(spaces.id, sql.placeholder("id"))).prepare(name),
  ).execute({ id });
  return space;
}

/** The booking widget's inputs from a listing row the caller already has (the space page loads it once). */
export function bookingWidgetFor(space: typeof spaces.$inferSelect, viewerId: string | null) {
  if (!space.isPublished) return null;
  const reason = bookability(space, viewerId);
  const units = pricedUnits(space).flatMap((unit) => {
    const range = durationRange(unit, space);
    return range.min <= range.max ? [{ unit, priceMinor: unitPrice(space, unit)! }] : [];
  });
  return {
    bookable: reason === null && units.length > 0,
    reason: reason ?? (units.length === 0 ? ("no_price" as const) : undefined),
    timeZone: space.timezone,
    currency: space.currency,
    units,
    feePercent: feePercent(),
    durationLimits: Object.fromEntries(PRICING_UNITS.map((unit) => [unit, durationRange(unit, space)])) as Record<PricingUnit, { min: number; max: number }>,
    cancellationPolicy: space.cancellationPolicy as CancellationPolicy,
    /** Hours and rules (issue #26); the dated hours of the window shown come with the busy ranges. */
    schedule: scheduleOf(space),
    capacity: space.quantity,
    unitWords: unitWords(space.rentalType),
    /** What checkout asks of the guest (issue #28 point 3, ADR 0279); null: nothing. */
    requirements: listingRequirements(space),
    /** Instant, or a request the host answers (issue #28, ADR 0280). */
    bookingMode: space.bookingMode,
  };
}

export type BusyResult = { ok: true; busy: { start: string; end: string; units: number }[]; dated: Record<string, { start: string; end: string }[]> } | BookingFailure;

/**
 * Busy ranges of a published space between `from` and `to` (at most 6 weeks): one
 * query on the space's primary key and the calendar's GiST index. Lapsed holds not
 * yet swept are left out.
 */
export async function busyRanges(db: Db, input: { spaceId: string; from: string | null; to: string | null; now: Date }): Promise<BusyResult> {
  if (!isUuid(input.spaceId)) return { ok: false, status: 404, code: "not_found", error: BOOKING_MESSAGES.notFound };
  const from = input.from ? new Date(input.from) : null;
  const to = input.to ? new Date(input.to) : null;
  if (!from || !to || Number.isNaN(from.getTime()) || Number.isNaN(to.getTime())) {
    return { ok: false, status: 400, code: "invalid", error: "from and to must be ISO 8601 times" };
  }
  if (to.getTime() <= from.getTime() || to.getTime() - from.getTime() > MAX_BUSY_WINDOW_MS) {
    return { ok: false, status: 400, code: "invalid", error: translatable("The window must be positive and at most 6 weeks") };
  }
  // The space page asks on every visit and every live update: a prepared statement, and
  // PostgreSQL writes the ranges as one JSON array of ISO 8601 UTC times (with 500 ranges,
  // mapping 500 rows and formatting 1 000 dates here cost over 1 ms per request).
  // (Columns are named in full: drizzle leaves them unqualified in a select list.)
  const iso = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
  const [row] = await preparedQuery(db, "busy_ranges_units_json", (db, name) =>
    db
      .select({
        busy: sql<string>`(
          select coalesce(json_agg(json_build_object('start', ${iso("a.start_time")}, 'end', ${iso("a.end_time")}, 'units', case when a.kind = 'blocked' then "spaces"."quantity" else a.units end) order by a.start_time), '[]')::text
            from ${spaceAvailability} a
           where a.space_id = "spaces"."id"
             and tstzrange(a.start_time, a.end_time, '[)') && tstzrange(${sql.placeholder("from")}::timestamptz, ${sql.placeholder("to")}::timestamptz, '[)')
             and (a.expires_at is null or a.expires_at > ${sql.placeholder("now")}::timestamptz))`,
        // Dates a day either side of the window, whatever the listing's zone.
        dated: sql<string>`(
          select coalesce(json_object_agg(d.date, d.hours), '{}')::text from ${spaceDateHours} d
           where d.space_id = "spaces"."id" and d.date between ${sql.placeholder("fromDate")} and ${sql.placeholder("toDate")})`,
      })
      .from(spaces)
      .where(and(eq(spaces.id, sql.placeholder("spaceId")), eq(spaces.isPublished, true)))
      .prepare(name),
  ).execute({
    spaceId: input.spaceId,
    from: from.toISOString(),
    to: to.toISOString(),
    fromDate: new Date(from.getTime() - 86_400_000).toISOString().slice(0, 10),
    toDate: new Date(to.getTime() + 86_400_000).toISOString().slice(0, 10),
    now: input.now.toISOString(),
  });
  if (!row) return { ok: false, status: 404, code: "not_found", error: BOOKING_MESSAGES.notFound };
  return { ok: true, busy: JSON.parse(row.busy), dated: JSON.parse(row.dated) };
}

