import { translatable } from "~/features/i18n/translatable";
import { ACCEPT_IMAGES } from "./sniff";

/**
 * Avatar and banner uploads (docs/product.md#media): images only, at most 5MB for an
 * avatar and 10MB for a banner, with the product's texts. Browser-safe: the profile
 * page checks a chosen file with these before sending it, the server checks again.
 */
export const PROFILE_IMAGE_KINDS = ["avatar", "banner"] as const;
export type ProfileImageKind = (typeof PROFILE_IMAGE_KINDS)[number];

const MB = 1024 * 1024;
export const PROFILE_IMAGE_MAX_BYTES: Record<ProfileImageKind, number> = { avatar: 5 * MB, banner: 10 * MB };

/** Multipart overhead allowed on top of the file itself. */
export const PROFILE_IMAGE_FORM_OVERHEAD_BYTES = 64 * 1024;
/** The largest request body the profile image endpoint reads (server/hardening.ts lets it through). */
export const MAX_PROFILE_IMAGE_REQUEST_BYTES = PROFILE_IMAGE_MAX_BYTES.banner + PROFILE_IMAGE_FORM_OVERHEAD_BYTES;

export const PROFILE_IMAGE_TEXT = {
  notImage: translatable("Please select an image file"),
  tooLarge: { avatar: translatable("File size must be less than 5MB"), banner: translatable("File size must be less than 10MB") },
} as const;

export const PROFILE_IMAGE_ACCEPT = ACCEPT_IMAGES;

/** Stored sizes: a square avatar, a wide banner (cropped around the interesting part). */
export const PROFILE_IMAGE_SIZE: Record<ProfileImageKind, { width: number; height: number }> = {
  avatar: { width: 512, height: 512 },
  banner: { width: 1600, height: 500 },
};

export function isProfileImageKind(value: unknown): value is ProfileImageKind {
  return typeof value === "string" && (PROFILE_IMAGE_KINDS as readonly string[]).includes(value);
}

/** The browser's check of a chosen file (type and size); null when it may be sent. */
export function profileImageProblem(kind: ProfileImageKind, file: { type: string; size: number }): string | null {
  if (!file.type.startsWith("image/")) return PROFILE_IMAGE_TEXT.notImage;
  if (file.size > PROFILE_IMAGE_MAX_BYTES[kind]) return PROFILE_IMAGE_TEXT.tooLarge[kind];
  return null;
}
