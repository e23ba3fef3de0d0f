import busboy from "busboy";
import { Readable } from "node:stream";
import sharp from "sharp";
import {
  displayName,
  MAX_IMAGE_BYTES,
  MAX_VIDEO_BYTES,
  SNIFF_BYTES,
  sniffMedia,
  type SniffedMedia,
} from "./sniff";
import { cardKeyFor, type MediaStorage, newMediaKey } from "./storage.server";

/**
 * The upload pipeline: a streaming multipart parse (busboy) with per-file size
 * limits, content sniffing, image re-encoding with sharp (metadata such as GPS
 * stripped; a card and a detail size) and storage. All or nothing: when one file
 * of a request is refused, the files already stored for it are deleted.
 */

export type UploadedMedia =
  | { kind: "image"; name: string; url: string; cardUrl: string }
  | { kind: "video"; name: string; url: string };

export class UploadError extends Error {
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message);
    this.name = "UploadError";
  }
}

export const MAX_FILES_PER_REQUEST = 25;
export const DETAIL_SIZE = { width: 1600, height: 1200 } as const;
export const CARD_SIZE = { width: 640, height: 480 } as const;
const MAX_INPUT_PIXELS = 60_000_000;

export const SUPPORTED_TYPES_TEXT = "JPEG, PNG, WebP, GIF or AVIF images, or MP4, WebM or MOV videos";

/** Re-encodes an image to WebP in two sizes. Throws UploadError when it is not a readable image. */
export async function processImage(bytes: Buffer, name: string, format?: string) {
  try {
    const source = sharp(bytes, { failOn: "warning", limitInputPixels: MAX_INPUT_PIXELS });
    const meta = await source.metadata();
    if (!meta.width || !meta.height) throw new Error("no dimensions");
    // rotate() applies the EXIF orientation; sharp drops all metadata (EXIF, GPS, XMP) unless asked to keep it.
    const detail = await sharp(bytes, { failOn: "warning", limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({ ...DETAIL_SIZE, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
    const card = await sharp(bytes, { failOn: "warning", limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({ ...CARD_SIZE, fit: "cover", position: "attention" })
      .webp({ quality: 78 })
      .toBuffer();
    return { detail, card };
  } catch {
    // HEIC (iPhone photos) is recognised but cannot be decoded here: say so plainly instead of "damaged".
    if (format === "heic") {
      throw new UploadError(`"${name}" is a HEIC photo, which cannot be used here. Upload it as a JPEG or PNG instead.`);
    }
    throw new UploadError(`"${name}" could not be read as an image. It may be damaged or incomplete.`);
  }
}

/** Stores one checked file; returns its public URL(s). */
export async function storeMedia(
  storage: MediaStorage,
  userId: string,
  name: string,
  bytes: Buffer,
  sniffed: SniffedMedia,
): Promise<UploadedMedia> {
  if (sniffed.kind === "image") {
    const { detail, card } = await processImage(bytes, name, sniffed.format);
    const key = newMediaKey(userId, "webp");
    const stored = await storage.put(key, detail, "image/webp");
    try {
      await storage.put(cardKeyFor(key), card, "image/webp");
    } catch (error) {
      await storage.delete(key).catch(() => undefined);
      throw error;
    }
    return { kind: "image", name, url: stored.url, cardUrl: storage.urlFor(cardKeyFor(key)) };
  }
  const stored = await storage.put(newMediaKey(userId, sniffed.ext), bytes, sniffed.contentType);
  return { kind: "video", name, url: stored.url };
}

/** Removes everything a list of upload results stored. */
export async function discardMedia(storage: MediaStorage, uploaded: UploadedMedia[]) {
  for (const item of uploaded) {
    const key = storage.keyFromUrl(item.url);
    if (!key) continue;
    await storage.delete(key).catch(() => undefined);
    if (item.kind === "image") await storage.delete(cardKeyFor(key)).catch(() => undefined);
  }
}

type ReceivedFile = { name: string; bytes: Buffer; sniffed: SniffedMedia };

/** Checks one received file's content against the rules (without the size, checked while streaming). */
export function checkFile(name: string, bytes: Buffer): SniffedMedia {
  if (bytes.length === 0) throw new UploadError(`"${name}" is empty.`);
  const sniffed = sniffMedia(bytes.subarray(0, SNIFF_BYTES));
  if (!sniffed) throw new UploadError(`"${name}" is not a supported file. Upload ${SUPPORTED_TYPES_TEXT}.`);
  if (sniffed.kind === "image" && bytes.length > MAX_IMAGE_BYTES) {
    throw new UploadError(`"${name}" is larger than 10 MB, the limit for an image.`, 413);
  }
  return sniffed;
}

/**
 * Parses a multipart request with files in the field `files`, checks and stores
 * each, and returns what was stored. Throws UploadError (4xx) for bad input.
 */
export async function receiveUploads(
  request: Request,
  storage: MediaStorage,
  userId: string,
  { maxImages, maxVideos }: { maxImages: number; maxVideos: number },
): Promise<UploadedMedia[]> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!contentType.toLowerCase().startsWith("multipart/form-data") || !request.body) {
    throw new UploadError("Send the files as multipart/form-data.", 415);
  }
  const received: ReceivedFile[] = [];
  let problem: UploadError | undefined;

  await new Promise<void>((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { "content-type": contentType },
        limits: { fileSize: MAX_VIDEO_BYTES, files: MAX_FILES_PER_REQUEST, fields: 10, parts: MAX_FILES_PER_REQUEST + 10 },
      });
    } catch {
      reject(new UploadError("The upload could not be read.", 400));
      return;
    }
    // Files of each kind seen so far: a surplus file is refused as soon as its first
    // bytes say what it is, so a request never buffers more than the listing may take.
    const seen = { image: 0, video: 0 };
    const tooMany = (kind: "image" | "video") =>
      kind === "image"
        ? new UploadError(`A listing can have at most 20 images; you can add ${Math.max(0, maxImages)} more.`)
        : new UploadError(`A listing can have at most 5 videos; you can add ${Math.max(0, maxVideos)} more.`);
    parser.on("file", (field, stream, info) => {
      const name = displayName(info.filename ?? "file");
      if (field !== "files" || problem) {
        stream.resume();
        return;
      }
      let chunks: Buffer[] = [];
      let size = 0;
      let dropped = false;
      /** undefined until the first SNIFF_BYTES have arrived. */
      let kind: "image" | "video" | null | undefined;
      const drop = (error: UploadError) => {
        dropped = true;
        chunks = [];
        problem ??= error;
      };
      stream.on("data", (chunk: Buffer) => {
        if (dropped) return;
        size += chunk.length;
        chunks.push(chunk);
        if (kind === undefined && size >= SNIFF_BYTES) {
          kind = sniffMedia(Buffer.concat(chunks).subarray(0, SNIFF_BYTES))?.kind ?? null;
          if (kind === null) return drop(new UploadError(`"${name}" is not a supported file. Upload ${SUPPORTED_TYPES_TEXT}.`));
          seen[kind] += 1;
          if (seen.image > maxImages) return drop(tooMany("image"));
          if (seen.video > maxVideos) return drop(tooMany("video"));
        }
        // Images are capped at 10 MB as soon as the first bytes say it is an image.
        if (kind === "image" && size > MAX_IMAGE_BYTES) drop(new UploadError(`"${name}" is larger than 10 MB, the limit for an image.`, 413));
      });
      // A truncated body destroys the file stream with an error; unhandled, it would crash the process.
      stream.on("error", () => drop(new UploadError("The upload was interrupted.", 400)));
      stream.on("limit", () => drop(new UploadError(`"${name}" is larger than 100 MB, the limit for a video.`, 413)));
      stream.on("close", () => {
        if (dropped || problem) return;
        const bytes = Buffer.concat(chunks);
        try {
          received.push({ name, bytes, sniffed: checkFile(name, bytes) });
        } catch (error) {
          problem ??= error as UploadError;
        }
      });
    });
    parser.on("filesLimit", () => {
      problem ??= new UploadError(`Upload at most ${MAX_FILES_PER_REQUEST} files at a time.`, 413);
    });
    parser.on("error", () => reject(new UploadError("The upload could not be read.", 400)));
    parser.on("close", () => resolve());
    const body = Readable.fromWeb(request.body as never);
    body.on("error", () => reject(new UploadError("The upload was interrupted.", 400)));
    body.pipe(parser);
  });

  if (problem) throw problem;
  if (received.length === 0) throw new UploadError("Choose at least one image or video to upload.");
  const images = received.filter((file) => file.sniffed.kind === "image").length;
  const videos = received.length - images;
  if (images > maxImages) throw new UploadError(`A listing can have at most 20 images; you can add ${Math.max(0, maxImages)} more.`);
  if (videos > maxVideos) throw new UploadError(`A listing can have at most 5 videos; you can add ${Math.max(0, maxVideos)} more.`);

  const stored: UploadedMedia[] = [];
  try {
    for (const file of received) stored.push(await storeMedia(storage, userId, file.name, file.bytes, file.sniffed));
  } catch (error) {
    await discardMedia(storage, stored);
    if (error instanceof UploadError) throw error;
    console.error("Media upload failed:", error);
    throw new UploadError("The upload could not be stored. Please try again.", 503);
  }
  return stored;
}
