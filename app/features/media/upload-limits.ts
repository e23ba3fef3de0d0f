import { translatable } from "~/features/i18n/translatable";
import { MAX_IMAGE_BYTES, MAX_VIDEO_BYTES } from "./sniff";

/**
 * How much one user may upload (docs/decisions/0085-upload-quotas.md). Enforced on the
 * server from the media_uploads table — nothing the browser sends can raise them.
 */
export const MAX_FILES_PER_REQUEST = 25;
/** A listing holds at most this many (app/features/hosting/listing-form.ts enforces it on save). */
export const LISTING_MAX_IMAGES = 20;
export const LISTING_MAX_VIDEOS = 5;

export const UPLOAD_QUOTA = {
  /** Uploaded but not (yet) attached to any of the user's listings: two listings' worth. */
  pendingImages: 2 * LISTING_MAX_IMAGES,
  pendingVideos: 2 * LISTING_MAX_VIDEOS,
  pendingBytes: 1024 * 1024 * 1024,
  /** Everything uploaded in the last 24 hours, attached or not. */
  dailyBytes: 2 * 1024 * 1024 * 1024,
} as const;

/** Upload requests per user. */
export const UPLOAD_RATE_LIMITS = [
  { max: 30, windowMs: 10 * 60_000 },
  { max: 200, windowMs: 24 * 60 * 60_000 },
];

/** Files never attached to a listing are deleted after this long (app/features/media/orphans.server.ts). */
export const UNATTACHED_GRACE_MS = 24 * 60 * 60 * 1000;

/** The largest upload request the HTTP server lets through (a full listing's files plus multipart overhead). */
export const MAX_UPLOAD_REQUEST_BYTES = LISTING_MAX_VIDEOS * MAX_VIDEO_BYTES + LISTING_MAX_IMAGES * MAX_IMAGE_BYTES + 1024 * 1024;

export const QUOTA_BYTES_MESSAGE = translatable("You have reached your upload allowance for now. Save your listing or remove unused files, or try again tomorrow.");
