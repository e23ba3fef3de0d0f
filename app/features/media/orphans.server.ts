import { and, asc, eq, lt, sql } from "drizzle-orm";
import { depositClaims, handoverPhotos, mediaUploads, profiles, spaces } from "~/db/schema/index";
import type { Db } from "~/lib/db.server";
import { cardKeyFor, type MediaStorage } from "./storage.server";
import { UNATTACHED_GRACE_MS } from "./upload-limits";
import { isUuid } from "~/lib/uuid";

/**
 * Whether one of the owner's listings, the owner's avatar or banner, or a handover record
 * (a photo of its author's, ADR 0277) or a damage claim (ADR 0284) uses this URL.
 */
export async function isMediaAttached(db: Db, userId: string, url: string) {
  const rows = await db
    .select({ id: spaces.id })
    .from(spaces)
    .where(and(eq(spaces.userId, userId), sql`(${url} = any(${spaces.images}) or ${url} = any(${spaces.videos}))`))
    .limit(1);
  if (rows.length > 0) return true;
  const profile = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.id, userId), sql`(${profiles.avatarUrl} = ${url} or ${profiles.bannerUrl} = ${url})`))
    .limit(1);
  if (profile.length > 0) return true;
  const handover = await db.select({ url: handoverPhotos.url }).from(handoverPhotos).where(eq(handoverPhotos.url, url)).limit(1);
  if (handover.length > 0) return true;
  // A damage claim's photos (ADR 0284) are kept with the claim.
  const claim = await db.select({ id: depositClaims.id }).from(depositClaims).where(sql`${depositClaims.photos} @> ${JSON.stringify([url])}::jsonb`).limit(1);
  return claim.length > 0;
}

/**
 * Deletes one of the user's own uploads that no listing uses (the uploader's
 * "remove" before saving). Returns false, deleting nothing, for anything else.
 */
export async function deleteUnattachedUpload(db: Db, storage: MediaStorage, userId: string, url: string) {
  const key = storage.keyFromUrl(url);
  if (!key || !key.startsWith(`${userId}/`) || key.includes(".card.")) return false;
  if (await isMediaAttached(db, userId, url)) return false;
  await storage.delete(key);
  if (key.endsWith(".webp")) await storage.delete(cardKeyFor(key));
  return true;
}

export const ORPHAN_AGE_MS = UNATTACHED_GRACE_MS;

/**
 * Goes through the upload records (media_uploads) older than the grace period: a file no
 * listing uses is deleted, whatever the storage (local or S3); the record goes either way,
 * so it no longer counts towards the uploader's quota. Returns the number of files deleted.
 */
export async function sweepUploadRecords(db: Db, storage: MediaStorage, now = new Date(), batch = 500) {
  const cutoff = new Date(now.getTime() - ORPHAN_AGE_MS);
  let deleted = 0;
  for (;;) {
    const rows = await db
      .select({ key: mediaUploads.key, url: mediaUploads.url, userId: mediaUploads.userId })
      .from(mediaUploads)
      .where(lt(mediaUploads.createdAt, cutoff))
      .orderBy(asc(mediaUploads.createdAt))
      .limit(batch);
    for (const row of rows) {
      if (!(await isMediaAttached(db, row.userId, row.url))) {
        await storage.delete(row.key);
        if (row.key.endsWith(".webp")) await storage.delete(cardKeyFor(row.key));
        deleted += 1;
      }
      await db.delete(mediaUploads).where(eq(mediaUploads.key, row.key));
    }
    if (rows.length < batch) return deleted;
  }
}

/**
 * Deletes uploads older than a day that no listing references (uploaded, then the
 * form was abandoned). Local storage only; an S3 bucket uses a lifecycle rule.
 */
export async function sweepOrphanedMedia(db: Db, storage: MediaStorage, now = new Date()) {
  const recorded = await sweepUploadRecords(db, storage, now);
  if (!storage.listOlderThan) return recorded;
  const keys = await storage.listOlderThan(new Date(now.getTime() - ORPHAN_AGE_MS));
  let deleted = recorded;
  for (const key of keys) {
    const owner = key.split("/")[0]!;
    const mainKey = key.replace(".card.", ".");
    const url = storage.urlFor(mainKey);
    if (!isUuid(owner)) continue;
    if (await isMediaAttached(db, owner, url)) continue;
    await storage.delete(key);
    deleted += 1;
  }
  return deleted;
}
