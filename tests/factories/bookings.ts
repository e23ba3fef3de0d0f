import { and, eq, sql } from "drizzle-orm";
import { bookings, localPaymentIntents, payments, spaceAvailability } from "~/db/schema/bookings";
import { feePercent } from "~/features/bookings/booking-rules.server";
import { cancelBooking } from "~/features/bookings/cancellation.server";
import { confirmCardPayment, getPaymentOutcome } from "~/features/bookings/confirmation.server";
import { createBookingHold } from "~/features/bookings/hold.server";
import { type PricingUnit, quoteBooking, unitPrice } from "~/features/bookings/pricing";
import { zonedInstant } from "~/features/bookings/slots";
import { scheduledEnd, scheduleOf } from "~/features/availability/schedule";
import type { Db } from "~/lib/db.server";
import { createSpace, type SpaceOverrides } from "./listings";
import { createUser } from "./users";

export const TEST_CARD = { number: "4242 4242 4242 4242", expMonth: "12", expYear: "2034", cvc: "123", name: "Test Guest" };

/**
 * A booking test's world in a few lines: a listing (published, available, hourly
 * $50 in New York unless overridden), a host, guests, and a clock the test moves.
 *
 *   const s = await bookingScenario(db, { now: "2026-06-01T12:00:00Z", listing: { cancellationPolicy: "strict" } });
 *   const hold = await s.book(s.guest, { date: "2026-06-10", hour: 10, hours: 2 });
 *   await s.pay(s.guest, hold.clientSecret);
 *   s.advance(16 * 60_000);
 */
export async function bookingScenario(db: Db, options: { now: string; listing?: SpaceOverrides; /** Users nobody signs in as: no argon2 (fast). */ quickUsers?: boolean }) {
  const newUser = () => createUser(db, { signIn: !options.quickUsers });
  const host = await newUser();
  const space = await createSpace(db, {
    userId: host.id,
    hourlyPrice: 5000,
    timezone: "America/New_York",
    ...options.listing,
  });
  const guest = await newUser();
  const otherGuest = await newUser();
  let now = new Date(options.now);

  type Pick = { date: string; hour: number; unit?: PricingUnit; quantity?: number; hours?: number; /** Units or seats (issue #26). */ units?: number };

  /** The body the widget would send for a choice, priced as the server prices it. */
  function request(pick: Pick, overrides: Record<string, unknown> = {}) {
    const unit = pick.unit ?? "hour";
    const quantity = pick.quantity ?? pick.hours ?? 1;
    const startTime = zonedInstant(pick.date, pick.hour, space.timezone);
    const price = unitPrice(space, unit) ?? 0;
    const units = pick.units ?? 1;
    const quote = quoteBooking({ unitPriceMinor: price, quantity: quantity * units, feePercent: feePercent(), currency: space.currency });
    return {
      spaceId: space.id,
      startTime,
      endTime: scheduledEnd(scheduleOf(space), new Date(startTime), unit, quantity).toISOString(),
      duration: quantity,
      pricingUnit: unit,
      amount: quote.totalMinor,
      currency: space.currency,
      ...(pick.units ? { units } : {}),
      ...overrides,
    };
  }

  return {
    host,
    space,
    guest,
    otherGuest,
    get now() {
      return now;
    },
    advance(ms: number) {
      now = new Date(now.getTime() + ms);
    },
    request,
    hold(user: { id: string }, body: unknown, idempotencyKey: string | null = null) {
      return createBookingHold(db, { userId: user.id, body, idempotencyKey, now });
    },
    async book(user: { id: string }, pick: Pick) {
      const result = await createBookingHold(db, { userId: user.id, body: request(pick), idempotencyKey: null, now });
      if (!result.ok) throw new Error(`Booking refused: ${result.error}`);
      return result;
    },
    pay(user: { id: string }, clientSecret: string, card: Partial<typeof TEST_CARD> = {}) {
      return confirmCardPayment(db, { userId: user.id, body: { clientSecret, card: { ...TEST_CARD, ...card } }, now });
    },
    outcome(user: { id: string }, clientSecret: string) {
      return getPaymentOutcome(db, { userId: user.id, clientSecret, now });
    },
    cancel(user: { id: string }, bookingId: string, expectedRefund: number | null = null) {
      return cancelBooking(db, { by: { kind: "guest", userId: user.id }, bookingId, expectedRefund, now });
    },
    cancelAsHost(bookingId: string, reason = "The space is flooded") {
      return cancelBooking(db, { by: { kind: "host", userId: host.id, reason }, bookingId, now });
    },
    async booking(id: string) {
      const [row] = await db.select().from(bookings).where(eq(bookings.id, id));
      return row!;
    },
    async ledger(bookingId: string) {
      return db.select().from(payments).where(eq(payments.bookingId, bookingId)).orderBy(payments.createdAt, sql`${payments.status} = 'refunded'`);
    },
    async intent(bookingId: string) {
      const [row] = await db.select().from(localPaymentIntents).where(and(eq(localPaymentIntents.bookingId, bookingId), eq(localPaymentIntents.purpose, "payment")));
      return row!;
    },
    async calendar() {
      return db.select().from(spaceAvailability).where(eq(spaceAvailability.spaceId, space.id));
    },
  };
}
