import { and, desc, eq, ilike, isNull, or, sql } from "drizzle-orm";
import { adminActions, profiles, sessions, spaces, users } from "~/db/schema/index";
import type { Db, Tx } from "~/lib/db.server";
import { escapeLike } from "~/features/search/search-params";
import { isUuid } from "~/lib/uuid";
import type { ModerationInput, ModerationIntent } from "./moderation-form";

/**
 * Admin moderation (ADR 0151, docs/product.md#admin): unpublish or republish any
 * listing, suspend or unsuspend an account. Each change and its log row commit together.
 * A suspended owner's published listings are unpublished with the state
 * 'owner_suspended', so every public query's one condition, `is_published`, hides them,
 * and unsuspending publishes exactly those again.
 */

export const MODERATION_MESSAGES = {
  listingNotFound: "That listing does not exist.",
  userNotFound: "That account does not exist.",
  alreadyUnpublished: "This listing is already unpublished by an admin.",
  notModerated: "This listing was not unpublished by an admin.",
  ownerSuspended: "The owner of this listing is suspended: unsuspend the account to publish it again.",
  alreadySuspended: "This account is already suspended.",
  notSuspended: "This account is not suspended.",
  cannotSuspendAdmin: "An admin account cannot be suspended.",
  done: {
    unpublish_listing: "Listing unpublished. The owner sees your reason.",
    republish_listing: "Listing published again.",
    suspend_user: "Account suspended: signed out everywhere and its listings hidden.",
    unsuspend_user: "Account unsuspended: it can sign in again and its listings are back.",
  } satisfies Record<ModerationIntent, string>,
} as const;

export type ModerationResult = { ok: true; message: string } | { ok: false; status: 404 | 409; error: string };

type Admin = { id: string };

const refused = (status: 404 | 409, error: string): ModerationResult => ({ ok: false, status, error });

async function record(tx: Tx, admin: Admin, input: ModerationInput, targetType: "space" | "user", targetLabel: string, now: Date) {
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

/** Listings and accounts matching an admin's search: an id, or part of a title or e-mail. */
export async function findModerationTargets(db: Db, query: string) {
  const q = query.trim().slice(0, 200);
  if (q.length < 2) return { spaces: [], users: [] };
  const byId = isUuid(q);
  const [spaceRows, userRows] = await Promise.all([
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
  ]);
  return { spaces: spaceRows, users: userRows };
}
