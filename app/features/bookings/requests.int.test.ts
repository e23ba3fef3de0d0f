import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookings, localPaymentIntents, payments, providerCalls } from "~/db/schema/bookings";
import { messages } from "~/db/schema/messages";
import { emailOutbox } from "~/db/schema/mail";
import { ledgerEntries } from "~/db/schema/payouts";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { bookingScenario } from "../../../tests/factories/bookings";
import { sweepAllExpiredHolds } from "./hold.server";
import { performProviderCalls } from "./provider-calls.server";
import { REQUEST_TEXT } from "./request-rules";
import { acceptRequest, closeRequest, listOpenRequests } from "./requests.server";

/**
 * Request to book (issue #28 point 1, ADR 0280) on the built-in processor: the guest's
 * request authorises the card, the host accepts (one capture), declines, or lets it
 * expire (the authorisation released). Runs on PGlite, and on PostgreSQL with
 * TEST_DB_ENGINE=postgres.
 */
let database: TestDatabase;
const NOW = "2026-06-01T12:00:00.000Z";
const HOUR = 3_600_000;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

async function requested(options: { date?: string; hour?: number } = {}) {
  const db = database.db;
  const s = await bookingScenario(db, { now: NOW, listing: { bookingMode: "request" }, quickUsers: true });
  const hold = await s.hold(s.guest, s.request({ date: options.date ?? "2026-06-10", hour: options.hour ?? 10 }, { message: "  Hi! Can I bring my dog?  " }));
  if (!hold.ok) throw new Error(hold.error);
  const paid = await s.pay(s.guest, hold.clientSecret);
  if (!paid.ok) throw new Error(paid.error);
  const perform = (ids: string[]) => performProviderCalls(db, ids, s.now);
  return {
    s,
    hold,
    paid,
    accept: (hostId = s.host.id) => acceptRequest(db, { hostId, bookingId: hold.bookingId, now: s.now }, perform),
    decline: (reason?: unknown) => closeRequest(db, { by: { kind: "host", hostId: s.host.id, reason }, bookingId: hold.bookingId, now: s.now }, perform),
    withdraw: () => closeRequest(db, { by: { kind: "guest", guestId: s.guest.id }, bookingId: hold.bookingId, now: s.now }, perform),
    calls: () => db.select().from(providerCalls).where(eq(providerCalls.bookingId, hold.bookingId)),
    charges: () => db.select().from(payments).where(eq(payments.bookingId, hold.bookingId)),
    ledger: () => db.select().from(ledgerEntries).where(eq(ledgerEntries.bookingId, hold.bookingId)),
    mails: () => db.select({ subject: emailOutbox.subject, to: emailOutbox.toEmail, kind: emailOutbox.kind, text: emailOutbox.textBody }).from(emailOutbox).where(like(emailOutbox.dedupeKey, "booking-request:%")),
  };
}

describe("a request", () => {
  it("needs a message on a request listing: 422 with the field, nothing held", async () => {
    const s = await bookingScenario(database.db, { now: NOW, listing: { bookingMode: "request" }, quickUsers: true });
    for (const message of [undefined, "   ", "x".repeat(1001)]) {
      const refused = await s.hold(s.guest, s.request({ date: "2026-06-10", hour: 10 }, { message }));
      expect(refused).toMatchObject({ ok: false, status: 422, code: "invalid" });
      expect(!refused.ok && refused.fields?.message).toBe(message === undefined || message.trim() === "" ? REQUEST_TEXT.messageRequired : REQUEST_TEXT.messageTooLong);
    }
    expect(await s.calendar()).toEqual([]);
  });

  it("authorises the card, not charged: requested, the slot held until the expiry, the message in the conversation, e-mails to both", async () => {
    const r = await requested();
    expect(r.paid.ok && r.paid.paymentIntent.status).toBe("requires_capture");
    const booking = await r.s.booking(r.hold.bookingId);
    expect(booking.status).toBe("requested");
    expect(booking.requestExpiresAt?.toISOString()).toBe(new Date(Date.parse(NOW) + 24 * HOUR).toISOString());
    const [row] = await r.s.calendar();
    expect(row).toMatchObject({ kind: "hold", expiresAt: booking.requestExpiresAt });
    expect(await r.charges()).toEqual([]);
    expect(await r.ledger()).toEqual([]);
    const posted = await database.db.select({ body: messages.body, senderId: messages.senderId }).from(messages);
    expect(posted).toContainEqual({ body: "Hi! Can I bring my dog?", senderId: r.s.guest.id });
    const mails = (await r.mails()).filter((mail) => mail.text.includes(r.s.space.title));
    expect(mails.map((mail) => mail.subject).sort()).toEqual([`Booking request: ${r.s.space.title}`, `Request sent: ${r.s.space.title}`]);
    // The host's e-mail carries the signed answer link and the expiry in the listing's time zone (New York, EDT).
    expect(mails.find((mail) => mail.subject.startsWith("Booking request"))!.text).toMatch(new RegExp(`/requests/${r.hold.bookingId}\\?sig=[A-Za-z0-9_-]{43}`));
    expect(await listOpenRequests(database.db, r.s.host.id, r.s.now)).toMatchObject([{ bookingId: r.hold.bookingId, message: "Hi! Can I bring my dog?", capturing: false }]);
    // Another guest cannot take the held time.
    const other = await r.s.hold(r.s.otherGuest, r.s.request({ date: "2026-06-10", hour: 10 }, { message: "me too" }));
    expect(other).toMatchObject({ ok: false, code: "slot_taken" });
  });

  it("expires at the start when the start comes before the response window ends", async () => {
    const r = await requested({ date: "2026-06-01", hour: 15 });
    const booking = await r.s.booking(r.hold.bookingId);
    expect(booking.requestExpiresAt?.getTime()).toBe(booking.startTime.getTime());
  });
});

describe("the host's answer", () => {
  it("accept captures once and confirms: ledger, calendar, e-mail; a second accept is refused and captures nothing", async () => {
    const r = await requested();
    expect(await r.accept()).toEqual({ ok: true, status: "confirmed" });
    const intent = await r.s.intent(r.hold.bookingId);
    expect(intent).toMatchObject({ status: "succeeded", amount: r.hold.total });
    expect((await r.s.calendar()).map((row) => row.kind)).toEqual(["booking"]);
    expect((await r.charges()).map((row) => [row.status, row.amount])).toEqual([["succeeded", r.hold.total]]);
    expect((await r.ledger()).length).toBeGreaterThan(0);

    expect(await r.accept()).toMatchObject({ ok: false, status: 409, error: REQUEST_TEXT.answered });
    expect(await r.decline()).toMatchObject({ ok: false, status: 409, error: REQUEST_TEXT.answered });
    const captures = (await r.calls()).filter((call) => call.kind === "capture_intent");
    expect(captures).toHaveLength(1);
    expect(captures[0]).toMatchObject({ status: "succeeded", amount: r.hold.total, reason: "accept" });
  });

  it("only the listing's host may answer (404 for anyone else), and the guest cannot accept", async () => {
    const r = await requested();
    expect(await r.accept(r.s.guest.id)).toMatchObject({ ok: false, status: 404 });
    expect(await r.accept(r.s.otherGuest.id)).toMatchObject({ ok: false, status: 404 });
    expect((await r.s.booking(r.hold.bookingId)).status).toBe("requested");
  });

  it("decline releases the authorisation and the slot, with the reason in the guest's e-mail; accepting afterwards is refused", async () => {
    const r = await requested();
    expect(await r.decline("x".repeat(501))).toMatchObject({ ok: false, status: 422, fields: { reason: REQUEST_TEXT.reasonTooLong } });
    expect(await r.decline("Closed for repairs that week")).toEqual({ ok: true, status: "declined" });
    expect(await r.s.intent(r.hold.bookingId)).toMatchObject({ status: "canceled" });
    expect(await r.s.calendar()).toEqual([]);
    expect(await r.charges()).toEqual([]);
    const mail = (await r.mails()).find((m) => m.subject === `Request declined: ${r.s.space.title}`);
    expect(mail?.text).toContain("Closed for repairs that week");
    expect(await r.accept()).toMatchObject({ ok: false, status: 409, error: REQUEST_TEXT.answered });
    expect((await r.calls()).filter((call) => call.kind === "capture_intent")).toEqual([]);
  });

  it("the guest may withdraw an open request: cancelled, the authorisation released", async () => {
    const r = await requested();
    expect(await r.withdraw()).toEqual({ ok: true, status: "cancelled" });
    expect(await r.s.intent(r.hold.bookingId)).toMatchObject({ status: "canceled" });
    expect(await r.accept()).toMatchObject({ ok: false, status: 409 });
  });
});

describe("expiry", () => {
  it("accepting a request past its expiry is refused with a clear message and moves nothing, before and after the clock's sweep", async () => {
    const r = await requested();
    r.s.advance(24 * HOUR);
    expect(await r.accept()).toMatchObject({ ok: false, status: 409, error: REQUEST_TEXT.expired });
    expect(await r.calls().then((calls) => calls.filter((call) => call.kind === "capture_intent"))).toEqual([]);
    expect((await r.s.booking(r.hold.bookingId)).status).toBe("requested");

    // An instant hold sweep alone leaves the request's hold to the request's own expiry.
    await sweepAllExpiredHolds(database.db, r.s.now);
    const booking = await r.s.booking(r.hold.bookingId);
    expect(booking).toMatchObject({ status: "expired", endedReason: "request_expired" });
    expect(await r.s.intent(r.hold.bookingId)).toMatchObject({ status: "canceled" });
    expect(await r.s.calendar()).toEqual([]);
    const before = { calls: (await r.calls()).length, charges: await r.charges() };
    expect(await r.accept()).toMatchObject({ ok: false, status: 409, error: REQUEST_TEXT.expired });
    expect(await r.decline()).toMatchObject({ ok: false, status: 409, error: REQUEST_TEXT.expired });
    expect({ calls: (await r.calls()).length, charges: await r.charges() }).toEqual(before);
    expect(before.charges).toEqual([]);
    const subjects = (await r.mails()).map((mail) => mail.subject).filter((subject) => subject.startsWith("Request expired") && subject.endsWith(r.s.space.title));
    expect(subjects).toHaveLength(2);
  });

  it("a request not yet expired is left alone by the sweep; a hold sweep before the expiry keeps its slot", async () => {
    const r = await requested();
    r.s.advance(23 * HOUR);
    await sweepAllExpiredHolds(database.db, r.s.now);
    expect((await r.s.booking(r.hold.bookingId)).status).toBe("requested");
    expect((await r.s.calendar()).map((row) => row.kind)).toEqual(["hold"]);
    expect(await r.accept()).toEqual({ ok: true, status: "confirmed" });
  });

  it("an accepted request whose capture is still pending is not expired by the clock; the capture confirms it later", async () => {
    const r = await requested();
    // The host accepts; the capture call is recorded but not performed (the process died).
    const accepted = await acceptRequest(database.db, { hostId: r.s.host.id, bookingId: r.hold.bookingId, now: r.s.now }, async () => {});
    expect(accepted).toEqual({ ok: true, status: "requested" });
    r.s.advance(25 * HOUR);
    await sweepAllExpiredHolds(database.db, r.s.now);
    expect((await r.s.booking(r.hold.bookingId)).status).toBe("requested");
    const [capture] = (await r.calls()).filter((call) => call.kind === "capture_intent");
    await performProviderCalls(database.db, [capture!.id], r.s.now);
    expect((await r.s.booking(r.hold.bookingId)).status).toBe("confirmed");
    const [intent] = await database.db.select().from(localPaymentIntents).where(and(eq(localPaymentIntents.bookingId, r.hold.bookingId)));
    expect(intent).toMatchObject({ status: "succeeded" });
    expect(await database.db.select().from(bookings).where(eq(bookings.id, r.hold.bookingId)).then((rows) => rows[0]!.status)).toBe("confirmed");
  });

  it("a sweep limited to one listing (a journey at its own later clock) leaves other listings' requests and checkouts alone", async () => {
    const mine = await requested();
    const other = await requested();
    const checkout = await bookingScenario(database.db, { now: NOW, quickUsers: true });
    const open = await checkout.book(checkout.guest, { date: "2026-06-10", hour: 10 });
    await sweepAllExpiredHolds(database.db, new Date(Date.parse(NOW) + 25 * HOUR), { spaceId: mine.s.space.id });
    expect(await mine.s.booking(mine.hold.bookingId)).toMatchObject({ status: "expired", endedReason: "request_expired" });
    expect((await other.s.booking(other.hold.bookingId)).status).toBe("requested");
    expect(await other.accept()).toEqual({ ok: true, status: "confirmed" });
    // The other guest, still paying at the real time, gets the booking.
    expect(await checkout.pay(checkout.guest, open.clientSecret)).toMatchObject({ ok: true });
    expect((await checkout.booking(open.bookingId)).status).toBe("confirmed");
  });
});
