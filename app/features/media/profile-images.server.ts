import crypto from "node:crypto";
import sharp from "sharp";
import { readFormWithLimit } from "~/lib/read-body.server";
import { PROFILE_IMAGE_FORM_OVERHEAD_BYTES as FORM_OVERHEAD_BYTES, PROFILE_IMAGE_MAX_BYTES, PROFILE_IMAGE_SIZE, PROFILE_IMAGE_TEXT, type ProfileImageKind } from "./profile-image-rules";
import { SNIFF_BYTES, sniffMedia } from "./sniff";
import type { MediaStorage } from "./storage.server";
import { UploadError } from "./upload-error";

/**
 * Avatar and banner uploads (docs/product.md#media, docs/decisions/0141-profile-images.md):
 * one file in the field `file`, read with a byte limit, recognised from its first bytes,
 * re-encoded to WebP with sharp (metadata dropped) and stored under
 * `{user id}/{kind}-{time stamp}-{random}.webp`, a key never reused.
 */

const MAX_INPUT_PIXELS = 60_000_000;

/** Reads and checks the file of an upload request; throws UploadError with the product's text. */
export async function receiveProfileImage(request: Request, kind: ProfileImageKind): Promise<Buffer> {
  const body = await readFormWithLimit(request, PROFILE_IMAGE_MAX_BYTES[kind] + FORM_OVERHEAD_BYTES);
  if (!body.ok) throw new UploadError(PROFILE_IMAGE_TEXT.tooLarge[kind], 413);
  const file = body.form.get("file");
  if (!file || typeof file === "string" || file.size === 0) throw new UploadError(PROFILE_IMAGE_TEXT.notImage);
  if (file.size > PROFILE_IMAGE_MAX_BYTES[kind]) throw new UploadError(PROFILE_IMAGE_TEXT.tooLarge[kind], 413);
  const bytes = Buffer.from(await file.arrayBuffer());
  const sniffed = sniffMedia(bytes.subarray(0, SNIFF_BYTES));
  if (sniffed?.kind !== "image") throw new UploadError(PROFILE_IMAGE_TEXT.notImage, 415);
  return bytes;
}

/** Re-encodes to the kind's size as WebP; a file sharp cannot read is "not an image". */
export async function encodeProfileImage(bytes: Buffer, kind: ProfileImageKind): Promise<Buffer> {
  try {
    return await sharp(bytes, { failOn: "warning", limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({ ...PROFILE_IMAGE_SIZE[kind], fit: "cover", position: "attention" })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw new UploadError(PROFILE_IMAGE_TEXT.notImage, 415);
  }
}

/** `{user id}/{kind}-{ms}-{random}.webp` (matches the storage's key pattern). */
export function profileImageKey(userId: string, kind: ProfileImageKind, now: Date) {
  return `${userId}/${kind}-${now.getTime()}-${crypto.randomBytes(6).toString("base64url")}.webp`;
}

/** Whether `url` is a file this user uploaded as `kind` (the only files a replacement removes). */
export function isOwnProfileImage(storage: MediaStorage, userId: string, kind: ProfileImageKind, url: string | null): url is string {
  if (!url) return false;
  const key = storage.keyFromUrl(url);
  return Boolean(key?.startsWith(`${userId}/${kind}-`));
}

/** Encodes and stores one checked file; returns its public URL. */
export async function storeProfileImage(storage: MediaStorage, userId: string, kind: ProfileImageKind, bytes: Buffer, now: Date) {
  const encoded = await encodeProfileImage(bytes, kind);
  const stored = await storage.put(profileImageKey(userId, kind, now), encoded, "image/webp");
  return stored.url;
}
