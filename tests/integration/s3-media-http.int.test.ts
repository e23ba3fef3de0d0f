import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import v8 from "node:v8";
import vm from "node:vm";
import sharp from "sharp";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type * as SchemaModule from "~/db/schema/index";
import type * as DbModule from "~/lib/db.server";
import type * as Factories from "../factories/users";
import type * as Slug from "~/features/listings/slug";
import { listingFormFields } from "../factories/listings";
import { videoFile } from "../factories/media";
import { startAppHttp, type AppHttp } from "../setup/app-http";
import { startS3Server, type S3Server } from "../setup/s3-server";

/**
 * Issue #30 point 2: media on S3 for real. The app runs with MEDIA_STORAGE=s3 against an
 * S3-compatible server started here (s3rver, in a process of its own), through the whole journey: upload a photo
 * and a video, create a listing with them, see the page load them from the bucket (its
 * origin allowed by the Content-Security-Policy), remove the photo, delete a stray upload.
 */
let s3: S3Server;
let bucketUrl: string;
let app: AppHttp;
let db: DbModule.Db;
let cookie: string;
let schema: typeof SchemaModule;

beforeAll(async () => {
  s3 = await startS3Server();
  bucketUrl = s3.bucketUrl;
  app = await startAppHttp({ port: 3138, env: { ...s3.env, LOG_LEVEL: "silent" } });
  db = await (await app.load<typeof DbModule>("/app/lib/db.server.ts")).getDb();
  schema = await app.load<typeof SchemaModule>("/app/db/schema/index.ts");
  const factories = await app.load<typeof Factories>("/tests/factories/users.ts");
  cookie = await factories.sessionCookieFor(db, (await factories.createUser(db)).id);
  await db.insert(schema.spaceTypes).values({ name: "studio", label: "Studio" }).onConflictDoNothing();
});
afterAll(async () => {
  await app?.close();
  await s3?.close();
});

async function upload(name: string, bytes: Buffer, type: string) {
  const form = new FormData();
  form.append("files", new File([new Uint8Array(bytes)], name, { type }));
  const response = await fetch(`${app.baseUrl}/api/media/uploads`, { method: "POST", body: form, headers: { cookie } });
  expect(response.status).toBe(200);
  const { files } = (await response.json()) as { files: Array<{ url: string; kind: string }> };
  return files[0]!.url;
}

const form = (fields: Record<string, string | string[]>) => {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) for (const one of [value].flat()) body.append(key, one);
  return body;
};
const listing = listingFormFields({ title: "Bucket loft", description: "Photos from S3" });

describe("media on S3", () => {
  it("upload → listing → page → removal → deletion, every file in the bucket", async () => {
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#3366cc" } }).png().toBuffer();
    const photo = await upload("loft.png", png, "image/png");
    const video = await upload("tour.mp4", videoFile("tour.mp4"), "video/mp4");
    expect(photo).toMatch(new RegExp(`^${bucketUrl}/[0-9a-f-]+/[^/]+\\.webp$`));
    expect(video).toMatch(new RegExp(`^${bucketUrl}/[0-9a-f-]+/[^/]+\\.mp4$`));
    // The bucket holds the re-encoded photo and the video byte for byte.
    const storedPhoto = await fetch(photo);
    expect(storedPhoto.status).toBe(200);
    expect((await sharp(Buffer.from(await storedPhoto.arrayBuffer())).metadata()).format).toBe("webp");
    expect(Buffer.from(await (await fetch(video)).arrayBuffer())).toEqual(videoFile("tour.mp4"));

    const created = await fetch(`${app.baseUrl}/create-listing`, {
      method: "POST",
      body: form({ ...listing, images: photo, videos: video }),
      headers: { cookie, "Content-Type": "application/x-www-form-urlencoded" },
      redirect: "manual",
    });
    expect(created.status).toBe(302);
    const [space] = await db.select().from(schema.spaces).where(eq(schema.spaces.title, "Bucket loft"));
    expect(space).toMatchObject({ images: [photo], videos: [video] });

    // The owner's page shows both from the bucket, and the page's policy lets them load.
    const { spacePath } = await app.load<typeof Slug>("/app/features/listings/slug.ts");
    const page = await fetch(`${app.baseUrl}${spacePath(space!)}`, { headers: { cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(photo);
    expect(html).toContain(video);
    const policy = page.headers.get("content-security-policy")!;
    const origin = new URL(bucketUrl).origin;
    expect(policy).toMatch(new RegExp(`img-src [^;]*${origin}`));
    expect(policy).toMatch(new RegExp(`media-src [^;]*${origin}`));

    // Removing the photo from the listing deletes it (and its card) from the bucket.
    const edited = await fetch(`${app.baseUrl}/edit-listing/${space!.id}`, {
      method: "POST",
      body: form({ ...listing, videos: video }),
      headers: { cookie, "Content-Type": "application/x-www-form-urlencoded" },
      redirect: "manual",
    });
    expect(edited.status).toBe(302);
    expect((await fetch(photo, { method: "HEAD" })).status).toBe(404);
    expect((await fetch(video, { method: "HEAD" })).status).toBe(200);

    // An upload no listing uses can be deleted by its owner.
    const stray = await upload("stray.webm", videoFile("tour.webm"), "video/webm");
    expect((await fetch(stray, { method: "HEAD" })).status).toBe(200);
    const deleted = await fetch(`${app.baseUrl}/api/media/uploads`, {
      method: "DELETE",
      body: form({ url: stray }),
      headers: { cookie, "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(deleted.status).toBe(200);
    expect((await fetch(stray, { method: "HEAD" })).status).toBe(404);
  });

  it("streams a 90 MB video from the request to the bucket without holding it in memory", async () => {
    // The test's own client streams the file from disk too, so the server (in this process)
    // is the only place a whole copy could be. Buffers count in `external` (arrayBuffers).
    const size = 90 * 1024 * 1024;
    const file = path.join(await fs.mkdtemp(path.join(os.tmpdir(), "rentwell-video-")), "big.mp4");
    // The clip followed by 90 MB of media data (an `mdat` box), as a long recording is laid out.
    {
      const clip = videoFile("tour.mp4");
      const media = Buffer.alloc(size - clip.length, 7);
      media.writeUInt32BE(media.length, 0);
      media.write("mdat", 4, "latin1");
      await fs.writeFile(file, clip);
      await fs.appendFile(file, media);
    }
    const boundary = `----rentwell${Date.now()}`;
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="big.mp4"\r\nContent-Type: video/mp4\r\n\r\n`);
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    // What stays reachable, not garbage awaiting collection: buffers every 20 ms; when they
    // are 20 MB over the start, measured again after a full collection (a held copy survives
    // it), at most every 500 ms, since a collection here takes tens of milliseconds.
    v8.setFlagsFromString("--expose-gc");
    // Freed buffers leave `external` when the collection ends, not later on another thread.
    v8.setFlagsFromString("--no-concurrent-array-buffer-sweeping");
    const collect = vm.runInNewContext("gc") as () => void;
    const MB = 1024 * 1024;
    collect();
    const before = process.memoryUsage();
    let peak = 0;
    let samples = 0;
    let collected = 0;
    const sampler = setInterval(() => {
      let rise = process.memoryUsage().external - before.external;
      if (rise > 20 * MB) {
        if (performance.now() - collected < 500) return;
        collect();
        collected = performance.now();
        rise = process.memoryUsage().external - before.external;
      }
      samples += 1;
      peak = Math.max(peak, rise);
    }, 20);
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(`${app.baseUrl}/api/media/uploads`, {
        method: "POST",
        headers: { cookie, "Content-Type": `multipart/form-data; boundary=${boundary}`, "Content-Length": String(head.length + size + tail.length) },
      });
      request.on("response", (response) => {
        let body = "";
        response.on("data", (chunk: Buffer) => (body += chunk.toString()));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
      });
      request.on("error", reject);
      request.write(head);
      const source = createReadStream(file);
      source.pipe(request, { end: false });
      source.on("end", () => request.end(tail));
    });
    clearInterval(sampler);
    await fs.rm(path.dirname(file), { recursive: true, force: true });
    expect(answer.status, answer.body).toBe(200);
    const url = (JSON.parse(answer.body) as { files: Array<{ url: string }> }).files[0]!.url;
    expect(url).toMatch(new RegExp(`^${bucketUrl}/.+\\.mp4$`));
    expect((await fetch(url, { method: "HEAD" })).headers.get("content-length")).toBe(String(size));
    console.info(`90 MB video upload to S3: live buffers rose ${(peak / MB).toFixed(1)} MB at most (${samples} samples)`);
    expect(samples).toBeGreaterThanOrEqual(5);
    // Stream buffers and the parser's 1 MiB chunks: about 20 MB. A whole copy would be 90 MB
    // more (the code before ADR 0262 held two; fetch() read it all ahead).
    expect(peak / MB).toBeLessThan(45);
  }, 60_000);
});
