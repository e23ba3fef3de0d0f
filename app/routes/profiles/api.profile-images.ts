import { msg } from "@lingui/core/macro";
import { data } from "react-router";
import { requestTranslate } from "~/features/i18n/request-i18n.server";
import { getUser } from "~/features/auth/session.server";
import { isProfileImageKind } from "~/features/media/profile-image-rules";
import { receiveProfileImage } from "~/features/media/profile-images.server";
import { mediaStorage } from "~/features/media/storage.server";
import { UploadError } from "~/features/media/upload-error";
import { replaceProfileImage } from "~/features/profiles/profile-images.server";
import { consumeRateLimit, formatRetryAfter } from "~/features/security/rate-limit.server";
import { requestNow } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import { ERROR_TEXT } from "~/lib/messages";
import type { Route } from "./+types/api.profile-images";

/** Profile image uploads per member. */
export const PROFILE_IMAGE_RATE_LIMITS = [
  { max: 20, windowMs: 10 * 60_000 },
  { max: 100, windowMs: 24 * 60 * 60_000 },
];

const failed = { avatar: ERROR_TEXT.uploadAvatar, banner: ERROR_TEXT.uploadBanner } as const;

/**
 * POST /api/profile/images?kind=avatar|banner, multipart `file` → `{ url }`: the signed-in
 * member's new avatar or banner (docs/product.md#media), or 4xx `{ error }` with the
 * product's text ('Please select an image file', 'File size must be less than 5MB' …).
 */
export async function action({ request }: Route.ActionArgs) {
  const user = await getUser(request);
  if (!user) return data({ error: "Sign in to change your profile." }, { status: 401 });
  if (request.method !== "POST") return data({ error: "Method not allowed." }, { status: 405 });
  const kind = new URL(request.url).searchParams.get("kind");
  if (!isProfileImageKind(kind)) return data({ error: "Unknown image kind." }, { status: 400 });
  const db = await getDb();
  const slot = await consumeRateLimit(db, { key: `profile-image:${user.id}`, limits: PROFILE_IMAGE_RATE_LIMITS });
  if (!slot.ok) {
    // In the language of the page that sent the request (its Referer, issue #31).
    const _ = await requestTranslate(request);
    const wait = formatRetryAfter(slot.retryAfterSeconds, _);
    return data(
      { error: _(msg`Too many uploads. Please try again in ${wait}.`) },
      { status: 429, headers: { "Retry-After": String(slot.retryAfterSeconds), Connection: "close" } },
    );
  }
  try {
    const bytes = await receiveProfileImage(request, kind);
    const url = await replaceProfileImage(db, mediaStorage(), user.id, kind, bytes, requestNow(request));
    return data({ url }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    if (error instanceof UploadError) {
      logger.info({ reason: "profile-image-refused", status: error.status, detail: error.message }, "request refused");
      return data({ error: error.message }, { status: error.status, headers: { Connection: "close" } });
    }
    logger.error({ reason: "profile-image-failed", kind, err: error instanceof Error ? error.message : String(error) }, "profile image upload failed");
    return data({ error: failed[kind] }, { status: 503 });
  }
}

export function loader() {
  return data({ error: "Method not allowed." }, { status: 405 });
}
