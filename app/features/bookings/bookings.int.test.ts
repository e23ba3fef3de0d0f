import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import { createTestDatabase, testEngine, type TestDatabase } from "../../../tests/setup/test-database";
import { bookingScenario } from "../../../tests/factories/bookings";
import { createUser } from "../../../tests/factories/users";
import { BOOKING_MESSAGES } from "./booking-rules.server";
import { i18nFor, loadAllCatalogs, translate } from "~/features/i18n/i18n";
import { busyRanges, getBookingWidget } from "./availability.server";
import { createBookingHold, sweepAllExpiredHolds } from "./hold.server";
import { listMyBookings } from "./queries.server";
import { CARD_MESSAGES, PROCESSING_MS } from "./card";

/** The booking domain on a fixed clock (runs on PGlite, and on PostgreSQL with TEST_DB_ENGINE=postgres). */
let database: TestDatabase;
const NOW = "2026-06-01T12:00:00.000Z";
const MINUTE = 60_000;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

const scenario = (listing: Parameters<typeof bookingScenario>[1]["listing"] = {}) => bookingScenario(database.db, { now: NOW, listing });

describe("hold, pay, confirm", () => {
  it("books an hourly slot: priced on the server, held, paid with 4242, confirmed once", async () => {
    const s = await scenario();
    const hold = await s.book(s.guest, { date: "2026-06-10", hour: 10, hours: 2 });
    expect(hold).toMatchObject({ rental: 10000, platformFee: { percentage: 10, amount: 1000 }, total: 11000, currency: "USD" });
    expect(Date.parse(hold.holdExpiresAt) - Date.parse(NOW)).toBe(15 * MINUTE);
    expect((await s.calendar()).map((row) => row.kind)).toEqual(["hold"]);

    const paid = await s.pay(s.guest, hold.clientSecret);
    expect(paid.ok && paid.paymentIntent.status).toBe("succeeded");
    // Double click, reload, second tab: the same answer, nothing charged twice.
    const again = await s.pay(s.guest, hold.clientSecret, { number: "4000 0000 0000 0002" });
    expect(again.ok && again.paymentIntent.status).toBe("succeeded");
    expect((await s.outcome(s.guest, hold.clientSecret))?.outcome).toBe("confirmed");
    expect((await s.outcome(s.guest, hold.clientSecret))?.outcome).toBe("confirmed");

    expect((await s.booking(hold.bookingId)).status).toBe("confirmed");
    expect((await s.calendar()).map((row) => row.kind)).toEqual(["booking"]);
    const ledger = await s.ledger(hold.bookingId);
    expect(ledger.map((row) => [row.status, row.amount])).toEqual([["succeeded", 11000]]);

    const busy = await busyRanges(database.db, { spaceId: s.space.id, from: "2026-06-08T00:00:00Z", to: "2026-06-15T00:00:00Z", now: s.now });
    expect(busy).toEqual({ ok: true, busy: [{ start: "2026-06-10T14:00:00.000Z", end: "2026-06-10T16:00:00.000Z", units: 1 }], dated: {} });
  });

  it("turns a taken slot into the spec's message, never an error, even for a partial overlap", async () => {
    const s = await scenario();
    await s.book(s.guest, { date: "2026-06-10", hour: 10, hours: 2 });
    const second = await s.hold(s.otherGuest, s.request({ date: "2026-06-10", hour: 11 }));
    expect(second).toMatchObject({ ok: false, status: 409, code: "slot_taken", error: BOOKING_MESSAGES.slotTaken });
    const adjacent = await s.hold(s.otherGuest, s.request({ date: "2026-06-10", hour: 12 }));
    expect(adjacent.ok).toBe(true);
  });

  it("lets exactly one of ten simultaneous requests for overlapping slots hold it", async () => {
    const s = await scenario();
    // Ten guests: a guest's own later choice replaces their earlier hold, which is not a race.
    const guests = await Promise.all(Array.from({ length: 10 }, () => createUser(database.db)));
    const bodies = Array.from({ length: 10 }, (_, i) => s.request({ date: "2026-06-15", hour: 10 + (i % 2), hours: 2 - (i % 2) }));
    const results = await Promise.all(bodies.map((body, i) => s.hold(guests[i]!, body)));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok && r.code === "slot_taken")).toHaveLength(9);
    expect(await s.calendar()).toHaveLength(1);
  });

  it("replays an Idempotency-Key with the first answer and refuses it for a different request", async () => {
    const s = await scenario();
    const key = "5b0c3c1e-8f2a-4d6b-9c1e-2f3a4b5c6d7e";
    const body = s.request({ date: "2026-06-11", hour: 9 });
    const first = await s.hold(s.guest, body, key);
    const replay = await s.hold(s.guest, body, key);
    expect(first.ok && replay.ok && replay.clientSecret === first.clientSecret).toBe(true);
    expect((await s.calendar()).length).toBe(1);
    const different = await s.hold(s.guest, s.request({ date: "2026-06-11", hour: 15 }), key);
    expect(different).toMatchObject({ ok: false, status: 422, error: BOOKING_MESSAGES.idempotencyReuse });
  });
});

describe("bad input (never a 500, nothing stored)", () => {
  it("refuses each with a clear message", async () => {
    const s = await scenario({ dailyPrice: null, weeklyPrice: null, minRentalDuration: 1, maxRentalDuration: 8 });
    const pick = { date: "2026-06-10", hour: 10 };
    const cases: [string, unknown, RegExp | string][] = [
      ["past date", s.request({ date: "2026-05-01", hour: 10 }), BOOKING_MESSAGES.future],
      ["years ahead", s.request({ date: "2029-06-10", hour: 10 }), "Bookings can start at most 12 months ahead"],
      ["duration above the listing's max (8 h)", s.request({ ...pick, hours: 9 }), "Duration must be between 1 and 8 hours"],
      ["duration zero", s.request({ ...pick, hours: 0 }), /Duration must be between/],
      ["negative duration", s.request(pick, { duration: -3 }), /Duration must be between/],
      ["a duration past any calendar", s.request(pick, { duration: 9_007_199_254_740_991 }), /Duration must be between/],
      ["a start past any calendar", s.request(pick, { startTime: "9999999-01-01T10:00:00.000Z" }), BOOKING_MESSAGES.dateTime],
      ["non-integer duration", s.request(pick, { duration: 1.5 }), "Duration must be a whole number"],
      ["slot before 09:00", s.request(pick, { startTime: "2026-06-10T12:00:00.000Z", endTime: "2026-06-10T13:00:00.000Z" }), "Please pick a start time between 09:00 and 20:00"],
      ["slot off the hour", s.request(pick, { startTime: "2026-06-10T14:30:00.000Z", endTime: "2026-06-10T15:30:00.000Z" }), "Please pick a start time between 09:00 and 20:00"],
      ["option not priced", s.request({ ...pick, unit: "day" }), "This listing does not offer daily pricing"],
      ["end not matching", s.request(pick, { endTime: "2026-06-10T20:00:00.000Z" }), BOOKING_MESSAGES.endMismatch],
      ["no date", s.request(pick, { startTime: "" }), BOOKING_MESSAGES.dateTime],
      ["garbage", { spaceId: 5, amount: "lots" }, /./],
      ["unknown unit", s.request(pick, { pricingUnit: "year" }), "Choose a pricing option"],
    ];
    for (const [label, body, message] of cases) {
      const result = await s.hold(s.guest, body);
      expect(result.ok, label).toBe(false);
      if (!result.ok) {
        expect([400, 422], label).toContain(result.status);
        if (typeof message === "string") expect(result.error, label).toBe(message);
        else expect(result.error, label).toMatch(message);
      }
    }
    expect(await s.calendar()).toEqual([]);
  });

  it("answers a forged amount or currency with the new figures", async () => {
    const s = await scenario();
    const body = s.request({ date: "2026-06-10", hour: 10, hours: 3 });
    for (const forged of [{ amount: 1 }, { currency: "JPY" }]) {
      expect(await s.hold(s.guest, { ...body, ...forged })).toEqual({
        ok: false,
        status: 409,
        code: "price_changed",
        error: BOOKING_MESSAGES.priceChanged,
        price: { rental: 15000, fee: 1500, protection: 0, delivery: 0, total: 16500, currency: "USD" },
      });
    }
    expect(await s.calendar()).toEqual([]);
  });

  it("refuses the owner, unpublished, unavailable and unknown listings", async () => {
    const s = await scenario();
    expect(await s.hold(s.host, s.request({ date: "2026-06-10", hour: 10 }))).toMatchObject({ status: 403, error: BOOKING_MESSAGES.ownListing });
    const draft = await scenario({ isPublished: false });
    expect(await draft.hold(draft.guest, draft.request({ date: "2026-06-10", hour: 10 }))).toMatchObject({ status: 404, code: "not_found" });
    const off = await scenario({ available: false });
    expect(await off.hold(off.guest, off.request({ date: "2026-06-10", hour: 10 }))).toMatchObject({ status: 409, code: "not_bookable" });
    const rented = await scenario({ status: "rented" });
    expect(await rented.hold(rented.guest, rented.request({ date: "2026-06-10", hour: 10 }))).toMatchObject({ status: 409, code: "not_bookable" });
    expect(await s.hold(s.guest, s.request({ date: "2026-06-10", hour: 10 }, { spaceId: "00000000-0000-4000-8000-000000000000" }))).toMatchObject({ status: 404 });
    expect(await s.hold(s.guest, s.request({ date: "2026-06-10", hour: 10 }, { spaceId: "'; drop table spaces" }))).toMatchObject({ status: 404 });
  });

  it("refuses malformed cards and forged or foreign client secrets without charging", async () => {
    const s = await scenario();
    const hold = await s.book(s.guest, { date: "2026-06-12", hour: 14 });
    const tries: [Record<string, string>, string][] = [
      [{ number: "4242 4242 4242 4241" }, CARD_MESSAGES.number],
      [{ number: "12" }, CARD_MESSAGES.number],
      [{ expMonth: "13" }, CARD_MESSAGES.expiryInvalid],
      [{ expYear: "2020" }, CARD_MESSAGES.expiryPast],
      [{ cvc: "1" }, CARD_MESSAGES.cvc],
    ];
    for (const [card, message] of tries) {
      const result = await s.pay(s.guest, hold.clientSecret, card);
      expect(result.ok && result.paymentIntent).toMatchObject({ status: "requires_payment_method", lastPaymentError: { message } });
    }
    expect(await s.pay(s.otherGuest, hold.clientSecret)).toMatchObject({ ok: false, status: 404, error: BOOKING_MESSAGES.somethingWrong });
    expect(await s.pay(s.guest, `${hold.clientSecret}x`)).toMatchObject({ ok: false, status: 404 });
    expect(await s.outcome(s.otherGuest, hold.clientSecret)).toBeNull();
    expect(await s.outcome(s.guest, "pi_forged_secret_0000")).toBeNull();
    expect(await s.ledger(hold.bookingId)).toEqual([]);
    expect((await s.outcome(s.guest, hold.clientSecret))?.outcome).toBe("failed");
  });
});

describe("test cards", () => {
  it("declines 0002, then succeeds on retry with 4242", async () => {
    const s = await scenario();
    const hold = await s.book(s.guest, { date: "2026-06-10", hour: 16 });
    const declined = await s.pay(s.guest, hold.clientSecret, { number: "4000 0000 0000 0002" });
    expect(declined.ok && declined.paymentIntent).toMatchObject({ status: "requires_payment_method", lastPaymentError: { message: "Your card was declined." } });
    const poor = await s.pay(s.guest, hold.clientSecret, { number: "4000000000009995" });
    expect(poor.ok && poor.paymentIntent.lastPaymentError?.message).toBe("Your card has insufficient funds.");
    const retry = await s.pay(s.guest, hold.clientSecret);
    expect(retry.ok && retry.paymentIntent.status).toBe("succeeded");
    expect((await s.ledger(hold.bookingId)).map((row) => row.status)).toEqual(["succeeded"]);
  });

  it("keeps 3063 processing for 10 s on the clock, then confirms", async () => {
    const s = await scenario();
    const hold = await s.book(s.guest, { date: "2026-06-10", hour: 17 });
    const paid = await s.pay(s.guest, hold.clientSecret, { number: "4000 0000 0000 3063" });
    expect(paid.ok && paid.paymentIntent.status).toBe("processing");
    expect(await s.outcome(s.guest, hold.clientSecret)).toMatchObject({ status: "processing", outcome: "processing" });
    s.advance(PROCESSING_MS - 1);
    expect((await s.outcome(s.guest, hold.clientSecret))?.outcome).toBe("processing");
    s.advance(1);
    expect(await s.outcome(s.guest, hold.clientSecret)).toMatchObject({ status: "succeeded", outcome: "confirmed", booking: { status: "confirmed" } });
  });
});

describe("hold expiry", () => {
  it("frees a lapsed hold for the next guest, and refunds the late payment in full", async () => {
    const s = await scenario();
    const first = await s.book(s.guest, { date: "2026-06-10", hour: 10 });
    s.advance(15 * MINUTE);
    const second = await s.book(s.otherGuest, { date: "2026-06-10", hour: 10 });
    expect((await s.booking(first.bookingId)).status).toBe("expired");
    const late = await s.pay(s.guest, first.clientSecret);
    expect(late.ok && late.paymentIntent.status).toBe("succeeded");
    expect(await s.outcome(s.guest, first.clientSecret)).toMatchObject({ outcome: "refunded", booking: { refund: 5500 } });
    expect((await s.ledger(first.bookingId)).map((row) => [row.status, row.amount])).toEqual([["succeeded", 5500], ["refunded", 5500]]);
    expect((await s.intent(first.bookingId)).amountRefunded).toBe(5500);
    // Asking again refunds nothing more.
    expect((await s.outcome(s.guest, first.clientSecret))?.outcome).toBe("refunded");
    expect((await s.ledger(first.bookingId)).length).toBe(2);
    const secondPaid = await s.pay(s.otherGuest, second.clientSecret);
    expect(secondPaid.ok && secondPaid.paymentIntent.status).toBe("succeeded");
  });

  it("refunds a payment that arrives after its hold lapsed even when the slot is still free, and never confirms it", async () => {
    const s = await scenario();
    const hold = await s.book(s.guest, { date: "2026-06-10", hour: 10 });
    s.advance(20 * MINUTE);
    expect(await sweepAllExpiredHolds(database.db, s.now)).toBeGreaterThanOrEqual(1);
    expect(await s.calendar()).toEqual([]);
    // The sweep cancelled the intent at the processor: the card form can no longer pay it.
    expect((await s.intent(hold.bookingId)).status).toBe("canceled");
    const paid = await s.pay(s.guest, hold.clientSecret);
    expect(paid.ok && paid.paymentIntent.status).toBe("canceled");
    expect((await s.outcome(s.guest, hold.clientSecret))?.outcome).toBe("error");
    expect((await s.booking(hold.bookingId)).status).toBe("expired");
    expect(await s.calendar()).toEqual([]);
  });

  it("frees the guest's earlier hold on the listing when they pick another time, even an overlapping one", async () => {
    const s = await scenario();
    const first = await s.book(s.guest, { date: "2026-06-10", hour: 10, hours: 2 });
    // Back in the widget, the guest moves one hour later (overlapping their own hold).
    const second = await s.book(s.guest, { date: "2026-06-10", hour: 11, hours: 2 });
    expect((await s.booking(first.bookingId)).status).toBe("expired");
    expect((await s.calendar()).map((row) => [row.bookingId, row.kind])).toEqual([[second.bookingId, "hold"]]);
    // 10:00 is free for another guest at once, not 15 minutes later.
    const other = await s.book(s.otherGuest, { date: "2026-06-10", hour: 10 });
    expect(other.ok).toBe(true);
    // Another guest's hold is not released by this guest's choice.
    expect((await s.hold(s.guest, s.request({ date: "2026-06-10", hour: 10 }))).ok).toBe(false);
    expect((await s.booking(other.bookingId)).status).toBe("pending_payment");
    // The released checkout can still be paid: the lapsed-hold rules settle it (refunded, as 10:00 is taken).
    await s.pay(s.guest, first.clientSecret);
    expect(await s.outcome(s.guest, first.clientSecret)).toMatchObject({ outcome: "refunded" });
  });

  // Sent at once, either may reach the database last (on PostgreSQL their first reads run
  // on two connections and can finish in either order): the one that does holds.
  it("a guest's two overlapping choices sent at once both get an answer from the database: the one taken last holds, the other is released", async () => {
    const s = await scenario();
    const [first, second] = await Promise.all([
      s.hold(s.guest, s.request({ date: "2026-06-12", hour: 10, hours: 2 })),
      s.hold(s.guest, s.request({ date: "2026-06-12", hour: 11, hours: 2 })),
    ]);
    expect(first.ok && second.ok).toBe(true);
    if (!first.ok || !second.ok) return;
    const statuses = [(await s.booking(first.bookingId)).status, (await s.booking(second.bookingId)).status];
    expect([...statuses].sort()).toEqual(["expired", "pending_payment"]);
    const holding = statuses[0] === "pending_payment" ? first : second;
    expect((await s.calendar()).map((row) => [row.bookingId, row.kind])).toEqual([[holding.bookingId, "hold"]]);
  });

  // Only PostgreSQL has other connections (other workers) to race with.
  if (testEngine() === "postgres") {
    it("takes a slot only while holding the listing's calendar lock, so two workers taking one slot never deadlock", async () => {
      const s = await scenario();
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${database.name}`;
      const otherWorker = new pg.Client({ connectionString: url.toString() });
      await otherWorker.connect();
      try {
        await otherWorker.query("begin");
        await otherWorker.query("select pg_advisory_xact_lock(1, hashtext($1))", [s.space.id]);
        let answered = false;
        const attempt = s.hold(s.guest, s.request({ date: "2026-06-13", hour: 10 })).finally(() => (answered = true));
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(answered).toBe(false);
        await otherWorker.query("commit");
        expect((await attempt).ok).toBe(true);
      } finally {
        await otherWorker.end();
      }
    });
  }

  it("leaves lapsed holds out of the busy ranges before any sweep", async () => {
    const s = await scenario();
    await s.book(s.guest, { date: "2026-06-10", hour: 10 });
    const window = { spaceId: s.space.id, from: "2026-06-10T00:00:00Z", to: "2026-06-11T00:00:00Z" };
    expect((await busyRanges(database.db, { ...window, now: s.now })).ok && (await busyRanges(database.db, { ...window, now: s.now }))).toMatchObject({ busy: [{}] });
    s.advance(15 * MINUTE);
    expect(await busyRanges(database.db, { ...window, now: s.now })).toEqual({ ok: true, busy: [], dated: {} });
  });
});

describe("cancellation", () => {
  it("refunds by policy once, frees the slot, and refuses a second cancel and other guests", async () => {
    const s = await scenario({ cancellationPolicy: "flexible" });
    const hold = await s.book(s.guest, { date: "2026-06-10", hour: 10, hours: 2 });
    await s.pay(s.guest, hold.clientSecret);
    const listed = await listMyBookings(database.db, { userId: s.guest.id, page: 1, pageSize: 10, now: s.now });
    expect(listed.items[0]).toMatchObject({ id: hold.bookingId, canCancel: true, cancelQuote: { refundMinor: 10000 }, icsHref: `/api/bookings/${hold.bookingId}/calendar.ics` });

    expect(await s.cancel(s.otherGuest, hold.bookingId)).toEqual({ ok: false, code: "not_found", error: BOOKING_MESSAGES.bookingNotFound });
    expect(await s.cancel(s.guest, hold.bookingId)).toEqual({ ok: true, refundMinor: 10000 }); // the service fee is kept
    expect(await s.cancel(s.guest, hold.bookingId)).toEqual({ ok: false, code: "not_allowed", error: BOOKING_MESSAGES.alreadyCancelled });
    expect((await s.ledger(hold.bookingId)).map((row) => [row.status, row.amount])).toEqual([["succeeded", 11000], ["refunded", 10000]]);
    expect(await s.calendar()).toEqual([]);
    const rebook = await s.hold(s.otherGuest, s.request({ date: "2026-06-10", hour: 10 }));
    expect(rebook.ok).toBe(true);
  });

  it("gives nothing back inside the strict policy's 7 days, and half before", async () => {
    const s = await scenario({ cancellationPolicy: "strict" });
    const soon = await s.book(s.guest, { date: "2026-06-05", hour: 10 });
    await s.pay(s.guest, soon.clientSecret);
    expect(await s.cancel(s.guest, soon.bookingId)).toEqual({ ok: true, refundMinor: 0 });
    expect((await s.ledger(soon.bookingId)).length).toBe(1);
    const later = await s.book(s.guest, { date: "2026-06-20", hour: 10 });
    await s.pay(s.guest, later.clientSecret);
    expect(await s.cancel(s.guest, later.bookingId)).toEqual({ ok: true, refundMinor: 2500 });
  });

  it("refuses cancelling a booking that has started, or an unpaid hold", async () => {
    const s = await scenario();
    const hold = await s.book(s.guest, { date: "2026-06-02", hour: 10 });
    expect(await s.cancel(s.guest, hold.bookingId)).toEqual({ ok: false, code: "not_allowed", error: BOOKING_MESSAGES.notCancellable });
    await s.pay(s.guest, hold.clientSecret);
    s.advance(2 * 24 * 60 * MINUTE);
    expect(await s.cancel(s.guest, hold.bookingId)).toEqual({ ok: false, code: "not_allowed", error: BOOKING_MESSAGES.notCancellable });
    expect(await s.cancel(s.guest, "not-a-uuid")).toMatchObject({ code: "not_found" });
  });
});

describe("my bookings and the widget", () => {
  it("lists the guest's bookings newest start first, one page at a time, without abandoned holds", async () => {
    const s = await scenario();
    for (const date of ["2026-06-10", "2026-06-12", "2026-06-11"]) {
      const hold = await s.book(s.guest, { date, hour: 10 });
      await s.pay(s.guest, hold.clientSecret);
    }
    await s.book(s.guest, { date: "2026-06-13", hour: 10 }); // never paid
    const first = await listMyBookings(database.db, { userId: s.guest.id, page: 1, pageSize: 2, now: s.now });
    expect(first.total).toBe(3);
    expect(first.pageCount).toBe(2);
    expect(first.items.map((item) => item.startTime.slice(0, 10))).toEqual(["2026-06-12", "2026-06-11"]);
    const second = await listMyBookings(database.db, { userId: s.guest.id, page: 2, pageSize: 2, now: s.now });
    expect(second.items.map((item) => item.startTime.slice(0, 10))).toEqual(["2026-06-10"]);
    expect(second.items[0]).toMatchObject({ timeZone: "America/New_York", currency: "USD", rental: 5000, fee: 500, total: 5500, status: "confirmed" });
    expect((await listMyBookings(database.db, { userId: s.otherGuest.id, page: 1, pageSize: 10 })).items).toEqual([]);
  });

  it("tells the widget what it may offer", async () => {
    const s = await scenario({ dailyPrice: 30000, weeklyPrice: 0, minRentalDuration: 2, cancellationPolicy: "moderate" });
    const widget = await getBookingWidget(database.db, { spaceId: s.space.id, viewerId: s.guest.id });
    expect(widget).toMatchObject({
      bookable: true,
      timeZone: "America/New_York",
      currency: "USD",
      units: [{ unit: "hour", priceMinor: 5000 }, { unit: "day", priceMinor: 30000 }],
      feePercent: 10,
      cancellationPolicy: "moderate",
    });
    expect(widget?.durationLimits.hour).toEqual({ min: 2, max: 24 });
    expect(await getBookingWidget(database.db, { spaceId: s.space.id, viewerId: s.host.id })).toMatchObject({ bookable: false, reason: "owner" });
  });

  it("announces calendar changes on the availability channel for the live updates", async () => {
    const s = await scenario();
    const seen: string[] = [];
    const stop = await database.listen("availability_changed", (payload) => seen.push(payload), () => undefined);
    try {
      const hold = await s.book(s.guest, { date: "2026-06-10", hour: 13 });
      await s.pay(s.guest, hold.clientSecret);
      await s.cancel(s.guest, hold.bookingId);
      await expect.poll(() => seen.map((p) => JSON.parse(p) as { op: string; spaceId: string }).filter((e) => e.spaceId === s.space.id).map((e) => e.op)).toEqual(["INSERT", "UPDATE", "DELETE"]);
    } finally {
      await stop();
    }
  });
});

describe("a hold's refusals with values in the guest's language (issue #31)", () => {
  it("says the seats left and the listing's seats in Spanish and Arabic, with their plurals", async () => {
    await Promise.all([loadAllCatalogs("es"), loadAllCatalogs("ar")]);
    const inLanguage = (locale: "es" | "ar") => (text: Parameters<typeof translate>[1]) => translate(i18nFor(locale), text);
    const s = await scenario({ rentalType: "experience", quantity: 3, hourlyPrice: 2500 });
    const hold = (guest: { id: string }, units: number, locale: "es" | "ar") =>
      createBookingHold(database.db, { userId: guest.id, body: s.request({ date: "2026-06-10", hour: 10, units }), idempotencyKey: null, now: s.now, translate: inLanguage(locale) });
    const tooMany = await hold(s.guest, 4, "es");
    expect(tooMany.ok ? "held" : tooMany.fields).toEqual({ units: "Este anuncio tiene 3 plazas a la vez" });
    expect((await hold(s.guest, 1, "es")).ok).toBe(true);
    const arabic = await hold(s.otherGuest, 3, "ar");
    expect(arabic.ok ? "held" : arabic.error).toBe("لم يتبقَّ سوى مقعدين في هذا الموعد — يُرجى حجز عدد أقل أو اختيار موعد آخر");
    const spanish = await hold(s.otherGuest, 3, "es");
    expect(spanish.ok ? "held" : spanish.error).toBe("Solo quedan 2 plazas en este horario: reserva menos o elige otro");
  });
});
