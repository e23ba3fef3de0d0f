import { data } from "react-router";
import { identityUploadsTooMany } from "~/features/identity/identity-limit-text";
import { requestTranslate } from "~/features/i18n/request-i18n.server";
import { getUser } from "~/features/auth/session.server";
import { IDENTITY_PHOTO_FORM_OVERHEAD_BYTES, IDENTITY_PHOTO_MAX_BYTES, IDENTITY_TEXT, isIdentityUploadKind } from "~/features/identity/identity-text";
import { storeIdentityPhoto } from "~/features/identity/identity.server";
import { privateStorage } from "~/features/identity/private-storage.server";
import { UploadError } from "~/features/media/upload-error";
import { consumeRateLimit, formatRetryAfter } from "~/features/security/rate-limit.server";
import { requestNow } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import { readFormWithLimit } from "~/lib/read-body.server";
import type { Route } from "./+types/api.identity-uploads";

/** Identity photo uploads per member (the quota of ADR 0251). */
export const IDENTITY_UPLOAD_RATE_LIMITS = [
  { max: 10, windowMs: 60 * 60_000 },
  { max: 30, windowMs: 24 * 60 * 60_000 },
];

const refused = (error: string, status: number) => data({ error }, { status, headers: { Connection: "close", "Cache-Control": "no-store" } });

/**
 * POST /api/identity/uploads?kind=document|selfie, multipart `file` → `{ id }`: one private
 * identity photo of the signed-in member (docs/product.md#identity-verification), or 4xx
 * `{ error }`. The file is checked from its bytes and re-encoded; it is never public.
 */
export async function action({ request }: Route.ActionArgs) {
  const user = await getUser(request);
  if (!user) return refused(IDENTITY_TEXT.errors.signIn, 401);
  if (request.method !== "POST") return refused("Method not allowed.", 405);
  const kind = new URL(request.url).searchParams.get("kind");
  if (!isIdentityUploadKind(kind)) return refused(IDENTITY_TEXT.errors.unknownKind, 400);
  const db = await getDb();
  const slot = await consumeRateLimit(db, { key: `identity-photo:${user.id}`, limits: IDENTITY_UPLOAD_RATE_LIMITS });
  if (!slot.ok) {
    const say = await requestTranslate(request);
    return data({ error: identityUploadsTooMany(formatRetryAfter(slot.retryAfterSeconds, say), say) }, { status: 429, headers: { "Retry-After": String(slot.retryAfterSeconds), Connection: "close" } });
  }
  try {
    const body = await readFormWithLimit(request, IDENTITY_PHOTO_MAX_BYTES + IDENTITY_PHOTO_FORM_OVERHEAD_BYTES);
    if (!body.ok) throw new UploadError(IDENTITY_TEXT.errors.tooLarge, 413);
    const file = body.form.get("file");
    if (!file || typeof file === "string" || file.size === 0) throw new UploadError(IDENTITY_TEXT.errors.notImage, 415);
    const bytes = Buffer.from(await file.arrayBuffer());
    const stored = await storeIdentityPhoto(db, privateStorage(), { userId: user.id, kind, bytes, now: requestNow(request) });
    return data(stored, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    if (error instanceof UploadError) {
      logger.info({ reason: "identity-photo-refused", status: error.status }, "request refused");
      return refused(error.message, error.status);
    }
    logger.error({ err: error instanceof Error ? error.message : String(error) }, "identity photo upload failed");
    return data({ error: IDENTITY_TEXT.errors.uploadFailed }, { status: 503 });
  }
}

export function loader() {
  return data({ error: "Method not allowed." }, { status: 405 });
}
