import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import { translatable } from "~/features/i18n/translatable";
import { profileLinks, profiles, profileUpdates } from "~/db/schema/profiles";
import type { Db, Tx } from "~/lib/db.server";
import {
  MAX_PROFILE_LINKS,
  MAX_PROFILE_POSTS,
  type ProfileDetails,
  type ProfileLinkInput,
  type ProfilePostInput,
} from "./profile-form";

/**
 * The owner's side of a profile (docs/product.md#profile): details, custom links and
 * posts. Every change names the owner: a link or post id of someone else matches no row,
 * changes nothing and is reported as not found.
 */

export type OwnProfile = {
  id: string;
  fullName: string | null;
  avatarUrl: string | null;
  bannerUrl: string | null;
  bio: string | null;
  website: string | null;
  location: string | null;
  instagram: string | null;
  twitter: string | null;
  facebook: string | null;
  linkedin: string | null;
  youtube: string | null;
  tiktok: string | null;
};

export type ProfileLinkRow = { id: string; title: string; url: string; icon: string | null; displayOrder: number };
export type ProfilePostRow = {
  id: string;
  title: string;
  content: string;
  type: ProfilePostInput["type"];
  isPinned: boolean;
  createdAt: string;
  updatedAt: string;
};

/** Raised when the owner is at a limit (too many links or posts): its message is shown as is. */
export class ProfileLimitError extends Error {}

const OWN_COLUMNS = {
  id: profiles.id,
  fullName: profiles.fullName,
  avatarUrl: profiles.avatarUrl,
  bannerUrl: profiles.bannerUrl,
  bio: profiles.bio,
  website: profiles.website,
  location: profiles.location,
  instagram: profiles.instagram,
  twitter: profiles.twitter,
  facebook: profiles.facebook,
  linkedin: profiles.linkedin,
  youtube: profiles.youtube,
  tiktok: profiles.tiktok,
};

/** The member's own profile row, created (is_admin false) when missing (docs/product.md#header). */
export async function getOwnProfile(db: Db, userId: string): Promise<OwnProfile> {
  const [row] = await db.select(OWN_COLUMNS).from(profiles).where(eq(profiles.id, userId));
  if (row) return row;
  await db.insert(profiles).values({ id: userId, isAdmin: false }).onConflictDoNothing();
  const [created] = await db.select(OWN_COLUMNS).from(profiles).where(eq(profiles.id, userId));
  return created!;
}

/** A profile's links in display order. */
export async function listLinks(db: Db | Tx, profileId: string): Promise<ProfileLinkRow[]> {
  return db
    .select({ id: profileLinks.id, title: profileLinks.title, url: profileLinks.url, icon: profileLinks.icon, displayOrder: profileLinks.displayOrder })
    .from(profileLinks)
    .where(eq(profileLinks.profileId, profileId))
    .orderBy(asc(profileLinks.displayOrder), asc(profileLinks.createdAt), asc(profileLinks.id));
}

/** A profile's posts: pinned first, then newest; `limit` for the public page. */
export async function listPosts(db: Db, profileId: string, limit = MAX_PROFILE_POSTS): Promise<ProfilePostRow[]> {
  const rows = await db
    .select({
      id: profileUpdates.id,
      title: profileUpdates.title,
      content: profileUpdates.content,
      type: profileUpdates.type,
      isPinned: profileUpdates.isPinned,
      createdAt: profileUpdates.createdAt,
      updatedAt: profileUpdates.updatedAt,
    })
    .from(profileUpdates)
    .where(eq(profileUpdates.profileId, profileId))
    .orderBy(desc(profileUpdates.isPinned), desc(profileUpdates.createdAt), desc(profileUpdates.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() }));
}

export async function updateProfileDetails(db: Db, userId: string, details: ProfileDetails) {
  await getOwnProfile(db, userId);
  await db.update(profiles).set(details).where(eq(profiles.id, userId));
}

/** Adds a link at the end: its display order is the number of links the profile already has. */
export async function addLink(db: Db, userId: string, input: ProfileLinkInput, now: Date) {
  await getOwnProfile(db, userId);
  return db.transaction(async (tx) => {
    // One change to a member's links at a time: the count and the insert agree.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('profile-links'), hashtext(${userId}))`);
    const [existing] = await tx.select({ n: count() }).from(profileLinks).where(eq(profileLinks.profileId, userId));
    const displayOrder = Number(existing?.n ?? 0);
    if (displayOrder >= MAX_PROFILE_LINKS) throw new ProfileLimitError(translatable("You can have at most 20 links. Delete one to add another."));
    const [row] = await tx
      .insert(profileLinks)
      .values({ profileId: userId, title: input.title, url: input.url, icon: input.icon, displayOrder, createdAt: now })
      .returning({ id: profileLinks.id });
    return row!.id;
  });
}

/** Writes 0…n-1 as the display order of `ids`, in that order. */
async function renumber(tx: Tx, userId: string, ids: string[]) {
  for (const [index, id] of ids.entries()) {
    await tx
      .update(profileLinks)
      .set({ displayOrder: index })
      .where(and(eq(profileLinks.id, id), eq(profileLinks.profileId, userId)));
  }
}

/** Deletes one of the owner's links; false (nothing changed) for any other id. */
export async function deleteLink(db: Db, userId: string, linkId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('profile-links'), hashtext(${userId}))`);
    const deleted = await tx
      .delete(profileLinks)
      .where(and(eq(profileLinks.id, linkId), eq(profileLinks.profileId, userId)))
      .returning({ id: profileLinks.id });
    if (deleted.length === 0) return false;
    // The remaining links keep their order without gaps, so the next one added goes last.
    const rest = await listLinks(tx, userId);
    await renumber(tx, userId, rest.map((link) => link.id));
    return true;
  });
}

/** Moves one of the owner's links a place up or down; false for any other id. */
export async function moveLink(db: Db, userId: string, linkId: string, direction: "up" | "down"): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('profile-links'), hashtext(${userId}))`);
    const ids = (await listLinks(tx, userId)).map((link) => link.id);
    const from = ids.indexOf(linkId);
    if (from === -1) return false;
    const to = direction === "up" ? from - 1 : from + 1;
    if (to >= 0 && to < ids.length) [ids[from], ids[to]] = [ids[to]!, ids[from]!];
    await renumber(tx, userId, ids);
    return true;
  });
}

export async function addPost(db: Db, userId: string, input: ProfilePostInput, now: Date) {
  await getOwnProfile(db, userId);
  const [existing] = await db.select({ n: count() }).from(profileUpdates).where(eq(profileUpdates.profileId, userId));
  if (Number(existing?.n ?? 0) >= MAX_PROFILE_POSTS) {
    throw new ProfileLimitError(translatable("You can have at most 100 posts. Delete an old one to add another."));
  }
  const [row] = await db
    .insert(profileUpdates)
    .values({ profileId: userId, ...input, createdAt: now, updatedAt: now })
    .returning({ id: profileUpdates.id });
  return row!.id;
}

/** Edits one of the owner's posts; false (nothing changed) for any other id. */
export async function updatePost(db: Db, userId: string, postId: string, input: ProfilePostInput, now: Date): Promise<boolean> {
  const updated = await db
    .update(profileUpdates)
    .set({ ...input, updatedAt: now })
    .where(and(eq(profileUpdates.id, postId), eq(profileUpdates.profileId, userId)))
    .returning({ id: profileUpdates.id });
  return updated.length > 0;
}

/** Deletes one of the owner's posts; false (nothing changed) for any other id. */
export async function deletePost(db: Db, userId: string, postId: string): Promise<boolean> {
  const deleted = await db
    .delete(profileUpdates)
    .where(and(eq(profileUpdates.id, postId), eq(profileUpdates.profileId, userId)))
    .returning({ id: profileUpdates.id });
  return deleted.length > 0;
}
