import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { payments, payouts, spaceAvailability } from "~/db/schema/bookings";
import { emailOutbox } from "~/db/schema/index";
import { blockTime, saveScheduleSettings } from "~/features/availability/host-schedule.server";
import { blockSchema } from "~/features/availability/schedule-form";
import { DEFAULT_WEEKLY_HOURS } from "~/features/availability/schedule";
import { bookingScenario } from "../../../tests/factories/bookings";
import { moneyProblemsOf, onboardHost, runToQuiescence } from "../../../tests/factories/money";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { createUser } from "../../../tests/factories/users";
import { BOOKING_MESSAGES } from "./booking-rules.server";
import { REPLACED_REASON } from "./process";
import { sweepAllExpiredHolds } from "./hold.server";
import { changeBooking, type ChangeOutcome } from "./reschedule.server";
import { zonedInstant } from "./slots";

/**
 * Changing a confirmed booking's length (issue #26 point 7, ADR 0205), through the real
 * change, checkout, payment, settlement and provider-call jobs, on PGlite and on
 * PostgreSQL (TEST_DB_ENGINE=postgres): the new booking is paid in full, the old one is
 * refunded in full when it confirms, so the guest pays (or gets back) the difference; the
 * old time reopens as the new one is taken; an unpaid change changes nothing.
 */
let database: TestDatabase;
const NOW = "2026-06-01T12:00:00.000Z"; // a Monday; 08:00 in New York
const MINUTE = 60_000;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

const at = (date: string, hour: number) => zonedInstant(date, hour, "America/New_York");

/** A confirmed 2-hour booking on Wednesday 10 June, 10:00–12:00 in New York (rental 10000, fee 1000). */
async function confirmedBooking(listing: Parameters<typeof bookingScenario>[1]["listing"] = {}) {
  const s = await bookingScenario(database.db, { now: NOW, listing: { cancellationPolicy: "strict", ...listing }, quickUsers: true });
  await onboardHost(database.db, s.host.id, s.now);
  const hold = await s.book(s.guest, { date: "2026-06-10", hour: 10, hours: 2 });
  await s.pay(s.guest, hold.clientSecret);
  const change = (input: { startTime: unknown; duration: unknown; userId?: string; now?: Date }) =>
    changeBooking(database.db, { userId: input.userId ?? s.guest.id, bookingId: hold.bookingId, startTime: input.startTime, duration: input.duration, now: input.now ?? s.now });
  const processorRefunds = async (bookingId: string) =>
    (await database.db.select().from(payments).where(and(eq(payments.bookingId, bookingId), eq(payments.status, "refunded")))).map((row) => row.amount);
  const rows = async () => (await s.calendar()).map((row) => [row.bookingId, row.kind, row.startTime.toISOString(), row.endTime.toISOString()]);
  return { s, old: hold.bookingId, change, processorRefunds, rows };
}

function checkoutOf(outcome: ChangeOutcome) {
  if (!outcome.ok || !outcome.checkout) throw new Error(`expected a checkout: ${JSON.stringify(outcome)}`);
  return outcome.checkout;
}

describe("changing a booking's length", () => {
  it("a longer booking: the guest pays the new total, the old payment comes back in full, so the difference is charged", async () => {
    const { s, old, change, processorRefunds, rows } = await confirmedBooking();
    const checkout = checkoutOf(await change({ startTime: at("2026-06-10", 10), duration: 3 }));
    expect([checkout.total, checkout.rental, checkout.startTime, checkout.endTime]).toEqual([16500, 15000, "2026-06-10T14:00:00.000Z", "2026-06-10T17:00:00.000Z"]);

    // While it is paid, the new time is held for the guest and the old one is still theirs.
    expect((await s.hold(s.otherGuest, s.request({ date: "2026-06-10", hour: 12, hours: 1 }))).ok).toBe(false);
    expect((await s.hold(s.otherGuest, s.request({ date: "2026-06-10", hour: 10, hours: 1 }))).ok).toBe(false);
    expect((await s.booking(old)).status).toBe("confirmed");

    const paid = await s.pay(s.guest, checkout.clientSecret);
    expect(paid.ok && paid.paymentIntent.status).toBe("succeeded");
    const replacement = await s.booking(checkout.bookingId);
    const replaced = await s.booking(old);
    expect([replacement.status, replacement.replacesBookingId, replacement.cancellationPolicy]).toEqual(["confirmed", old, "strict"]);
    expect([replaced.status, replaced.cancelledBy, replaced.cancellationReason, replaced.refundAmount]).toEqual(["cancelled", "guest", REPLACED_REASON, 11000]);
    // One row: the new time, taken in the transaction that freed the old one.
    expect(await rows()).toEqual([[checkout.bookingId, "booking", "2026-06-10T14:00:00.000Z", "2026-06-10T17:00:00.000Z"]]);

    await runToQuiescence(database.db, s.now);
    // Paid 11000 then 16500, 11000 back (strict policy or not): 5500 more, the price of the extra hour.
    expect(await processorRefunds(old)).toEqual([11000]);
    expect(await processorRefunds(checkout.bookingId)).toEqual([]);
    const payoutRows = await database.db.select().from(payouts).where(eq(payouts.hostId, s.host.id));
    expect(payoutRows.map((row) => [row.bookingId, row.status, row.amount]).sort()).toEqual(
      [
        [old, "cancelled", 0],
        [checkout.bookingId, "scheduled", 15000],
      ].sort(),
    );
    expect(await moneyProblemsOf(database.db, [old, checkout.bookingId])).toEqual([]);
    const mails = await database.db.select().from(emailOutbox).where(like(emailOutbox.dedupeKey, `booking-moved:${checkout.bookingId}:%`));
    expect(mails).toHaveLength(2);
    expect(mails.find((mail) => mail.dedupeKey?.endsWith(":guest"))!.textBody).toContain("Your earlier payment of $110.00 is refunded in full");
  });

  it("a shorter booking at another time: the guest pays the smaller total and gets the whole first payment back", async () => {
    const { s, old, change, processorRefunds, rows } = await confirmedBooking();
    const checkout = checkoutOf(await change({ startTime: at("2026-06-12", 15), duration: 1 }));
    expect(checkout.total).toBe(5500);
    await s.pay(s.guest, checkout.clientSecret);
    await runToQuiescence(database.db, s.now);
    expect(await processorRefunds(old)).toEqual([11000]);
    expect(await rows()).toEqual([[checkout.bookingId, "booking", "2026-06-12T19:00:00.000Z", "2026-06-12T20:00:00.000Z"]]);
    // The old time is free for someone else.
    expect((await s.hold(s.otherGuest, s.request({ date: "2026-06-10", hour: 10, hours: 2 }))).ok).toBe(true);
    expect(await moneyProblemsOf(database.db, [old, checkout.bookingId])).toEqual([]);
  });

  it("the same length moves the booking in place, with no payment", async () => {
    const { s, old, change } = await confirmedBooking();
    expect(await change({ startTime: at("2026-06-11", 10), duration: 2 })).toEqual({ ok: true, moved: { startTime: "2026-06-11T14:00:00.000Z", endTime: "2026-06-11T16:00:00.000Z" } });
    expect((await s.booking(old)).totalPrice).toBe(11000);
  });

  it("an unpaid change lapses and the booking stays exactly as it was, its time still its own", async () => {
    const { s, old, change, rows } = await confirmedBooking();
    const checkout = checkoutOf(await change({ startTime: at("2026-06-10", 10), duration: 4 }));
    s.advance(16 * MINUTE);
    await sweepAllExpiredHolds(database.db, s.now);
    await runToQuiescence(database.db, s.now);
    expect((await s.booking(checkout.bookingId)).status).toBe("expired");
    expect((await s.booking(old)).status).toBe("confirmed");
    expect(await rows()).toEqual([[old, "booking", "2026-06-10T14:00:00.000Z", "2026-06-10T16:00:00.000Z"]]);
    expect((await s.hold(s.otherGuest, s.request({ date: "2026-06-10", hour: 11, hours: 1 }))).ok).toBe(false);
    // The host may change the quantity meanwhile; the booking keeps its time and the change can be asked again.
    expect(await moneyProblemsOf(database.db, [old, checkout.bookingId])).toEqual([]);
    const again = await change({ startTime: at("2026-06-10", 10), duration: 3 });
    expect(again.ok).toBe(true);
  });

  it("a second change releases the first: one open checkout per guest and listing", async () => {
    const { s, old, change } = await confirmedBooking();
    const first = checkoutOf(await change({ startTime: at("2026-06-10", 10), duration: 3 }));
    const second = checkoutOf(await change({ startTime: at("2026-06-10", 10), duration: 4 }));
    expect((await s.booking(first.bookingId)).status).toBe("expired");
    expect((await s.booking(second.bookingId)).status).toBe("pending_payment");
    await s.pay(s.guest, second.clientSecret);
    expect((await s.booking(old)).status).toBe("cancelled");
    await runToQuiescence(database.db, s.now);
    expect(await moneyProblemsOf(database.db, [old, first.bookingId, second.bookingId])).toEqual([]);
  });

  it("a booking cancelled while its change is paid is not refunded twice: the new booking stands alone", async () => {
    const { s, old, change, processorRefunds } = await confirmedBooking({ cancellationPolicy: "flexible" });
    const checkout = checkoutOf(await change({ startTime: at("2026-06-10", 10), duration: 3 }));
    expect((await s.cancel(s.guest, old)).ok).toBe(true);
    await s.pay(s.guest, checkout.clientSecret);
    await runToQuiescence(database.db, s.now);
    expect((await s.booking(checkout.bookingId)).status).toBe("confirmed");
    // Its own cancellation refunded it by its policy (the rental; the fee is kept), once.
    expect((await s.booking(old)).cancellationReason).toBeNull();
    expect(await processorRefunds(old)).toEqual([10000]);
    expect(await moneyProblemsOf(database.db, [old, checkout.bookingId])).toEqual([]);
  });

  it("the host changing the listing's quantity during a change keeps both rows apart", async () => {
    const { s, old, change } = await confirmedBooking();
    const checkout = checkoutOf(await change({ startTime: at("2026-06-10", 10), duration: 3 }));
    const settings = {
      weekly: DEFAULT_WEEKLY_HOURS,
      checkInTime: null,
      checkOutTime: null,
      bufferBeforeMinutes: 0,
      bufferAfterMinutes: 0,
      minNoticeMinutes: 0,
      maxAdvanceDays: 365,
      quantity: 1,
    };
    expect((await saveScheduleSettings(database.db, { hostId: s.host.id, spaceId: s.space.id, settings, now: s.now })).ok).toBe(true);
    await s.pay(s.guest, checkout.clientSecret);
    expect((await s.booking(old)).status).toBe("cancelled");
    expect((await database.db.select().from(spaceAvailability).where(eq(spaceAvailability.spaceId, s.space.id))).map((row) => row.bookingId)).toEqual([checkout.bookingId]);
  });

  it("a hold that lapsed but was not swept yet keeps neither a move nor a host's block off its time (found by the money model)", async () => {
    const { s, old, change, rows } = await confirmedBooking();
    // Two guests' checkouts (one guest's second would release their first), both left unpaid.
    await s.book(s.otherGuest, { date: "2026-06-11", hour: 10, hours: 2 });
    await s.book(await createUser(database.db, { signIn: false }), { date: "2026-06-12", hour: 10, hours: 2 });
    s.advance(16 * MINUTE);
    // Same length: the booking moves in place over the first lapsed hold.
    expect(await change({ startTime: at("2026-06-11", 10), duration: 2 })).toMatchObject({ ok: true, moved: { startTime: "2026-06-11T14:00:00.000Z" } });
    const parsed = blockSchema.safeParse({ from: "2026-06-12T00:00", to: "2026-06-13T00:00" });
    if (!parsed.success) throw new Error(parsed.error.message);
    expect(await blockTime(database.db, { hostId: s.host.id, spaceId: s.space.id, block: parsed.data, now: s.now })).toMatchObject({ ok: true });
    expect((await rows()).filter(([, kind]) => kind !== "blocked")).toEqual([[old, "booking", "2026-06-11T14:00:00.000Z", "2026-06-11T16:00:00.000Z"]]);
  });

  it("refuses what cannot be changed, with a clear message, and stores nothing", async () => {
    const { s, change, rows } = await confirmedBooking({ maxRentalDuration: 6 });
    const before = await rows();
    await s.book(s.otherGuest, { date: "2026-06-11", hour: 12, hours: 1 });
    expect(await change({ startTime: at("2026-06-10", 10), duration: 0 })).toMatchObject({ ok: false, code: "invalid", error: "Choose a length" });
    expect(await change({ startTime: at("2026-06-10", 10), duration: "3" })).toMatchObject({ ok: false, error: "Choose a length" });
    expect(await change({ startTime: at("2026-06-10", 10), duration: Number.POSITIVE_INFINITY })).toMatchObject({ ok: false, error: "Choose a length" });
    expect(await change({ startTime: at("2026-06-10", 10), duration: 7 })).toMatchObject({ ok: false, code: "invalid", error: "Duration must be between 1 and 6 hours" });
    expect(await change({ startTime: "tomorrow", duration: 3 })).toMatchObject({ ok: false, error: "Choose a new start time" });
    expect(await change({ startTime: at("2026-06-11", 11), duration: 3 })).toEqual({ ok: false, code: "not_allowed", error: BOOKING_MESSAGES.slotTaken });
    expect(await change({ startTime: at("2026-06-10", 19), duration: 3 })).toMatchObject({ ok: false, code: "invalid" });
    expect(await change({ startTime: at("2026-06-10", 10), duration: 3, userId: s.otherGuest.id })).toMatchObject({ ok: false, code: "not_found" });
    expect(await change({ startTime: at("2026-06-10", 10), duration: 3, now: new Date("2026-06-08T15:00:00Z") })).toEqual({
      ok: false,
      code: "not_allowed",
      error: "Bookings can be changed up to 48 hours before they start",
    });
    expect((await rows()).filter(([, kind]) => kind !== "hold")).toEqual(before);
  });
});
