import fs from "node:fs";
import { EbmlStreamDecoder, EbmlTagId, EbmlTagPosition, type EbmlTag } from "ebml-stream";
import { createFile, Log, MP4BoxBuffer } from "mp4box";
import type { SniffedMedia } from "./sniff";

/**
 * Whether a stored video upload is, from its first byte to its last, the container its
 * first bytes claim (issue #30 point 5; ADR 0261). Images are re-encoded, which proves
 * them; a video is kept as sent, so it is parsed whole instead, by maintained parsers:
 * - MP4 and QuickTime (ISO BMFF) with mp4box (GPAC): the movie header names at least one
 *   track, and the top-level boxes cover the file exactly — an MP4 header followed by an
 *   HTML page, or a file cut short, is refused;
 * - WebM (EBML/Matroska) with ebml-stream: an EBML header whose DocType is webm or
 *   matroska, a Segment with a track, only known elements at the top, in the Segment and
 *   in Clusters, and no element left unfinished at the end.
 *
 * The file is read from disk in 1 MiB chunks; neither parser keeps the media data.
 * mp4box drops an `mdat` box's bytes as they pass, but holds any other top-level box
 * whole (merging its chunks) until its last byte arrives: a 90 MB `free` box cost 93 MB
 * of memory, twice that while merging. So what it holds is capped at the same 32 MiB as a
 * WebM element; a file that needs more is refused (a real movie header is a few MB).
 */
export async function isWholeVideo(file: string, format: Extract<SniffedMedia, { kind: "video" }>["format"]): Promise<boolean> {
  try {
    return format === "webm" ? await isWholeWebm(file) : await isWholeIsoMedia(file);
  } catch {
    return false;
  }
}

const CHUNK_BYTES = 1024 * 1024;
/** The largest single WebM element held while it arrives (a frame; a 4K key frame is a few MB). */
const MAX_WEBM_ELEMENT_BYTES = 32 * 1024 * 1024;
/** The most mp4box may hold of an ISO file at once (its buffers not yet parsed through). */
const MAX_ISO_HELD_BYTES = 32 * 1024 * 1024;

// mp4box logs parse warnings to the console; a refused upload is reported by its answer.
Log.setLogLevel(Log.error);

async function isWholeIsoMedia(file: string): Promise<boolean> {
  const iso = createFile();
  let tracks = 0;
  let failed = false;
  iso.onReady = (movie) => (tracks = movie.tracks.length);
  iso.onError = () => (failed = true);
  let size = 0;
  for await (const chunk of fs.createReadStream(file, { highWaterMark: CHUNK_BYTES }) as AsyncIterable<Buffer>) {
    const copy = chunk.buffer.slice(chunk.byteOffset, chunk.byteOffset + chunk.byteLength);
    iso.appendBuffer(MP4BoxBuffer.fromArrayBuffer(copy, size));
    size += chunk.byteLength;
    if (failed) return false;
    if (iso.stream.buffers.reduce((held, buffer) => held + buffer.byteLength, 0) > MAX_ISO_HELD_BYTES) return false;
  }
  iso.flush();
  const covered = iso.boxes.reduce((sum, box) => sum + box.size, 0);
  return !failed && tracks > 0 && covered === size;
}

const KNOWN_DOCTYPES = new Set(["webm", "matroska"]);
/** A master element of unknown size (all ones) runs to the end of the file: live-recorded WebM. */
const UNKNOWN_SIZE = 2 ** 49;

async function isWholeWebm(file: string): Promise<boolean> {
  const decoder = new EbmlStreamDecoder();
  const open: EbmlTag[] = [];
  let first = true;
  let docType: string | undefined;
  let segment = false;
  let tracks = false;
  let bad = false;
  decoder.on("error", () => (bad = true));
  decoder.on("data", (tag: EbmlTag & { data?: unknown }) => {
    if (first && tag.id !== EbmlTagId.EBML) bad = true;
    first = false;
    // Elements newer than the decoder's schema (Colour, say) may sit inside a known
    // element; at the top, in the Segment or in a Cluster, only known ones may.
    const parent = open.at(-1)?.id;
    if (EbmlTagId[tag.id] === undefined && (parent === undefined || parent === EbmlTagId.Segment || parent === EbmlTagId.Cluster)) bad = true;
    if (tag.position === EbmlTagPosition.Start) open.push(tag);
    if (tag.position === EbmlTagPosition.End) open.pop();
    if (tag.id === EbmlTagId.DocType && tag.position === EbmlTagPosition.Content) docType = String(tag.data);
    if (tag.id === EbmlTagId.Segment) segment = true;
    if (tag.id === EbmlTagId.TrackEntry) tracks = true;
  });
  for await (const chunk of fs.createReadStream(file, { highWaterMark: CHUNK_BYTES }) as AsyncIterable<Buffer>) {
    if (!decoder.write(chunk)) await new Promise((resolve) => decoder.once("drain", resolve));
    if (bad || decoder.buffer.length > MAX_WEBM_ELEMENT_BYTES) return false;
  }
  await new Promise<void>((resolve, reject) => decoder.end((error?: Error | null) => (error ? reject(error) : resolve())));
  const unfinished = open.some((tag) => tag.size < UNKNOWN_SIZE);
  return !bad && !unfinished && decoder.buffer.length === 0 && KNOWN_DOCTYPES.has(docType ?? "") && segment && tracks;
}
