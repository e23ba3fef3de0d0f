import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { profiles } from "~/db/schema/profiles";
import { createHost, createSpaces } from "../../../tests/factories/listings";
import { createUser } from "../../../tests/factories/users";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { getPublicProfile } from "./public-profile.server";

let database: TestDatabase;
const at = (day: number) => new Date(Date.UTC(2026, 0, day, 12));

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.drop();
});

describe("getPublicProfile (spec §2 Public profile dialog, §3)", () => {
  it("shows the profile, stats over active listings and the newest six of them", async () => {
    const db = database.db;
    const host = await createUser(db, { fullName: "Maya Chen" });
    await db
      .update(profiles)
      .set({
        bio: "Studio owner",
        avatarUrl: "/media/maya.webp",
        responseRate: 88,
        responseTime: "within a few hours",
        createdAt: new Date("2024-03-02T00:00:00Z"),
      })
      .where(eq(profiles.id, host.id));
    await createSpaces(
      db,
      [
        ...Array.from({ length: 8 }, (_, i) => ({
          title: `Active ${i + 1}`,
          rating: i % 2 === 0 ? 4 : 5,
          reviewCount: i + 1,
          createdAt: at(i + 1),
        })),
        { title: "Not reviewed yet", rating: 0, reviewCount: 0, createdAt: at(0) },
        {
          title: "Draft",
          isPublished: false,
          rating: 1,
          reviewCount: 50,
          createdAt: at(20),
        },
        {
          title: "Unavailable",
          available: false,
          rating: 1,
          reviewCount: 50,
          createdAt: at(21),
        },
      ],
      host.id,
    );

    const profile = await getPublicProfile(db, host.id);
    expect(profile).toMatchObject({
      id: host.id,
      fullName: "Maya Chen",
      avatarUrl: "/media/maya.webp",
      bio: "Studio owner",
      createdAt: "2024-03-02T00:00:00.000Z",
      responseRate: 88,
      responseTime: "within a few hours",
      stats: { totalListings: 9, totalReviews: 36, averageRating: 4.5 },
    });
    expect(profile!.listings.map((listing) => listing.title)).toEqual(["Active 8", "Active 7", "Active 6", "Active 5", "Active 4", "Active 3"]);
    expect(profile!.listings[0]).toMatchObject({
      location: "Tampa, FL",
      hourlyPrice: 5000,
      currency: "USD",
      rating: 5,
      reviewCount: 8,
    });
    expect(profile!.listings[0]!.path).toMatch(/^\/space\/active-8\/tampa-fl\?id=[0-9a-f-]{36}$/);
  });

  it("gives the default host profile when the profile row is missing", async () => {
    const host = await createHost(database.db);
    const now = new Date("2026-11-23T09:00:00Z");
    expect(await getPublicProfile(database.db, host.id, now)).toEqual({
      id: host.id,
      fullName: null,
      avatarUrl: null,
      bio: null,
      createdAt: now.toISOString(),
      responseRate: 95,
      responseTime: "within an hour",
      stats: { totalListings: 0, totalReviews: 0, averageRating: 0 },
      listings: [],
    });
  });

  it("is null for an unknown user", async () => {
    expect(await getPublicProfile(database.db, "00000000-0000-4000-8000-000000000000")).toBeNull();
  });
});
