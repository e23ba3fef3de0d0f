import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spaces } from "~/db/schema/listings";
import { reviews } from "~/db/schema/reviews";
import { getPublicProfile } from "~/features/profiles/public-profile.server";
import { ERROR_TEXT } from "~/lib/messages";
import { bookingScenario } from "../../../tests/factories/bookings";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { createReview, listSpaceReviews, replyToReview, reviewStates } from "./reviews.server";

/** Reviews after a stay (ADR 0171), on PGlite and with TEST_DB_ENGINE=postgres on PostgreSQL. */
let database: TestDatabase;
const NOW = "2026-06-01T12:00:00.000Z";
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

/** A confirmed 2-hour booking on 10 June 10:00 New York (14:00–16:00 UTC). */
async function stay() {
  const s = await bookingScenario(database.db, { now: NOW });
  const hold = await s.book(s.guest, { date: "2026-06-10", hour: 10, hours: 2 });
  await s.pay(s.guest, hold.clientSecret);
  const after = (ms: number) => new Date(Date.parse("2026-06-10T16:00:00.000Z") + ms);
  const review = (userId: string, rating: number, comment: string | null = "Lovely", now = after(HOUR), bookingId = hold.bookingId) =>
    createReview(database.db, { userId, bookingId, review: { rating, comment }, now });
  return { s, bookingId: hold.bookingId, after, review };
}

async function listing(id: string) {
  const [row] = await database.db.select({ rating: spaces.rating, reviewCount: spaces.reviewCount }).from(spaces).where(eq(spaces.id, id));
  return row!;
}

describe("createReview", () => {
  it("lets the guest review a finished stay once and updates the listing and the host's stats in the same step", async () => {
    const { s, bookingId, review } = await stay();
    expect(await reviewStates(database.db, { userId: s.guest.id, bookingIds: [bookingId], now: new Date(NOW) })).toEqual({ [bookingId]: { kind: "none" } });
    const first = await review(s.guest.id, 4, "<script>alert(1)</script> great");
    expect(first.ok).toBe(true);
    expect(await listing(s.space.id)).toEqual({ rating: 4, reviewCount: 1 });
    const profile = await getPublicProfile(database.db, s.host.id);
    expect(profile?.stats).toMatchObject({ totalReviews: 1, averageRating: 4 });

    expect(await review(s.guest.id, 5)).toEqual({ ok: false, status: 409, error: ERROR_TEXT.reviewTwice });
    expect(await listing(s.space.id)).toEqual({ rating: 4, reviewCount: 1 });

    const page = await listSpaceReviews(database.db, s.space.id);
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({ rating: 4, comment: "<script>alert(1)</script> great", verifiedStay: true, authorName: "Anonymous" });
    expect(await reviewStates(database.db, { userId: s.guest.id, bookingIds: [bookingId], now: new Date(NOW) })).toEqual({ [bookingId]: { kind: "reviewed", rating: 4 } });
  });

  it("refuses a future stay, a closed window, someone else's booking, a cancelled booking and the host", async () => {
    const { s, bookingId, review, after } = await stay();
    expect(await review(s.guest.id, 5, null, after(-HOUR))).toEqual({ ok: false, status: 409, error: ERROR_TEXT.reviewNotEnded });
    expect(await review(s.guest.id, 5, null, after(15 * DAY))).toEqual({ ok: false, status: 409, error: ERROR_TEXT.reviewWindowClosed });
    expect(await review(s.otherGuest.id, 5)).toEqual({ ok: false, status: 404, error: ERROR_TEXT.reviewBookingNotFound });
    expect(await review(s.host.id, 5)).toEqual({ ok: false, status: 404, error: ERROR_TEXT.reviewBookingNotFound });
    expect(await review(s.guest.id, 5, null, after(HOUR), "not-a-uuid")).toEqual({ ok: false, status: 404, error: ERROR_TEXT.reviewBookingNotFound });
    expect(await review(s.guest.id, 5, null, after(HOUR), "00000000-0000-4000-8000-000000000000")).toMatchObject({ ok: false, status: 404 });

    const hold = await s.book(s.guest, { date: "2026-06-12", hour: 10 });
    await s.pay(s.guest, hold.clientSecret);
    expect((await s.cancel(s.guest, hold.bookingId)).ok).toBe(true);
    expect(await review(s.guest.id, 5, null, new Date("2026-06-20T00:00:00Z"), hold.bookingId)).toEqual({ ok: false, status: 409, error: ERROR_TEXT.reviewCancelled });
    expect(await listing(s.space.id)).toEqual({ rating: 0, reviewCount: 0 });
    expect(await reviewStates(database.db, { userId: s.guest.id, bookingIds: [bookingId], now: after(HOUR) })).toEqual({ [bookingId]: { kind: "can-review" } });
  });

  it("refuses a rating outside 1–5 at the database too", async () => {
    const { s, review } = await stay();
    await expect(review(s.guest.id, 6)).rejects.toThrow();
    expect(await listing(s.space.id)).toEqual({ rating: 0, reviewCount: 0 });
  });

  it("stores one review when the guest submits twice at once", async () => {
    const { s, review } = await stay();
    const results = await Promise.all([review(s.guest.id, 5), review(s.guest.id, 3)]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect((await listing(s.space.id)).reviewCount).toBe(1);
  });

  it("averages every review of the listing, 2 decimals", async () => {
    const { s, review } = await stay();
    await database.db.insert(reviews).values([
      { spaceId: s.space.id, rating: 5, createdAt: new Date("2026-01-01T00:00:00Z") },
      { spaceId: s.space.id, rating: 4, createdAt: new Date("2026-01-02T00:00:00Z") },
    ]);
    await review(s.guest.id, 2);
    expect(await listing(s.space.id)).toEqual({ rating: 3.67, reviewCount: 3 });
    const page = await listSpaceReviews(database.db, s.space.id, 1, 2);
    expect(page).toMatchObject({ page: 1, pageCount: 2, total: 3 });
    expect(page.items.map((item) => [item.rating, item.verifiedStay])).toEqual([
      [2, true],
      [4, false],
    ]);
    expect((await listSpaceReviews(database.db, s.space.id, 99, 2)).items.map((item) => item.rating)).toEqual([5]);
  });
});

describe("replyToReview", () => {
  it("lets the owner answer once, nobody else", async () => {
    const { s, review, after } = await stay();
    const created = await review(s.guest.id, 5);
    if (!created.ok) throw new Error("review refused");
    const reply = (userId: string, text = "Thank you!") => replyToReview(database.db, { userId, reviewId: created.reviewId, reply: text, now: after(2 * HOUR) });
    expect(await reply(s.guest.id)).toEqual({ ok: false, status: 404, error: ERROR_TEXT.replyNotFound });
    expect(await replyToReview(database.db, { userId: s.host.id, reviewId: "nope", reply: "x", now: after(0) })).toMatchObject({ ok: false, status: 404 });
    expect(await reply(s.host.id)).toEqual({ ok: true, spaceId: s.space.id });
    expect(await reply(s.host.id, "Again")).toEqual({ ok: false, status: 409, error: ERROR_TEXT.replyTwice });
    const page = await listSpaceReviews(database.db, s.space.id);
    expect(page.items[0]).toMatchObject({ hostReply: "Thank you!" });
  });
});
