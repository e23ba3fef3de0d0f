import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookings } from "~/db/schema/bookings";
import { cities } from "~/db/schema/catalog";
import { reviews } from "~/db/schema/reviews";
import { createHost, createSpaces } from "../../../tests/factories/listings";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { CITY_COUNT_CAP, cityStats, getCityBySlug, listCitySpaces } from "./city-pages.server";

let database: TestDatabase;
const now = new Date("2026-11-23T12:00:00Z");
const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
const titles = (rows: { title: string }[]) => rows.map((row) => row.title);
let houston: { id: string }[];

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  const host = await createHost(db);
  const guest = await createHost(db);
  houston = await createSpaces(
    db,
    [
      {
        title: "Houston Loft",
        location: "Houston",
        hourlyPrice: 4000,
        type: "loft",
        createdAt: daysAgo(10),
      },
      {
        title: "Houston Garage",
        location: "houston, TX",
        hourlyPrice: 6000,
        type: "garage",
        createdAt: daysAgo(9),
      },
      {
        title: "Houston Rented",
        location: "Houston",
        hourlyPrice: 20000,
        status: "rented",
        createdAt: daysAgo(8),
      },
      {
        title: "Houston Daily Only",
        location: "Houston",
        hourlyPrice: null,
        dailyPrice: 30000,
        createdAt: daysAgo(7),
      },
      {
        title: "Houston Draft",
        location: "Houston",
        hourlyPrice: 99900,
        isPublished: false,
        createdAt: daysAgo(6),
      },
      {
        title: "South Houston Studio",
        location: "South Houston",
        createdAt: daysAgo(5),
      },
    ],
    host.id,
  );
  await createSpaces(
    db,
    [
      {
        title: "Santa Clara Tools",
        location: "Santa Clara County",
        createdAt: daysAgo(4),
      },
      {
        title: "SJ Room",
        location: "Downtown San Jose",
        createdAt: daysAgo(3),
      },
      {
        title: "Tokyo Studio",
        location: "Tokyo, Shibuya",
        type: "photo-studio",
        createdAt: daysAgo(2),
      },
      {
        title: "Tokyo Kayak",
        location: "Tokyo Bay",
        type: "kayak",
        createdAt: daysAgo(1),
      },
      { title: "Percent Place", location: "100% Town_", createdAt: daysAgo(1) },
    ],
    host.id,
  );
  const [loft, garage, rented] = houston;
  const booking = (spaceId: string, start: Date, status: "confirmed" | "completed" | "cancelled" | "pending_payment") => ({
    userId: guest.id,
    spaceId,
    startTime: start,
    endTime: new Date(start.getTime() + 2 * 60 * 60 * 1000),
    rentalAmount: 80,
    totalPrice: 88,
    platformFeePercentage: 10,
    platformFeeAmount: 8,
    status,
    payoutReleaseAt: new Date(start.getTime() + 26 * 60 * 60 * 1000),
  });
  await db.insert(bookings).values([
    booking(loft!.id, daysAgo(1), "confirmed"),
    booking(garage!.id, daysAgo(29), "completed"),
    booking(rented!.id, daysAgo(31), "confirmed"), // older than 30 days
    booking(loft!.id, daysAgo(2), "cancelled"),
    booking(loft!.id, daysAgo(3), "pending_payment"),
    booking(garage!.id, new Date(now.getTime() + 60 * 60 * 1000), "confirmed"), // in the future
  ]);
  await db.insert(reviews).values([
    { spaceId: loft!.id, rating: 5 },
    { spaceId: loft!.id, rating: 4 },
    { spaceId: garage!.id, rating: 3 },
    { spaceId: houston[4]!.id, rating: 1 }, // the draft's review does not count
    { spaceId: houston[5]!.id, rating: 1 }, // South Houston is another place
  ]);
  await db.insert(cities).values({
    slug: "houston",
    name: "Houston",
    state: "Texas",
    country: "United States",
    title: "Rent in Houston",
    description: "Space City rentals",
    heroImage: "/demo/city-houston.webp",
    seoTitle: "Houston rentals",
    metaDescription: "Houston rentals by the hour",
  });
});

afterAll(async () => {
  await database.drop();
});

describe("listCitySpaces", () => {
  it("fixed routes: published listings whose location is the city, newest first", async () => {
    const result = await listCitySpaces(database.db, {
      match: { kind: "exact", name: "Houston" },
    });
    expect(titles(result.spaces)).toEqual(["Houston Daily Only", "Houston Rented", "Houston Garage", "Houston Loft"]);
    expect(result).toMatchObject({ total: 4, page: 1, pageCount: 1 });
  });

  it("catch-all: location contains the name, optionally of one type", async () => {
    const match = { kind: "contains" as const, terms: ["Tokyo"] };
    expect(titles((await listCitySpaces(database.db, { match })).spaces)).toEqual(["Tokyo Kayak", "Tokyo Studio"]);
    expect(titles((await listCitySpaces(database.db, { match, type: "photo-studio" })).spaces)).toEqual(["Tokyo Studio"]);
    expect((await listCitySpaces(database.db, { match, type: "no-such-type" })).total).toBe(0);
  });

  it("San Jose: 'san jose' or 'santa clara county', case-insensitive", async () => {
    const match = {
      kind: "contains" as const,
      terms: ["san jose", "santa clara county"],
    };
    expect(titles((await listCitySpaces(database.db, { match })).spaces)).toEqual(["SJ Room", "Santa Clara Tools"]);
  });

  it("treats LIKE metacharacters literally", async () => {
    expect(
      titles(
        (
          await listCitySpaces(database.db, {
            match: { kind: "contains", terms: ["100%"] },
          })
        ).spaces,
      ),
    ).toEqual(["Percent Place"]);
    expect(
      (
        await listCitySpaces(database.db, {
          match: { kind: "contains", terms: ["%"] },
        })
      ).total,
    ).toBe(1);
    expect(
      (
        await listCitySpaces(database.db, {
          match: { kind: "contains", terms: ["_"] },
        })
      ).total,
    ).toBe(1);
    expect(
      (
        await listCitySpaces(database.db, {
          match: { kind: "exact", name: "%" },
        })
      ).total,
    ).toBe(0);
  });

  it("pages in SQL and clamps the page number", async () => {
    const match = { kind: "exact" as const, name: "Houston" };
    const page2 = await listCitySpaces(database.db, {
      match,
      page: 2,
      pageSize: 3,
    });
    expect(titles(page2.spaces)).toEqual(["Houston Loft"]);
    expect(page2).toMatchObject({ page: 2, pageCount: 2, total: 4 });
    expect((await listCitySpaces(database.db, { match, page: 99, pageSize: 3 })).page).toBe(2);
    expect((await listCitySpaces(database.db, { match, page: -5, pageSize: 3 })).page).toBe(1);
  });
});

describe("listCitySpaces at scale", () => {
  it("counts up to CITY_COUNT_CAP matches and says there are more, paging within the counted ones", async () => {
    const host = await createHost(database.db);
    await createSpaces(
      database.db,
      Array.from({ length: CITY_COUNT_CAP + 5 }, (_, i) => ({ title: `Reykjavik Room ${i}`, location: "Reykjavik, IS", country: "Iceland" })),
      host.id,
    );
    const match = { kind: "exact" as const, name: "Reykjavik" };
    const first = await listCitySpaces(database.db, { match, pageSize: 100 });
    expect(first).toMatchObject({ total: CITY_COUNT_CAP, totalCapped: true, page: 1, pageCount: CITY_COUNT_CAP / 100 });
    expect(first.spaces).toHaveLength(100);
    const last = await listCitySpaces(database.db, { match, pageSize: 100, page: 10_000 });
    expect(last).toMatchObject({ page: CITY_COUNT_CAP / 100, totalCapped: true });
    expect(last.spaces).toHaveLength(100);
    // Under the cap the count is exact.
    expect(await listCitySpaces(database.db, { match: { kind: "exact", name: "Houston" } })).toMatchObject({ total: 4, totalCapped: false });
  });
});

describe("cityStats (ADR 0041)", () => {
  it("computes the figures from listings, bookings and reviews", async () => {
    const stats = await cityStats(database.db, { kind: "exact", name: "Houston" }, now);
    expect(stats).toEqual({
      availableCount: 3, // the rented one is not bookable, the draft is not published
      averageHourlyRate: 10000, // ($40 + $60 + $200) / 3 in cents; no hourly price is left out
      rateCurrency: "USD",
      monthlyBookings: 2, // confirmed or completed, started in the last 30 days
      averageRating: 4,
      reviewCount: 3,
    });
  });

  it("is empty for a city without listings", async () => {
    expect(await cityStats(database.db, { kind: "exact", name: "Atlantis" }, now)).toEqual({
      availableCount: 0,
      averageHourlyRate: null,
      rateCurrency: "USD",
      monthlyBookings: 0,
      averageRating: null,
      reviewCount: 0,
    });
  });
});

describe("getCityBySlug", () => {
  it("reads the row by slug, null otherwise", async () => {
    expect((await getCityBySlug(database.db, "houston"))?.name).toBe("Houston");
    expect(await getCityBySlug(database.db, "atlantis")).toBeNull();
    expect(await getCityBySlug(database.db, "x".repeat(10_000))).toBeNull();
  });
});
