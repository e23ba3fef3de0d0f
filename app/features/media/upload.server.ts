import { translatable } from "~/features/i18n/translatable";
import { msg, plural } from "@lingui/core/macro";
import busboy from "busboy";
import { createWriteStream, type WriteStream } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import sharp from "sharp";
import { UploadError } from "./upload-error";
import { MAX_FILES_PER_REQUEST, QUOTA_BYTES_MESSAGE } from "./upload-limits";
import type { PlannedUpload } from "./upload-quota.server";
import { logger } from "~/lib/logger.server";
import {
  displayName,
  MAX_IMAGE_BYTES,
  MAX_VIDEO_BYTES,
  SNIFF_BYTES,
  sniffMedia,
  type SniffedMedia,
} from "./sniff";
import { cardKeyFor, type MediaStorage, newMediaKey } from "./storage.server";
import { isWholeVideo } from "./video-container.server";

/**
 * The upload pipeline: a streaming multipart parse (busboy) with per-file size
 * limits, content sniffing, image re-encoding with sharp (metadata such as GPS
 * stripped; a card and a detail size) and storage. All or nothing: when one file
 * of a request is refused, the files already stored for it are deleted.
 */

export type UploadedMedia =
  | { kind: "image"; name: string; url: string; cardUrl: string }
  | { kind: "video"; name: string; url: string };

export { UploadError };
export { MAX_FILES_PER_REQUEST };
export const DETAIL_SIZE = { width: 1600, height: 1200 } as const;
export const CARD_SIZE = { width: 640, height: 480 } as const;
const MAX_INPUT_PIXELS = 60_000_000;

export const SUPPORTED_TYPES_TEXT = "JPEG, PNG, WebP, GIF or AVIF images, or MP4, WebM or MOV videos";

/**
 * The refusals that name a file or a count (issue #31): each a whole sentence, said in the
 * uploader's language by the endpoint (UploadError.say). The limits are written out (10 MB,
 * 100 MB, 20 images, 5 videos, SUPPORTED_TYPES_TEXT) so each is one message.
 */
export const UPLOAD_MESSAGES = {
  heic: (name: string) => msg`"${name}" is a HEIC photo, which cannot be used here. Upload it as a JPEG or PNG instead.`,
  unreadableImage: (name: string) => msg`"${name}" could not be read as an image. It may be damaged or incomplete.`,
  unreadableVideo: (name: string) => msg`"${name}" could not be read as a video. It may be damaged or incomplete.`,
  empty: (name: string) => msg`"${name}" is empty.`,
  unsupported: (name: string) => msg`"${name}" is not a supported file. Upload JPEG, PNG, WebP, GIF or AVIF images, or MP4, WebM or MOV videos.`,
  imageTooLarge: (name: string) => msg`"${name}" is larger than 10 MB, the limit for an image.`,
  videoTooLarge: (name: string) => msg`"${name}" is larger than 100 MB, the limit for a video.`,
  moreImages: (left: number) => msg`${plural(left, { one: "A listing can have at most 20 images; you can add # more.", other: "A listing can have at most 20 images; you can add # more." })}`,
  moreVideos: (left: number) => msg`${plural(left, { one: "A listing can have at most 5 videos; you can add # more.", other: "A listing can have at most 5 videos; you can add # more." })}`,
  tooManyFiles: (max: number) => msg`${plural(max, { one: "Upload at most # file at a time.", other: "Upload at most # files at a time." })}`,
};

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
      throw new UploadError(UPLOAD_MESSAGES.heic(name));
    }
    throw new UploadError(UPLOAD_MESSAGES.unreadableImage(name));
  }
}

/** Stores one checked file; returns its public URL(s). */
export async function storeMedia(
  storage: MediaStorage,
  userId: string,
  name: string,
  bytes: Buffer,
  sniffed: SniffedMedia,
  key = newMediaKey(userId, sniffed.kind === "image" ? "webp" : sniffed.ext),
): Promise<UploadedMedia> {
  if (sniffed.kind === "image") {
    const { detail, card } = await processImage(bytes, name, sniffed.format);
    const stored = await storage.put(key, detail, "image/webp");
    try {
      await storage.put(cardKeyFor(key), card, "image/webp");
    } catch (error) {
      await storage.delete(key).catch(() => undefined);
      throw error;
    }
    return { kind: "image", name, url: stored.url, cardUrl: storage.urlFor(cardKeyFor(key)) };
  }
  const stored = await storage.put(key, bytes, sniffed.contentType);
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

/** A file part written to a temporary file while it streamed in. */
type ReceivedFile = { name: string; file: string; size: number; sniffed: SniffedMedia };

/** Checks a file from its first bytes and its size. */
function checkReceived(name: string, head: Buffer, size: number): SniffedMedia {
  if (size === 0) throw new UploadError(UPLOAD_MESSAGES.empty(name));
  const sniffed = sniffMedia(head.subarray(0, SNIFF_BYTES));
  if (!sniffed) throw new UploadError(UPLOAD_MESSAGES.unsupported(name));
  if (sniffed.kind === "image" && size > MAX_IMAGE_BYTES) {
    throw new UploadError(UPLOAD_MESSAGES.imageTooLarge(name), 413);
  }
  return sniffed;
}

export type UploadAllowance = {
  maxImages: number;
  maxVideos: number;
  /** The refusal when maxImages / maxVideos is set by the user's quota rather than the listing's limit. */
  quotaErrors?: { image?: UploadError; video?: UploadError };
  /** Bytes this request may bring in all (the user's remaining quota). */
  maxBytes?: number;
  /** Records the files before they are stored; throws UploadError when the quota does not allow them. */
  reserve?: (planned: PlannedUpload[]) => Promise<void>;
  /** Forgets reserved files that could not be stored. */
  release?: (keys: string[]) => Promise<void>;
};

/**
 * Streams each file part of a multipart body into a temporary file, enforcing the size and
 * count limits while the bytes arrive: memory holds only the first bytes of each file.
 */
async function receiveToFiles(request: Request, contentType: string, dir: string, allowance: UploadAllowance): Promise<ReceivedFile[]> {
  const { maxImages, maxVideos, maxBytes = Number.POSITIVE_INFINITY } = allowance;
  const received: ReceivedFile[] = [];
  const writes: Promise<void>[] = [];
  let problem: UploadError | undefined;
  let total = 0;
  let index = 0;

  await new Promise<void>((resolve, reject) => {
    let parser: busboy.Busboy;
    const body = Readable.fromWeb(request.body as never);
    // Once a request is refused, the rest of its body is not read at all: the answer goes
    // out and the HTTP server closes the connection (server/hardening.ts).
    const stopReading = () => {
      body.unpipe(parser);
      body.pause();
      resolve();
    };
    try {
      parser = busboy({
        headers: { "content-type": contentType },
        limits: { fileSize: MAX_VIDEO_BYTES, files: MAX_FILES_PER_REQUEST, fields: 10, parts: MAX_FILES_PER_REQUEST + 10, fieldSize: 1024 },
      });
    } catch {
      reject(new UploadError(translatable("The upload could not be read."), 400));
      return;
    }
    // A surplus file is refused as soon as its first bytes say what it is.
    const seen = { image: 0, video: 0 };
    const tooMany = (kind: "image" | "video") =>
      allowance.quotaErrors?.[kind] ??
      (kind === "image"
        ? new UploadError(UPLOAD_MESSAGES.moreImages(Math.max(0, maxImages)))
        : new UploadError(UPLOAD_MESSAGES.moreVideos(Math.max(0, maxVideos))));
    parser.on("file", (field, stream, info) => {
      const name = displayName(info.filename ?? "file");
      if (field !== "files" || problem) {
        stream.resume();
        return;
      }
      const file = path.join(dir, String(index++));
      const out: WriteStream = createWriteStream(file, { flags: "wx", mode: 0o600 });
      let head = Buffer.alloc(0);
      let size = 0;
      let dropped = false;
      /** undefined until the first bytes have been classified. */
      let kind: "image" | "video" | null | undefined;
      const drop = (error: UploadError) => {
        if (dropped) return;
        dropped = true;
        problem ??= error;
        out.destroy();
        stream.resume();
        stopReading();
      };
      const classify = () => {
        kind = sniffMedia(head.subarray(0, SNIFF_BYTES))?.kind ?? null;
        if (kind === null) return drop(new UploadError(UPLOAD_MESSAGES.unsupported(name)));
        seen[kind] += 1;
        if (seen.image > maxImages) return drop(tooMany("image"));
        if (seen.video > maxVideos) return drop(tooMany("video"));
      };
      writes.push(
        new Promise<void>((done) => {
          out.on("close", done);
          out.on("error", () => {
            drop(new UploadError(translatable("The upload could not be stored. Please try again."), 503));
            done();
          });
        }),
      );
      stream.on("data", (chunk: Buffer) => {
        if (dropped) return;
        size += chunk.length;
        total += chunk.length;
        if (head.length < SNIFF_BYTES) head = Buffer.concat([head, chunk.subarray(0, SNIFF_BYTES - head.length)]);
        if (kind === undefined && head.length >= SNIFF_BYTES) classify();
        if (dropped) return;
        if (kind === "image" && size > MAX_IMAGE_BYTES) return drop(new UploadError(UPLOAD_MESSAGES.imageTooLarge(name), 413));
        if (total > maxBytes) return drop(new UploadError(QUOTA_BYTES_MESSAGE, 429));
        if (!out.write(chunk)) {
          stream.pause();
          out.once("drain", () => stream.resume());
        }
      });
      // A truncated body destroys the file stream with an error; unhandled, it would crash the process.
      stream.on("error", () => drop(new UploadError(translatable("The upload was interrupted."), 400)));
      stream.on("limit", () => drop(new UploadError(UPLOAD_MESSAGES.videoTooLarge(name), 413)));
      stream.on("end", () => {
        if (dropped) return;
        if (kind === undefined && size > 0) classify();
        if (dropped) return;
        out.end();
        if (problem) return;
        try {
          received.push({ name, file, size, sniffed: checkReceived(name, head, size) });
        } catch (error) {
          problem ??= error as UploadError;
        }
      });
    });
    parser.on("filesLimit", () => {
      problem ??= new UploadError(UPLOAD_MESSAGES.tooManyFiles(MAX_FILES_PER_REQUEST), 413);
      stopReading();
    });
    parser.on("error", () => reject(new UploadError(translatable("The upload could not be read."), 400)));
    parser.on("close", () => resolve());
    body.on("error", () => reject(new UploadError(translatable("The upload was interrupted."), 400)));
    body.pipe(parser);
  });
  await Promise.all(writes);
  if (problem) throw problem;
  return received;
}

/** Stores one received file under `key`, reading it from its temporary file. */
async function storeReceived(storage: MediaStorage, userId: string, file: ReceivedFile, key: string): Promise<UploadedMedia> {
  if (file.sniffed.kind === "video" && storage.putFile) {
    const stored = await storage.putFile(key, file.file, file.sniffed.contentType);
    return { kind: "video", name: file.name, url: stored.url };
  }
  return storeMedia(storage, userId, file.name, await fs.readFile(file.file), file.sniffed, key);
}

/**
 * Parses a multipart request with files in the field `files`, checks and stores
 * each, and returns what was stored. Throws UploadError (4xx) for bad input.
 */
export async function receiveUploads(
  request: Request,
  storage: MediaStorage,
  userId: string,
  allowance: UploadAllowance,
): Promise<UploadedMedia[]> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!contentType.toLowerCase().startsWith("multipart/form-data") || !request.body) {
    throw new UploadError(translatable("Send the files as multipart/form-data."), 415);
  }
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "rentwell-upload-"));
  try {
    const received = await receiveToFiles(request, contentType, dir, allowance);
    if (received.length === 0) throw new UploadError(translatable("Choose at least one image or video to upload."));
    // Images are proven by re-encoding; a video is kept as sent, so it must parse whole.
    for (const file of received) {
      if (file.sniffed.kind === "video" && !(await isWholeVideo(file.file, file.sniffed.format))) {
        throw new UploadError(UPLOAD_MESSAGES.unreadableVideo(file.name));
      }
    }
    const planned = received.map((file) => {
      const key = newMediaKey(userId, file.sniffed.kind === "image" ? "webp" : file.sniffed.ext);
      return { key, url: storage.urlFor(key), kind: file.sniffed.kind, bytes: file.size } satisfies PlannedUpload;
    });
    await allowance.reserve?.(planned);
    const stored: UploadedMedia[] = [];
    try {
      for (const [i, file] of received.entries()) stored.push(await storeReceived(storage, userId, file, planned[i]!.key));
    } catch (error) {
      await discardMedia(storage, stored);
      await allowance.release?.(planned.map((file) => file.key)).catch(() => undefined);
      if (error instanceof UploadError) throw error;
      logger.error({ reason: "upload-store-failed", err: error instanceof Error ? error.message : String(error) }, "media upload failed");
      throw new UploadError(translatable("The upload could not be stored. Please try again."), 503);
    }
    return stored;
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
