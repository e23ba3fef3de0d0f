import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookings } from "~/db/schema/bookings";
import { identityVerifications } from "~/db/schema/identity";
import { conversations, messages } from "~/db/schema/messages";
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

describe("getPublicProfile (docs/product.md#host-profile)", () => {
  it("shows the profile, stats over active listings and the newest six of them", async () => {
    const db = database.db;
    const host = await createUser(db, { fullName: "Maya Chen" });
    await db
      .update(profiles)
      .set({
        bio: "Studio owner",
        avatarUrl: "/media/maya.webp",
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
      // No conversations: no response figures at all (issue #29 point 6), not the column's 95 %.
      trust: { emailVerified: true, identityVerified: false, completedAsGuest: 0, completedAsHost: 0, responseRate: null, responseTime: null },
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
      trust: { emailVerified: true, identityVerified: false, memberSince: expect.any(String), completedAsGuest: 0, completedAsHost: 0, responseRate: null, responseTime: null },
      stats: { totalListings: 0, totalReviews: 0, averageRating: 0 },
      listings: [],
    });
  });

  it("is null for an unknown user", async () => {
    expect(await getPublicProfile(database.db, "00000000-0000-4000-8000-000000000000")).toBeNull();
  });

  it("computes the trust signals from real data: response rate and time over 90 days, completed bookings as guest and host, verified identity", async () => {
    const db = database.db;
    const now = new Date("2026-06-30T12:00:00Z");
    const hours = (n: number) => n * 3_600_000;
    const host = await createUser(db, { fullName: "Response Host", signIn: false });
    const [space] = await createSpaces(db, [{ title: "Talked about" }], host.id);
    // Six guests write; the host answers after 0.5 h, 2 h, 3 h and 30 h; one is never answered (older than a day);
    // one asked 2 hours ago (the host still has time: not counted); one is 100 days old (outside the window);
    // one conversation the host started (not a guest's question).
    const conversationsSpec = [
      { askedAgo: hours(48), replyAfter: hours(0.5) },
      { askedAgo: hours(72), replyAfter: hours(2) },
      { askedAgo: hours(96), replyAfter: hours(3) },
      { askedAgo: hours(120), replyAfter: hours(30) },
      { askedAgo: hours(50), replyAfter: null },
      { askedAgo: hours(2), replyAfter: null },
      { askedAgo: hours(24 * 100), replyAfter: hours(0.1) },
      { askedAgo: hours(30), replyAfter: null, hostFirst: true },
    ];
    for (const spec of conversationsSpec) {
      const guest = await createUser(db, { signIn: false });
      const asked = new Date(now.getTime() - spec.askedAgo);
      const [conversation] = await db.insert(conversations).values({ spaceId: space!.id, guestId: guest.id, hostId: host.id, createdAt: asked, lastMessageAt: asked }).returning();
      await db.insert(messages).values({ conversationId: conversation!.id, senderId: spec.hostFirst ? host.id : guest.id, body: "Is it free on Saturday?", createdAt: asked });
      if (spec.replyAfter !== null) {
        await db.insert(messages).values({ conversationId: conversation!.id, senderId: host.id, body: "Yes!", createdAt: new Date(asked.getTime() + spec.replyAfter) });
      }
    }
    // Bookings: two completed on the host's listing, one confirmed (not completed); the host completed one as a guest elsewhere.
    const guest = await createUser(db, { signIn: false });
    const [other] = await createSpaces(db, [{ title: "Elsewhere" }]);
    const booking = (userId: string, spaceId: string, status: "completed" | "confirmed") => ({
      userId,
      spaceId,
      startTime: new Date("2026-05-01T10:00:00Z"),
      endTime: new Date("2026-05-01T12:00:00Z"),
      rentalAmount: 10000,
      totalPrice: 11000,
      platformFeePercentage: 10,
      platformFeeAmount: 1000,
      payoutReleaseAt: new Date("2026-05-02T12:00:00Z"),
      status,
    });
    await db.insert(bookings).values([booking(guest.id, space!.id, "completed"), booking(guest.id, space!.id, "completed"), booking(guest.id, space!.id, "confirmed"), booking(host.id, other!.id, "completed")]);
    await db.insert(identityVerifications).values({ userId: host.id, provider: "local", status: "verified", decidedAt: now });

    const profile = await getPublicProfile(db, host.id, now);
    // Counted: the five guests' questions older than a day or answered (not the 2-hour-old one, the 100-day-old one
    // or the host's own); answered within 24 h: 3 of 5 = 60 %; median first reply of (0.5, 2, 3, 30) h = 2.5 h.
    expect(profile!.trust).toMatchObject({
      identityVerified: true,
      emailVerified: true,
      completedAsHost: 2,
      completedAsGuest: 1,
      responseRate: 60,
      responseTime: "within a few hours",
    });
    const guestProfile = await getPublicProfile(db, guest.id, now);
    expect(guestProfile!.trust).toMatchObject({ identityVerified: false, completedAsGuest: 2, completedAsHost: 0, responseRate: null, responseTime: null });
  });
});
