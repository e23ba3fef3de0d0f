import { readFileSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spaces } from "~/db/schema/listings";
import { createHost, createSpaces } from "../../../tests/factories/listings";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { distanceKm, GEO_MESSAGES, type Point } from "./coordinates";
import { offlineGeocoder } from "./geocoder.server";
import { distanceColumn, distanceOrder, geoConditions, listMapPins, resolveGeoQuery, type GeoFilter } from "./geo-filter.server";
import { parseGeoParams } from "./geo-params";
import { publicPoint } from "./listing-point.server";
import { listingWhere } from "./listing-where.server";
import { bookings } from "~/db/schema/bookings";
import { searchExplore } from "~/features/search/search.server";
import { parseExploreSearch } from "~/features/search/search-params";

/**
 * Issue #27 points 3 and 4 on both engines: the offline gazetteer, a radius, the distance
 * order and map bounds (the antimeridian included) against a hand-made set whose answers
 * are known (distances from the Chicago Loop measured independently: Evanston ~19 km,
 * Naperville ~46 km, Milwaukee ~131 km).
 */

let database: TestDatabase;
const CHICAGO: Point = { lat: 41.8781, lng: -87.6298 };

const at = (lat: number, lng: number) => ({ latitude: lat, longitude: lng, publicLatitude: lat, publicLongitude: lng });

beforeAll(async () => {
  database = await createTestDatabase();
  const host = await createHost(database.db);
  await createSpaces(
    database.db,
    [
      { title: "Loop Studio", location: "Chicago", country: "United States", ...at(41.88, -87.63) },
      { title: "Evanston Garage", location: "Evanston", country: "United States", ...at(42.0451, -87.6877) },
      { title: "Naperville Hall", location: "Naperville", country: "United States", ...at(41.7508, -88.1535) },
      { title: "Milwaukee Loft", location: "Milwaukee", country: "United States", ...at(43.0389, -87.9065) },
      { title: "Draft at the Loop", location: "Chicago", country: "United States", isPublished: false, ...at(41.8781, -87.6298) },
      { title: "No Pin Yet", location: "Chicago", country: "United States" },
      { title: "Fiji Dive", location: "Suva", country: "Fiji", ...at(-18.1416, 178.4419) },
      { title: "Taveuni Kayaks", location: "Taveuni", country: "Fiji", ...at(-16.85, 179.98) },
      { title: "Tonga Boat", location: "Nuku'alofa", country: "Tonga", ...at(-21.1789, -175.1982) },
      { title: "Samoa Surf", location: "Apia", country: "Samoa", ...at(-13.759, -171.7624) },
    ],
    host.id,
  );
});

afterAll(async () => {
  await database.drop();
});

async function search(filter: GeoFilter) {
  return database.db
    .select({ title: spaces.title, distance: distanceColumn(filter) })
    .from(spaces)
    .where(sql.join([eq(spaces.isPublished, true), ...geoConditions(filter)], sql` and `))
    .orderBy(...distanceOrder(filter), spaces.title);
}
const titles = (rows: { title: string }[]) => rows.map((row) => row.title);

describe("radius and distance sort", () => {
  it("finds what lies within the radius, nearest first, drafts and listings without a point never", async () => {
    expect(titles(await search({ center: CHICAGO, radiusKm: 25, bounds: null }))).toEqual(["Loop Studio", "Evanston Garage"]);
    expect(titles(await search({ center: CHICAGO, radiusKm: 50, bounds: null }))).toEqual(["Loop Studio", "Evanston Garage", "Naperville Hall"]);
    expect(titles(await search({ center: CHICAGO, radiusKm: 500, bounds: null }))).toEqual(["Loop Studio", "Evanston Garage", "Naperville Hall", "Milwaukee Loft"]);
    expect(titles(await search({ center: CHICAGO, radiusKm: 1, bounds: null }))).toEqual(["Loop Studio"]);
  });

  it("computes the same great-circle distance in SQL as the haversine in TypeScript", async () => {
    const rows = await search({ center: CHICAGO, radiusKm: 500, bounds: null });
    const expected: Record<string, Point> = {
      "Loop Studio": { lat: 41.88, lng: -87.63 },
      "Evanston Garage": { lat: 42.0451, lng: -87.6877 },
      "Naperville Hall": { lat: 41.7508, lng: -88.1535 },
      "Milwaukee Loft": { lat: 43.0389, lng: -87.9065 },
    };
    for (const row of rows) {
      expect(row.distance).toBeCloseTo(distanceKm(CHICAGO, expected[row.title]!), 1);
    }
    expect(rows.map((row) => Math.round(row.distance ?? 0))).toEqual([0, 19, 46, 131]);
  });

  it("finds across the antimeridian around a point on either side", async () => {
    // 60 km west of the antimeridian in Fiji: Taveuni ~73 km, Suva ~146 km, Tonga (east of it) ~719 km.
    const fiji = { lat: -17.2, lng: 179.4 };
    expect(titles(await search({ center: fiji, radiusKm: 100, bounds: null }))).toEqual(["Taveuni Kayaks"]);
    expect(titles(await search({ center: fiji, radiusKm: 300, bounds: null }))).toEqual(["Taveuni Kayaks", "Fiji Dive"]);
    expect(titles(await search({ center: fiji, radiusKm: 800, bounds: null }))).toEqual(["Taveuni Kayaks", "Fiji Dive", "Tonga Boat"]);
    // From Tonga the circle reaches back over to Fiji: Taveuni ~699 km, Suva ~747 km, Samoa ~902 km.
    const tonga = { lat: -21.1789, lng: -175.1982 };
    expect(titles(await search({ center: tonga, radiusKm: 800, bounds: null }))).toEqual(["Tonga Boat", "Taveuni Kayaks", "Fiji Dive"]);
  });
});

describe("map bounds", () => {
  it("keeps what is inside the box", async () => {
    const bounds = { west: -88.5, south: 41.5, east: -87.5, north: 42.5 };
    expect(titles(await search({ center: CHICAGO, radiusKm: 25, bounds }))).toEqual(["Loop Studio", "Evanston Garage", "Naperville Hall"]);
  });

  it("handles a box that crosses the antimeridian (west > east)", async () => {
    const across = { west: 177, south: -25, east: -170, north: -10 };
    expect(new Set(titles(await search({ center: null, radiusKm: 25, bounds: across })))).toEqual(new Set(["Fiji Dive", "Taveuni Kayaks", "Tonga Boat", "Samoa Surf"]));
    const narrower = { west: 179, south: -25, east: -174, north: -10 };
    expect(new Set(titles(await search({ center: null, radiusKm: 25, bounds: narrower })))).toEqual(new Set(["Taveuni Kayaks", "Tonga Boat"]));
    // The same longitudes without crossing: the whole world between -170 and 177, no Pacific listing.
    const notAcross = { west: -170, south: -25, east: 177, north: -10 };
    expect(titles(await search({ center: null, radiusKm: 25, bounds: notAcross }))).toEqual([]);
  });

  it("gives the map's pins with public points only, nearest the centre first", async () => {
    const pins = await listMapPins(database.db, { center: CHICAGO, radiusKm: 25, bounds: { west: -89, south: 41, east: -87, north: 44 } });
    expect(pins.map((pin) => pin.title)).toEqual(["Loop Studio", "Evanston Garage", "Naperville Hall", "Milwaukee Loft"]);
    expect(Object.keys(pins[0]!).sort()).toEqual(["currency", "dailyPrice", "hourlyPrice", "id", "lat", "lng", "location", "title"]);
  });
});

describe("the URL's place, radius and bounds", () => {
  const resolve = (query: string) => resolveGeoQuery(parseGeoParams(new URLSearchParams(query)), offlineGeocoder);

  it("geocodes a place name offline and filters around it", async () => {
    const { filter, problems } = await resolve("near=Chicago&radius=25");
    expect(problems).toEqual([]);
    expect(distanceKm(filter!.center!, CHICAGO)).toBeLessThan(10);
    expect(titles(await search(filter!))).toEqual(["Loop Studio", "Evanston Garage"]);
  });

  it("answers bad input with a clear message and no filter", async () => {
    expect((await resolve("near=Zzyzxqq Nowhere")).problems).toEqual([GEO_MESSAGES.place]);
    expect((await resolve("near=Chicago&radius=0")).problems).toEqual([GEO_MESSAGES.radius]);
    expect((await resolve("near=Chicago&radius=40000")).problems).toEqual([GEO_MESSAGES.radius]);
    expect((await resolve("lat=91&lng=10")).problems).toEqual([GEO_MESSAGES.latitude]);
    expect((await resolve("lat=45&lng=1e3")).problems).toEqual([GEO_MESSAGES.longitude]);
    expect((await resolve("bounds=1,2,3")).problems).toEqual([GEO_MESSAGES.bounds]);
    expect((await resolve("bounds=0,50,10,40")).problems).toEqual([GEO_MESSAGES.bounds]);
    expect((await resolve("")).filter).toBeNull();
  });
});

describe("the offline gazetteer", () => {
  it("places cities by name, narrowed by region and country", async () => {
    const near = async (text: string, expected: Point, km = 15) => {
      const point = await offlineGeocoder.geocodePlace(text);
      expect(point, text).not.toBeNull();
      expect(distanceKm(point!, expected), text).toBeLessThan(km);
    };
    await near("Chicago", CHICAGO);
    await near("Paris", { lat: 48.8566, lng: 2.3522 });
    await near("Paris, TX", { lat: 33.6609, lng: -95.5555 });
    await near("Springfield, IL", { lat: 39.7817, lng: -89.6501 });
    await near("São Paulo", { lat: -23.5505, lng: -46.6333 });
    await near("sao paulo", { lat: -23.5505, lng: -46.6333 });
    await near("New York", { lat: 40.7128, lng: -74.006 });
    await near("Bali", { lat: -8.4095, lng: 115.1889 }, 40);
    expect(await offlineGeocoder.geocodePlace("Qwxzy")).toBeNull();
    expect(await offlineGeocoder.geocodePlace("Paris, Japan")).toBeNull();
  });

  it("places a listing's address by its city, state and country", async () => {
    const point = await offlineGeocoder.geocodeAddress({ streetAddress: "1 Main St", city: "Santa Clara", state: "CA", country: "United States", location: "Santa Clara County" });
    expect(distanceKm(point!, { lat: 37.3541, lng: -121.9552 })).toBeLessThan(5);
    expect(await offlineGeocoder.geocodeAddress({ city: "", location: "" })).toBeNull();
  });
});

describe("migration 0019's backfill", () => {
  it("places a demo-place listing 0.5–4 km from the place and derives the same public point as the app", async () => {
    const host = await createHost(database.db);
    const [row] = await createSpaces(database.db, [{ title: "Old Demo Room", location: "Tokyo", country: "Japan", isPublished: false }], host.id);
    const migration = readFileSync(new URL("../../../drizzle/0019_listing_coordinates.sql", import.meta.url), "utf8");
    const backfill = migration.split("--> statement-breakpoint").at(-1)!;
    await database.db.execute(sql.raw(backfill));
    const [stored] = await database.db.select().from(spaces).where(eq(spaces.id, row!.id));
    const exact = { lat: stored!.latitude!, lng: stored!.longitude! };
    const distance = distanceKm(exact, { lat: 35.6895, lng: 139.69171 });
    expect(distance).toBeGreaterThan(0.49);
    expect(distance).toBeLessThan(4.01);
    const expected = publicPoint(row!.id, exact);
    expect(stored!.publicLatitude).toBeCloseTo(expected.lat, 5);
    expect(stored!.publicLongitude).toBeCloseTo(expected.lng, 5);
  });
});

describe("who sees the exact place", () => {
  it("everyone sees the public circle; only the host and a guest with a confirmed booking see the exact pin and address", async () => {
    const host = await createHost(database.db);
    const [space] = await createSpaces(
      database.db,
      [{ title: "Private Studio", location: "Chicago", country: "United States", streetAddress: "1 Hidden Lane", city: "Chicago", state: "IL", postalCode: "60601", latitude: 41.9, longitude: -87.65, publicLatitude: 41.903, publicLongitude: -87.655 }],
      host.id,
    );
    const booked = await createHost(database.db);
    const pending = await createHost(database.db);
    const at = (hours: number) => new Date(Date.UTC(2026, 11, 1, hours));
    const booking = (userId: string, status: "confirmed" | "pending_payment") => ({
      userId,
      spaceId: space!.id,
      startTime: at(10),
      endTime: at(12),
      rentalAmount: 5000,
      totalPrice: 5500,
      platformFeePercentage: 10,
      platformFeeAmount: 500,
      currency: "USD" as const,
      status,
      payoutReleaseAt: at(36),
    });
    await database.db.insert(bookings).values([booking(booked.id, "confirmed"), booking(pending.id, "pending_payment")]);

    const publicOnly = { area: { center: { lat: 41.903, lng: -87.655 }, radiusM: 1000 }, exact: null };
    expect(await listingWhere(database.db, space!, null)).toEqual(publicOnly);
    expect(await listingWhere(database.db, space!, pending.id)).toEqual(publicOnly);
    const exact = { area: publicOnly.area, exact: { point: { lat: 41.9, lng: -87.65 }, address: "1 Hidden Lane, Chicago, IL, 60601, United States" } };
    expect(await listingWhere(database.db, space!, booked.id)).toEqual(exact);
    expect(await listingWhere(database.db, space!, host.id)).toEqual(exact);
  });
});

describe("a map view of the whole world", () => {
  it("narrows to the centre before sorting: 500 pins, nearest first, the centre's listings included", async () => {
    const host = await createHost(database.db);
    // 2 100 listings on a world grid (none within 300 km of Chicago).
    const grid = Array.from({ length: 2_100 }, (_, i) => {
      const lat = -60 + (i % 60) * 2.1;
      const lng = -179 + Math.floor(i / 60) * 10.2;
      return { title: `Grid ${i}`, location: "Grid", country: "Nowhere", latitude: lat, longitude: lng, publicLatitude: lat, publicLongitude: lng };
    }).filter((row) => distanceKm({ lat: row.latitude, lng: row.longitude }, CHICAGO) > 300);
    await createSpaces(database.db, grid, host.id);
    const pins = await listMapPins(database.db, { center: CHICAGO, radiusKm: 25, bounds: { west: -180, south: -85, east: 180, north: 85 } });
    expect(pins).toHaveLength(500);
    // The Chicago-area listings come first (with those other tests here placed in Chicago).
    const first = pins.slice(0, 6).map((pin) => pin.title);
    for (const title of ["Loop Studio", "Evanston Garage", "Naperville Hall", "Milwaukee Loft"]) expect(first).toContain(title);
    expect(distanceKm(pins[5]!, CHICAGO)).toBeLessThan(300);
    const distances = pins.map((pin) => distanceKm(pin, CHICAGO));
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
  });
});

describe("the explore search with a place", () => {
  it("filters by the radius or the bounds together with the other filters, and sorts by distance", async () => {
    const search = (query: string, geo: GeoFilter | null) => searchExplore(database.db, { ...parseExploreSearch(new URLSearchParams(query)), geo });
    const near = { center: CHICAGO, radiusKm: 50, bounds: null };
    const byDistance = await search("sort=distance", near);
    expect(byDistance.spaces.map((space) => space.title).slice(0, 1)).toEqual(["Loop Studio"]);
    expect(byDistance.spaces.map((space) => space.title)).toEqual(expect.arrayContaining(["Evanston Garage", "Naperville Hall"]));
    expect(byDistance.spaces.map((space) => space.title)).not.toContain("Milwaukee Loft");
    expect(byDistance.count.value).toBe(byDistance.spaces.length);
    // Text narrows within the circle.
    expect((await search("q=Naperville&sort=distance", near)).spaces.map((space) => space.title)).toEqual(["Naperville Hall"]);
    // Bounds across the antimeridian, through the same search.
    const pacific = await search("sort=distance", { center: { lat: -17.2, lng: 179.4 }, radiusKm: 25, bounds: { west: 177, south: -25, east: -170, north: -10 } });
    const named = pacific.spaces.map((space) => space.title).filter((title) => !title.startsWith("Grid "));
    expect(named).toEqual(["Taveuni Kayaks", "Fiji Dive", "Tonga Boat", "Samoa Surf"]);
  });
});
