import { and, between, eq } from "drizzle-orm";
import { bookings, payouts, spaceAvailability, spaceDateHours } from "~/db/schema/bookings";
import { spaces } from "~/db/schema/listings";
import { firstConflict, lockCalendar, unitsInUse } from "~/features/availability/calendar-rows.server";
import { occupiedRange, scheduledEnd, scheduleOf, startProblem } from "~/features/availability/schedule";
import { queueBookingMovedEmails } from "~/features/mail/booking-emails.server";
import type { Db } from "~/lib/db.server";
import { isUuid } from "~/lib/uuid";
import { BOOKING_MESSAGES, PAYOUT_DELAY_MS } from "./booking-rules.server";
import { lockBooking, PROCESS_MESSAGES, refusal, runTransition, type Refusal } from "./process.server";
import { addDays } from "./slots";

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
  tooLate: "Bookings can be changed up to 48 hours before they start",
  sameTime: "Choose a time different from the booking's",
  startTime: "Choose a new start time",
} as const;

export type RescheduleOutcome = { ok: true; startTime: string; endTime: string } | Refusal;

export async function rescheduleBooking(db: Db, input: { userId: string; bookingId: string; startTime: unknown; now: Date }): Promise<RescheduleOutcome> {
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
      const day = start.toISOString().slice(0, 10);
      const dated = await tx
        .select({ date: spaceDateHours.date, hours: spaceDateHours.hours })
        .from(spaceDateHours)
        .where(and(eq(spaceDateHours.spaceId, space.id), between(spaceDateHours.date, addDays(day, -2), addDays(day, 40))));
      const schedule = scheduleOf(space, Object.fromEntries(dated.map((row) => [row.date, row.hours])));
      const end = scheduledEnd(schedule, start, booking.pricingUnit, booking.quantity);
      const problem = startProblem(schedule, { start, end, byTheDay: booking.pricingUnit !== "hour", now });
      if (problem) return refusal("invalid", problem);
      const occupied = occupiedRange(schedule.rules, start, end);
      await lockCalendar(tx, space.id);
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
      await tx.update(payouts).set({ releaseAt, updatedAt: now }).where(and(eq(payouts.bookingId, booking.id), eq(payouts.status, "scheduled")));
      return { startTime: start.toISOString(), endTime: end.toISOString(), previous: { start: booking.startTime, end: booking.endTime } };
    });
    if (!done.ok) return done.code === "not_allowed" && done.error === PROCESS_MESSAGES.notAllowed ? refusal("not_allowed", BOOKING_MESSAGES.notChangeable) : done;
    await queueBookingMovedEmails(tx, booking.id, done.previous, now);
    return { ok: true as const, startTime: done.startTime, endTime: done.endTime };
  });
  return result;
}

