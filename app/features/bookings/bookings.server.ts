import crypto from "node:crypto";
import { and, count, desc, eq, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";
import { bookings, idempotencyKeys, localPaymentIntents, spaceAvailability } from "~/db/schema/bookings";
import type { Currency } from "~/db/listing-enums";
import { spaces } from "~/db/schema/listings";
import type { Db, Tx } from "~/lib/db.server";
import { preparedQuery } from "~/lib/prepared.server";
import { env } from "~/lib/env.server";
import { spacePath } from "~/features/listings/slug";
import { liveSessionExists } from "~/features/auth/session.server";
import { queueBookingCancelledEmails, queueBookingConfirmedEmails, queuePaymentFailedEmail } from "~/features/mail/booking-emails.server";
import { logger } from "~/lib/logger.server";
import { recordBookingCancelled, recordBookingConfirmed, recordChargeRefunded } from "~/features/payouts/ledger.server";
import { cancellationSplit } from "~/features/payouts/settlement";
import { z } from "~/lib/zod";
import { type CardInput } from "./card";
import { paymentProvider, type Intent } from "./payment-provider.server";
import {
  DURATION_LIMITS,
  PRICING_UNITS,
  durationRange,
  isDurationAllowed,
  pricedUnits,
  quoteBooking,
  refundForCancellation,
  unitPrice,
  UNIT_HOURS,
  type CancellationPolicy,
  type PricingUnit,
} from "./pricing";
import { bookingEnd, isSlotStart } from "./slots";
import { arrival, takeInTurn } from "./slot-line.server";

/**
 * The booking domain (issue #12, ADR 0104): availability, server-side pricing and
 * the 15-minute hold, payment confirmation, cancellation with refunds. Every
 * function takes `now` so tests run on a fixed clock. The exclusion constraint on
 * space_availability, not this code, is what makes double booking impossible.
 */

export const HOLD_MS = 15 * 60_000;
export const MAX_BUSY_WINDOW_MS = 42 * 24 * 3_600_000;
/** Bookings may start at most 12 months ahead (365 days). */
export const MAX_AHEAD_MS = 365 * 24 * 3_600_000;
/** Hours after the end of a booking when the host's payout is released. */
const PAYOUT_DELAY_MS = 24 * 3_600_000;

export const BOOKING_MESSAGES = {
  slotTaken: "This time slot was just booked by someone else — please pick another",
  priceChanged: "The price has changed",
  notFound: "Space not found",
  unavailable: "Temporarily Unavailable",
  ownListing: "You cannot book your own listing",
  dateTime: "Please select a date and time",
  future: "Please select a future date and time",
  tooFarAhead: "Bookings can start at most 12 months ahead",
  slotHours: "Please pick a start time between 09:00 and 20:00",
  endMismatch: "The end time does not match the duration",
  somethingWrong: "Something went wrong.",
  bookingNotFound: "Booking not found",
  alreadyCancelled: "This booking has already been cancelled",
  notCancellable: "Only upcoming confirmed bookings can be cancelled",
  idempotencyReuse: "This request was already made with different details",
} as const;

const UNIT_NAMES: Record<PricingUnit, [string, string]> = {
  hour: ["hour", "hours"],
  day: ["day", "days"],
  week: ["week", "weeks"],
  month: ["month", "months"],
};

export type BookingFailure = {
  ok: false;
  status: 400 | 401 | 403 | 404 | 409 | 422;
  code: "invalid" | "price_changed" | "slot_taken" | "not_bookable" | "not_found";
  error: string;
  fields?: Record<string, string>;
  price?: { rental: number; fee: number; total: number; currency: string };
};

const isUuid = (value: unknown): value is string => typeof value === "string" && z.uuid().safeParse(value).success;

/** The SQLSTATE of a database error, looking through the ORM's wrappers. */
export function pgErrorCode(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

// ---------------------------------------------------------------------------
// The widget's facts and the calendar

type BookableSpace = typeof spaces.$inferSelect;

function feePercent() {
  return env().PLATFORM_FEE_PERCENT;
}

function bookability(space: Pick<BookableSpace, "isPublished" | "available" | "status" | "userId">, viewerId: string | null) {
  if (!space.isPublished) return "unpublished" as const;
  if (viewerId && space.userId === viewerId) return "owner" as const;
  if (!space.available || space.status !== "available") return "unavailable" as const;
  return null;
}

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
  };
}

export type BusyResult = { ok: true; busy: { start: string; end: string }[] } | BookingFailure;

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
    return { ok: false, status: 400, code: "invalid", error: "The window must be positive and at most 6 weeks" };
  }
  // The space page asks on every visit and every live update: a prepared statement, and
  // PostgreSQL writes the ranges as one JSON array of ISO 8601 UTC times (with 500 ranges,
  // mapping 500 rows and formatting 1 000 dates here cost over 1 ms per request).
  // (Columns are named in full: drizzle leaves them unqualified in a select list.)
  const iso = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
  const [row] = await preparedQuery(db, "busy_ranges_json", (db, name) =>
    db
      .select({
        busy: sql<string>`(
          select coalesce(json_agg(json_build_object('start', ${iso("a.start_time")}, 'end', ${iso("a.end_time")}) order by a.start_time), '[]')::text
            from ${spaceAvailability} a
           where a.space_id = "spaces"."id"
             and tstzrange(a.start_time, a.end_time, '[)') && tstzrange(${sql.placeholder("from")}::timestamptz, ${sql.placeholder("to")}::timestamptz, '[)')
             and (a.expires_at is null or a.expires_at > ${sql.placeholder("now")}::timestamptz))`,
      })
      .from(spaces)
      .where(and(eq(spaces.id, sql.placeholder("spaceId")), eq(spaces.isPublished, true)))
      .prepare(name),
  ).execute({ spaceId: input.spaceId, from: from.toISOString(), to: to.toISOString(), now: input.now.toISOString() });
  if (!row) return { ok: false, status: 404, code: "not_found", error: BOOKING_MESSAGES.notFound };
  const busy = JSON.parse(row.busy) as { start: string; end: string }[];
  return { ok: true, busy };
}

// ---------------------------------------------------------------------------
// Holds

/**
 * Deletes lapsed holds (all of them, or those overlapping one range of one space)
 * and marks their bookings expired. Safe with several processes: the hold and its
 * booking are claimed together with SKIP LOCKED, so two sweeps never wait on or
 * double-handle one hold, and a payment settling that booking (which locks the
 * booking first) is skipped rather than deadlocked.
 *
 * With `releaseCheckoutOf`, the same statement also releases that guest's open checkout
 * on the space (waiting for it if it is locked): one open checkout per guest and listing, so a guest who goes back and
 * picks another time frees the slot they held before, instead of keeping it from
 * everyone for the rest of its 15 minutes. Its booking expires like a lapsed hold; a
 * payment that still arrives for it is settled by the lapsed-hold rules (booked if the
 * slot is free, refunded in full otherwise).
 */
export async function sweepExpiredHolds(db: Db | Tx, now: Date, range?: { spaceId: string; start: Date; end: Date; releaseCheckoutOf?: string }) {
  const scope = range
    ? sql`and a.space_id = ${range.spaceId} and tstzrange(a.start_time, a.end_time, '[)') && tstzrange(${range.start.toISOString()}::timestamptz, ${range.end.toISOString()}::timestamptz, '[)')`
    : sql``;
  // The guest's own open checkout is waited for, not skipped, when it is locked: it may
  // be their previous choice, still getting its payment intent. The booking is locked
  // before its hold, in the order a payment settling it takes them, so the two never
  // wait on each other; once paid, it is no longer an open checkout.
  const openCheckout = range?.releaseCheckoutOf
    ? sql`, open_checkout as (
      select a.id from ${bookings} b join ${spaceAvailability} a on a.booking_id = b.id
       where a.kind = 'hold' and a.space_id = ${range.spaceId} and b.user_id = ${range.releaseCheckoutOf} and b.status = 'pending_payment'
       for update of b, a
    )`
    : sql``;
  const result = await db.execute<{ booking_id: string | null }>(sql`
    with lapsed as (
      select a.id from ${spaceAvailability} a join ${bookings} b on b.id = a.booking_id
       where a.kind = 'hold' and (a.expires_at <= ${now.toISOString()}::timestamptz ${scope})
       for update of a, b skip locked
    )${openCheckout}, gone as (
      delete from ${spaceAvailability} a
       where a.id in (select id from lapsed${range?.releaseCheckoutOf ? sql` union select id from open_checkout` : sql``})
      returning a.booking_id
    )
    update ${bookings} b set status = 'expired', hold_expires_at = null, updated_at = ${now.toISOString()}::timestamptz
      from gone where b.id = gone.booking_id and b.status = 'pending_payment'
    returning b.id`);
  return result.rows.length;
}

const holdSchema = z.object({
  spaceId: z.string(),
  startTime: z.string({ error: BOOKING_MESSAGES.dateTime }).min(1, BOOKING_MESSAGES.dateTime),
  endTime: z.string().optional(),
  duration: z.number({ error: "Duration must be a whole number" }).int("Duration must be a whole number"),
  pricingUnit: z.enum(PRICING_UNITS, { error: "Choose a pricing option" }),
  amount: z.number({ error: "Amount must be a whole number of minor units" }).int("Amount must be a whole number of minor units").min(0),
  currency: z.string({ error: "Currency is required" }).max(10),
});

export type HoldResponse = {
  clientSecret: string;
  bookingId: string;
  holdExpiresAt: string;
  platformFee: { percentage: number; amount: number };
  rental: number;
  total: number;
  currency: string;
};

export type HoldResult = ({ ok: true } & HoldResponse) | BookingFailure;

/**
 * createBookingHold's answer when it was asked to check the session (`sessionId`) and
 * could not confirm it is live: nothing was held, and the caller resolves the session
 * the usual way (renewing or clearing its tokens) before it answers.
 */
export const SESSION_UNCONFIRMED = Symbol("session unconfirmed");

type HoldInput = { userId: string; body: unknown; idempotencyKey: string | null; now: Date };

/** The hold request's shape, before anything is read: its fields, its Idempotency-Key and its listing's id. */
function readHoldRequest(body: unknown, idempotencyKey: string | null): { ok: true; request: z.infer<typeof holdSchema> } | BookingFailure {
  const parsed = holdSchema.safeParse(body);
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) fields[String(issue.path[0] ?? "form")] ??= issue.message;
    return invalid(fields, 400);
  }
  if (idempotencyKey !== null && !isUuid(idempotencyKey)) return invalid({ idempotencyKey: "Idempotency-Key must be a UUID" }, 400);
  if (!isUuid(parsed.data.spaceId)) return { ok: false, status: 404, code: "not_found", error: BOOKING_MESSAGES.notFound };
  return { ok: true, request: parsed.data };
}

function invalid(fields: Record<string, string>, status: 400 | 422 = 422): BookingFailure {
  return { ok: false, status, code: "invalid", error: Object.values(fields)[0] ?? "Invalid request", fields };
}

/**
 * Validates and prices a booking request from the listing (contract: POST
 * /api/bookings/payment-intent). One read gives the listing, the key's earlier answer
 * and whether the range is taken (and, given `sessionId`, whether the guest's session
 * is live: the served hold reads nothing else for it, ADR 0193); then a short
 * transaction sweeps lapsed holds in the range and inserts the pending_payment booking
 * and, last, its hold; then the payment intent is made (ADR 0190). Replaying the same
 * Idempotency-Key returns the first answer.
 */
export function createBookingHold(db: Db, input: HoldInput & { sessionId?: undefined }): Promise<HoldResult>;
export function createBookingHold(db: Db, input: HoldInput & { sessionId?: string }): Promise<HoldResult | typeof SESSION_UNCONFIRMED>;
export async function createBookingHold(db: Db, input: HoldInput & { sessionId?: string }): Promise<HoldResult | typeof SESSION_UNCONFIRMED> {
  const arrived = arrival();
  const { userId, now } = input;
  // With a session still to check, nothing is answered before the attempt's query has
  // confirmed it: a malformed request goes the usual way, session first.
  const unconfirmed = input.sessionId !== undefined;
  const parsed = readHoldRequest(input.body, input.idempotencyKey);
  if (!parsed.ok) return unconfirmed ? SESSION_UNCONFIRMED : parsed;
  const body = parsed.request;

  const requestHash = crypto.createHash("sha256").update(JSON.stringify([body.spaceId, body.startTime, body.endTime ?? null, body.duration, body.pricingUnit, body.amount, body.currency])).digest("hex");
  const key = input.idempotencyKey ? `booking-hold:${userId}:${input.idempotencyKey}` : null;

  // The listing, this key's earlier answer and whether the range is taken, in one round trip.
  const range = requestedRange(body.startTime, body.pricingUnit, body.duration);
  const [found] = await attemptQuery(db).execute({ id: body.spaceId, key, userId, sessionId: input.sessionId ?? null, sessionNow: new Date().toISOString(), start: range?.start ?? null, end: range?.end ?? null, now: now.toISOString() });
  if (unconfirmed && !found?.sessionLive) return SESSION_UNCONFIRMED;
  if (key) {
    const replay = found ? replayOf(found.earlier, requestHash) : await replayed(db, key, requestHash);
    if (replay) return replay;
  }

  const space = found?.space;
  if (!space || !space.isPublished) return { ok: false, status: 404, code: "not_found", error: BOOKING_MESSAGES.notFound };
  const refusal = bookability(space, userId);
  if (refusal === "owner") return { ok: false, status: 403, code: "not_bookable", error: BOOKING_MESSAGES.ownListing };
  if (refusal) return { ok: false, status: 409, code: "not_bookable", error: BOOKING_MESSAGES.unavailable };

  const unit = body.pricingUnit;
  const price = unitPrice(space, unit);
  if (price === null) return invalid({ pricingUnit: `This listing does not offer ${UNIT_NAMES[unit][0]}ly pricing`.replace("dayly", "daily") });
  if (!isDurationAllowed(unit, body.duration, space)) {
    const { min, max } = durationRange(unit, space);
    const limits = DURATION_LIMITS[unit];
    return invalid({
      duration:
        min > max
          ? `This listing cannot be booked by the ${UNIT_NAMES[unit][0]}`
          : `Duration must be between ${Math.max(min, limits.min)} and ${Math.min(max, limits.max)} ${UNIT_NAMES[unit][1]}`,
    });
  }
  const start = new Date(body.startTime);
  if (Number.isNaN(start.getTime()) || !/^\d{4}-\d{2}-\d{2}T/.test(body.startTime)) return invalid({ startTime: BOOKING_MESSAGES.dateTime });
  if (start.getTime() <= now.getTime()) return invalid({ startTime: BOOKING_MESSAGES.future });
  if (start.getTime() - now.getTime() > MAX_AHEAD_MS) return invalid({ startTime: BOOKING_MESSAGES.tooFarAhead });
  if (!isSlotStart(start.toISOString(), space.timezone)) return invalid({ startTime: BOOKING_MESSAGES.slotHours });
  const end = bookingEnd(start.toISOString(), unit, body.duration, space.timezone);
  if (body.endTime !== undefined && Date.parse(body.endTime) !== Date.parse(end)) return invalid({ endTime: BOOKING_MESSAGES.endMismatch });

  const quote = quoteBooking({ unitPriceMinor: price, quantity: body.duration, feePercent: feePercent(), currency: space.currency });
  if (body.amount !== quote.totalMinor || body.currency !== space.currency) {
    return {
      ok: false,
      status: 409,
      code: "price_changed",
      error: BOOKING_MESSAGES.priceChanged,
      price: { rental: quote.rentalMinor, fee: quote.feeMinor, total: quote.totalMinor, currency: space.currency },
    };
  }

  const endDate = new Date(end);
  const holdExpiresAt = new Date(now.getTime() + HOLD_MS);
  // A slot already taken is answered at once, without opening a transaction that would
  // only wait for the holder and fail (the constraint below still decides every race).
  // The guest's own open checkout does not count: the transaction releases it.
  if (found.taken) return { ok: false, status: 409, code: "slot_taken", error: BOOKING_MESSAGES.slotTaken };
  // 1. Take the slot: a short transaction whose last statement is the calendar row the
  //    exclusion constraint checks, so a competing request waits on it for one round trip
  //    (the commit), not for the whole checkout (bench/README.md, bench:booking). Attempts
  //    at one listing in this process take their turn, and one that arrived before the
  //    range was found taken is answered at once (slot-line.server.ts, ADR 0191).
  const taking = await takeInTurn(
    space.id,
    { range: { start: start.getTime(), end: endDate.getTime() }, guest: userId, arrived },
    () => takeSlot(db, { key, userId, requestHash, now, range: { spaceId: space.id, start, end: endDate }, hold: { unit, quantity: body.duration, quote, currency: space.currency, expiresAt: holdExpiresAt } }),
    (outcome) => outcome.held || (!outcome.answer.ok && outcome.answer.code === "slot_taken"),
  );
  if (taking === "taken") return { ok: false, status: 409, code: "slot_taken", error: BOOKING_MESSAGES.slotTaken };
  if (!taking.held) return taking.answer;
  const { bookingId } = taking;

  // 2. The payment intent, outside the slot's transaction (with Stripe it is a call over
  //    the network). If it cannot be made, the hold is let go at once and the request fails.
  try {
    return await db.transaction(async (tx) => {
      const intent = await paymentProvider().createIntent(tx, { bookingId, userId, spaceId: space.id, amount: quote.totalMinor, currency: space.currency, now });
      await tx.update(bookings).set({ paymentIntentId: intent.id }).where(eq(bookings.id, bookingId));
      const response: HoldResponse = {
        clientSecret: intent.clientSecret,
        bookingId,
        holdExpiresAt: holdExpiresAt.toISOString(),
        platformFee: { percentage: quote.feePercent, amount: quote.feeMinor },
        rental: quote.rentalMinor,
        total: quote.totalMinor,
        currency: space.currency,
      };
      if (key) await tx.update(idempotencyKeys).set({ response }).where(eq(idempotencyKeys.key, key));
      return { ok: true as const, ...response };
    });
  } catch (error) {
    await abandonHold(db, { bookingId, key });
    throw error;
  }
}

/**
 * The slot transaction of a booking attempt, in two statements: the first sweeps lapsed
 * holds in the range and releases the guest's own open checkout on the listing; the
 * second claims the Idempotency-Key and inserts the pending_payment booking and, last,
 * its hold. A taken slot or a key already in use is an answer, not an error.
 */
async function takeSlot(
  db: Db,
  input: {
    key: string | null;
    userId: string;
    requestHash: string;
    now: Date;
    range: { spaceId: string; start: Date; end: Date };
    hold: { unit: PricingUnit; quantity: number; quote: ReturnType<typeof quoteBooking>; currency: Currency; expiresAt: Date };
  },
): Promise<{ held: true; bookingId: string } | { held: false; answer: HoldResult }> {
  const { key, userId, requestHash, now, range, hold } = input;
  try {
    const bookingId = await db.transaction(async (tx) => {
      await lockCalendar(tx, range.spaceId);
      await sweepExpiredHolds(tx, now, { ...range, releaseCheckoutOf: userId });
      // The key, the booking and its hold in one statement: the hold is inserted last,
      // from the booking's id, and only when the key was claimed here.
      const booking = tx
        .insert(bookings)
        .values({
          userId,
          spaceId: range.spaceId,
          startTime: range.start,
          endTime: range.end,
          pricingUnit: hold.unit,
          quantity: hold.quantity,
          rentalAmount: hold.quote.rentalMinor,
          totalPrice: hold.quote.totalMinor,
          platformFeePercentage: hold.quote.feePercent,
          platformFeeAmount: hold.quote.feeMinor,
          currency: hold.currency,
          status: "pending_payment",
          holdExpiresAt: hold.expiresAt,
          payoutReleaseAt: new Date(range.end.getTime() + PAYOUT_DELAY_MS),
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: bookings.id });
      const claim = key ? tx.insert(idempotencyKeys).values({ key, userId, requestHash, createdAt: now }).onConflictDoNothing().returning({ key: idempotencyKeys.key }) : null;
      const { rows } = await tx.execute<{ booking_id: string }>(sql`
        with ${claim ? sql`claimed as (${claim.getSQL()}), ` : sql``}made as (${booking.getSQL()})
        insert into ${spaceAvailability} (space_id, booking_id, kind, start_time, end_time, expires_at, created_at)
        select ${range.spaceId}, made.id, 'hold', ${range.start.toISOString()}::timestamptz, ${range.end.toISOString()}::timestamptz,
               ${hold.expiresAt.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
          from made ${claim ? sql`where exists (select 1 from claimed)` : sql``}
        returning booking_id`);
      // Not claimed: the same key is in use by a request in flight (the rollback undoes the booking).
      if (rows.length === 0) throw new ReplayInFlight();
      return rows[0]!.booking_id;
    });
    return { held: true, bookingId };
  } catch (error) {
    if (pgErrorCode(error) === "23P01") return { held: false, answer: { ok: false, status: 409, code: "slot_taken", error: BOOKING_MESSAGES.slotTaken } };
    if (error instanceof ReplayInFlight || pgErrorCode(error) === "23505") {
      const replay = key ? await replayed(db, key, requestHash) : null;
      return { held: false, answer: replay ?? { ok: false, status: 409, code: "invalid", error: "This request is already being processed" } };
    }
    throw error;
  }
}

/** The class of the two-key advisory locks that guard a listing's calendar (jobs use the one-key form). */
const CALENDAR_LOCK = 1;

/**
 * Takes the listing's calendar for the rest of the transaction, before a row goes into
 * it. The exclusion constraint alone lets two transactions that insert overlapping rows
 * at the same moment each wait for the other: PostgreSQL then aborts one with "deadlock
 * detected" after a second (seen in bench:booking when two workers took one slot). In
 * turn, the second inserter finds the first's row and is refused at once (23P01).
 */
async function lockCalendar(tx: Tx, spaceId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(${CALENDAR_LOCK}::int, hashtext(${spaceId}))`);
}

/**
 * A hold whose payment intent could not be made is undone as if it never happened (as
 * when it all was one transaction): the slot is free again, no booking is left behind,
 * and the request can be retried with the same key.
 */
async function abandonHold(db: Db, { bookingId, key }: { bookingId: string; key: string | null }) {
  await db.transaction(async (tx) => {
    await tx.delete(spaceAvailability).where(eq(spaceAvailability.bookingId, bookingId));
    await tx.delete(bookings).where(and(eq(bookings.id, bookingId), eq(bookings.status, "pending_payment"), isNull(bookings.paymentIntentId)));
    if (key) await tx.delete(idempotencyKeys).where(eq(idempotencyKeys.key, key));
  });
}

class ReplayInFlight extends Error {}

async function replayed(db: Db, key: string, requestHash: string): Promise<HoldResult | null> {
  const [row] = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
  return replayOf(row ?? null, requestHash);
}

/** The range a request asks for, if its start is a date and its length positive (it is validated in full later). */
function requestedRange(startTime: string, unit: PricingUnit, quantity: number): { start: string; end: string } | null {
  const startMs = /^\d{4}-\d{2}-\d{2}T/.test(startTime) ? Date.parse(startTime) : Number.NaN;
  const endMs = startMs + quantity * UNIT_HOURS[unit] * 3_600_000;
  const representable = (ms: number) => Number.isFinite(ms) && Math.abs(ms) <= 8.64e15;
  if (!representable(startMs) || !representable(endMs) || endMs <= startMs) return null;
  return { start: new Date(startMs).toISOString(), end: new Date(endMs).toISOString() };
}

/** The answer to give again for a key used before: its first answer, or a refusal when the request differs. */
function replayOf(row: { requestHash: string; response: unknown } | null, requestHash: string): HoldResult | null {
  if (!row) return null;
  if (row.requestHash !== requestHash) return { ok: false, status: 422, code: "invalid", error: BOOKING_MESSAGES.idempotencyReuse };
  if (!row.response) return null;
  return { ok: true, ...(row.response as HoldResponse) };
}

/**
 * Everything a booking attempt reads before it writes, in one prepared statement: the
 * listing, the earlier answer to this Idempotency-Key, and whether a live hold or booking
 * (not the guest's own open checkout, which the transaction releases) overlaps the range.
 * Most attempts in a rush for one slot end here with 'slot taken' (bench:booking), and
 * the exclusion constraint still decides every race that gets past it.
 */
function attemptQuery(db: Db) {
  return preparedQuery(db, "booking_attempt", (db, name) =>
    db
      .select({
        space: {
          id: spaces.id,
          userId: spaces.userId,
          isPublished: spaces.isPublished,
          available: spaces.available,
          status: spaces.status,
          hourlyPrice: spaces.hourlyPrice,
          dailyPrice: spaces.dailyPrice,
          weeklyPrice: spaces.weeklyPrice,
          monthlyPrice: spaces.monthlyPrice,
          minRentalDuration: spaces.minRentalDuration,
          maxRentalDuration: spaces.maxRentalDuration,
          currency: spaces.currency,
          timezone: spaces.timezone,
        },
        earlier: sql<{ requestHash: string; response: unknown } | null>`(
          select json_build_object('requestHash', k.request_hash, 'response', k.response)
            from ${idempotencyKeys} k where k.key = ${sql.placeholder("key")})`,
        // True when the caller read the session itself (no sessionId). Sessions expire by
        // the real clock, as loadSessionUser reads them, not by a test clock's `now`.
        sessionLive: sql<boolean>`(${sql.placeholder("sessionId")}::uuid is null or ${liveSessionExists(sql`${sql.placeholder("sessionId")}::uuid`, sql`${sql.placeholder("userId")}::uuid`, sql`${sql.placeholder("sessionNow")}::timestamptz`)})`,
        taken: sql<boolean>`exists (
          select 1 from ${spaceAvailability} a
           where a.space_id = ${spaces.id}
             and tstzrange(a.start_time, a.end_time, '[)') && tstzrange(${sql.placeholder("start")}::timestamptz, ${sql.placeholder("end")}::timestamptz, '[)')
             and (a.expires_at is null or a.expires_at > ${sql.placeholder("now")}::timestamptz)
             and not exists (select 1 from ${bookings} b where b.id = a.booking_id and b.user_id = ${sql.placeholder("userId")} and b.status = 'pending_payment'))`,
      })
      .from(spaces)
      .where(eq(spaces.id, sql.placeholder("id")))
      .prepare(name),
  );
}

// ---------------------------------------------------------------------------
// Payment and confirmation

export type Outcome = "confirmed" | "processing" | "failed" | "error" | "refunded";

type BookingRecord = typeof bookings.$inferSelect;

/**
 * Turns a paid booking's hold into its booking row, once. A booking whose hold
 * lapsed gets its slot back if it is still free; if someone else took it, the
 * payment is refunded in full. Runs in the caller's transaction, with the intent locked.
 */
async function settlePaidBooking(tx: Tx, intent: Intent, now: Date): Promise<void> {
  const [booking] = await tx.select().from(bookings).where(eq(bookings.id, intent.bookingId)).for("update");
  if (!booking || booking.status !== "pending_payment" && booking.status !== "expired") return;
  if (booking.status === "expired" && booking.refundAmount != null) return;
  const claimed = await tx
    .update(spaceAvailability)
    .set({ kind: "booking", expiresAt: null })
    .where(and(eq(spaceAvailability.bookingId, booking.id), eq(spaceAvailability.kind, "hold")))
    .returning({ id: spaceAvailability.id });
  let slotFree = claimed.length > 0;
  if (!slotFree) {
    // The hold lapsed: take the slot again if nobody else has (a savepoint keeps the transaction usable).
    try {
      await tx.transaction(async (inner) => {
        await lockCalendar(inner, booking.spaceId);
        await sweepExpiredHolds(inner, now, { spaceId: booking.spaceId, start: booking.startTime, end: booking.endTime });
        await inner.insert(spaceAvailability).values({ spaceId: booking.spaceId, bookingId: booking.id, kind: "booking", startTime: booking.startTime, endTime: booking.endTime, createdAt: now });
      });
      slotFree = true;
    } catch (error) {
      if (pgErrorCode(error) !== "23P01") throw error;
    }
  }
  if (slotFree) {
    await tx.update(bookings).set({ status: "confirmed", holdExpiresAt: null, updatedAt: now }).where(eq(bookings.id, booking.id));
    await recordBookingConfirmed(tx, { booking, chargeReference: intent.id, now });
    await queueBookingConfirmedEmails(tx, booking.id, now);
    return;
  }
  const refundable = intent.amount - intent.amountRefunded;
  const { refundId } = await paymentProvider().refund(tx, intent, refundable, now);
  await recordChargeRefunded(tx, { booking, amount: refundable, chargeReference: intent.id, refundReference: refundId, now });
  await tx.update(bookings).set({ status: "expired", holdExpiresAt: null, refundAmount: intent.amount, refundedAt: now, updatedAt: now }).where(eq(bookings.id, booking.id));
  logger.info({ bookingId: booking.id }, "payment after hold expiry refunded: slot taken");
}

function outcomeOf(intent: Intent, booking: BookingRecord | undefined): Outcome {
  if (intent.status === "processing") return "processing";
  if (intent.status === "requires_payment_method") return "failed";
  if (intent.status === "canceled" || !booking) return "error";
  if (booking.status === "expired" && booking.refundAmount != null) return "refunded";
  if (booking.status === "confirmed" || booking.status === "completed" || booking.status === "cancelled") return "confirmed";
  return "error";
}

export type PublicIntent = { id: string; status: Intent["status"]; clientSecret: string; lastPaymentError: { message: string } | null };

const publicIntent = (intent: Intent): PublicIntent => ({
  id: intent.id,
  status: intent.status,
  clientSecret: intent.clientSecret,
  lastPaymentError: intent.lastErrorMessage ? { message: intent.lastErrorMessage } : null,
});

const cardSchema = z.object({
  clientSecret: z.string().min(1).max(200),
  card: z.object({
    number: z.string().max(40),
    expMonth: z.union([z.string().max(4), z.number().int()]),
    expYear: z.union([z.string().max(6), z.number().int()]),
    cvc: z.string().max(8),
    name: z.string().max(200).optional(),
  }),
});

/**
 * The test-mode processor's confirmCardPayment (contract: POST /api/payments/confirm).
 * Only the booking's guest may pay; a second confirm of a paid intent changes nothing.
 */
export async function confirmCardPayment(
  db: Db,
  input: { userId: string; body: unknown; now: Date },
): Promise<{ ok: true; paymentIntent: PublicIntent } | BookingFailure> {
  const parsed = cardSchema.safeParse(input.body);
  if (!parsed.success) return invalid({ card: "Your card number is incorrect." }, 400);
  const { clientSecret, card } = parsed.data;
  const result = await db.transaction(async (tx) => {
    const provider = paymentProvider();
    const intent = await provider.lockBySecret(tx, clientSecret, input.now);
    if (!intent || intent.userId !== input.userId) return null;
    const next = await provider.confirmCard(tx, intent, card as CardInput, input.now);
    if (next.status === "succeeded") await settlePaidBooking(tx, next, input.now);
    if (next.status === "requires_payment_method") await queuePaymentFailedEmail(tx, next.bookingId, next.lastErrorMessage, input.now);
    return next;
  });
  if (!result) return { ok: false, status: 404, code: "not_found", error: BOOKING_MESSAGES.somethingWrong };
  return { ok: true, paymentIntent: publicIntent(result) };
}

/**
 * A provider's word that a payment moved (a Stripe webhook, ADR 0130): the provider
 * is asked for the intent's current state and a paid booking is settled exactly as the
 * card form and the return URL settle it. Unknown intents are ignored; any order of
 * events, and any number of repeats, settles a booking once.
 */
export async function settleProviderPayment(db: Db, input: { intentId: string; now: Date }): Promise<Intent | null> {
  const [known] = await db.select({ clientSecret: localPaymentIntents.clientSecret }).from(localPaymentIntents).where(eq(localPaymentIntents.id, input.intentId));
  if (!known) return null;
  return db.transaction(async (tx) => {
    const intent = await paymentProvider().lockBySecret(tx, known.clientSecret, input.now);
    if (intent?.status === "succeeded") await settlePaidBooking(tx, intent, input.now);
    return intent;
  });
}

export type BookingSummary = {
  id: string;
  status: BookingRecord["status"];
  startTime: string;
  endTime: string;
  timeZone: string;
  currency: string;
  rental: number;
  fee: number;
  feePercent: number;
  total: number;
  refund: number | null;
  space: { id: string; title: string; location: string; href: string };
};

/**
 * The payment result for the confirmation page (contract: getPaymentOutcome). Only
 * the booking's guest gets an answer. Asking settles a succeeded payment
 * idempotently, so a reload, a second tab or a late event confirm the booking once.
 */
export async function getPaymentOutcome(db: Db, input: { userId: string; clientSecret: string; now: Date }) {
  if (typeof input.clientSecret !== "string" || input.clientSecret.length === 0 || input.clientSecret.length > 200) return null;
  const [known] = await db
    .select({ userId: localPaymentIntents.userId, status: localPaymentIntents.status, bookingId: localPaymentIntents.bookingId })
    .from(localPaymentIntents)
    .where(eq(localPaymentIntents.clientSecret, input.clientSecret));
  if (!known || known.userId !== input.userId) return null;
  const intent = await db.transaction(async (tx) => {
    const locked = await paymentProvider().lockBySecret(tx, input.clientSecret, input.now);
    if (locked && locked.status === "succeeded") await settlePaidBooking(tx, locked, input.now);
    return locked;
  });
  if (!intent) return null;
  const [row] = await db.select({ booking: bookings, space: spaces }).from(bookings).innerJoin(spaces, eq(spaces.id, bookings.spaceId)).where(eq(bookings.id, intent.bookingId));
  return { status: intent.status, outcome: outcomeOf(intent, row?.booking), booking: row ? summary(row.booking, row.space) : null };
}

function summary(booking: BookingRecord, space: BookableSpace): BookingSummary {
  return {
    id: booking.id,
    status: booking.status,
    startTime: booking.startTime.toISOString(),
    endTime: booking.endTime.toISOString(),
    timeZone: space.timezone,
    currency: booking.currency,
    rental: booking.rentalAmount,
    fee: booking.platformFeeAmount,
    feePercent: booking.platformFeePercentage,
    total: booking.totalPrice,
    refund: booking.refundAmount,
    space: { id: space.id, title: space.title, location: space.location, href: spacePath(space) },
  };
}

// ---------------------------------------------------------------------------
// My bookings and cancellation

export type BookingRow = BookingSummary & {
  refundedAt: string | null;
  space: BookingSummary["space"] & { image: string | null };
  canCancel: boolean;
  cancelQuote: { refundMinor: number } | null;
  icsHref: string | null;
};

/** The guest's bookings, newest start first, one page at a time (contract: listMyBookings). */
export async function listMyBookings(db: Db, input: { userId: string; page: number; pageSize: number; now?: Date }) {
  const now = input.now ?? new Date();
  const pageSize = Math.min(50, Math.max(1, Math.floor(input.pageSize) || 10));
  // Abandoned checkouts are not bookings; a lapsed hold that was paid and refunded is.
  const visible = and(
    eq(bookings.userId, input.userId),
    or(inArray(bookings.status, ["confirmed", "cancelled", "completed"]), and(eq(bookings.status, "expired"), isNotNull(bookings.refundAmount))),
  );
  const [{ value: total } = { value: 0 }] = await db.select({ value: count() }).from(bookings).where(visible);
  const pageCount = Math.max(1, Math.ceil(Number(total) / pageSize));
  const page = Math.min(pageCount, Math.max(1, Math.floor(input.page) || 1));
  const rows = await db
    .select({ booking: bookings, space: spaces })
    .from(bookings)
    .innerJoin(spaces, eq(spaces.id, bookings.spaceId))
    .where(visible)
    .orderBy(desc(bookings.startTime), desc(bookings.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const items: BookingRow[] = rows.map(({ booking, space }) => {
    const canCancel = booking.status === "confirmed" && booking.startTime.getTime() > now.getTime();
    return {
      ...summary(booking, space),
      refundedAt: booking.refundedAt?.toISOString() ?? null,
      space: { ...summary(booking, space).space, image: space.images[0] ?? null },
      canCancel,
      cancelQuote: canCancel ? { refundMinor: cancellationRefund(booking, space, now).refundMinor } : null,
      icsHref: booking.status === "confirmed" ? `/api/bookings/${booking.id}/calendar.ics` : null,
    };
  });
  return { items, page, pageCount, total: Number(total) };
}

function cancellationRefund(booking: BookingRecord, space: BookableSpace, now: Date) {
  return refundForCancellation(cancellationInput(booking, space, now));
}

function cancellationInput(booking: BookingRecord, space: BookableSpace, now: Date) {
  return {
    policy: space.cancellationPolicy as CancellationPolicy,
    startTime: booking.startTime,
    now,
    rentalMinor: booking.rentalAmount,
    feeMinor: booking.platformFeeAmount,
    refundServiceFee: env().REFUND_SERVICE_FEE,
  };
}

export type CancelResult = { ok: true; refundMinor: number } | { ok: false; status: 404 | 409; error: string };

/**
 * Cancels the guest's confirmed, upcoming booking: frees its calendar row at once,
 * and refunds through the provider what the listing's policy gives back. The row
 * lock makes a double click or a second tab cancel (and refund) once.
 */
export async function cancelBooking(db: Db, input: { userId: string; bookingId: string; now: Date }): Promise<CancelResult> {
  if (!isUuid(input.bookingId)) return { ok: false, status: 404, error: BOOKING_MESSAGES.bookingNotFound };
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ booking: bookings, space: spaces })
      .from(bookings)
      .innerJoin(spaces, eq(spaces.id, bookings.spaceId))
      .where(and(eq(bookings.id, input.bookingId), eq(bookings.userId, input.userId)))
      .for("update", { of: bookings });
    if (!row) return { ok: false as const, status: 404 as const, error: BOOKING_MESSAGES.bookingNotFound };
    const { booking, space } = row;
    if (booking.status === "cancelled") return { ok: false as const, status: 409 as const, error: BOOKING_MESSAGES.alreadyCancelled };
    if (booking.status !== "confirmed" || booking.startTime.getTime() <= input.now.getTime()) {
      return { ok: false as const, status: 409 as const, error: BOOKING_MESSAGES.notCancellable };
    }
    // Who keeps what: the refund the policy gives, and the host's payout that is left (issue #13).
    const split = cancellationSplit(cancellationInput(booking, space, input.now));
    const refundMinor = split.refund;
    let refundReference: string | null = null;
    await tx.delete(spaceAvailability).where(eq(spaceAvailability.bookingId, booking.id));
    if (refundMinor > 0) {
      const [intentRow] = await tx.select({ clientSecret: localPaymentIntents.clientSecret }).from(localPaymentIntents).where(eq(localPaymentIntents.bookingId, booking.id));
      const intent = intentRow ? await paymentProvider().lockBySecret(tx, intentRow.clientSecret, input.now) : null;
      if (!intent) throw new Error(`No payment to refund for booking ${booking.id}`);
      refundReference = (await paymentProvider().refund(tx, intent, refundMinor, input.now)).refundId;
    }
    await recordBookingCancelled(tx, { booking, split, refundReference, now: input.now });
    await tx
      .update(bookings)
      .set({ status: "cancelled", cancelledAt: input.now, refundAmount: refundMinor, refundedAt: refundMinor > 0 ? input.now : null, updatedAt: input.now })
      .where(eq(bookings.id, booking.id));
    await queueBookingCancelledEmails(tx, booking.id, input.now);
    return { ok: true as const, refundMinor };
  });
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

/** Lapsed holds of every space: run by the server's periodic job (several processes may run it). */
export async function sweepAllExpiredHolds(db: Db, now: Date = new Date()) {
  return sweepExpiredHolds(db, now);
}

