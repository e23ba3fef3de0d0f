import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import { bookings } from "~/db/schema/bookings";
import { spaces } from "~/db/schema/listings";
import { profiles } from "~/db/schema/profiles";
import { reviews } from "~/db/schema/reviews";
import type { Db, Tx } from "~/lib/db.server";
import { preparedQuery } from "~/lib/prepared.server";
import { ERROR_TEXT } from "~/lib/messages";
import { isUuid } from "~/lib/uuid";
import { REVIEWS_PAGE_SIZE, reviewBlocker, type ReviewInput } from "./review-rules";

/**
 * Reviews after a stay (docs/product.md#booking, ADR 0171): one per booking, by its
 * guest, between the end of the stay and 14 days later; one answer by the host. The
 * listing's rating and review count are recomputed in the same transaction (the
 * host's stats are derived from them in SQL).
 */
export type ReviewFailure = { ok: false; status: 403 | 404 | 409; error: string };
export type ReviewResult = { ok: true; reviewId: string; spaceId: string } | ReviewFailure;

const fail = (status: ReviewFailure["status"], error: string): ReviewFailure => ({ ok: false, status, error });

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
    if (!row || row.booking.userId !== input.userId) return fail(404, ERROR_TEXT.reviewBookingNotFound);
    if (row.hostId === input.userId) return fail(403, ERROR_TEXT.reviewOwnListing);
    const blocker = reviewBlocker(row.booking, input.now);
    if (blocker) return fail(blocker === ERROR_TEXT.reviewBookingNotFound ? 404 : 409, blocker);
    const inserted = await tx
      .insert(reviews)
      .values({
        spaceId: row.booking.spaceId,
        userId: input.userId,
        bookingId: row.booking.id,
        rating: input.review.rating,
        comment: input.review.comment,
        createdAt: input.now,
      })
      .onConflictDoNothing()
      .returning({ id: reviews.id });
    if (!inserted[0]) return fail(409, ERROR_TEXT.reviewTwice);
    await refreshSpaceRating(tx, row.booking.spaceId);
    return { ok: true as const, reviewId: inserted[0].id, spaceId: row.booking.spaceId };
  });
}

/** rating = mean of the listing's reviews (2 decimals), review_count = their number. */
export async function refreshSpaceRating(tx: Tx, spaceId: string): Promise<void> {
  await tx
    .update(spaces)
    .set({
      rating: sql`coalesce((select round(avg(${reviews.rating})::numeric, 2) from ${reviews} where ${reviews.spaceId} = ${spaceId}), 0)`,
      reviewCount: sql`(select count(*)::int from ${reviews} where ${reviews.spaceId} = ${spaceId})`,
    })
    .where(eq(spaces.id, spaceId));
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

/** One page of a listing's reviews, newest first ('Anonymous' when the reviewer has no name). */
export async function listSpaceReviews(db: Db, spaceId: string, requestedPage = 1, pageSize = REVIEWS_PAGE_SIZE) {
  // Both run on every space page: prepared once (app/lib/prepared.server.ts).
  const [{ total } = { total: 0 }] = await preparedQuery(db, "space_review_count", (db, name) =>
    db.select({ total: count() }).from(reviews).where(eq(reviews.spaceId, sql.placeholder("spaceId"))).prepare(name),
  ).execute({ spaceId });
  const pageCount = Math.max(1, Math.ceil(Number(total) / pageSize));
  const page = Math.min(pageCount, Math.max(1, Math.floor(requestedPage) || 1));
  const rows = await preparedQuery(db, "space_review_page", (db, name) =>
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
      .where(eq(reviews.spaceId, sql.placeholder("spaceId")))
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(sql.placeholder("limit"))
      .offset(sql.placeholder("offset"))
      .prepare(name),
  ).execute({ spaceId, limit: pageSize, offset: (page - 1) * pageSize });
  const items = rows.map(({ bookingId, authorName, ...review }) => ({
    ...review,
    authorName: authorName?.trim() || "Anonymous",
    verifiedStay: bookingId !== null,
  }));
  return { items, page, pageCount, total: Number(total) };
}

export type ReviewState = { kind: "can-review" } | { kind: "reviewed"; rating: number } | { kind: "none" };

/** For /my-bookings: which of the guest's bookings can be reviewed now, and which already are. */
export async function reviewStates(db: Db, input: { userId: string; bookingIds: string[]; now: Date }): Promise<Record<string, ReviewState>> {
  if (input.bookingIds.length === 0) return {};
  const rows = await db
    .select({ id: bookings.id, status: bookings.status, endTime: bookings.endTime, rating: reviews.rating, hostId: spaces.userId })
    .from(bookings)
    .innerJoin(spaces, eq(spaces.id, bookings.spaceId))
    .leftJoin(reviews, eq(reviews.bookingId, bookings.id))
    .where(and(eq(bookings.userId, input.userId), inArray(bookings.id, input.bookingIds)));
  return Object.fromEntries(
    rows.map((row): [string, ReviewState] => {
      if (row.rating !== null) return [row.id, { kind: "reviewed", rating: row.rating }];
      const open = row.hostId !== input.userId && reviewBlocker(row, input.now) === null;
      return [row.id, open ? { kind: "can-review" } : { kind: "none" }];
    }),
  );
}
