/**
 * Draws the demo images into public/demo/ (served at /demo/<name>.webp).
 *
 *   npx tsx seed/draw-images.ts            # draw every image
 *   npx tsx seed/draw-images.ts --preview  # also write a contact sheet to the OS temp dir
 *
 * Every picture is an illustrated SVG scene drawn by code in seed/draw/ and
 * rendered to WebP with sharp: nothing is fetched from the network, and the
 * output is the same on every run. The .webp files are committed.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { AREA_IMAGES, AVATAR_IMAGES, CITY_SLUGS, FALLBACK_IMAGE, LISTING_IMAGES } from "./data/images";
import { AREA_SCENES, AVATAR_SCENES, cityHero } from "./draw/city-scenes";
import { fallbackScene, LISTING_SCENES } from "./draw/listing-scenes";
import { document, type Scene } from "./draw/svg";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const OUT_DIR = path.join(ROOT, "public", "demo");

type Job = { name: string; scene: () => Scene; view: [number, number]; size: [number, number]; quality: number };

const jobs: Job[] = [
  ...LISTING_IMAGES.map((name): Job => ({ name, scene: LISTING_SCENES[name], view: [1200, 800], size: [1200, 800], quality: 70 })),
  ...CITY_SLUGS.map((slug): Job => ({ name: `city-${slug}`, scene: () => cityHero(slug), view: [1600, 700], size: [1600, 700], quality: 68 })),
  ...AREA_IMAGES.map((name): Job => ({ name, scene: AREA_SCENES[name], view: [900, 600], size: [900, 600], quality: 70 })),
  ...AVATAR_IMAGES.map((name): Job => ({ name, scene: AVATAR_SCENES[name], view: [256, 256], size: [256, 256], quality: 78 })),
  { name: FALLBACK_IMAGE, scene: fallbackScene, view: [1200, 800], size: [1200, 800], quality: 70 },
];

async function render(job: Job): Promise<{ name: string; bytes: number }> {
  const svg = document(job.scene(), job.view[0], job.view[1], job.size[0], job.size[1]);
  const output = await sharp(Buffer.from(svg))
    .resize(job.size[0], job.size[1])
    .webp({ quality: job.quality, effort: 6, smartSubsample: true })
    .toBuffer();
  fs.writeFileSync(path.join(OUT_DIR, `${job.name}.webp`), output);
  return { name: job.name, bytes: output.length };
}

async function preview(names: string[]) {
  const thumbW = 240;
  const thumbH = 160;
  const columns = 8;
  const rows = Math.ceil(names.length / columns);
  const tiles = await Promise.all(
    names.map(async (name, i) => ({
      input: await sharp(path.join(OUT_DIR, `${name}.webp`)).resize(thumbW, thumbH, { fit: "cover" }).png().toBuffer(),
      left: (i % columns) * thumbW,
      top: Math.floor(i / columns) * thumbH,
    })),
  );
  const file = path.join(os.tmpdir(), "rentwell-demo-preview.png");
  await sharp({ create: { width: columns * thumbW, height: rows * thumbH, channels: 3, background: "#ffffff" } })
    .composite(tiles)
    .png()
    .toFile(file);
  console.log(`Preview: ${file}`);
}

async function main() {
  fs.mkdirSync(OUT_DIR, { recursive: true });
  const results: { name: string; bytes: number }[] = [];
  // A few at a time: rendering is CPU-bound and sharp uses its own thread pool.
  for (let i = 0; i < jobs.length; i += 4) results.push(...(await Promise.all(jobs.slice(i, i + 4).map(render))));
  const total = results.reduce((sum, result) => sum + result.bytes, 0);
  const largest = [...results].sort((a, b) => b.bytes - a.bytes).slice(0, 3);
  console.log(`Drew ${results.length} images into ${path.relative(ROOT, OUT_DIR)}/ (${(total / 1024).toFixed(0)} KB in total).`);
  console.log(`Largest: ${largest.map((result) => `${result.name} ${(result.bytes / 1024).toFixed(1)} KB`).join(", ")}`);
  if (process.argv.includes("--preview")) await preview(results.map((result) => result.name));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
