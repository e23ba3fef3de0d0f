/**
 * What a file really is, from its first bytes (magic numbers) — never from its
 * name or the browser's content type. Pure: used by the upload route and tests.
 */
export type SniffedMedia =
  | { kind: "image"; format: "jpeg" | "png" | "webp" | "gif" | "avif" | "heic" }
  | { kind: "video"; format: "mp4" | "quicktime" | "webm"; ext: "mp4" | "mov" | "webm"; contentType: string };

export const SNIFF_BYTES = 32;

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

const AVIF_BRANDS = new Set(["avif", "avis"]);
const HEIC_BRANDS = new Set(["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1"]);
const MP4_BRANDS = new Set(["isom", "iso2", "iso4", "iso5", "iso6", "mp41", "mp42", "avc1", "M4V ", "dash", "mmp4", "MSNV", "3gp4", "3gp5"]);

export function sniffMedia(bytes: Uint8Array): SniffedMedia | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { kind: "image", format: "jpeg" };
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { kind: "image", format: "png" };
  if (bytes.length >= 6 && (ascii(bytes, 0, 6) === "GIF87a" || ascii(bytes, 0, 6) === "GIF89a")) {
    return { kind: "image", format: "gif" };
  }
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") {
    return { kind: "image", format: "webp" };
  }
  // ISO base media file: [size:4]["ftyp"][major brand:4]
  if (bytes.length >= 12 && ascii(bytes, 4, 8) === "ftyp") {
    const size = ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0;
    if (size < 12 || size > 4096) return null;
    const brand = ascii(bytes, 8, 12);
    if (AVIF_BRANDS.has(brand)) return { kind: "image", format: "avif" };
    if (HEIC_BRANDS.has(brand)) return { kind: "image", format: "heic" };
    if (brand === "qt  ") return { kind: "video", format: "quicktime", ext: "mov", contentType: "video/quicktime" };
    if (MP4_BRANDS.has(brand)) return { kind: "video", format: "mp4", ext: "mp4", contentType: "video/mp4" };
    return null;
  }
  // EBML header (WebM / Matroska)
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) {
    return { kind: "video", format: "webm", ext: "webm", contentType: "video/webm" };
  }
  return null;
}

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const MAX_VIDEO_BYTES = 100 * 1024 * 1024;

/** Accepted by the file inputs; the server still checks every file's content. */
/**
 * Accepted by the photo input. HEIC is left out on purpose: the server cannot decode it
 * (sharp's prebuilt libvips has no HEVC decoder), and leaving it out makes iPhones hand
 * over a JPEG when a photo is picked from the library.
 */
export const ACCEPT_IMAGES = "image/jpeg,image/png,image/webp,image/gif,image/avif";
export const ACCEPT_VIDEOS = "video/mp4,video/webm,video/quicktime";

export function displayName(name: string) {
  const trimmed =
    Array.from(name)
      .filter((ch) => ch.charCodeAt(0) >= 32 && ch.charCodeAt(0) !== 127)
      .join("")
      .trim() || "file";
  return trimmed.length > 80 ? `${trimmed.slice(0, 77)}...` : trimmed;
}
