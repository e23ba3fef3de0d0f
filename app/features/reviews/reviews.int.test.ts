import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spaces } from "~/db/schema/listings";
import { bookings } from "~/db/schema/bookings";
import { emailOutbox } from "~/db/schema/mail";
import { profiles } from "~/db/schema/profiles";
import { guestReviews, reviews } from "~/db/schema/reviews";
import { queueReviewRequests, queueReviewsPublishedEmails } from "~/features/mail/review-requests.server";
import { setEnabledEmailKinds } from "~/features/mail/preferences.server";
import { getPublicProfile } from "~/features/profiles/public-profile.server";
import { ERROR_TEXT } from "~/lib/messages";
import { bookingScenario } from "../../../tests/factories/bookings";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { countPublishedReviews, createReview, listGuestReviews, listSpaceReviews, replyToReview, reviewStates } from "./reviews.server";

/** Reviews after a stay, both ways and double-blind (ADR 0171, 0272), on PGlite and with TEST_DB_ENGINE=postgres on PostgreSQL. */
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
  it("keeps the guest's review to its author until the host reviews the guest, then shows both and counts it for the listing", async () => {
    const { s, bookingId, review, after } = await stay();
    expect(await reviewStates(database.db, { userId: s.guest.id, bookingIds: [bookingId], now: new Date(NOW) })).toEqual({ [bookingId]: { kind: "none" } });
    const first = await review(s.guest.id, 4, "<script>alert(1)</script> great");
    expect(first).toMatchObject({ ok: true, role: "guest", publishedAt: after(14 * DAY) });
    // Hidden: not on the listing, not in its rating, not in the host's stats; its author sees when it will be shown.
    expect(await listing(s.space.id)).toEqual({ rating: 0, reviewCount: 0 });
    expect((await listSpaceReviews(database.db, s.space.id, 1, 10, after(2 * HOUR))).items).toEqual([]);
    expect((await getPublicProfile(database.db, s.host.id))?.stats).toMatchObject({ totalReviews: 0 });
    expect(await reviewStates(database.db, { userId: s.guest.id, bookingIds: [bookingId], now: after(2 * HOUR) })).toEqual({
      [bookingId]: { kind: "reviewed", role: "guest", rating: 4, hiddenUntil: after(14 * DAY).toISOString() },
    });
    expect(await reviewStates(database.db, { userId: s.host.id, bookingIds: [bookingId], now: after(2 * HOUR) })).toEqual({ [bookingId]: { kind: "can-review", role: "host" } });
    expect(await review(s.guest.id, 5)).toEqual({ ok: false, status: 409, error: ERROR_TEXT.reviewTwice });

    const second = await review(s.host.id, 5, "Tidy and on time", after(3 * HOUR));
    expect(second).toMatchObject({ ok: true, role: "host", publishedAt: after(3 * HOUR) });
    expect(await listing(s.space.id)).toEqual({ rating: 4, reviewCount: 1 });
    expect((await getPublicProfile(database.db, s.host.id))?.stats).toMatchObject({ totalReviews: 1, averageRating: 4 });
    const page = await listSpaceReviews(database.db, s.space.id, 1, 10, after(3 * HOUR));
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({ rating: 4, comment: "<script>alert(1)</script> great", verifiedStay: true, authorName: "Anonymous" });
    expect(await reviewStates(database.db, { userId: s.guest.id, bookingIds: [bookingId], now: after(3 * HOUR) })).toEqual({
      [bookingId]: { kind: "reviewed", role: "guest", rating: 4, hiddenUntil: null },
    });
    expect(await reviewStates(database.db, { userId: s.host.id, bookingIds: [bookingId], now: after(3 * HOUR) })).toEqual({
      [bookingId]: { kind: "reviewed", role: "host", rating: 5, hiddenUntil: null },
    });
    const onProfile = await listGuestReviews(database.db, s.guest.id, after(3 * HOUR));
    expect(onProfile).toMatchObject({ total: 1, average: 5, items: [{ rating: 5, comment: "Tidy and on time", authorName: "A host" }] });
    expect(await review(s.host.id, 3)).toEqual({ ok: false, status: 409, error: ERROR_TEXT.guestReviewTwice });
    // The job has nothing left to fold in.
    expect(await countPublishedReviews(database.db, after(20 * DAY))).toEqual({ counted: 0 });
  });

  it("keeps the host's review of the guest off the guest's profile until the guest writes theirs", async () => {
    const { s, bookingId, review, after } = await stay();
    await database.db.update(profiles).set({ fullName: "Hana Host" }).where(eq(profiles.id, s.host.id));
    expect(await review(s.host.id, 2, "Left a mess", after(HOUR))).toMatchObject({ ok: true, role: "host", publishedAt: after(14 * DAY) });
    expect(await listGuestReviews(database.db, s.guest.id, after(2 * HOUR))).toEqual({ items: [], total: 0, average: null, page: 1, pageCount: 1 });
    expect(await reviewStates(database.db, { userId: s.host.id, bookingIds: [bookingId], now: after(2 * HOUR) })).toEqual({
      [bookingId]: { kind: "reviewed", role: "host", rating: 2, hiddenUntil: after(14 * DAY).toISOString() },
    });
    expect(await review(s.guest.id, 3, "Fine", after(5 * HOUR))).toMatchObject({ ok: true, role: "guest", publishedAt: after(5 * HOUR) });
    expect(await listGuestReviews(database.db, s.guest.id, after(5 * HOUR))).toMatchObject({ total: 1, average: 2, items: [{ authorName: "Hana Host", comment: "Left a mess" }] });
    expect(await listing(s.space.id)).toEqual({ rating: 3, reviewCount: 1 });
  });

  it("publishes a lone review when the 14 days have passed, without any job; the job then counts it for the listing, once", async () => {
    const { s, bookingId, review, after } = await stay();
    await review(s.guest.id, 2, "Too loud");
    const deadline = after(14 * DAY);
    const justBefore = new Date(deadline.getTime() - 1);
    expect((await listSpaceReviews(database.db, s.space.id, 1, 10, justBefore)).total).toBe(0);
    expect((await listSpaceReviews(database.db, s.space.id, 1, 10, deadline)).items).toMatchObject([{ rating: 2, comment: "Too loud" }]);
    // The window is closed: the host can no longer write theirs.
    expect(await review(s.host.id, 5, null, after(14 * DAY + 1))).toEqual({ ok: false, status: 409, error: ERROR_TEXT.reviewWindowClosed });
    expect(await countPublishedReviews(database.db, justBefore)).toEqual({ counted: 0 });
    expect(await listing(s.space.id)).toEqual({ rating: 0, reviewCount: 0 });
    expect(await countPublishedReviews(database.db, deadline)).toMatchObject({ counted: expect.any(Number) });
    expect(await listing(s.space.id)).toEqual({ rating: 2, reviewCount: 1 });
    expect(await countPublishedReviews(database.db, deadline)).toEqual({ counted: 0 });
    expect(await reviewStates(database.db, { userId: s.guest.id, bookingIds: [bookingId], now: deadline })).toEqual({
      [bookingId]: { kind: "reviewed", role: "guest", rating: 2, hiddenUntil: null },
    });
  });

  it("shows a lone host review on the guest's profile from the window's end", async () => {
    const { s, review, after } = await stay();
    await review(s.host.id, 4, "Friendly");
    expect((await listGuestReviews(database.db, s.guest.id, new Date(after(14 * DAY).getTime() - 1))).total).toBe(0);
    expect(await listGuestReviews(database.db, s.guest.id, after(14 * DAY))).toMatchObject({ total: 1, average: 4 });
  });

  it("refuses a future stay, a closed window, someone else's booking, a cancelled booking and the host", async () => {
    const { s, bookingId, review, after } = await stay();
    expect(await review(s.guest.id, 5, null, after(-HOUR))).toEqual({ ok: false, status: 409, error: ERROR_TEXT.reviewNotEnded });
    expect(await review(s.guest.id, 5, null, after(15 * DAY))).toEqual({ ok: false, status: 409, error: ERROR_TEXT.reviewWindowClosed });
    expect(await review(s.otherGuest.id, 5)).toEqual({ ok: false, status: 404, error: ERROR_TEXT.reviewBookingNotFound });
    expect(await review(s.host.id, 5, null, after(-HOUR))).toEqual({ ok: false, status: 409, error: ERROR_TEXT.reviewNotEnded });
    expect(await review(s.host.id, 5, null, after(15 * DAY))).toEqual({ ok: false, status: 409, error: ERROR_TEXT.reviewWindowClosed });
    expect(await review(s.guest.id, 5, null, after(HOUR), "not-a-uuid")).toEqual({ ok: false, status: 404, error: ERROR_TEXT.reviewBookingNotFound });
    expect(await review(s.guest.id, 5, null, after(HOUR), "00000000-0000-4000-8000-000000000000")).toMatchObject({ ok: false, status: 404 });

    const hold = await s.book(s.guest, { date: "2026-06-12", hour: 10 });
    await s.pay(s.guest, hold.clientSecret);
    expect((await s.cancel(s.guest, hold.bookingId)).ok).toBe(true);
    expect(await review(s.guest.id, 5, null, new Date("2026-06-20T00:00:00Z"), hold.bookingId)).toEqual({ ok: false, status: 409, error: ERROR_TEXT.reviewCancelled });
    expect(await review(s.host.id, 5, null, new Date("2026-06-20T00:00:00Z"), hold.bookingId)).toEqual({ ok: false, status: 409, error: ERROR_TEXT.reviewCancelled });
    expect(await listing(s.space.id)).toEqual({ rating: 0, reviewCount: 0 });
    expect(await database.db.select().from(guestReviews).where(eq(guestReviews.guestId, s.guest.id))).toEqual([]);
    expect(await reviewStates(database.db, { userId: s.guest.id, bookingIds: [bookingId], now: after(HOUR) })).toEqual({ [bookingId]: { kind: "can-review", role: "guest" } });
    // Nobody else sees the booking's review state.
    expect(await reviewStates(database.db, { userId: s.otherGuest.id, bookingIds: [bookingId], now: after(HOUR) })).toEqual({});
  });

  it("refuses a review of a booking of one's own listing", async () => {
    // Booking one's own listing is refused; a row made some other way is still not reviewable.
    const { s, bookingId } = await stay();
    await database.db.update(bookings).set({ userId: s.host.id }).where(eq(bookings.id, bookingId));
    const hold = { bookingId };
    const result = await createReview(database.db, { userId: s.host.id, bookingId: hold.bookingId, review: { rating: 5, comment: null }, now: new Date("2026-06-12T00:00:00Z") });
    expect(result).toEqual({ ok: false, status: 403, error: ERROR_TEXT.reviewOwnListing });
  });

  it("refuses a rating outside 1–5 and an overlong comment at the database too", async () => {
    const { s, review } = await stay();
    await expect(review(s.guest.id, 6)).rejects.toThrow();
    await expect(review(s.host.id, 0)).rejects.toThrow();
    await expect(review(s.host.id, 5, "x".repeat(10_000))).rejects.toThrow();
    expect(await listing(s.space.id)).toEqual({ rating: 0, reviewCount: 0 });
    expect(await database.db.select().from(guestReviews).where(eq(guestReviews.guestId, s.guest.id))).toEqual([]);
  });

  it("stores one review per side when both sides submit twice at once, and both are then shown", async () => {
    const { s, review, bookingId, after } = await stay();
    const results = await Promise.all([review(s.guest.id, 5), review(s.guest.id, 3), review(s.host.id, 4), review(s.host.id, 2)]);
    expect(results.filter((result) => result.ok)).toHaveLength(2);
    expect((await listing(s.space.id)).reviewCount).toBe(1);
    expect((await listGuestReviews(database.db, s.guest.id, after(HOUR))).total).toBe(1);
    // Whichever came second published both; the reminder went to nobody or to one side only.
    const reminders = await database.db.select().from(emailOutbox).where(like(emailOutbox.dedupeKey, `review-reminder:%:${bookingId}`));
    expect(reminders).toHaveLength(1);
  });

  it("averages every review of the listing, 2 decimals", async () => {
    const { s, review } = await stay();
    await database.db.insert(reviews).values([
      { spaceId: s.space.id, rating: 5, createdAt: new Date("2026-01-01T00:00:00Z") },
      { spaceId: s.space.id, rating: 4, createdAt: new Date("2026-01-02T00:00:00Z") },
    ]);
    await review(s.guest.id, 2);
    // The guest's review is not published yet: the listing is not recomputed.
    expect(await listing(s.space.id)).toEqual({ rating: 0, reviewCount: 0 });
    await review(s.host.id, 5);
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
    await review(s.host.id, 5);
    const reply = (userId: string, text = "Thank you!") => replyToReview(database.db, { userId, reviewId: created.reviewId, reply: text, now: after(2 * HOUR) });
    expect(await reply(s.guest.id)).toEqual({ ok: false, status: 404, error: ERROR_TEXT.replyNotFound });
    expect(await replyToReview(database.db, { userId: s.host.id, reviewId: "nope", reply: "x", now: after(0) })).toMatchObject({ ok: false, status: 404 });
    expect(await reply(s.host.id)).toEqual({ ok: true, spaceId: s.space.id });
    expect(await reply(s.host.id, "Again")).toEqual({ ok: false, status: 409, error: ERROR_TEXT.replyTwice });
    const page = await listSpaceReviews(database.db, s.space.id);
    expect(page.items[0]).toMatchObject({ hostReply: "Thank you!" });
  });
});

describe("review e-mails", () => {
  const mailsFor = (bookingId: string) =>
    database.db
      .select({ key: emailOutbox.dedupeKey, to: emailOutbox.toEmail, subject: emailOutbox.subject, kind: emailOutbox.kind })
      .from(emailOutbox)
      .where(and(like(emailOutbox.dedupeKey, `review-%`), like(emailOutbox.dedupeKey, `%${bookingId}`)));

  it("asks each side once when the stay ends, reminds the side that has not written once, and asks nobody who has", async () => {
    const { s, bookingId, review, after } = await stay();
    await queueReviewRequests(database.db, new Date(Date.parse("2026-06-10T15:00:00.000Z")));
    expect(await mailsFor(bookingId)).toEqual([]);
    await queueReviewRequests(database.db, after(HOUR));
    await queueReviewRequests(database.db, after(2 * HOUR));
    const requests = await mailsFor(bookingId);
    expect(requests.map((mail) => [mail.key, mail.to, mail.kind]).sort()).toEqual(
      [
        [`review-request-host:${bookingId}`, s.host.email, "review_request"],
        [`review-request:${bookingId}`, s.guest.email, "review_request"],
      ].sort(),
    );
    // The guest writes: the host is reminded, once, with the day both are shown at the latest.
    await review(s.guest.id, 5, "Great", after(3 * HOUR));
    const reminder = (await mailsFor(bookingId)).filter((mail) => mail.key === `review-reminder:host:${bookingId}`);
    expect(reminder).toEqual([{ key: `review-reminder:host:${bookingId}`, to: s.host.email, subject: `Your guest has reviewed ${s.space.title}`, kind: "review_request" }]);
    const [body] = await database.db.select({ text: emailOutbox.textBody }).from(emailOutbox).where(eq(emailOutbox.dedupeKey, `review-reminder:host:${bookingId}`));
    expect(body!.text).toContain("24 June 2026");
    await queueReviewRequests(database.db, after(5 * HOUR));
    expect(await mailsFor(bookingId)).toHaveLength(3);
    // The host writes theirs: both are shown, nobody is reminded again.
    await review(s.host.id, 4, "Good", after(6 * HOUR));
    expect(await mailsFor(bookingId)).toHaveLength(3);
  });

  it("asks no side after the window has closed, and no host who has already written", async () => {
    const { s, bookingId, review, after } = await stay();
    await review(s.host.id, 4, "Good", after(HOUR));
    expect((await mailsFor(bookingId)).map((mail) => [mail.key, mail.to])).toEqual([[`review-reminder:guest:${bookingId}`, s.guest.email]]);
    await queueReviewRequests(database.db, after(2 * HOUR));
    expect((await mailsFor(bookingId)).map((mail) => mail.key).sort()).toEqual([`review-reminder:guest:${bookingId}`, `review-request:${bookingId}`].sort());
    const other = await stay();
    await queueReviewRequests(database.db, other.after(15 * DAY));
    expect(await mailsFor(other.bookingId)).toEqual([]);
  });

  const textOf = async (key: string) => (await database.db.select({ text: emailOutbox.textBody }).from(emailOutbox).where(eq(emailOutbox.dedupeKey, key)))[0]?.text;

  it("reminds each side that has not written 3 days after the stay, once, and not a side already reminded because the other wrote", async () => {
    const quiet = await stay();
    const answered = await stay();
    await queueReviewRequests(database.db, quiet.after(HOUR));
    await queueReviewRequests(database.db, answered.after(HOUR));
    await answered.review(answered.s.host.id, 5, "Great guest", answered.after(2 * HOUR));
    const nudges = async (bookingId: string) => (await mailsFor(bookingId)).filter((mail) => mail.key!.startsWith("review-nudge:"));
    await queueReviewRequests(database.db, quiet.after(3 * DAY - 1));
    expect(await nudges(quiet.bookingId)).toEqual([]);
    await queueReviewRequests(database.db, quiet.after(3 * DAY));
    await queueReviewRequests(database.db, quiet.after(5 * DAY));
    expect((await nudges(quiet.bookingId)).map((mail) => [mail.key, mail.to, mail.subject, mail.kind]).sort()).toEqual(
      [
        [`review-nudge:guest:${quiet.bookingId}`, quiet.s.guest.email, `There is still time to review ${quiet.s.space.title}`, "review_request"],
        [`review-nudge:host:${quiet.bookingId}`, quiet.s.host.email, "There is still time to review your guest", "review_request"],
      ].sort(),
    );
    expect(await textOf(`review-nudge:guest:${quiet.bookingId}`)).toContain("until 24 June 2026");
    // The host wrote (no nudge for them), and the guest was reminded then: no second reminder.
    expect(await nudges(answered.bookingId)).toEqual([]);
    expect((await mailsFor(answered.bookingId)).map((mail) => mail.key).sort()).toEqual(
      [`review-request:${answered.bookingId}`, `review-request-host:${answered.bookingId}`, `review-reminder:guest:${answered.bookingId}`].sort(),
    );
  });

  it("tells each side once when both reviews are written that both are now public", async () => {
    const { s, bookingId, review, after } = await stay();
    await database.db.update(profiles).set({ fullName: "Hana Host" }).where(eq(profiles.id, s.host.id));
    await database.db.update(profiles).set({ fullName: "Gus Guest" }).where(eq(profiles.id, s.guest.id));
    await review(s.guest.id, 4, "Bright", after(HOUR));
    const published = async () => (await mailsFor(bookingId)).filter((mail) => mail.key!.startsWith("review-public:"));
    await queueReviewsPublishedEmails(database.db, after(2 * HOUR));
    expect(await published()).toEqual([]);
    await review(s.host.id, 5, "Tidy", after(3 * HOUR));
    await queueReviewsPublishedEmails(database.db, after(3 * HOUR));
    await queueReviewsPublishedEmails(database.db, after(4 * HOUR));
    expect((await published()).map((mail) => [mail.key, mail.to, mail.subject, mail.kind]).sort()).toEqual(
      [
        [`review-public:guest:${bookingId}`, s.guest.email, `Your review of ${s.space.title} is now public`, "review_published"],
        [`review-public:host:${bookingId}`, s.host.email, "Your review of Gus Guest is now public", "review_published"],
      ].sort(),
    );
    expect(await textOf(`review-public:guest:${bookingId}`)).toContain("Hana Host reviewed you too");
    expect(await textOf(`review-public:host:${bookingId}`)).toContain(`Gus Guest reviewed ${s.space.title} too`);
  });

  it("tells the sides when a lone review is published by the 14 days, respecting who turned these e-mails off", async () => {
    const { s, bookingId, review, after } = await stay();
    await review(s.host.id, 3, "Late check-out", after(HOUR));
    await setEnabledEmailKinds(database.db, s.host.id, ["new_message", "review_request", "payout_sent"], new Date(NOW));
    const published = async () => (await mailsFor(bookingId)).filter((mail) => mail.key!.startsWith("review-public:"));
    await queueReviewsPublishedEmails(database.db, new Date(after(14 * DAY).getTime() - 1));
    expect(await published()).toEqual([]);
    await queueReviewsPublishedEmails(database.db, after(14 * DAY));
    await queueReviewsPublishedEmails(database.db, after(15 * DAY));
    expect((await published()).map((mail) => [mail.key, mail.to, mail.subject])).toEqual([[`review-public:guest:${bookingId}`, s.guest.email, "Your host reviewed you"]]);
    expect(await textOf(`review-public:guest:${bookingId}`)).toContain(`/hosts/${s.guest.id}`);
  });
});
