import { translatable } from "~/features/i18n/translatable";
import { msg } from "@lingui/core/macro";
import { requestTranslate } from "~/features/i18n/request-i18n.server";
import { data } from "react-router";
import type { Route } from "./+types/api.media-uploads";
import { getUser } from "~/features/auth/session.server";
import { MAX_IMAGES, MAX_VIDEOS } from "~/features/hosting/listing-form";
import { deleteUnattachedUpload } from "~/features/media/orphans.server";
import { mediaStorage } from "~/features/media/storage.server";
import { UPLOAD_RATE_LIMITS } from "~/features/media/upload-limits";
import { QUOTA_MESSAGES, releaseUploads, remainingAllowance, reserveUploads, uploadUsage } from "~/features/media/upload-quota.server";
import { receiveUploads, UploadError } from "~/features/media/upload.server";
import { consumeRateLimit, formatRetryAfter } from "~/features/security/rate-limit.server";
import { logger } from "~/lib/logger.server";
import { getDb } from "~/lib/db.server";
import { bodyTooLargeResponse, readFormWithLimit, SMALL_FORM_BYTES } from "~/lib/read-body.server";

/**
 * POST multipart `files` → `{ files: [{ kind, url, cardUrl?, name }] }`, or 4xx
 * `{ error }` naming the refused file. DELETE form `url` removes one of the
 * user's uploads that no listing uses. Errors are in the language of the page that sent
 * the request (its Referer, issue #31).
 */
export async function action({ request }: Route.ActionArgs) {
  const _ = await requestTranslate(request);
  const user = await getUser(request);
  if (!user) return data({ error: _(translatable("Sign in to upload files.")) }, { status: 401 });
  const storage = mediaStorage();
  if (request.method === "DELETE") {
    const body = await readFormWithLimit(request, SMALL_FORM_BYTES);
    if (!body.ok) return bodyTooLargeResponse();
    const url = body.form.get("url");
    if (typeof url !== "string" || url.length > 500) return data({ error: _(translatable("Missing file URL.")) }, { status: 400 });
    const deleted = await deleteUnattachedUpload(await getDb(), storage, user.id, url);
    return deleted ? { deleted: true } : data({ error: _(translatable("That file cannot be deleted.")) }, { status: 404 });
  }
  if (request.method !== "POST") return data({ error: "Method not allowed." }, { status: 405 });
  const db = await getDb();
  // Upload requests per user (docs/decisions/0085-upload-quotas.md).
  const slot = await consumeRateLimit(db, { key: `media-upload:${user.id}`, limits: UPLOAD_RATE_LIMITS });
  if (!slot.ok) {
    const wait = formatRetryAfter(slot.retryAfterSeconds, _);
    return data(
      { error: _(msg`Too many uploads. Please try again in ${wait}.`) },
      { status: 429, headers: { "Retry-After": String(slot.retryAfterSeconds), Connection: "close" } },
    );
  }
  // The browser says how many files its form already holds (`?images=3&videos=1`): that can
  // only lower this request's allowance. The quota itself is counted on the server.
  const url = new URL(request.url);
  const count = (name: string) => {
    const value = Number(url.searchParams.get(name) ?? "0");
    return Number.isInteger(value) && value >= 0 ? value : 0;
  };
  try {
    const left = remainingAllowance(await uploadUsage(db, user.id));
    if (left.images === 0 && left.videos === 0) throw new UploadError(QUOTA_MESSAGES.images, 429);
    if (left.bytes === 0) throw new UploadError(QUOTA_MESSAGES.bytes, 429);
    const byListing = { images: MAX_IMAGES - count("images"), videos: MAX_VIDEOS - count("videos") };
    const files = await receiveUploads(request, storage, user.id, {
      maxImages: Math.min(byListing.images, left.images),
      maxVideos: Math.min(byListing.videos, left.videos),
      quotaErrors: {
        image: left.images < byListing.images ? new UploadError(QUOTA_MESSAGES.images, 429) : undefined,
        video: left.videos < byListing.videos ? new UploadError(QUOTA_MESSAGES.videos, 429) : undefined,
      },
      maxBytes: left.bytes,
      reserve: (planned) => reserveUploads(db, user.id, planned),
      release: (keys) => releaseUploads(db, keys),
    });
    return { files };
  } catch (error) {
    if (error instanceof UploadError) {
      logger.info({ reason: "upload-refused", status: error.status, detail: error.message }, "request refused");
      return data({ error: error.say(_) }, { status: error.status, headers: { Connection: "close" } });
    }
    logger.error({ reason: "upload-failed", err: error instanceof Error ? error.message : String(error) }, "media upload failed");
    return data({ error: _(translatable("The upload could not be stored. Please try again.")) }, { status: 503 });
  }
}

export function loader() {
  return data({ error: "Method not allowed." }, { status: 405 });
}
