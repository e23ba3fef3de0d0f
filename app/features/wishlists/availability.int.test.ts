import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookingScenario } from "../../../tests/factories/bookings";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { parseDateChoice, wishlistAvailability } from "./availability.server";
import { WISHLIST_TEXT } from "./wishlist-text";

/** A wishlist's availability for picked dates, from the booking widget's own rules, on both engines. */
let database: TestDatabase;
const NOW = new Date("2026-06-01T12:00:00.000Z");

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

describe("dates picked on /wishlists", () => {
  const parse = (query: string) => parseDateChoice(new URLSearchParams(query), NOW);
  it("reads a date or a range and says what is wrong with anything else", () => {
    expect(parse("")).toEqual({ ok: true, dates: null });
    expect(parse("from=2026-06-10")).toEqual({ ok: true, dates: { from: "2026-06-10", to: "2026-06-10" } });
    expect(parse("from=2026-06-10&to=2026-06-12")).toEqual({ ok: true, dates: { from: "2026-06-10", to: "2026-06-12" } });
    expect(parse("from=2026-02-30")).toEqual({ ok: false, error: WISHLIST_TEXT.datesInvalid });
    expect(parse("from=tomorrow")).toEqual({ ok: false, error: WISHLIST_TEXT.datesInvalid });
    expect(parse("from=2026-06-12&to=2026-06-10")).toEqual({ ok: false, error: WISHLIST_TEXT.datesInverted });
    expect(parse("from=2026-06-10&to=2026-06-30")).toEqual({ ok: false, error: WISHLIST_TEXT.datesTooLong });
    expect(parse("from=2025-01-01")).toEqual({ ok: false, error: WISHLIST_TEXT.datesPast });
    expect(parse("from=2031-01-01")).toEqual({ ok: false, error: WISHLIST_TEXT.datesTooFar });
  });
});

describe("availability of saved listings", () => {
  it("gives the first start the widget offers, and 'booked' when no hour of the day is free", async () => {
    const s = await bookingScenario(database.db, { now: NOW.toISOString(), quickUsers: true });
    // Opening hours 09:00–21:00 New York time; the morning is booked 09:00–11:00.
    const hold = await s.book(s.guest, { date: "2026-06-10", hour: 9, hours: 2 });
    await s.pay(s.guest, hold.clientSecret);
    const day = await wishlistAvailability(database.db, { spaceIds: [s.space.id], dates: { from: "2026-06-10", to: "2026-06-10" }, viewerId: s.otherGuest.id, now: NOW });
    expect(day[s.space.id]).toMatchObject({ state: "free", text: "Free from 11:00 on Wed, Jun 10", start: "2026-06-10T15:00:00.000Z" });

    // The rest of the day taken too: booked on that date, free from the next morning in a range.
    const rest = await s.book(s.otherGuest, { date: "2026-06-10", hour: 11, hours: 10 });
    await s.pay(s.otherGuest, rest.clientSecret);
    const full = await wishlistAvailability(database.db, { spaceIds: [s.space.id], dates: { from: "2026-06-10", to: "2026-06-10" }, viewerId: null, now: NOW });
    expect(full[s.space.id]).toEqual({ state: "taken", text: "Booked on these dates" });
    const range = await wishlistAvailability(database.db, { spaceIds: [s.space.id], dates: { from: "2026-06-10", to: "2026-06-11" }, viewerId: null, now: NOW });
    expect(range[s.space.id]).toMatchObject({ state: "free", text: "Free from 09:00 on Thu, Jun 11" });

    // The host's own listing is not bookable by them; an unknown id is left out.
    const own = await wishlistAvailability(database.db, { spaceIds: [s.space.id, crypto.randomUUID()], dates: { from: "2026-06-12", to: "2026-06-12" }, viewerId: s.host.id, now: NOW });
    expect(own).toEqual({ [s.space.id]: { state: "unbookable", text: "Not bookable online" } });
  });
});
