import { and, avg, count, desc, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import { bookings } from "~/db/schema/bookings";
import { spaces } from "~/db/schema/listings";
import { profiles } from "~/db/schema/profiles";
import { guestReviews, reviews } from "~/db/schema/reviews";
import { queueReviewReminder } from "~/features/mail/review-requests.server";
import type { Db, Tx } from "~/lib/db.server";
import { preparedQuery } from "~/lib/prepared.server";
import { ERROR_TEXT } from "~/lib/messages";
import { isUuid } from "~/lib/uuid";
import { REVIEWS_PAGE_SIZE, reviewBlocker, reviewDeadline, type ReviewInput } from "./review-rules";

/**
 * Reviews after a stay (docs/product.md#booking, ADR 0171), both ways and double-blind
 * (issue #28 point 5, ADR 0272): the guest reviews the listing, the listing's host
 * reviews the guest, one review per side per booking, between the end of the stay and
 * 14 days later. A review is shown to others from its `published_at`: the end of that
 * window, or the moment the other side's review is written, whichever is first. The
 * listing's rating and review count include only published guest reviews (`counted`),
 * recomputed in the same transaction (the host's stats are derived from them in SQL).
 */
export type ReviewFailure = { ok: false; status: 403 | 404 | 409; error: string };
export type ReviewRole = "guest" | "host";
export type ReviewResult = { ok: true; reviewId: string; spaceId: string; role: ReviewRole; publishedAt: Date } | ReviewFailure;

const fail = (status: ReviewFailure["status"], error: string): ReviewFailure => ({ ok: false, status, error });

/**
 * The booking's guest reviews the listing, or the listing's host reviews the guest: the
 * server decides which from who asks. Anyone else is answered as if the booking did not exist.
 */
export async function createReview(db: Db, input: { userId: string; bookingId: string; review: ReviewInput; now: Date }): Promise<ReviewResult> {
  if (!isUuid(input.bookingId)) return fail(404, ERROR_TEXT.reviewBookingNotFound);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ booking: bookings, hostId: spaces.userId })
      .from(bookings)
      .innerJoin(spaces, eq(spaces.id, bookings.spaceId))
      .where(eq(bookings.id, input.bookingId))
      .for("update", { of: bookings });
    // Someone else's booking is answered like a missing one: ids are not probed.
    if (!row || (row.booking.userId !== input.userId && row.hostId !== input.userId)) return fail(404, ERROR_TEXT.reviewBookingNotFound);
    if (row.hostId === row.booking.userId) return fail(403, ERROR_TEXT.reviewOwnListing);
    const role: ReviewRole = row.booking.userId === input.userId ? "guest" : "host";
    const blocker = reviewBlocker(row.booking, input.now);
    if (blocker) return fail(blocker === ERROR_TEXT.reviewBookingNotFound ? 404 : 409, blocker);
    const booking = row.booking;
    const deadline = reviewDeadline(booking.endTime);
    // The booking row is locked: the other side's review cannot be written meanwhile.
    const [other] =
      role === "guest"
        ? await tx.select({ id: guestReviews.id }).from(guestReviews).where(eq(guestReviews.bookingId, booking.id))
        : await tx.select({ id: reviews.id }).from(reviews).where(eq(reviews.bookingId, booking.id));
    const publishedAt = other ? input.now : deadline;
    const values = { rating: input.review.rating, comment: input.review.comment, createdAt: input.now, publishedAt };
    const inserted =
      role === "guest"
        ? await tx
            .insert(reviews)
            .values({ ...values, spaceId: booking.spaceId, userId: input.userId, bookingId: booking.id, counted: Boolean(other) })
            .onConflictDoNothing()
            .returning({ id: reviews.id })
        : await tx
            .insert(guestReviews)
            .values({ ...values, bookingId: booking.id, guestId: booking.userId, authorId: input.userId })
            .onConflictDoNothing()
            .returning({ id: guestReviews.id });
    if (!inserted[0]) return fail(409, role === "guest" ? ERROR_TEXT.reviewTwice : ERROR_TEXT.guestReviewTwice);
    if (other) {
      // Both are written: both are shown from now on, and the guest's review counts for the listing.
      if (role === "guest") {
        await tx.update(guestReviews).set({ publishedAt: sql`least(${guestReviews.publishedAt}, ${input.now.toISOString()}::timestamptz)` }).where(eq(guestReviews.id, other.id));
      } else {
        await tx
          .update(reviews)
          .set({ publishedAt: sql`least(${reviews.publishedAt}, ${input.now.toISOString()}::timestamptz)`, counted: true })
          .where(eq(reviews.id, other.id));
      }
      await refreshSpaceRating(tx, booking.spaceId);
    } else {
      // The other side is asked once to write theirs (the outbox's dedupe key).
      await queueReviewReminder(tx, { bookingId: booking.id, to: role === "guest" ? "host" : "guest", deadline, now: input.now });
    }
    return { ok: true as const, reviewId: inserted[0].id, spaceId: booking.spaceId, role, publishedAt };
  });
}

/** rating = mean of the listing's published reviews (2 decimals), review_count = their number (ADR 0171, 0272). */
export async function refreshSpaceRating(tx: Tx, spaceId: string): Promise<void> {
  const counted = sql`${reviews.spaceId} = ${spaceId} and ${reviews.counted}`;
  await tx
    .update(spaces)
    .set({
      rating: sql`coalesce((select round(avg(${reviews.rating})::numeric, 2) from ${reviews} where ${counted}), 0)`,
      reviewCount: sql`(select count(*)::int from ${reviews} where ${counted})`,
    })
    .where(eq(spaces.id, spaceId));
}

/**
 * The `review-publishing` job (ADR 0272): guest reviews whose window has closed without
 * the host's review are already shown (visibility is decided at query time); this folds
 * them into their listing's rating and review count. Idempotent, and a late or missed
 * run only delays the listing's figures, never a review.
 */
export async function countPublishedReviews(db: Db, now: Date, batch = 500): Promise<{ counted: number }> {
  return db.transaction(async (tx) => {
    const due = await tx.execute<{ id: string; space_id: string }>(
      sql`select ${reviews.id} as id, ${reviews.spaceId} as space_id from ${reviews}
          where not ${reviews.counted} and ${reviews.publishedAt} <= ${now.toISOString()}::timestamptz
          order by ${reviews.publishedAt} limit ${batch} for update skip locked`,
    );
    if (due.rows.length === 0) return { counted: 0 };
    await tx.update(reviews).set({ counted: true }).where(inArray(reviews.id, due.rows.map((row) => row.id)));
    for (const spaceId of new Set(due.rows.map((row) => row.space_id))) await refreshSpaceRating(tx, spaceId);
    return { counted: due.rows.length };
  });
}

export type ReplyResult = { ok: true; spaceId: string } | ReviewFailure;

/** The listing's owner answers a review, once. */
export async function replyToReview(db: Db, input: { userId: string; reviewId: string; reply: string; now: Date }): Promise<ReplyResult> {
  if (!isUuid(input.reviewId)) return fail(404, ERROR_TEXT.replyNotFound);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ review: reviews, hostId: spaces.userId })
      .from(reviews)
      .innerJoin(spaces, eq(spaces.id, reviews.spaceId))
      .where(eq(reviews.id, input.reviewId))
      .for("update", { of: reviews });
    if (!row || row.hostId !== input.userId) return fail(404, ERROR_TEXT.replyNotFound);
    if (row.review.hostReply !== null) return fail(409, ERROR_TEXT.replyTwice);
    await tx.update(reviews).set({ hostReply: input.reply, hostRepliedAt: input.now }).where(eq(reviews.id, row.review.id));
    return { ok: true as const, spaceId: row.review.spaceId };
  });
}

/** One page of a listing's published reviews, newest first ('Anonymous' when the reviewer has no name). */
export async function listSpaceReviews(db: Db, spaceId: string, requestedPage = 1, pageSize = REVIEWS_PAGE_SIZE, now = new Date()) {
  const at = now.toISOString();
  // Both run on every space page: prepared once (app/lib/prepared.server.ts).
  const [{ total } = { total: 0 }] = await preparedQuery(db, "space_review_count_published", (db, name) =>
    db
      .select({ total: count() })
      .from(reviews)
      .where(and(eq(reviews.spaceId, sql.placeholder("spaceId")), lte(reviews.publishedAt, sql`${sql.placeholder("now")}::timestamptz`)))
      .prepare(name),
  ).execute({ spaceId, now: at });
  const pageCount = Math.max(1, Math.ceil(Number(total) / pageSize));
  const page = Math.min(pageCount, Math.max(1, Math.floor(requestedPage) || 1));
  const rows = await preparedQuery(db, "space_review_page_published", (db, name) =>
    db
      .select({
        id: reviews.id,
        rating: reviews.rating,
        comment: reviews.comment,
        createdAt: reviews.createdAt,
        authorName: profiles.fullName,
        bookingId: reviews.bookingId,
        hostReply: reviews.hostReply,
        hostRepliedAt: reviews.hostRepliedAt,
      })
      .from(reviews)
      .leftJoin(profiles, eq(profiles.id, reviews.userId))
      .where(and(eq(reviews.spaceId, sql.placeholder("spaceId")), lte(reviews.publishedAt, sql`${sql.placeholder("now")}::timestamptz`)))
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(sql.placeholder("limit"))
      .offset(sql.placeholder("offset"))
      .prepare(name),
  ).execute({ spaceId, now: at, limit: pageSize, offset: (page - 1) * pageSize });
  const items = rows.map(({ bookingId, authorName, ...review }) => ({
    ...review,
    authorName: authorName?.trim() || "Anonymous",
    verifiedStay: bookingId !== null,
  }));
  return { items, page, pageCount, total: Number(total) };
}

/** Reviews from hosts shown per page of a member's profile (issue #28 point 5). */
export const GUEST_REVIEWS_SHOWN = 10;

/**
 * One page of a guest's published reviews from hosts, newest first, with their number
 * and mean (the profile page, ?reviews=N; ADR 0272). Reviews an admin hid are left out
 * (ADR 0289). A page past the last one is the last one, as on the space page.
 */
export async function listGuestReviews(db: Db, guestId: string, now: Date, requestedPage = 1, pageSize = GUEST_REVIEWS_SHOWN) {
  if (!isUuid(guestId)) return { items: [], total: 0, average: null, page: 1, pageCount: 1 };
  const published = and(eq(guestReviews.guestId, guestId), lte(guestReviews.publishedAt, now), isNull(guestReviews.hiddenAt));
  const [summary] = await db.select({ total: count(), average: avg(guestReviews.rating) }).from(guestReviews).where(published);
  const total = Number(summary?.total ?? 0);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(pageCount, Math.max(1, Math.floor(requestedPage) || 1));
  const rows =
    total === 0
      ? []
      : await db
          .select({ id: guestReviews.id, rating: guestReviews.rating, comment: guestReviews.comment, publishedAt: guestReviews.publishedAt, authorName: profiles.fullName })
          .from(guestReviews)
          .leftJoin(profiles, eq(profiles.id, guestReviews.authorId))
          .where(published)
          .orderBy(desc(guestReviews.publishedAt), desc(guestReviews.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize);
  return {
    items: rows.map(({ authorName, ...review }) => ({ ...review, authorName: authorName?.trim() || "A host" })),
    total,
    average: total > 0 ? Math.round(Number(summary!.average) * 10) / 10 : null,
    page,
    pageCount,
  };
}
export type GuestReviews = Awaited<ReturnType<typeof listGuestReviews>>;

/**
 * What the user may do about a booking's review, for their side (guest or host):
 * write it, or see theirs — with, until it is published, when it will be.
 */
export type ReviewState =
  | { kind: "can-review"; role: ReviewRole }
  | { kind: "reviewed"; role: ReviewRole; rating: number; hiddenUntil: string | null }
  | { kind: "none" };

/** For /my-bookings and the dashboard: which of the user's bookings (as guest or host) can be reviewed now, and which are. */
export async function reviewStates(db: Db, input: { userId: string; bookingIds: string[]; now: Date }): Promise<Record<string, ReviewState>> {
  const ids = input.bookingIds.filter(isUuid);
  if (ids.length === 0) return {};
  const rows = await db
    .select({
      id: bookings.id,
      status: bookings.status,
      endTime: bookings.endTime,
      guestId: bookings.userId,
      hostId: spaces.userId,
      guestRating: reviews.rating,
      guestPublishedAt: reviews.publishedAt,
      hostRating: guestReviews.rating,
      hostPublishedAt: guestReviews.publishedAt,
    })
    .from(bookings)
    .innerJoin(spaces, eq(spaces.id, bookings.spaceId))
    .leftJoin(reviews, eq(reviews.bookingId, bookings.id))
    .leftJoin(guestReviews, eq(guestReviews.bookingId, bookings.id))
    .where(and(or(eq(bookings.userId, input.userId), eq(spaces.userId, input.userId)), inArray(bookings.id, ids)));
  return Object.fromEntries(
    rows.map((row): [string, ReviewState] => {
      if (row.guestId === row.hostId) return [row.id, { kind: "none" }];
      const role: ReviewRole = row.guestId === input.userId ? "guest" : "host";
      const rating = role === "guest" ? row.guestRating : row.hostRating;
      const publishedAt = role === "guest" ? row.guestPublishedAt : row.hostPublishedAt;
      if (rating !== null && publishedAt !== null) {
        const hiddenUntil = publishedAt.getTime() > input.now.getTime() ? publishedAt.toISOString() : null;
        return [row.id, { kind: "reviewed", role, rating, hiddenUntil }];
      }
      return [row.id, reviewBlocker(row, input.now) === null ? { kind: "can-review", role } : { kind: "none" }];
    }),
  );
}
