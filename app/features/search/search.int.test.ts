import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spaceTypes } from "~/db/schema/catalog";
import { spaces } from "~/db/schema/listings";
import { listingTranslations } from "~/db/schema/listing-translations";
import { createHost, createSpaces } from "../../../tests/factories/listings";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { featuredUsa, internationalSpaces, listLocations, listSpaceTypes, searchExplore, searchHome } from "./search.server";
import { parseExploreSearch } from "./search-params";

let database: TestDatabase;
const at = (minutes: number) => new Date(Date.UTC(2026, 10, 1, 12, minutes));

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  const host = await createHost(db);
  await db.insert(spaceTypes).values([
    { name: "photo-studio", label: "Photo Studio", createdAt: at(0) },
    { name: "kayak", label: "Kayak", createdAt: at(1) },
  ]);
  await createSpaces(
    db,
    [
      { title: "Sunny Photo Loft", description: "Daylight studio", location: "Tampa, FL", country: "United States", type: "photo-studio", createdAt: at(10) },
      { title: "Harbour Kayaks", description: "Paddle the BAY at dawn", location: "Sydney, NSW", country: "Australia", type: "kayak", createdAt: at(11) },
      { title: "Shibuya Studio", description: "Compact photo room", location: "Tokyo", country: "Japan", type: "photo-studio", createdAt: at(12) },
      { title: "Draft Loft", description: "Not public yet", location: "Tampa, FL", country: "United States", type: "photo-studio", isPublished: false, createdAt: at(13) },
      { title: "100% Pure_Space", description: "Odd characters \\ in here", location: "Paris", country: "France", type: "photo-studio", createdAt: at(14) },
      { title: "Closed Garage", description: "Unavailable but public", location: "Toronto, ON", country: "Canada", type: "kayak", available: false, createdAt: at(15) },
      { title: "Dubai Desert Tours", description: "Dunes", location: "Dubai", country: "United Arab Emirates", type: "kayak", createdAt: at(16) },
    ],
    host.id,
  );
  // Seven more US listings so the featured section has more than six.
  await createSpaces(
    db,
    Array.from({ length: 7 }, (_, i) => ({ title: `Chicago Room ${i + 1}`, location: "Chicago, IL", country: "United States", type: "kayak", createdAt: at(20 + i) })),
    host.id,
  );
});

afterAll(async () => {
  await database.drop();
});

const titles = (rows: { title: string }[]) => rows.map((row) => row.title);

describe("home search", () => {
  it("matches title, location or country case-insensitively, published only, newest first", async () => {
    expect(titles(await searchHome(database.db, { q: "LOFT", category: "" }))).toEqual(["Sunny Photo Loft"]);
    expect(titles(await searchHome(database.db, { q: "tampa", category: "" }))).toEqual(["Sunny Photo Loft"]);
    expect(titles(await searchHome(database.db, { q: "japan", category: "" }))).toEqual(["Shibuya Studio"]);
    // description is not searched on home
    expect(await searchHome(database.db, { q: "dunes", category: "" })).toEqual([]);
  });

  it("filters by one category and shows at most nine", async () => {
    expect(titles(await searchHome(database.db, { q: "", category: "photo-studio" }))).toEqual([
      "100% Pure_Space",
      "Shibuya Studio",
      "Sunny Photo Loft",
    ]);
    expect(await searchHome(database.db, { q: "", category: "" })).toHaveLength(9);
    expect(await searchHome(database.db, { q: "", category: "no-such-type" })).toEqual([]);
  });

  it("treats LIKE and SQL metacharacters literally", async () => {
    expect(titles(await searchHome(database.db, { q: "100%", category: "" }))).toEqual(["100% Pure_Space"]);
    expect(titles(await searchHome(database.db, { q: "e_s", category: "" }))).toEqual(["100% Pure_Space"]);
    expect(await searchHome(database.db, { q: "%", category: "" })).toHaveLength(1);
    expect(await searchHome(database.db, { q: "_", category: "" })).toHaveLength(1);
    expect(await searchHome(database.db, { q: "'; drop table spaces; --", category: "" })).toEqual([]);
    const [{ n }] = (await database.db.execute(sql`select count(*)::int as n from spaces`)).rows as [{ n: number }];
    expect(n).toBe(14);
  });
});

describe("home sections", () => {
  it("features the first six US listings and says there are more", async () => {
    const usa = await featuredUsa(database.db);
    expect(usa.spaces).toHaveLength(6);
    expect(usa.spaces.every((space) => space.country === "United States")).toBe(true);
    expect(usa.hasMore).toBe(true);
    expect(titles(usa.spaces)).not.toContain("Draft Loft");
  });

  it("lists non-US listings without a region and the region's countries with one", async () => {
    expect(titles(await internationalSpaces(database.db, null))).toEqual([
      "Dubai Desert Tours",
      "Closed Garage",
      "100% Pure_Space",
      "Shibuya Studio",
      "Harbour Kayaks",
    ]);
    expect(titles(await internationalSpaces(database.db, "asia-pacific"))).toEqual(["Shibuya Studio", "Harbour Kayaks"]);
    expect(titles(await internationalSpaces(database.db, "europe"))).toEqual(["100% Pure_Space"]);
    expect(titles(await internationalSpaces(database.db, "middle-east"))).toEqual(["Dubai Desert Tours"]);
    const americas = await internationalSpaces(database.db, "americas");
    expect(americas).toHaveLength(6);
    expect(americas.every((space) => ["United States", "Canada"].includes(space.country))).toBe(true);
  });
});

describe("explore search", () => {
  const explore = (query: string) => searchExplore(database.db, parseExploreSearch(new URLSearchParams(query)));

  it("searches title and description case-insensitively, published only", async () => {
    expect(titles((await explore("q=bay")).spaces)).toEqual(["Harbour Kayaks"]);
    expect(titles((await explore("q=PHOTO")).spaces)).toEqual(["Shibuya Studio", "Sunny Photo Loft"]);
    expect(titles((await explore("q=loft")).spaces)).toEqual(["Sunny Photo Loft"]);
    expect(titles((await explore("q=%5C")).spaces)).toEqual(["100% Pure_Space"]);
  });

  it("filters by type and by location, combined with text", async () => {
    expect(titles((await explore("type=photo-studio&location=tampa")).spaces)).toEqual(["Sunny Photo Loft"]);
    expect(titles((await explore("type=kayak&location=toronto")).spaces)).toEqual(["Closed Garage"]);
    expect((await explore("type=kayak&q=photo")).spaces).toEqual([]);
    expect((await explore("type=%27%3B%20drop")).spaces).toEqual([]);
  });

  it("pages by twelve with 'load more', in SQL", async () => {
    const first = await explore("");
    expect(first.spaces).toHaveLength(12);
    expect(first.hasMore).toBe(true);
    expect(first.spaces[0]!.title).toBe("Chicago Room 7");
    const second = await explore("page=2");
    expect(second.spaces).toHaveLength(13);
    expect(second.hasMore).toBe(false);
    expect((await explore("page=-4")).spaces).toHaveLength(12);
    expect((await explore("page=99999999999")).spaces).toHaveLength(13);
    expect((await explore("q=" + "x".repeat(10_000))).spaces).toEqual([]);
  });
});

describe("search over the hosts' translations (issue #31 point 5, ADR 0295)", () => {
  let harbourId: string;
  beforeAll(async () => {
    const [row] = await database.db.select({ id: spaces.id }).from(spaces).where(eq(spaces.title, "Harbour Kayaks"));
    harbourId = row!.id;
    await database.db.insert(listingTranslations).values([
      { spaceId: harbourId, locale: "es", title: "Kayaks del muelle", description: "Rema por la bahía al amanecer" },
      { spaceId: harbourId, locale: "fr", title: "Kayaks du port", description: "Pagayez dans la baie à l'aube" },
    ]);
  });
  const explore = (query: string, locale?: "en" | "es" | "fr" | "ja") => searchExplore(database.db, { ...parseExploreSearch(new URLSearchParams(query)), locale });

  it("finds a listing on /es/explore by a word only in its Spanish title or description", async () => {
    const found = await explore("q=MUELLE", "es");
    expect(titles(found.spaces)).toEqual(["Harbour Kayaks"]);
    expect(found.count).toEqual({ value: 1, capped: false, exact: true });
    expect(titles((await explore("q=amanecer", "es")).spaces)).toEqual(["Harbour Kayaks"]);
  });

  it("matches the translation into the page's language only, and none without one", async () => {
    expect((await explore("q=muelle", "fr")).spaces).toEqual([]);
    expect((await explore("q=muelle", "ja")).spaces).toEqual([]);
    expect((await explore("q=muelle")).spaces).toEqual([]);
    expect(titles((await explore("q=du port", "fr")).spaces)).toEqual(["Harbour Kayaks"]);
  });

  it("still matches the host's own words in every language, each listing once", async () => {
    for (const locale of ["en", "es", "fr", "ja"] as const) {
      expect(titles((await explore("q=harbour", locale)).spaces)).toEqual(["Harbour Kayaks"]);
      expect(titles((await explore("q=PHOTO", locale)).spaces)).toEqual(["Shibuya Studio", "Sunny Photo Loft"]);
    }
    // "kayaks" is in both the title and the Spanish translation: one card.
    expect(titles((await explore("q=kayaks", "es")).spaces)).toEqual(["Harbour Kayaks"]);
  });

  it("treats LIKE metacharacters in a translated word literally and keeps the other filters", async () => {
    expect((await explore("q=mue_le", "es")).spaces).toEqual([]);
    // Nor are a regular expression's: the translation is tested by one, the word a literal in it.
    for (const query of ["q=.%2A", "q=m.elle", "q=%28muelle", "q=%5B", "q=%7C", "q=muelle%24", "q=%5Emuelle"]) expect(titles((await explore(query, "es")).spaces), query).toEqual([]);
    expect(titles((await explore("q=%5C", "es")).spaces)).toEqual(["100% Pure_Space"]);
    // Words from the title and the description together are not one match.
    expect((await explore("q=muelle rema", "es")).spaces).toEqual([]);
    expect((await explore("q=%25", "es")).spaces.map((row) => row.title)).toEqual(["100% Pure_Space"]);
    expect((await explore("q=muelle&type=photo-studio", "es")).spaces).toEqual([]);
    expect(titles((await explore("q=muelle&type=kayak&location=sydney", "es")).spaces)).toEqual(["Harbour Kayaks"]);
  });

  it("follows the host's changes: a translation saved again, removed, or its listing deleted", async () => {
    const db = database.db;
    const host = await createHost(db);
    const [row] = await createSpaces(db, [{ title: "Lakeside Cabin", description: "Quiet", location: "Oslo", country: "Norway", type: "kayak" }], host.id);
    await db.insert(listingTranslations).values({ spaceId: row!.id, locale: "es", title: "Cabaña del lago", description: "Tranquila" });
    expect(titles((await explore("q=caba%C3%B1a", "es")).spaces)).toEqual(["Lakeside Cabin"]);
    await db
      .insert(listingTranslations)
      .values({ spaceId: row!.id, locale: "es", title: "Refugio junto al lago", description: "Tranquila" })
      .onConflictDoUpdate({ target: [listingTranslations.spaceId, listingTranslations.locale], set: { title: "Refugio junto al lago" } });
    expect((await explore("q=caba%C3%B1a", "es")).spaces).toEqual([]);
    expect(titles((await explore("q=refugio", "es")).spaces)).toEqual(["Lakeside Cabin"]);
    await db.delete(listingTranslations).where(eq(listingTranslations.spaceId, row!.id));
    expect((await explore("q=refugio", "es")).spaces).toEqual([]);
    await db.insert(listingTranslations).values({ spaceId: row!.id, locale: "es", title: "Cabaña", description: "Tranquila" });
    await db.delete(spaces).where(eq(spaces.id, row!.id));
    expect(await db.select().from(listingTranslations).where(eq(listingTranslations.spaceId, row!.id))).toEqual([]);
    expect((await explore("q=caba%C3%B1a", "es")).spaces).toEqual([]);
  });

  it("home search matches the translated title in the page's language", async () => {
    expect(titles(await searchHome(database.db, { q: "muelle", category: "", locale: "es" }))).toEqual(["Harbour Kayaks"]);
    expect(await searchHome(database.db, { q: "muelle", category: "" })).toEqual([]);
    // The home search does not read descriptions, translated or not.
    expect(await searchHome(database.db, { q: "amanecer", category: "", locale: "es" })).toEqual([]);
    expect(titles(await searchHome(database.db, { q: "sydney", category: "", locale: "es" }))).toEqual(["Harbour Kayaks"]);
  });
});

describe("filter lists", () => {
  it("lists space types oldest first and published locations most common first", async () => {
    expect(await listSpaceTypes(database.db)).toEqual([
      { name: "photo-studio", label: "Photo Studio" },
      { name: "kayak", label: "Kayak" },
    ]);
    const locations = await listLocations(database.db);
    expect(locations[0]).toEqual({ location: "Chicago, IL", count: 7 });
    expect(locations.find((row) => row.location === "Tampa, FL")).toEqual({ location: "Tampa, FL", count: 1 });
  });

  it("keeps the location counts in step with publishing, moving, unpublishing and deleting listings", async () => {
    const db = database.db;
    const countOf = async (location: string) => (await listLocations(db)).find((row) => row.location === location)?.count ?? null;
    const host = await createHost(db);
    const [first, second] = await createSpaces(
      db,
      [
        { title: "Oslo Fjord Kayak", location: "Oslo", country: "Norway", type: "kayak", isPublished: false },
        { title: "Oslo Loft", location: "Oslo", country: "Norway", type: "photo-studio" },
      ],
      host.id,
    );
    // A draft is not counted; a new location appears at once, without any cache to wait for.
    expect(await countOf("Oslo")).toBe(1);
    await db.update(spaces).set({ isPublished: true }).where(eq(spaces.id, first!.id));
    expect(await countOf("Oslo")).toBe(2);
    await db.update(spaces).set({ location: "Bergen" }).where(eq(spaces.id, second!.id));
    expect(await countOf("Oslo")).toBe(1);
    expect(await countOf("Bergen")).toBe(1);
    await db.update(spaces).set({ title: "Oslo Fjord Kayaks" }).where(eq(spaces.id, first!.id));
    expect(await countOf("Oslo")).toBe(1);
    await db.update(spaces).set({ isPublished: false }).where(eq(spaces.id, first!.id));
    expect(await countOf("Oslo")).toBeNull();
    await db.delete(spaces).where(eq(spaces.id, second!.id));
    expect(await countOf("Bergen")).toBeNull();
    // The counts always equal a full count of the published listings.
    const full = (await db.execute(sql`select location, count(*)::int as count from spaces where is_published group by location`)).rows as Array<{
      location: string;
      count: number;
    }>;
    const listed = await listLocations(db);
    for (const row of listed) expect(full.find((other) => other.location === row.location)?.count).toBe(row.count);
    expect(listed).toHaveLength(Math.min(full.length, 40));
  });
});
