import { and, desc, eq, ilike, isNull, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { adminActions, guestReviews, profiles, sessions, spaces, users } from "~/db/schema/index";
import type { Db, Tx } from "~/lib/db.server";
import { escapeLike } from "~/features/search/search-params";
import { isUuid } from "~/lib/uuid";
import type { ModerationInput, ModerationIntent } from "./moderation-form";
import { translatable } from "~/features/i18n/translatable";

/**
 * Admin moderation (ADR 0151, docs/product.md#admin): unpublish or republish any
 * listing, suspend or unsuspend an account. Each change and its log row commit together.
 * A suspended owner's published listings are unpublished with the state
 * 'owner_suspended', so every public query's one condition, `is_published`, hides them,
 * and unsuspending publishes exactly those again. A host's review of a guest can be hidden
 * (with a reason) and restored (issue #28 point 5, ADR 0289): a hidden one is shown nowhere.
 */

export const MODERATION_MESSAGES = {
  listingNotFound: translatable("That listing does not exist."),
  userNotFound: translatable("That account does not exist."),
  alreadyUnpublished: translatable("This listing is already unpublished by an admin."),
  notModerated: translatable("This listing was not unpublished by an admin."),
  ownerSuspended: translatable("The owner of this listing is suspended: unsuspend the account to publish it again."),
  alreadySuspended: translatable("This account is already suspended."),
  notSuspended: translatable("This account is not suspended."),
  cannotSuspendAdmin: translatable("An admin account cannot be suspended."),
  reviewNotFound: translatable("That review does not exist."),
  alreadyHidden: translatable("This review is already hidden."),
  notHidden: translatable("This review is not hidden."),
  done: {
    unpublish_listing: translatable("Listing unpublished. The owner sees your reason."),
    republish_listing: translatable("Listing published again."),
    suspend_user: translatable("Account suspended: signed out everywhere and its listings hidden."),
    unsuspend_user: translatable("Account unsuspended: it can sign in again and its listings are back."),
    hide_guest_review: translatable("Review hidden from the guest's profile."),
    restore_guest_review: translatable("Review shown on the guest's profile again."),
  } satisfies Record<ModerationIntent, string>,
} as const;

export type ModerationResult = { ok: true; message: string } | { ok: false; status: 404 | 409; error: string };

type Admin = { id: string };

const refused = (status: 404 | 409, error: string): ModerationResult => ({ ok: false, status, error });

async function record(tx: Tx, admin: Admin, input: ModerationInput, targetType: "space" | "user" | "guest_review", targetLabel: string, now: Date) {
  await tx.insert(adminActions).values({
    adminId: admin.id,
    action: input.intent,
    targetType,
    targetId: input.targetId,
    targetLabel,
    reason: input.reason || null,
    createdAt: now,
  });
}

async function lockSpace(tx: Tx, id: string) {
  const [row] = await tx
    .select({ id: spaces.id, title: spaces.title, userId: spaces.userId, state: spaces.moderationState, suspendedAt: users.suspendedAt })
    .from(spaces)
    .innerJoin(users, eq(users.id, spaces.userId))
    .where(eq(spaces.id, id))
    .for("update", { of: spaces });
  return row;
}

async function unpublishListing(tx: Tx, admin: Admin, input: ModerationInput, now: Date): Promise<ModerationResult> {
  const space = await lockSpace(tx, input.targetId);
  if (!space) return refused(404, MODERATION_MESSAGES.listingNotFound);
  if (space.state === "unpublished") return refused(409, MODERATION_MESSAGES.alreadyUnpublished);
  await tx
    .update(spaces)
    .set({ isPublished: false, moderationState: "unpublished", moderationReason: input.reason, moderatedAt: now, updatedAt: now })
    .where(eq(spaces.id, space.id));
  await record(tx, admin, input, "space", space.title, now);
  return { ok: true, message: MODERATION_MESSAGES.done.unpublish_listing };
}

async function republishListing(tx: Tx, admin: Admin, input: ModerationInput, now: Date): Promise<ModerationResult> {
  const space = await lockSpace(tx, input.targetId);
  if (!space) return refused(404, MODERATION_MESSAGES.listingNotFound);
  if (space.suspendedAt) return refused(409, MODERATION_MESSAGES.ownerSuspended);
  if (space.state !== "unpublished") return refused(409, MODERATION_MESSAGES.notModerated);
  await tx
    .update(spaces)
    .set({ isPublished: true, moderationState: null, moderationReason: null, moderatedAt: null, updatedAt: now })
    .where(eq(spaces.id, space.id));
  await record(tx, admin, input, "space", space.title, now);
  return { ok: true, message: MODERATION_MESSAGES.done.republish_listing };
}

async function lockUser(tx: Tx, id: string) {
  const [row] = await tx
    .select({ id: users.id, email: users.email, suspendedAt: users.suspendedAt, isAdmin: profiles.isAdmin })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, id))
    .for("update", { of: users });
  return row;
}

async function suspendUser(tx: Tx, admin: Admin, input: ModerationInput, now: Date, adminEmails: readonly string[]): Promise<ModerationResult> {
  const user = await lockUser(tx, input.targetId);
  if (!user) return refused(404, MODERATION_MESSAGES.userNotFound);
  if (user.isAdmin || adminEmails.includes(user.email.toLowerCase()) || user.id === admin.id) {
    return refused(409, MODERATION_MESSAGES.cannotSuspendAdmin);
  }
  if (user.suspendedAt) return refused(409, MODERATION_MESSAGES.alreadySuspended);
  await tx.update(users).set({ suspendedAt: now, suspensionReason: input.reason }).where(eq(users.id, user.id));
  await tx
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt)));
  await tx
    .update(spaces)
    .set({ isPublished: false, moderationState: "owner_suspended", moderationReason: input.reason, moderatedAt: now, updatedAt: now })
    .where(and(eq(spaces.userId, user.id), eq(spaces.isPublished, true), isNull(spaces.moderationState)));
  await record(tx, admin, input, "user", user.email, now);
  return { ok: true, message: MODERATION_MESSAGES.done.suspend_user };
}

async function unsuspendUser(tx: Tx, admin: Admin, input: ModerationInput, now: Date): Promise<ModerationResult> {
  const user = await lockUser(tx, input.targetId);
  if (!user) return refused(404, MODERATION_MESSAGES.userNotFound);
  if (!user.suspendedAt) return refused(409, MODERATION_MESSAGES.notSuspended);
  await tx.update(users).set({ suspendedAt: null, suspensionReason: null }).where(eq(users.id, user.id));
  await tx
    .update(spaces)
    .set({ isPublished: true, moderationState: null, moderationReason: null, moderatedAt: null, updatedAt: now })
    .where(and(eq(spaces.userId, user.id), eq(spaces.moderationState, "owner_suspended")));
  await record(tx, admin, input, "user", user.email, now);
  return { ok: true, message: MODERATION_MESSAGES.done.unsuspend_user };
}

const guestAccount = alias(users, "guest_account");

/** The log's label for a review of a guest: whose review of whom, and the start of its text. */
function guestReviewLabel(row: { authorEmail: string | null; guestEmail: string; rating: number; comment: string | null }) {
  const comment = row.comment?.trim() ? `: “${row.comment.trim().slice(0, 60)}${row.comment.trim().length > 60 ? "…" : ""}”` : "";
  return `Review of ${row.guestEmail} by ${row.authorEmail ?? "a deleted host"} (${row.rating}/5)${comment}`;
}

async function lockGuestReview(tx: Tx, id: string) {
  const [row] = await tx
    .select({ id: guestReviews.id, hiddenAt: guestReviews.hiddenAt, rating: guestReviews.rating, comment: guestReviews.comment, authorEmail: users.email, guestEmail: guestAccount.email })
    .from(guestReviews)
    .innerJoin(guestAccount, eq(guestAccount.id, guestReviews.guestId))
    .leftJoin(users, eq(users.id, guestReviews.authorId))
    .where(eq(guestReviews.id, id))
    .for("update", { of: guestReviews });
  return row;
}

async function hideGuestReview(tx: Tx, admin: Admin, input: ModerationInput, now: Date): Promise<ModerationResult> {
  const review = await lockGuestReview(tx, input.targetId);
  if (!review) return refused(404, MODERATION_MESSAGES.reviewNotFound);
  if (review.hiddenAt) return refused(409, MODERATION_MESSAGES.alreadyHidden);
  await tx.update(guestReviews).set({ hiddenAt: now, hiddenReason: input.reason }).where(eq(guestReviews.id, review.id));
  await record(tx, admin, input, "guest_review", guestReviewLabel(review), now);
  return { ok: true, message: MODERATION_MESSAGES.done.hide_guest_review };
}

async function restoreGuestReview(tx: Tx, admin: Admin, input: ModerationInput, now: Date): Promise<ModerationResult> {
  const review = await lockGuestReview(tx, input.targetId);
  if (!review) return refused(404, MODERATION_MESSAGES.reviewNotFound);
  if (!review.hiddenAt) return refused(409, MODERATION_MESSAGES.notHidden);
  await tx.update(guestReviews).set({ hiddenAt: null, hiddenReason: null }).where(eq(guestReviews.id, review.id));
  await record(tx, admin, input, "guest_review", guestReviewLabel(review), now);
  return { ok: true, message: MODERATION_MESSAGES.done.restore_guest_review };
}

/**
 * Runs one moderation action for `admin` (the caller has checked that they are one).
 * `adminEmails`: the ADMIN_EMAILS setting, whose accounts are admins too.
 */
export async function moderate(
  db: Db,
  admin: Admin,
  input: ModerationInput,
  { now, adminEmails }: { now: Date; adminEmails: readonly string[] },
): Promise<ModerationResult> {
  return db.transaction(async (tx) => {
    switch (input.intent) {
      case "unpublish_listing":
        return unpublishListing(tx, admin, input, now);
      case "republish_listing":
        return republishListing(tx, admin, input, now);
      case "suspend_user":
        return suspendUser(tx, admin, input, now, adminEmails);
      case "unsuspend_user":
        return unsuspendUser(tx, admin, input, now);
      case "hide_guest_review":
        return hideGuestReview(tx, admin, input, now);
      case "restore_guest_review":
        return restoreGuestReview(tx, admin, input, now);
    }
  });
}

export const ADMIN_LOG_SIZE = 20;

/** The latest admin actions, newest first, with the admin's e-mail. */
export async function listAdminActions(db: Db, limit = ADMIN_LOG_SIZE) {
  return db
    .select({
      id: adminActions.id,
      action: adminActions.action,
      targetType: adminActions.targetType,
      targetId: adminActions.targetId,
      targetLabel: adminActions.targetLabel,
      reason: adminActions.reason,
      createdAt: adminActions.createdAt,
      adminEmail: users.email,
    })
    .from(adminActions)
    .innerJoin(users, eq(users.id, adminActions.adminId))
    .orderBy(desc(adminActions.createdAt), desc(adminActions.id))
    .limit(limit);
}

export const FIND_LIMIT = 10;

function likePattern(query: string) {
  return `%${escapeLike(query)}%`;
}

/**
 * Listings, accounts and hosts' reviews of guests matching an admin's search: an id (a
 * review's, its booking's, its guest's or its author's), or part of a title, an e-mail, a
 * name or a review's text.
 */
export async function findModerationTargets(db: Db, query: string, now: Date = new Date()) {
  const q = query.trim().slice(0, 200);
  if (q.length < 2) return { spaces: [], users: [], guestReviews: [] };
  const byId = isUuid(q);
  const [spaceRows, userRows, reviewRows] = await Promise.all([
    db
      .select({
        id: spaces.id,
        title: spaces.title,
        location: spaces.location,
        isPublished: spaces.isPublished,
        moderationState: spaces.moderationState,
        moderationReason: spaces.moderationReason,
        ownerEmail: users.email,
        ownerSuspended: sql<boolean>`${users.suspendedAt} is not null`,
      })
      .from(spaces)
      .innerJoin(users, eq(users.id, spaces.userId))
      .where(byId ? or(eq(spaces.id, q), eq(spaces.userId, q)) : ilike(spaces.title, likePattern(q)))
      .orderBy(desc(spaces.createdAt), desc(spaces.id))
      .limit(FIND_LIMIT),
    db
      .select({
        id: users.id,
        email: users.email,
        fullName: profiles.fullName,
        isAdmin: profiles.isAdmin,
        suspendedAt: users.suspendedAt,
        suspensionReason: users.suspensionReason,
      })
      .from(users)
      .leftJoin(profiles, eq(profiles.id, users.id))
      .where(byId ? eq(users.id, q) : or(ilike(users.email, likePattern(q)), ilike(profiles.fullName, likePattern(q))))
      .orderBy(users.email)
      .limit(FIND_LIMIT),
    db
      .select({
        id: guestReviews.id,
        rating: guestReviews.rating,
        comment: guestReviews.comment,
        published: sql<boolean>`${guestReviews.publishedAt} <= ${now.toISOString()}::timestamptz`,
        hiddenAt: guestReviews.hiddenAt,
        hiddenReason: guestReviews.hiddenReason,
        guestEmail: guestAccount.email,
        authorEmail: users.email,
      })
      .from(guestReviews)
      .innerJoin(guestAccount, eq(guestAccount.id, guestReviews.guestId))
      .leftJoin(users, eq(users.id, guestReviews.authorId))
      .where(
        byId
          ? or(eq(guestReviews.id, q), eq(guestReviews.bookingId, q), eq(guestReviews.guestId, q), eq(guestReviews.authorId, q))
          : or(ilike(guestReviews.comment, likePattern(q)), ilike(guestAccount.email, likePattern(q)), ilike(users.email, likePattern(q))),
      )
      .orderBy(desc(guestReviews.createdAt), desc(guestReviews.id))
      .limit(FIND_LIMIT),
  ]);
  return { spaces: spaceRows, users: userRows, guestReviews: reviewRows };
}
