import { eq, sql } from "drizzle-orm";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { mediaUploads, spaces } from "~/db/schema/index";
import { sweepOrphanedMedia } from "~/features/media/orphans.server";
import { localStorage, setMediaStorage } from "~/features/media/storage.server";
import { UPLOAD_QUOTA, UPLOAD_RATE_LIMITS } from "~/features/media/upload-limits";
import type * as DbModule from "~/lib/db.server";
import { createUser, sessionCookieFor } from "../../../tests/factories/users";
import { paddedMp4 } from "../../../tests/factories/media";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";

/** Issue #11, item 2: uploads have a server-side quota, a rate limit and a sweep. */
const state = vi.hoisted(() => ({ database: undefined as undefined | { db: unknown } }));
vi.mock("~/lib/db.server", async (original) => ({
  ...(await original<typeof DbModule>()),
  getDb: async () => state.database!.db,
}));
const uploads = await import("./api.media-uploads");

let database: TestDatabase;
let mediaRoot: string;
const storage = () => localStorage(mediaRoot);

const args = (request: Request) => ({ request, params: {}, context: {} as never, unstable_pattern: "" }) as never;
const statusOf = (result: unknown) => (result instanceof Response ? result.status : ((result as { init?: { status?: number } }).init?.status ?? 200));
const bodyOf = <T,>(result: unknown) => ((result as { data?: T }).data ?? result) as T;

const clip = (seed: number) => paddedMp4(4096, seed);

function videos(count: number, cookie: string, query = "?videos=0") {
  const form = new FormData();
  for (let i = 0; i < count; i++) form.append("files", new Blob([new Uint8Array(clip(i))], { type: "video/mp4" }), `clip-${i}.mp4`);
  return new Request(`http://localhost/api/media/uploads${query}`, { method: "POST", body: form, headers: { cookie } });
}

async function storedFiles(userId: string) {
  const names = await fs.readdir(path.join(mediaRoot, userId)).catch(() => [] as string[]);
  return names.length;
}

beforeAll(async () => {
  database = await createTestDatabase();
  state.database = database;
  mediaRoot = await fs.mkdtemp(path.join(os.tmpdir(), "rentwell-quota-"));
  setMediaStorage(storage());
});
afterAll(async () => {
  setMediaStorage(undefined);
  await database.drop();
  await fs.rm(mediaRoot, { recursive: true, force: true });
});

describe("upload quota", () => {
  it("?videos=0 resets nothing: parallel requests together store no more than the user's quota of unattached videos", async () => {
    const user = await createUser(database.db);
    const cookie = await sessionCookieFor(database.db, user.id);
    const results = await Promise.all([0, 1, 2].map(() => uploads.action(args(videos(5, cookie)))));
    const statuses = results.map(statusOf);
    expect(statuses.filter((status) => status === 200)).toHaveLength(UPLOAD_QUOTA.pendingVideos / 5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(3 - UPLOAD_QUOTA.pendingVideos / 5);
    expect(await storedFiles(user.id)).toBe(UPLOAD_QUOTA.pendingVideos);
    // And later requests, whatever their query string, are refused with a message.
    const later = await uploads.action(args(videos(1, cookie, "?videos=0&images=0")));
    expect(statusOf(later)).toBe(429);
    expect(bodyOf<{ error: string }>(later).error).toMatch(/not on a listing yet/);
    // From a Spanish page (its Referer, issue #31): the quota's number in the sentence.
    const fromSpanish = videos(1, cookie, "?videos=0&images=0");
    fromSpanish.headers.set("Referer", "http://localhost/es/my-listings/new");
    const spanish = await uploads.action(args(fromSpanish));
    expect(statusOf(spanish)).toBe(429);
    expect(bodyOf<{ error: string }>(spanish).error).toBe(`Tienes ${UPLOAD_QUOTA.pendingVideos} videos subidos que aún no están en ningún anuncio. Guarda tu anuncio o quita algunos antes de subir más.`);
    expect(await storedFiles(user.id)).toBe(UPLOAD_QUOTA.pendingVideos);
  });

  it("files attached to a listing no longer count towards the quota", async () => {
    const user = await createUser(database.db);
    const cookie = await sessionCookieFor(database.db, user.id);
    const first = bodyOf<{ files: Array<{ url: string }> }>(await uploads.action(args(videos(5, cookie))));
    const second = bodyOf<{ files: Array<{ url: string }> }>(await uploads.action(args(videos(5, cookie))));
    expect(statusOf(await uploads.action(args(videos(1, cookie))))).toBe(429);
    await database.db.insert(spaces).values({
      userId: user.id,
      title: "Video tour",
      description: "d",
      type: "studio",
      location: "Austin",
      country: "US",
      videos: [...first.files, ...second.files].slice(0, 5).map((file) => file.url),
    });
    expect(statusOf(await uploads.action(args(videos(5, cookie))))).toBe(200);
  });

  it("upload requests are rate limited per user, with Retry-After", async () => {
    const user = await createUser(database.db);
    const cookie = await sessionCookieFor(database.db, user.id);
    const max = UPLOAD_RATE_LIMITS[0]!.max;
    for (let i = 0; i < max; i++) {
      const empty = new Request("http://localhost/api/media/uploads", { method: "POST", body: new FormData(), headers: { cookie } });
      expect(statusOf(await uploads.action(args(empty)))).toBe(400);
    }
    const refused = await uploads.action(args(videos(1, cookie)));
    expect(statusOf(refused)).toBe(429);
    expect(bodyOf<{ error: string }>(refused).error).toMatch(/Too many uploads/);
    const fromArabic = videos(1, cookie);
    fromArabic.headers.set("Referer", "http://localhost/ar/my-listings/new");
    expect(bodyOf<{ error: string }>(await uploads.action(args(fromArabic))).error).toMatch(/^عدد كبير جدًا من عمليات الرفع\. يرجى المحاولة مرة أخرى بعد .+\.$/);
  });

  it("a file never attached to a listing is deleted after the grace period, and stops counting", async () => {
    const user = await createUser(database.db);
    const cookie = await sessionCookieFor(database.db, user.id);
    expect(statusOf(await uploads.action(args(videos(2, cookie))))).toBe(200);
    expect(await storedFiles(user.id)).toBe(2);
    // Nothing is deleted within the grace period...
    expect(await sweepOrphanedMedia(database.db, storage())).toBe(0);
    // ...and everything unattached after it.
    await database.db.update(mediaUploads).set({ createdAt: sql`now() - interval '25 hours'` }).where(eq(mediaUploads.userId, user.id));
    expect(await sweepOrphanedMedia(database.db, storage())).toBe(2);
    expect(await storedFiles(user.id)).toBe(0);
    const [left] = await database.db.select({ n: sql<number>`count(*)::int` }).from(mediaUploads).where(eq(mediaUploads.userId, user.id));
    expect(left!.n).toBe(0);
  });

  it("a video over 100 MB is refused with 413 while it streams, and nothing is stored", async () => {
    const user = await createUser(database.db);
    const cookie = await sessionCookieFor(database.db, user.id);
    const boundary = "----rentwell-test";
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="big.mp4"\r\nContent-Type: video/mp4\r\n\r\n`);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(Buffer.concat([head, clip(1)]));
        else if (sent > 110 * 1024 * 1024) {
          controller.enqueue(Buffer.from(`\r\n--${boundary}--\r\n`));
          return controller.close();
        } else controller.enqueue(Buffer.alloc(1024 * 1024, 3));
        sent += 1024 * 1024;
      },
    });
    const request = new Request("http://localhost/api/media/uploads", {
      method: "POST",
      body,
      duplex: "half",
      headers: { cookie, "Content-Type": `multipart/form-data; boundary=${boundary}` },
    } as RequestInit);
    const result = await uploads.action(args(request));
    expect(statusOf(result)).toBe(413);
    expect(await storedFiles(user.id)).toBe(0);
  });
});
