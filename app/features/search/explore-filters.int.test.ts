import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spaceAvailability, spaceDateHours } from "~/db/schema/bookings";
import { listingTranslations } from "~/db/schema/listing-translations";
import type { WeeklyHours } from "~/db/opening-hours";
import { createHost, createSpaces } from "../../../tests/factories/listings";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { priceHistogram, searchExplore, popularAmenities } from "./search.server";
import { parseExploreSearch, SEARCH_MESSAGES } from "./search-params";
import { EXPLORE_PAGE_SIZE } from "./search-links";

/**
 * Issue #27 points 1–3 against a small hand-made data set whose answers are known. The
 * clock is Tuesday 1 December 2026, 08:00 UTC; "Saturday" is 5 December.
 */
let database: TestDatabase;
const now = new Date("2026-12-01T08:00:00Z");
const utc = (text: string) => new Date(`${text}Z`);
const ids: Record<string, string> = {};
const SATURDAY_AFTERNOON: WeeklyHours = [[], [], [], [], [], [{ start: "14:00", end: "18:00" }], []];

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  const host = await createHost(db);
  const at = (minutes: number) => new Date(Date.UTC(2026, 10, 1, 12, minutes));
  const rows = await createSpaces(
    db,
    [
      { title: "Alpha Studio", hourlyPrice: 5000, dailyPrice: 30000, capacity: 4, amenities: ["WiFi", "Parking"], rating: 4.5, reviewCount: 8, createdAt: at(1) },
      { title: "Bravo Hall", hourlyPrice: 8000, capacity: 10, amenities: ["WiFi", "Projector"], rating: 3.9, reviewCount: 3, createdAt: at(2) },
      { title: "Charlie Room", hourlyPrice: 3000, openingHours: SATURDAY_AFTERNOON, amenities: ["Parking"], createdAt: at(3) },
      { title: "Delta Kayaks", rentalType: "equipment", type: "kayak", hourlyPrice: 2000, quantity: 5, capacity: 1, amenities: ["Life jackets"], createdAt: at(4) },
      { title: "Echo Loft", hourlyPrice: 4500, minNoticeMinutes: 7 * 24 * 60, amenities: ["WiFi"], createdAt: at(5) },
      { title: "Foxtrot Van", rentalType: "vehicle", type: "van", hourlyPrice: null, dailyPrice: 20000, checkInTime: "10:00", checkOutTime: "10:00", amenities: [], createdAt: at(6) },
      { title: "Golf Tokyo", timezone: "Asia/Tokyo", currency: "JPY", hourlyPrice: 9000, amenities: ["WiFi"], rating: 4.9, reviewCount: 20, createdAt: at(7) },
      { title: "Hotel Draft", hourlyPrice: 5000, isPublished: false, createdAt: at(8) },
      { title: "India Closed Saturday", hourlyPrice: 6000, amenities: [], createdAt: at(9) },
      { title: "Juliet Short", hourlyPrice: 6500, maxRentalDuration: 2, amenities: [], createdAt: at(10) },
      { title: "Kilo Buffer", hourlyPrice: 7000, bufferAfterMinutes: 60, amenities: [], createdAt: at(11) },
    ],
    host.id,
  );
  for (const row of rows) ids[row.title.split(" ")[0]!] = row.id;
  await db.insert(spaceAvailability).values([
    // Bravo: booked 10:00–12:00 on Saturday.
    { spaceId: ids.Bravo!, kind: "booking", startTime: utc("2026-12-05T10:00:00"), endTime: utc("2026-12-05T12:00:00") },
    // Delta: 3 of 5 kayaks held over the time, and a lapsed hold of 2 that no longer counts.
    { spaceId: ids.Delta!, kind: "hold", startTime: utc("2026-12-05T10:00:00"), endTime: utc("2026-12-05T13:00:00"), units: 3, shared: true, expiresAt: utc("2026-12-01T08:10:00") },
    { spaceId: ids.Delta!, kind: "hold", startTime: utc("2026-12-05T11:00:00"), endTime: utc("2026-12-05T12:00:00"), units: 2, shared: true, expiresAt: utc("2026-12-01T07:59:00") },
    // Foxtrot: blocked 10–12 December.
    { spaceId: ids.Foxtrot!, kind: "blocked", startTime: utc("2026-12-10T00:00:00"), endTime: utc("2026-12-12T00:00:00") },
    // Kilo: a calendar row 12:30–15:00 (a booking with its buffers).
    { spaceId: ids.Kilo!, kind: "booking", startTime: utc("2026-12-05T12:30:00"), endTime: utc("2026-12-05T15:00:00") },
  ]);
  // India: closed on that Saturday by a dated exception.
  await db.insert(spaceDateHours).values({ spaceId: ids.India!, date: "2026-12-05", hours: [] });
});

afterAll(async () => {
  await database.drop();
});

const search = (query: string) => searchExplore(database.db, parseExploreSearch(new URLSearchParams(query), now), now);
const titles = async (query: string) => (await search(query)).spaces.map((row) => row.title).sort();

describe("search by when", () => {
  it("Saturday 10:00 for 3 hours: open, free with buffers, notice, units, duration and dated hours", async () => {
    expect(await titles("date=2026-12-05&time=10:00&hours=3")).toEqual(["Alpha Studio", "Delta Kayaks", "Golf Tokyo"]);
  });

  it("a time the buffer of a later booking reaches is not free; an hour earlier is", async () => {
    const kilo = async (query: string) => (await titles(query)).includes("Kilo Buffer");
    // 10:00–12:00 ends 12:00, plus its hour of buffer after reaches 13:00 over the row from 12:30.
    expect(await kilo("date=2026-12-05&time=10:00&hours=2")).toBe(false);
    expect(await kilo("date=2026-12-05&time=11:00&hours=1")).toBe(false);
    // 09:00–11:00 and its buffer end at 12:00, before the row.
    expect(await kilo("date=2026-12-05&time=09:00&hours=2")).toBe(true);
  });

  it("guests: capacity for a listing of one, seats left for one of several", async () => {
    expect(await titles("date=2026-12-05&time=10:00&hours=3&guests=2")).toEqual(["Alpha Studio", "Delta Kayaks", "Golf Tokyo"]);
    expect(await titles("date=2026-12-05&time=10:00&hours=3&guests=3")).toEqual(["Alpha Studio", "Golf Tokyo"]);
    expect(await titles("date=2026-12-05&time=14:00&hours=3&guests=5")).toEqual(["Bravo Hall", "Delta Kayaks"]);
  });

  it("any 3 hours on Saturday finds a free start in the day", async () => {
    const found = await search("date=2026-12-05&hours=3");
    expect(found.spaces.map((row) => row.title).sort()).toEqual(["Alpha Studio", "Bravo Hall", "Charlie Room", "Delta Kayaks", "Golf Tokyo", "Kilo Buffer"]);
    const bravo = found.spaces.find((row) => row.title === "Bravo Hall")!;
    expect(bravo.offer).toMatchObject({ start: "2026-12-05T12:00:00.000Z", unit: "hour", duration: 3, seats: 1 });
    const charlie = found.spaces.find((row) => row.title === "Charlie Room")!;
    expect(charlie.offer?.start).toBe("2026-12-05T14:00:00.000Z");
    expect(found.count).toEqual({ value: 6, capped: false, exact: true });
  });

  it("a result carries the price for the chosen time (rental and service fee) and the start in the listing's zone", async () => {
    const found = await search("date=2026-12-05&time=10:00&hours=3&guests=2");
    const delta = found.spaces.find((row) => row.title === "Delta Kayaks")!;
    // 3 hours × 2 kayaks × $20 = $120, plus the 10 % fee.
    expect(delta.offer).toMatchObject({ start: "2026-12-05T10:00:00.000Z", end: "2026-12-05T13:00:00.000Z", seats: 2, totalMinor: 13200, currency: "USD" });
    const golf = found.spaces.find((row) => row.title === "Golf Tokyo")!;
    expect(golf.offer).toMatchObject({ start: "2026-12-05T01:00:00.000Z", totalMinor: 29700, currency: "JPY" });
  });

  it("a range of days: check-in to check-out, blocks, daily prices", async () => {
    expect(await titles("date=2026-12-05&end=2026-12-07")).toEqual(["Alpha Studio", "Foxtrot Van"]);
    expect(await titles("date=2026-12-09&end=2026-12-11")).toEqual(["Alpha Studio"]);
    const found = await search("date=2026-12-05&end=2026-12-07");
    const van = found.spaces.find((row) => row.title === "Foxtrot Van")!;
    expect(van.offer).toMatchObject({ start: "2026-12-05T10:00:00.000Z", end: "2026-12-07T10:00:00.000Z", unit: "day", duration: 2, totalMinor: 44000 });
  });
});

describe("a translated word with a time (issue #31 point 5, ADR 0295)", () => {
  it("finds the listing by its Spanish title through the time's narrowing, its count and the histogram", async () => {
    await database.db.insert(listingTranslations).values({ spaceId: ids.Alpha!, locale: "es", title: "Sala Alfa con luz", description: "Estudio luminoso" });
    const inSpanish = (query: string) => searchExplore(database.db, { ...parseExploreSearch(new URLSearchParams(query), now), locale: "es" }, now);
    for (const query of ["q=alfa&date=2026-12-05&time=10:00&hours=3", "q=alfa&date=2026-12-05&hours=3", "q=alfa&date=2026-12-05&end=2026-12-07"]) {
      const found = await inSpanish(query);
      expect(found.spaces.map((row) => row.title)).toEqual(["Alpha Studio"]);
      expect(found.count.value).toBe(1);
      expect((await search(query)).spaces).toEqual([]);
    }
    expect(await priceHistogram(database.db, { ...parseExploreSearch(new URLSearchParams("q=alfa"), now), locale: "es" }, now)).not.toEqual([]);
    await database.db.delete(listingTranslations);
  });
});

describe("filters and sort", () => {
  it("price range in the chosen currency, per hour", async () => {
    expect(await titles("min=40&max=60")).toEqual(["Alpha Studio", "Echo Loft", "India Closed Saturday"]);
    expect(await titles("min=8000&max=10000&currency=JPY")).toEqual(["Golf Tokyo"]);
    expect(await titles("date=2026-12-05&time=10:00&hours=3&max=25")).toEqual(["Delta Kayaks"]);
  });

  it("amenities (all of them), rental type, rating at least N, text", async () => {
    expect(await titles("amenity=WiFi&amenity=Parking")).toEqual(["Alpha Studio"]);
    expect(await titles("amenity=WiFi")).toEqual(["Alpha Studio", "Bravo Hall", "Echo Loft", "Golf Tokyo"]);
    expect(await titles("rental=vehicle")).toEqual(["Foxtrot Van"]);
    expect(await titles("rating=4")).toEqual(["Alpha Studio", "Golf Tokyo"]);
    expect(await titles("rating=4&amenity=WiFi&q=studio")).toEqual(["Alpha Studio"]);
    expect(await titles("guests=10")).toEqual(["Bravo Hall"]);
  });

  it("sorts by price up and down, rating and newest; counts the matches", async () => {
    const order = async (query: string) => (await search(query)).spaces.map((row) => row.title.split(" ")[0]);
    expect(await order("sort=price_asc&amenity=WiFi")).toEqual(["Echo", "Alpha", "Bravo", "Golf"]);
    expect(await order("sort=price_desc&amenity=WiFi")).toEqual(["Golf", "Bravo", "Alpha", "Echo"]);
    expect((await order("sort=rating")).slice(0, 3)).toEqual(["Golf", "Alpha", "Bravo"]);
    expect((await order("sort=newest")).slice(0, 2)).toEqual(["Kilo", "Juliet"]);
    expect((await search("")).count).toEqual({ value: 10, capped: false, exact: true });
    expect((await search("amenity=WiFi")).count.value).toBe(4);
  });

  it("draws a histogram of prices over the other filters, in the chosen currency", async () => {
    const buckets = await priceHistogram(database.db, parseExploreSearch(new URLSearchParams("amenity=WiFi&min=70"), now), now);
    expect(buckets.reduce((sum, bucket) => sum + bucket.count, 0)).toBe(3);
    expect(buckets[0]!.from).toBe(0);
    expect(buckets.at(-1)!.to).toBeGreaterThan(8000);
  });

  it("offers the most used amenities as chips", async () => {
    expect((await popularAmenities(database.db, now)).slice(0, 2)).toEqual(["WiFi", "Parking"]);
  });
});

describe("bad input: a message and no query", () => {
  it.each([
    ["date=2026-11-20&time=10:00", SEARCH_MESSAGES.datePast],
    ["date=2031-01-01", SEARCH_MESSAGES.dateFar],
    ["date=2026-02-30", SEARCH_MESSAGES.date],
    ["date=2026-12-07&end=2026-12-05", SEARCH_MESSAGES.endOrder],
    ["date=2026-12-05&end=2027-03-05", SEARCH_MESSAGES.endFar],
    ["date=2026-12-05&hours=25", SEARCH_MESSAGES.hours],
    ["date=2026-12-05&hours=0", SEARCH_MESSAGES.hours],
    ["date=2026-12-05&time=10:30", SEARCH_MESSAGES.time],
    ["time=10:00", SEARCH_MESSAGES.needDate],
    ["min=-5", SEARCH_MESSAGES.price],
    ["max=1e309", SEARCH_MESSAGES.price],
    ["min=50&max=10", SEARCH_MESSAGES.priceOrder],
    [Array.from({ length: 500 }, (_, i) => `amenity=a${i}`).join("&"), SEARCH_MESSAGES.amenities],
    ["guests=0", SEARCH_MESSAGES.guests],
    ["rating=9", SEARCH_MESSAGES.rating],
  ])("%s", async (query, message) => {
    const parsed = parseExploreSearch(new URLSearchParams(query), now);
    expect(parsed.problems).toContain(message);
    expect(await searchExplore(database.db, parsed, now)).toEqual({ spaces: [], hasMore: false, count: { value: 0, capped: false, exact: true } });
  });

  it("ignores unknown sorts, rental types and malformed ids", async () => {
    const parsed = parseExploreSearch(new URLSearchParams("sort=drop table&rental=boat&category=1;--&sub=x"), now);
    expect(parsed).toMatchObject({ sort: "relevance", rental: "", category: "", sub: "", problems: [] });
    expect((await searchExplore(database.db, parsed, now)).count.value).toBe(10);
  });
});


describe("the count of a search with a time, past one page", () => {
  let many: TestDatabase;
  beforeAll(async () => {
    many = await createTestDatabase();
    const host = await createHost(many.db);
    const rows = await createSpaces(
      many.db,
      Array.from({ length: 40 }, (_, i) => ({ title: `Zulu Bench ${i + 1}`, hourlyPrice: 4000 + i, createdAt: new Date(Date.UTC(2026, 10, 1, 12, i)) })),
      host.id,
    );
    // Every third one is booked over the time asked (12 of 40), among the newest and the oldest alike.
    await many.db.insert(spaceAvailability).values(
      rows.filter((_, i) => i % 3 === 0 && i < 36).map((row) => ({ spaceId: row.id, kind: "booking" as const, startTime: utc("2026-12-05T09:00:00"), endTime: utc("2026-12-05T12:00:00") })),
    );
  });
  afterAll(async () => {
    await many.drop();
  });

  it("counts only the listings free for the whole time, beyond the first page", async () => {
    const found = await searchExplore(many.db, parseExploreSearch(new URLSearchParams("q=zulu&date=2026-12-05&time=10:00&hours=3"), now), now);
    expect(found.spaces.map((space) => space.title)).toEqual([40, 39, 38, 37, 36, 35, 33, 32, 30, 29, 27, 26].slice(0, EXPLORE_PAGE_SIZE).map((n) => `Zulu Bench ${n}`));
    expect(found.hasMore).toBe(true);
    expect(found.count).toEqual({ value: 28, capped: false, exact: true });
    const all = await searchExplore(many.db, parseExploreSearch(new URLSearchParams("q=zulu"), now), now);
    expect(all.count).toEqual({ value: 40, capped: false, exact: true });
  });
});
