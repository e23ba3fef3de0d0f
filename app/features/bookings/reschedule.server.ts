import crypto from "node:crypto";
import { and, between, eq, sql } from "drizzle-orm";
import { bookingRequirements } from "~/db/schema/booking-requirements";
import { bookings, payouts, spaceAvailability, spaceDateHours } from "~/db/schema/bookings";
import { spaces } from "~/db/schema/listings";
import { firstConflict, lockCalendar, unitsInUse } from "~/features/availability/calendar-rows.server";
import { occupiedRange, scheduledEnd, scheduleOf, startProblem } from "~/features/availability/schedule";
import { queueBookingMovedEmails } from "~/features/mail/booking-emails.server";
import type { Db, Tx } from "~/lib/db.server";
import { isUuid } from "~/lib/uuid";
import type { Translate } from "~/features/i18n/translate";
import { BOOKING_MESSAGES, durationProblem, HOLD_MS, PAYOUT_DELAY_MS } from "./booking-rules.server";
import { followRescheduledBooking } from "./deposits.server";
import { intentAnswer, sweepExpiredHolds, type HoldResponse } from "./hold.server";
import { quoteBooking, unitPrice } from "./pricing";
import { allows, BOOKING_PROCESS } from "./process";
import { lockBooking, PROCESS_MESSAGES, recordProviderCall, refusal, runTransition, type BookingRecord, type Refusal } from "./process.server";
import { performProviderCalls } from "./provider-calls.server";
import { addDays } from "./slots";
import { translatable } from "~/features/i18n/translatable";

/**
 * The guest moves a confirmed booking to another time (issue #26 point 7): the booking
 * process's `reschedule`, up to 48 hours before the start, as the help centre promises.
 * The booking keeps its length, price and terms; the new time must pass the listing's
 * hours and rules and be free. The calendar row moves in one statement, under the
 * listing's calendar lock, so the old time reopens in the same transaction as the new
 * one is taken; the payout follows the new end; guest and host get an e-mail.
 */
export const RESCHEDULE_NOTICE_MS = 48 * 3_600_000;

export const RESCHEDULE_MESSAGES = {
  tooLate: translatable("Bookings can be changed up to 48 hours before they start"),
  sameTime: translatable("Choose a time different from the booking's"),
  startTime: translatable("Choose a new start time"),
  duration: translatable("Choose a length"),
} as const;

export type RescheduleOutcome = { ok: true; startTime: string; endTime: string } | Refusal;

export async function rescheduleBooking(db: Db, input: { userId: string; bookingId: string; startTime: unknown; now: Date; translate?: Translate }): Promise<RescheduleOutcome> {
  const { now } = input;
  if (!isUuid(input.bookingId)) return refusal("not_found", BOOKING_MESSAGES.bookingNotFound);
  const start = typeof input.startTime === "string" && /^\d{4}-\d{2}-\d{2}T/.test(input.startTime) ? new Date(input.startTime) : null;
  if (!start || Number.isNaN(start.getTime())) return refusal("invalid", RESCHEDULE_MESSAGES.startTime);
  const result = await db.transaction(async (tx) => {
    const booking = await lockBooking(tx, input.bookingId);
    if (!booking || booking.userId !== input.userId) return refusal("not_found", BOOKING_MESSAGES.bookingNotFound);
    const done = await runTransition(tx, booking, "reschedule", now, async () => {
      if (booking.startTime.getTime() - now.getTime() < RESCHEDULE_NOTICE_MS) return refusal("not_allowed", RESCHEDULE_MESSAGES.tooLate);
      if (start.getTime() === booking.startTime.getTime()) return refusal("invalid", RESCHEDULE_MESSAGES.sameTime);
      if (start.getTime() <= now.getTime()) return refusal("invalid", BOOKING_MESSAGES.future);
      const [space] = await tx.select().from(spaces).where(eq(spaces.id, booking.spaceId));
      if (!space) return refusal("not_found", BOOKING_MESSAGES.notFound);
      const schedule = await scheduleNear(tx, space, start);
      const end = scheduledEnd(schedule, start, booking.pricingUnit, booking.quantity);
      const problem = startProblem(schedule, { start, end, byTheDay: booking.pricingUnit !== "hour", now }, input.translate);
      if (problem) return refusal("invalid", problem);
      const occupied = occupiedRange(schedule.rules, start, end);
      await lockCalendar(tx, space.id);
      // Holds that lapsed over the new time go first (the clock's `expire`), as for a hold: the constraint still sees them.
      await sweepExpiredHolds(tx, now, { spaceId: space.id, start: occupied.start, end: occupied.end });
      const taken =
        space.quantity > 1
          ? (await unitsInUse(tx, { spaceId: space.id, start: occupied.start, end: occupied.end, quantity: space.quantity, now, exceptBooking: booking.id })) + booking.units > space.quantity
          : (await firstConflict(tx, { spaceId: space.id, start: occupied.start, end: occupied.end, now, exceptBooking: booking.id })) !== null;
      if (taken) return refusal("not_allowed", BOOKING_MESSAGES.slotTaken);
      await tx
        .update(spaceAvailability)
        .set({ startTime: occupied.start, endTime: occupied.end, shared: space.quantity > 1 })
        .where(eq(spaceAvailability.bookingId, booking.id));
      const releaseAt = new Date(end.getTime() + PAYOUT_DELAY_MS);
      await tx.update(bookings).set({ startTime: start, endTime: end, payoutReleaseAt: releaseAt, updatedAt: now }).where(eq(bookings.id, booking.id));
      await tx.update(payouts).set({ releaseAt, updatedAt: now }).where(and(eq(payouts.bookingId, booking.id), eq(payouts.kind, "booking"), eq(payouts.status, "scheduled")));
      // The security deposit follows the new times (ADR 0290): its authorisation and release dates, and its hold.
      const calls = await followRescheduledBooking(tx, booking, { start, end }, now);
      return { startTime: start.toISOString(), endTime: end.toISOString(), previous: { start: booking.startTime, end: booking.endTime }, calls };
    });
    if (!done.ok) return done.code === "not_allowed" && done.error === PROCESS_MESSAGES.notAllowed ? refusal("not_allowed", BOOKING_MESSAGES.notChangeable) : done;
    await queueBookingMovedEmails(tx, booking.id, done.previous, now);
    return { ok: true as const, startTime: done.startTime, endTime: done.endTime, calls: done.calls };
  });
  if (!result.ok) return result;
  // The deposit's calls, after the commit (never inside the transaction).
  await performProviderCalls(db, result.calls, now);
  return { ok: true, startTime: result.startTime, endTime: result.endTime };
}


/** A change to another length: the new booking's checkout, paid like any booking's. */
export type ChangeOutcome =
  | { ok: true; moved: { startTime: string; endTime: string }; checkout?: undefined }
  | { ok: true; moved?: undefined; checkout: HoldResponse & { startTime: string; endTime: string } }
  | Refusal;

/**
 * The guest changes a confirmed booking (issue #26 point 7, ADR 0205). At the same length
 * it moves in place (`rescheduleBooking`). At another length the price differs, so the
 * change is a new booking (`change`): held over the new time — free but for the booking it
 * replaces — priced by that booking's stored unit price, fee rate and terms, and paid in
 * full through the usual checkout; its confirmation replaces the old booking, which is
 * refunded in full in the same transaction (`replace`), so the guest pays the difference
 * and the old time reopens as the new one is taken. Unpaid, it lapses and nothing changes.
 */
export async function changeBooking(
  db: Db,
  input: {
    userId: string;
    bookingId: string;
    startTime: unknown;
    /** In the booking's pricing unit; the booking's own length when left out. */
    duration?: unknown;
    now: Date;
    /** The request's language, for a refusal with values (the duration's limits); English when left out. */
    translate?: Translate;
  },
): Promise<ChangeOutcome> {
  const { now } = input;
  if (!isUuid(input.bookingId)) return refusal("not_found", BOOKING_MESSAGES.bookingNotFound);
  const wanted = input.duration;
  if (wanted !== undefined && (typeof wanted !== "number" || !Number.isSafeInteger(wanted) || wanted < 1)) return refusal("invalid", RESCHEDULE_MESSAGES.duration);
  const [current] = await db.select({ userId: bookings.userId, quantity: bookings.quantity }).from(bookings).where(eq(bookings.id, input.bookingId));
  if (!current || current.userId !== input.userId) return refusal("not_found", BOOKING_MESSAGES.bookingNotFound);
  // No length given, or the booking's own: it moves in place.
  const duration = wanted ?? current.quantity;
  if (duration === current.quantity) {
    const moved = await rescheduleBooking(db, input);
    return moved.ok ? { ok: true, moved: { startTime: moved.startTime, endTime: moved.endTime } } : moved;
  }
  const start = typeof input.startTime === "string" && /^\d{4}-\d{2}-\d{2}T/.test(input.startTime) ? new Date(input.startTime) : null;
  if (!start || Number.isNaN(start.getTime())) return refusal("invalid", RESCHEDULE_MESSAGES.startTime);
  const held = await db.transaction(async (tx): Promise<{ ok: true; bookingId: string; callId: string } | Refusal> => {
    const booking = await lockBooking(tx, input.bookingId);
    if (!booking || booking.userId !== input.userId) return refusal("not_found", BOOKING_MESSAGES.bookingNotFound);
    if (!allows("replace", booking.status) || booking.startTime.getTime() <= now.getTime()) return refusal("not_allowed", BOOKING_MESSAGES.notChangeable);
    if (booking.startTime.getTime() - now.getTime() < RESCHEDULE_NOTICE_MS) return refusal("not_allowed", RESCHEDULE_MESSAGES.tooLate);
    if (start.getTime() <= now.getTime()) return refusal("invalid", BOOKING_MESSAGES.future);
    const [space] = await tx.select().from(spaces).where(eq(spaces.id, booking.spaceId));
    if (!space) return refusal("not_found", BOOKING_MESSAGES.notFound);
    const unit = booking.pricingUnit;
    const tooLong = durationProblem(unit, duration, space, input.translate);
    if (tooLong) return refusal("invalid", tooLong);
    const schedule = await scheduleNear(tx, space, start);
    const end = scheduledEnd(schedule, start, unit, duration);
    const problem = startProblem(schedule, { start, end, byTheDay: unit !== "hour", now }, input.translate);
    if (problem) return refusal("invalid", problem);
    const price = changeUnitPrice(booking, space);
    if (price === null) return refusal("not_allowed", BOOKING_MESSAGES.unavailable);
    // The booking's terms are kept: its fee, and its protection's rate and delivery fee (ADR 0286, 0287).
    const quote = quoteBooking({
      unitPriceMinor: price,
      quantity: duration * booking.units,
      feePercent: booking.platformFeePercentage,
      currency: booking.currency,
      protectionBasisPoints: booking.protectionPercent,
      deliveryFeeMinor: booking.deliveryAmount,
    });
    const occupied = occupiedRange(schedule.rules, start, end);
    await lockCalendar(tx, space.id);
    // One open checkout per guest and listing: an earlier change (or checkout) of theirs is released.
    await sweepExpiredHolds(tx, now, { spaceId: space.id, start: occupied.start, end: occupied.end, releaseCheckoutOf: input.userId });
    const several = space.quantity > 1;
    const taken = several
      ? (await unitsInUse(tx, { spaceId: space.id, start: occupied.start, end: occupied.end, quantity: space.quantity, now, exceptBooking: booking.id })) + booking.units > space.quantity
      : (await firstConflict(tx, { spaceId: space.id, start: occupied.start, end: occupied.end, now, exceptBooking: booking.id })) !== null;
    if (taken) return refusal("not_allowed", BOOKING_MESSAGES.slotTaken);
    const bookingId = crypto.randomUUID();
    const expiresAt = new Date(now.getTime() + HOLD_MS);
    await tx.insert(bookings).values({
      id: bookingId,
      userId: booking.userId,
      spaceId: space.id,
      startTime: start,
      endTime: end,
      pricingUnit: unit,
      quantity: duration,
      units: booking.units,
      rentalAmount: quote.rentalMinor,
      totalPrice: quote.totalMinor,
      platformFeePercentage: quote.feePercent,
      platformFeeAmount: quote.feeMinor,
      protectionPercent: quote.protectionBasisPoints,
      protectionAmount: quote.protectionMinor,
      deliveryAmount: quote.deliveryMinor,
      currency: booking.currency,
      status: BOOKING_PROCESS.change.to,
      holdExpiresAt: expiresAt,
      payoutReleaseAt: new Date(end.getTime() + PAYOUT_DELAY_MS),
      cancellationPolicy: booking.cancellationPolicy,
      refundServiceFee: booking.refundServiceFee,
      replacesBookingId: booking.id,
      createdAt: now,
      updatedAt: now,
    });
    // What the guest gave at checkout (ADR 0279, 0286, 0287) goes with the change: the host sees the same licence, cover and address.
    await tx.execute(sql`
      insert into ${bookingRequirements} (booking_id, date_of_birth, licence_number, licence_country, licence_expiry, waiver_text, waiver_accepted_at, waiver_accepted_ip,
                                          insurance, insurer_name, policy_number, fulfilment, delivery_street, delivery_city, delivery_postal_code, delivery_country, created_at)
      select ${bookingId}, date_of_birth, licence_number, licence_country, licence_expiry, waiver_text, waiver_accepted_at, waiver_accepted_ip,
             insurance, insurer_name, policy_number, fulfilment, delivery_street, delivery_city, delivery_postal_code, delivery_country, ${now.toISOString()}::timestamptz
        from ${bookingRequirements} where booking_id = ${booking.id}`);
    if (!several) {
      // On a listing of one unit the exclusion constraint keeps the new hold from overlapping
      // any other row, so the booking it replaces steps into a lane of its own (ADR 0205):
      // every writer still finds it, under the calendar lock, before writing.
      await tx.update(spaceAvailability).set({ shared: true }).where(eq(spaceAvailability.bookingId, booking.id));
    }
    await tx
      .insert(spaceAvailability)
      .values({ spaceId: space.id, bookingId, kind: "hold", startTime: occupied.start, endTime: occupied.end, expiresAt, units: booking.units, shared: several, createdAt: now });
    const callId = await recordProviderCall(tx, { bookingId, kind: "create_intent", amount: quote.totalMinor, currency: booking.currency, intentId: null, reason: "change", now });
    return { ok: true, bookingId, callId };
  });
  if (!held.ok) return held;
  // The payment intent, outside the transaction, as for any checkout.
  const answer = await intentAnswer(db, held.bookingId, held.callId, now);
  if (!answer.ok) return refusal("invalid", answer.error);
  const [made] = await db.select({ startTime: bookings.startTime, endTime: bookings.endTime }).from(bookings).where(eq(bookings.id, held.bookingId));
  const { ok: _ok, ...response } = answer;
  return { ok: true, checkout: { ...response, startTime: made!.startTime.toISOString(), endTime: made!.endTime.toISOString() } };
}

/**
 * The price of one unit for a change: the booking's own (rental ÷ units booked), so the
 * guest keeps the price they booked at; the listing's current price only when the
 * booking's does not divide evenly.
 */
export function changeUnitPrice(booking: Pick<BookingRecord, "quantity" | "units" | "rentalAmount" | "pricingUnit">, space: Parameters<typeof unitPrice>[0]): number | null {
  const per = booking.quantity * booking.units;
  return per > 0 && booking.rentalAmount % per === 0 ? booking.rentalAmount / per : unitPrice(space, booking.pricingUnit);
}

/** The listing's schedule around `start`: weekly hours, rules and the dated hours of the weeks that follow. */
async function scheduleNear(tx: Tx, space: typeof spaces.$inferSelect, start: Date) {
  const day = start.toISOString().slice(0, 10);
  const dated = await tx
    .select({ date: spaceDateHours.date, hours: spaceDateHours.hours })
    .from(spaceDateHours)
    .where(and(eq(spaceDateHours.spaceId, space.id), between(spaceDateHours.date, addDays(day, -2), addDays(day, 40))));
  return scheduleOf(space, Object.fromEntries(dated.map((row) => [row.date, row.hours])));
}
