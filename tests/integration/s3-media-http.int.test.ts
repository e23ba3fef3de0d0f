import type { AddressInfo } from "node:net";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
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

/**
 * Issue #30 point 2: media on S3 for real. The app runs with MEDIA_STORAGE=s3 against an
 * S3-compatible server started here (s3rver), through the whole journey: upload a photo
 * and a video, create a listing with them, see the page load them from the bucket (its
 * origin allowed by the Content-Security-Policy), remove the photo, delete a stray upload.
 */
let s3: S3rver;
let s3Dir: string;
let bucketUrl: string;
let app: AppHttp;
let db: DbModule.Db;
let cookie: string;
let schema: typeof SchemaModule;

beforeAll(async () => {
  s3Dir = await fs.mkdtemp(path.join(os.tmpdir(), "rentwell-s3-"));
  s3 = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory: s3Dir, configureBuckets: [{ name: "media", configs: [] }] });
  const { port } = (await s3.run()) as AddressInfo;
  bucketUrl = `http://127.0.0.1:${port}/media`;
  app = await startAppHttp({
    port: 3138,
    env: {
      MEDIA_STORAGE: "s3",
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: "media",
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      S3_FORCE_PATH_STYLE: "true",
      LOG_LEVEL: "silent",
    },
  });
  db = await (await app.load<typeof DbModule>("/app/lib/db.server.ts")).getDb();
  schema = await app.load<typeof SchemaModule>("/app/db/schema/index.ts");
  const factories = await app.load<typeof Factories>("/tests/factories/users.ts");
  cookie = await factories.sessionCookieFor(db, (await factories.createUser(db)).id);
  await db.insert(schema.spaceTypes).values({ name: "studio", label: "Studio" }).onConflictDoNothing();
});
afterAll(async () => {
  await app?.close();
  await s3?.close();
  await fs.rm(s3Dir, { recursive: true, force: true });
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
});
