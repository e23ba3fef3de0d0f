import fs from "node:fs";
import path from "node:path";

/**
 * Real video files for upload tests: tiny clips made with ffmpeg (half a second of one
 * colour, 64×48), in tests/fixtures/media. The server parses every video whole
 * (app/features/media/video-container.server.ts), so a test that uploads one needs a real one.
 */
const FIXTURES = path.resolve("tests/fixtures/media");

export type VideoFixture = "tour.mp4" | "tour.mov" | "tour.webm";

export function videoFile(name: VideoFixture = "tour.mp4"): Buffer {
  return fs.readFileSync(path.join(FIXTURES, name));
}

/**
 * The MP4 clip followed by a `free` box of `padding` bytes of `fill`: still a whole MP4,
 * and a different file (and size) for each fill.
 */
export function paddedMp4(padding: number, fill = 0): Buffer {
  const box = Buffer.alloc(8 + padding, fill);
  box.writeUInt32BE(8 + padding, 0);
  box.write("free", 4, "latin1");
  return Buffer.concat([videoFile("tour.mp4"), box]);
}
