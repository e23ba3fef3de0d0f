import { msg, plural } from "@lingui/core/macro";
import { inArray, sql } from "drizzle-orm";
import { mediaUploads } from "~/db/schema/index";
import type { Db, Tx } from "~/lib/db.server";
import { QUOTA_BYTES_MESSAGE, UPLOAD_QUOTA } from "./upload-limits";
import { UploadError } from "./upload-error";

/**
 * The per-user upload quota (docs/decisions/0085-upload-quotas.md), counted from the
 * media_uploads table: files not attached to any of the user's listings (or to a handover
 * record, ADR 0277), and bytes uploaded in the last 24 hours.
 */
export type UploadUsage = { pendingImages: number; pendingVideos: number; pendingBytes: number; dailyBytes: number };
export type PlannedUpload = { key: string; url: string; kind: "image" | "video"; bytes: number };

export async function uploadUsage(db: Db | Tx, userId: string): Promise<UploadUsage> {
  const result = await db.execute<{ pending_images: string; pending_videos: string; pending_bytes: string; daily_bytes: string }>(sql`
    select
      count(*) filter (where not attached and m.kind = 'image') as pending_images,
      count(*) filter (where not attached and m.kind = 'video') as pending_videos,
      coalesce(sum(m.bytes) filter (where not attached), 0) as pending_bytes,
      coalesce(sum(m.bytes) filter (where m.created_at > now() - interval '1 day'), 0) as daily_bytes
    from ${mediaUploads} m
    cross join lateral (
      select exists (
        select 1 from spaces s
        where s.user_id = m.user_id and (m.url = any(s.images) or m.url = any(s.videos))
      ) or exists (select 1 from handover_photos h where h.url = m.url) as attached
    ) a
    where m.user_id = ${userId}`);
  const row = result.rows[0]!;
  return {
    pendingImages: Number(row.pending_images),
    pendingVideos: Number(row.pending_videos),
    pendingBytes: Number(row.pending_bytes),
    dailyBytes: Number(row.daily_bytes),
  };
}

/** What one more request may still bring, by the quota alone. */
export function remainingAllowance(usage: UploadUsage) {
  return {
    images: Math.max(0, UPLOAD_QUOTA.pendingImages - usage.pendingImages),
    videos: Math.max(0, UPLOAD_QUOTA.pendingVideos - usage.pendingVideos),
    bytes: Math.max(0, Math.min(UPLOAD_QUOTA.pendingBytes - usage.pendingBytes, UPLOAD_QUOTA.dailyBytes - usage.dailyBytes)),
  };
}

const pendingImages = UPLOAD_QUOTA.pendingImages;
const pendingVideos = UPLOAD_QUOTA.pendingVideos;

/** The quota's refusals (UploadError's text), said in the uploader's language by the endpoint (issue #31). */
export const QUOTA_MESSAGES = {
  images: msg`${plural(pendingImages, { one: "You have # image uploaded that is not on a listing yet. Save your listing or remove some before uploading more.", other: "You have # images uploaded that are not on a listing yet. Save your listing or remove some before uploading more." })}`,
  videos: msg`${plural(pendingVideos, { one: "You have # video uploaded that is not on a listing yet. Save your listing or remove some before uploading more.", other: "You have # videos uploaded that are not on a listing yet. Save your listing or remove some before uploading more." })}`,
  bytes: QUOTA_BYTES_MESSAGE,
};

/**
 * Records the files about to be stored, if the quota allows all of them; throws a 429
 * UploadError otherwise. Runs under a per-user advisory lock, so parallel upload requests
 * of one user are counted one after the other and cannot overshoot together.
 */
export async function reserveUploads(db: Db, userId: string, planned: PlannedUpload[]): Promise<void> {
  if (planned.length === 0) return;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('media-uploads'), hashtext(${userId}))`);
    const left = remainingAllowance(await uploadUsage(tx, userId));
    const images = planned.filter((file) => file.kind === "image").length;
    const videos = planned.length - images;
    const bytes = planned.reduce((sum, file) => sum + file.bytes, 0);
    if (images > left.images) throw new UploadError(QUOTA_MESSAGES.images, 429);
    if (videos > left.videos) throw new UploadError(QUOTA_MESSAGES.videos, 429);
    if (bytes > left.bytes) throw new UploadError(QUOTA_MESSAGES.bytes, 429);
    await tx.insert(mediaUploads).values(planned.map((file) => ({ ...file, userId })));
  });
}

/** Forgets reserved files that were not stored after all. */
export async function releaseUploads(db: Db, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await db.delete(mediaUploads).where(inArray(mediaUploads.key, keys));
}
