import { and, eq, sql } from "drizzle-orm";
import { spaces } from "~/db/schema/index";
import type { Db } from "~/lib/db.server";
import { cardKeyFor, type MediaStorage } from "./storage.server";

/** Whether one of the owner's listings uses this URL. */
export async function isMediaAttached(db: Db, userId: string, url: string) {
  const rows = await db
    .select({ id: spaces.id })
    .from(spaces)
    .where(and(eq(spaces.userId, userId), sql`(${url} = any(${spaces.images}) or ${url} = any(${spaces.videos}))`))
    .limit(1);
  return rows.length > 0;
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

export const ORPHAN_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes uploads older than a day that no listing references (uploaded, then the
 * form was abandoned). Local storage only; an S3 bucket uses a lifecycle rule.
 */
export async function sweepOrphanedMedia(db: Db, storage: MediaStorage, now = new Date()) {
  if (!storage.listOlderThan) return 0;
  const keys = await storage.listOlderThan(new Date(now.getTime() - ORPHAN_AGE_MS));
  let deleted = 0;
  for (const key of keys) {
    const owner = key.split("/")[0]!;
    const mainKey = key.replace(".card.", ".");
    const url = storage.urlFor(mainKey);
    if (!/^[0-9a-f-]{36}$/.test(owner)) continue;
    if (await isMediaAttached(db, owner, url)) continue;
    await storage.delete(key);
    deleted += 1;
  }
  return deleted;
}
