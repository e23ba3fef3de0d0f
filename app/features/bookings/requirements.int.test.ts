import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookingRequirements } from "~/db/schema/booking-requirements";
import { bookings } from "~/db/schema/bookings";
import { spaces } from "~/db/schema/listings";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { bookingScenario } from "../../../tests/factories/bookings";
import { BOOKING_MESSAGES } from "./booking-rules.server";
import { createBookingHold } from "./hold.server";
import { REQUIREMENT_TEXT } from "./requirements";

/**
 * Checkout requirements from the listing (issue #28 point 3, ADR 0279) through the real
 * createBookingHold: a minimum age, a driving licence and a waiver, each enforced by the
 * server before the slot is taken; a refusal is a 422 with a message per field and stores
 * nothing. Runs on PGlite, and on PostgreSQL with TEST_DB_ENGINE=postgres.
 */
let database: TestDatabase;
const NOW = "2026-06-01T12:00:00.000Z";
const ERR = REQUIREMENT_TEXT.errors;
const WAIVER = "I ride at my own risk and wear the helmet provided at all times.";
// 2026-06-10 10:00–12:00 in New York (the scenario's listing time zone).
const PICK = { date: "2026-06-10", hour: 10, hours: 2 };

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

const scenario = (listing: Parameters<typeof bookingScenario>[1]["listing"]) => bookingScenario(database.db, { now: NOW, listing, quickUsers: true });
type Scenario = Awaited<ReturnType<typeof scenario>>;

/** Nothing of an attempt was kept: no booking of the listing, no calendar row, no requirements row. */
async function nothingStored(s: Scenario) {
  const rows = await database.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.spaceId, s.space.id));
  expect(rows).toEqual([]);
  expect(await s.calendar()).toEqual([]);
  const kept = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from booking_requirements r join bookings b on b.id = r.booking_id where b.space_id = ${s.space.id}`);
  expect(kept.rows[0]!.n).toBe(0);
}

async function storedFor(bookingId: string) {
  const [row] = await database.db.select().from(bookingRequirements).where(eq(bookingRequirements.bookingId, bookingId));
  return row;
}

describe("minimum age", () => {
  it("refuses a guest under the age on the booking's start day, and books one who turns it that day", async () => {
    const s = await scenario({ ageRestriction: 21 });
    // Turns 21 the day after the start.
    const young = await s.hold(s.guest, s.request(PICK, { dateOfBirth: "2005-06-11" }));
    expect(young).toEqual({ ok: false, status: 422, code: "invalid", error: "You must be at least 21 to book this listing.", fields: { dateOfBirth: "You must be at least 21 to book this listing." } });
    await nothingStored(s);

    const birthday = await s.hold(s.guest, s.request(PICK, { dateOfBirth: "2005-06-10" }));
    expect(birthday.ok).toBe(true);
    const row = await storedFor(birthday.ok ? birthday.bookingId : "");
    expect(row).toMatchObject({ dateOfBirth: "2005-06-10", licenceNumber: null, waiverText: null, waiverAcceptedAt: null });
  });

  it("answers every bad date of birth with its message, never an error", async () => {
    const s = await scenario({ ageRestriction: 18 });
    const cases: Array<[unknown, string]> = [
      [undefined, ERR.dateOfBirthRequired],
      ["", ERR.dateOfBirthRequired],
      ["2027-01-01", ERR.dateOfBirthFuture],
      ["1826-06-01", ERR.dateOfBirthTooOld],
      ["2000-02-30", ERR.dateOfBirthInvalid],
      ["10/06/2000", ERR.dateOfBirthInvalid],
      ["2000-6-1", ERR.dateOfBirthInvalid],
      [20000601, ERR.dateOfBirthInvalid],
      [{ year: 2000 }, ERR.dateOfBirthInvalid],
      ["x".repeat(3000), ERR.dateOfBirthInvalid],
    ];
    for (const [dateOfBirth, message] of cases) {
      const answer = await s.hold(s.guest, s.request(PICK, { dateOfBirth }));
      expect(answer, String(dateOfBirth).slice(0, 20)).toMatchObject({ ok: false, status: 422, fields: { dateOfBirth: message } });
    }
    await nothingStored(s);
  });
});

describe("driving licence", () => {
  const licence = { licenceNumber: "D1234-567 89", licenceCountry: "US", licenceExpiry: "2029-03-31" };

  it("stores the number, country and expiry of a licence valid through the booking", async () => {
    const s = await scenario({ licenseRequired: true });
    const hold = await s.hold(s.guest, s.request(PICK, { ...licence, licenceCountry: "fr" }));
    expect(hold.ok).toBe(true);
    expect(await storedFor(hold.ok ? hold.bookingId : "")).toMatchObject({ licenceNumber: "D1234-567 89", licenceCountry: "FR", licenceExpiry: "2029-03-31", dateOfBirth: null });
  });

  it("refuses a licence that expires before the end of the booking, and takes one valid through its last day", async () => {
    const s = await scenario({ licenseRequired: true, dailyPrice: 30_000 });
    // Two days from 2026-06-10 10:00: the booking ends on 2026-06-12.
    const days = { date: "2026-06-10", hour: 10, unit: "day" as const, quantity: 2 };
    const expired = await s.hold(s.guest, s.request(days, { ...licence, licenceExpiry: "2026-06-11" }));
    expect(expired).toMatchObject({ ok: false, status: 422, error: ERR.licenceExpired, fields: { licenceExpiry: "Your driving licence must be valid until the end of the booking." } });
    await nothingStored(s);
    const lastDay = await s.hold(s.guest, s.request(days, { ...licence, licenceExpiry: "2026-06-12" }));
    expect(lastDay.ok).toBe(true);
  });

  it("answers missing and bad licence fields each next to its field, never an error", async () => {
    const s = await scenario({ licenseRequired: true });
    const none = await s.hold(s.guest, s.request(PICK));
    expect(none).toMatchObject({ ok: false, status: 422, fields: { licenceNumber: ERR.licenceNumberRequired, licenceCountry: ERR.licenceCountry, licenceExpiry: ERR.licenceExpiryRequired } });
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ licenceNumber: "A".repeat(10_000) }, "licenceNumber", ERR.licenceNumberInvalid],
      [{ licenceNumber: "A".repeat(41) }, "licenceNumber", ERR.licenceNumberInvalid],
      [{ licenceNumber: "D123; drop table" }, "licenceNumber", ERR.licenceNumberInvalid],
      [{ licenceNumber: 12345 }, "licenceNumber", ERR.licenceNumberInvalid],
      [{ licenceCountry: "XX" }, "licenceCountry", ERR.licenceCountry],
      [{ licenceCountry: "USA" }, "licenceCountry", ERR.licenceCountry],
      [{ licenceCountry: "United States" }, "licenceCountry", ERR.licenceCountry],
      [{ licenceExpiry: "2026-13-01" }, "licenceExpiry", ERR.licenceExpiryInvalid],
      [{ licenceExpiry: "31/03/2029" }, "licenceExpiry", ERR.licenceExpiryInvalid],
      [{ licenceExpiry: "9999-12-31" }, "licenceExpiry", ERR.licenceExpiryTooFar],
      [{ licenceExpiry: "2020-01-01" }, "licenceExpiry", ERR.licenceExpired],
    ];
    for (const [change, field, message] of cases) {
      const answer = await s.hold(s.guest, s.request(PICK, { ...licence, ...change }));
      expect(answer, JSON.stringify(change).slice(0, 40)).toMatchObject({ ok: false, status: 422, code: "invalid", fields: { [field]: message } });
      expect(Object.keys((answer as { fields: object }).fields)).toEqual([field]);
    }
    await nothingStored(s);
  });
});

describe("waiver", () => {
  it("refuses a booking whose waiver was not accepted, and keeps a copy of the text accepted, with the time and address", async () => {
    const s = await scenario({ waiverRequired: true, waiverText: WAIVER });
    for (const waiverAccepted of [undefined, false, "true", "on", 1]) {
      const answer = await s.hold(s.guest, s.request(PICK, { waiverAccepted }), null);
      expect(answer).toMatchObject({ ok: false, status: 422, error: ERR.waiverNotAccepted, fields: { waiverAccepted: "Accept the waiver to book this listing." } });
    }
    await nothingStored(s);

    const hold = await createBookingHold(database.db, { userId: s.guest.id, body: s.request(PICK, { waiverAccepted: true }), idempotencyKey: null, now: s.now, clientIp: "203.0.113.7" });
    expect(hold.ok).toBe(true);
    const bookingId = hold.ok ? hold.bookingId : "";
    // The host edits the waiver later: what the guest accepted stays as it was.
    await database.db.update(spaces).set({ waiverText: "A new waiver." }).where(eq(spaces.id, s.space.id));
    expect(await storedFor(bookingId)).toMatchObject({ waiverText: WAIVER, waiverAcceptedAt: s.now, waiverAcceptedIp: "203.0.113.7", dateOfBirth: null, licenceNumber: null });
  });

  it("cannot be booked while the host has not written the waiver's text", async () => {
    const s = await scenario({ waiverRequired: true, waiverText: null });
    const answer = await s.hold(s.guest, s.request(PICK, { waiverAccepted: true }));
    expect(answer).toMatchObject({ ok: false, status: 422, fields: { waiverAccepted: ERR.waiverMissing } });
    await nothingStored(s);
  });
});

describe("all together, and listings without requirements", () => {
  it("answers every unmet requirement at once, then books when all are met", async () => {
    const s = await scenario({ ageRestriction: 25, licenseRequired: true, waiverRequired: true, waiverText: WAIVER });
    const refused = await s.hold(s.guest, s.request(PICK, { dateOfBirth: "2004-01-01", licenceNumber: "AB123", licenceCountry: "GB", licenceExpiry: "2026-06-01" }));
    expect(refused).toMatchObject({ ok: false, status: 422, fields: { dateOfBirth: ERR.underAge(25), licenceExpiry: ERR.licenceExpired, waiverAccepted: ERR.waiverNotAccepted } });
    await nothingStored(s);
    const hold = await s.hold(s.guest, s.request(PICK, { dateOfBirth: "1990-01-01", licenceNumber: "AB123", licenceCountry: "GB", licenceExpiry: "2030-01-01", waiverAccepted: true }));
    expect(hold.ok).toBe(true);
    expect(await storedFor(hold.ok ? hold.bookingId : "")).toMatchObject({ dateOfBirth: "1990-01-01", licenceNumber: "AB123", licenceCountry: "GB", licenceExpiry: "2030-01-01", waiverText: WAIVER });
  });

  it("ignores requirement fields a listing does not ask for, and stores no requirements row", async () => {
    const s = await scenario({});
    const hold = await s.hold(s.guest, s.request(PICK, { dateOfBirth: "2020-01-01", licenceNumber: "x".repeat(500), waiverAccepted: "no" }));
    expect(hold.ok).toBe(true);
    expect(await storedFor(hold.ok ? hold.bookingId : "")).toBeUndefined();
  });

  it("an age of 0 asks nothing", async () => {
    const s = await scenario({ ageRestriction: 0 });
    expect((await s.hold(s.guest, s.request(PICK))).ok).toBe(true);
  });
});

describe("Idempotency-Key with requirements", () => {
  it("replays the first answer for the same answers, and refuses the key for different ones", async () => {
    const s = await scenario({ ageRestriction: 18 });
    const key = "0b7f1d2e-3c4a-4b5d-8e6f-7a8b9c0d1e2f";
    const body = s.request(PICK, { dateOfBirth: "1990-01-01" });
    const first = await s.hold(s.guest, body, key);
    const replay = await s.hold(s.guest, body, key);
    expect(first.ok && replay.ok && replay.clientSecret === first.clientSecret).toBe(true);
    const different = await s.hold(s.guest, s.request(PICK, { dateOfBirth: "1991-01-01" }), key);
    expect(different).toMatchObject({ ok: false, status: 422, error: BOOKING_MESSAGES.idempotencyReuse });
    expect(await s.calendar()).toHaveLength(1);
  });
});
