import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { cities } from "~/db/schema/catalog";
import type * as DbModule from "~/lib/db.server";
import { createSpace } from "../../../tests/factories/listings";
import { createUser } from "../../../tests/factories/users";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";

const state = vi.hoisted(() => ({
  database: undefined as undefined | { db: unknown },
}));
vi.mock("~/lib/db.server", async (original) => ({
  ...(await original<typeof DbModule>()),
  getDb: async () => state.database!.db,
}));

const spaceDetail = await import("./space-detail");
const apiProfile = await import("../profiles/api-profile");
const catchAll = await import("../cities/catch-all-city");
const cityPage = await import("../cities/city-page");
const usCity = await import("../cities/us-city");

let database: TestDatabase;
let hostId: string;
let spaceIds: string[];

const args = (url: string, params: Record<string, string> = {}) =>
  ({
    request: new Request(`http://localhost${url}`),
    params,
    context: {} as never,
    unstable_pattern: "",
  }) as never;
type DataResult = { data?: unknown; init?: { status?: number } };
const statusOf = (result: unknown) => (result as DataResult).init?.status ?? 200;
const bodyOf = (result: unknown) => ((result as DataResult).init ? (result as DataResult).data : result) as Record<string, unknown>;

/** Runs a loader; a thrown Response (redirect, 404) is returned instead. */
async function run(loader: (a: never) => unknown, url: string, params: Record<string, string> = {}) {
  try {
    return await loader(args(url, params));
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    if (thrown && typeof thrown === "object" && "init" in thrown) return thrown;
    throw thrown;
  }
}

const NASTY = ["%", "_", "'", "\\", "%25", "東京", "🙂", "x".repeat(10_000), "a%27%20OR%201%3D1", "..", "-"];

beforeAll(async () => {
  database = await createTestDatabase();
  state.database = database;
  const host = await createUser(database.db, { fullName: "Maya Chen" });
  hostId = host.id;
  const a = await createSpace(database.db, {
    userId: hostId,
    title: "Twin Studio",
    location: "New York",
    createdAt: new Date("2026-01-01T00:00:00Z"),
  });
  const b = await createSpace(database.db, {
    userId: hostId,
    title: "Twin Studio",
    location: "New York",
    createdAt: new Date("2026-01-02T00:00:00Z"),
  });
  await createSpace(database.db, {
    userId: hostId,
    title: "Tokyo Loft",
    location: "Tokyo",
    type: "loft",
  });
  spaceIds = [a.id, b.id];
  await database.db.insert(cities).values({
    slug: "tokyo",
    name: "Tokyo",
    country: "Japan",
    title: "Rent in Tokyo",
    description: "Tokyo rentals",
    heroImage: "/demo/city-tokyo.webp",
    seoTitle: "Tokyo rentals",
    metaDescription: "Spaces in Tokyo",
    highlights: [
      { title: "One", description: "1" },
      { title: "Two", description: "2" },
      { title: "Three", description: "3" },
      { title: "Four", description: "4" },
      { title: "Five", description: "5" },
    ],
  });
});

afterAll(async () => {
  await database.drop();
});

describe("space detail route", () => {
  it("serves both listings that share a title and location", async () => {
    const bare = bodyOf(
      await run(spaceDetail.loader as never, "/space/twin-studio/new-york", {
        titleSlug: "twin-studio",
        locationSlug: "new-york",
      }),
    );
    expect(bare).toMatchObject({
      canonicalPath: "/space/twin-studio/new-york",
      space: { id: spaceIds[0] },
    });
    const other = bodyOf(
      await run(spaceDetail.loader as never, `/space/twin-studio/new-york?id=${spaceIds[1]}`, { titleSlug: "twin-studio", locationSlug: "new-york" }),
    );
    expect(other).toMatchObject({
      canonicalPath: `/space/twin-studio/new-york?id=${spaceIds[1]}`,
      space: { id: spaceIds[1] },
    });
  });

  it("embeds Product/Offer structured data that cannot break out of its script tag", async () => {
    const body = bodyOf(
      await run(spaceDetail.loader as never, "/space/twin-studio/new-york", {
        titleSlug: "twin-studio",
        locationSlug: "new-york",
      }),
    );
    const json = JSON.parse(body.structuredData as string);
    expect(json).toMatchObject({
      "@type": "Product",
      name: "Twin Studio",
      url: "http://localhost:3000/space/twin-studio/new-york",
    });
    expect(json.offers[0]).toMatchObject({
      "@type": "Offer",
      price: "50.00",
      priceCurrency: "USD",
      availability: "https://schema.org/InStock",
    });
    expect(body.structuredData).not.toMatch(/<\/?script/i);
  });

  it("answers malformed slugs and ids with a 404 page or a redirect, never an error", async () => {
    for (const text of NASTY) {
      const result = await run(spaceDetail.loader as never, `/space/x/y?id=${encodeURIComponent(text)}`, { titleSlug: text, locationSlug: text });
      expect(statusOf(result)).toBe(404);
      expect(bodyOf(result)).toBe("Space not found");
    }
    const redirect = (await run(spaceDetail.loader as never, "/space/twin-studio/new-york?id='%", {
      titleSlug: "twin-studio",
      locationSlug: "new-york",
    })) as Response;
    expect(redirect.status).toBe(301);
    expect(redirect.headers.get("Location")).toBe("/space/twin-studio/new-york");
  });
});

describe("GET /api/profiles/:id", () => {
  it("returns the profile", async () => {
    const result = await run(apiProfile.loader as never, `/api/profiles/${hostId}`, { id: hostId });
    expect(statusOf(result)).toBe(200);
    expect(bodyOf(result)).toMatchObject({
      profile: {
        id: hostId,
        fullName: "Maya Chen",
        stats: { totalListings: 3 },
      },
    });
  });

  it("is 404 'Profile not found' for unknown and malformed ids", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", ...NASTY, "null", "undefined", hostId.toUpperCase().replace(/-/g, "")]) {
      const result = await run(apiProfile.loader as never, `/api/profiles/${encodeURIComponent(id)}`, { id });
      expect(statusOf(result)).toBe(404);
      expect(bodyOf(result)).toEqual({ error: "Profile not found" });
    }
  });
});

describe("city routes", () => {
  it("catch-all: a known slug with at most four highlights and an optional type", async () => {
    const body = bodyOf(
      await run(catchAll.loader as never, "/tokyo?type=loft", {
        city: "tokyo",
      }),
    );
    expect(body).toMatchObject({
      slug: "tokyo",
      type: "loft",
      path: "/tokyo?type=loft",
    });
    expect((body.content as { highlights: unknown[] }).highlights).toHaveLength(4);
    expect((body.listing as { total: number }).total).toBe(1);
    const none = bodyOf(
      await run(catchAll.loader as never, "/tokyo?type=kayak", {
        city: "tokyo",
      }),
    );
    expect((none.listing as { total: number }).total).toBe(0);
  });

  it("catch-all: 'Location not found' (404) for unknown or malformed slugs, 'City not found' for none", async () => {
    for (const slug of ["atlantis", "chicago", ...NASTY]) {
      const result = await run(catchAll.loader as never, `/${encodeURIComponent(slug)}`, { city: slug });
      expect(statusOf(result)).toBe(404);
      expect(bodyOf(result)).toBe("Location not found");
    }
    expect(bodyOf(await run(catchAll.loader as never, "/", { city: "" }))).toBe("City not found");
  });

  it("catch-all: junk type and page parameters are ignored", async () => {
    for (const query of ["type=%25", "type=%27%20OR%201=1", `type=${"x".repeat(10_000)}`, "page=-1", "page=1e308", "page=abc"]) {
      const body = bodyOf(
        await run(catchAll.loader as never, `/tokyo?${query}`, {
          city: "tokyo",
        }),
      );
      expect(body.slug).toBe("tokyo");
      expect((body.listing as { total: number }).total).toBe(1);
    }
  });

  it("/cities/{city}: a row by slug, else 'City not found' (404)", async () => {
    expect(bodyOf(await run(cityPage.loader as never, "/cities/tokyo", { city: "tokyo" }))).toMatchObject({ city: { name: "Tokyo" } });
    for (const slug of ["atlantis", ...NASTY]) {
      const result = await run(cityPage.loader as never, `/cities/${encodeURIComponent(slug)}`, { city: slug });
      expect(statusOf(result)).toBe(404);
      expect(bodyOf(result)).toBe("City not found");
    }
  });

  it("fixed US routes, San Jose and Riverview serve their texts", async () => {
    const houston = bodyOf(await run(usCity.loader as never, "/houston?page=-3", {}));
    expect(houston).toMatchObject({
      kind: "fixed",
      name: "Houston",
      empty: "No spaces found in this location.",
      stats: { availableCount: 0 },
    });
    expect(bodyOf(await run(usCity.loader as never, "/san-jose", {}))).toMatchObject({
      kind: "local",
      empty: "No spaces currently available in San Jose. Check back soon!",
      viewAll: false,
      stats: null,
    });
    expect(bodyOf(await run(usCity.loader as never, "/riverview", {}))).toMatchObject({
      kind: "local",
      empty: "No spaces found in Riverview, Florida.",
      viewAll: true,
    });
  });
});
