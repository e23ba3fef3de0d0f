import crypto from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { count, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { bookings, handoverRecords, listingTranslations, mediaUploads } from "~/db/schema/index";
import { HANDOVER_TEXT } from "~/features/handovers/handover-rules";
import { localStorage, setMediaStorage } from "~/features/media/storage.server";
import { UPLOAD_QUOTA } from "~/features/media/upload-limits";
import { QUOTA_MESSAGES, uploadUsage } from "~/features/media/upload-quota.server";
import type * as DbModule from "~/lib/db.server";
import { english } from "~/features/i18n/translate";
import { bookingScenario } from "../../../tests/factories/bookings";
import { sessionCookieFor } from "../../../tests/factories/users";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";

/**
 * The booking page's handover form (issue #28 point 4, ADR 0277) through its action and the
 * media pipeline's endpoint, as the browser uses them. On PGlite, and on PostgreSQL with
 * TEST_DB_ENGINE=postgres.
 */
const state = vi.hoisted(() => ({ database: undefined as undefined | { db: unknown } }));
vi.mock("~/lib/db.server", async (original) => ({
  ...(await original<typeof DbModule>()),
  getDb: async () => state.database!.db,
}));
const page = await import("./booking-page");
const uploads = await import("../hosting/api.media-uploads");

let database: TestDatabase;
let mediaRoot: string;

beforeAll(async () => {
  database = await createTestDatabase();
  state.database = database;
  mediaRoot = await fs.mkdtemp(path.join(os.tmpdir(), "rentwell-handover-"));
  setMediaStorage(localStorage(mediaRoot));
});
afterAll(async () => {
  setMediaStorage(undefined);
  await database.drop();
  await fs.rm(mediaRoot, { recursive: true, force: true });
});

/** A paid booking of a listing of this type. */
async function rental(rentalType: "vehicle" | "space" = "vehicle") {
  const s = await bookingScenario(database.db, { now: "2026-06-01T12:00:00.000Z", listing: { rentalType } });
  const hold = await s.book(s.guest, { date: "2026-06-10", hour: 10, hours: 2 });
  await s.pay(s.guest, hold.clientSecret);
  return { s, bookingId: hold.bookingId };
}

async function recordCount(bookingId: string) {
  const [row] = await database.db.select({ n: count() }).from(handoverRecords).where(eq(handoverRecords.bookingId, bookingId));
  return row!.n;
}

describe("/bookings/:bookingId", () => {
  const args = (request: Request, bookingId: string) => ({ request, params: { bookingId }, context: {} as never, unstable_pattern: "" }) as never;
  const statusOf = (result: unknown) => (result instanceof Response ? result.status : ((result as { init?: { status?: number } | null }).init?.status ?? 200));
  const bodyOf = <T,>(result: unknown) => ((result as { data?: T }).data ?? result) as T;

  /** A rental that is under way by the real clock (routes read it), and the guest's session. */
  async function underWay(rentalType: "vehicle" | "space" = "vehicle") {
    const made = await rental(rentalType);
    await database.db
      .update(bookings)
      .set({ startTime: sql`now() - interval '1 hour'`, endTime: sql`now() + interval '1 hour'` })
      .where(eq(bookings.id, made.bookingId));
    return { ...made, guestCookie: await sessionCookieFor(database.db, made.s.guest.id), hostCookie: await sessionCookieFor(database.db, made.s.host.id) };
  }

  async function uploadPng(cookie: string, bytes: Buffer, name = "dashboard.png") {
    const form = new FormData();
    form.append("files", new Blob([new Uint8Array(bytes)], { type: "image/png" }), name);
    // What the photo picker asks: room for 12 photos, no video.
    const request = new Request("http://localhost/api/media/uploads?images=8&videos=5", { method: "POST", body: form, headers: { cookie } });
    return uploads.action({ request, params: {}, context: {} as never, unstable_pattern: "" } as never);
  }

  const post = (cookie: string, bookingId: string, fields: Array<[string, string]>) => {
    const body = new URLSearchParams(fields);
    return page.action(args(new Request(`http://localhost/bookings/${bookingId}`, { method: "POST", body, headers: { cookie, "content-type": "application/x-www-form-urlencoded" } }), bookingId));
  };

  it("names the listing by its host's title in the page's language (issue #31 point 5, ADR 0295), for the guest and the host", async () => {
    const { s, bookingId } = await rental("space");
    await database.db.insert(listingTranslations).values({ spaceId: s.space.id, locale: "fr", title: "Atelier du port", description: "…" });
    type View = { booking: { space: { title: string; href: string } } };
    const view = async (path: string, cookie: string) => bodyOf<View>(await page.loader(args(new Request(`http://localhost${path}`, { headers: { cookie } }), bookingId)));
    const guest = await sessionCookieFor(database.db, s.guest.id);
    const french = await view(`/fr/bookings/${bookingId}`, guest);
    expect(french.booking.space.title).toBe("Atelier du port");
    expect(french.booking.space.href).not.toContain("atelier");
    expect((await view(`/bookings/${bookingId}`, guest)).booking.space.title).toBe(s.space.title);
    expect((await view(`/fr/bookings/${bookingId}`, await sessionCookieFor(database.db, s.host.id))).booking.space.title).toBe("Atelier du port");
  });

  it("stores the guest's check-in with an uploaded photo, and the host's page shows it", async () => {
    const { s, bookingId, guestCookie, hostCookie } = await underWay();
    const png = await sharp({ create: { width: 320, height: 240, channels: 3, background: "#3366aa" } }).png().toBuffer();
    const uploaded = await uploadPng(guestCookie, png);
    expect(statusOf(uploaded)).toBe(200);
    const url = bodyOf<{ files: Array<{ url: string }> }>(uploaded).files[0]!.url;
    const saved = await post(guestCookie, bookingId, [
      ["moment", "check_in"],
      ["note", "Picked up at the harbour."],
      ["odometer", "12,345"],
      ["fuel", "4"],
      ["condition", ""],
      ["photos", url],
    ]);
    expect(statusOf(saved)).toBe(200);
    expect(bodyOf(saved)).toMatchObject({ ok: true, moment: "check_in" });
    const view = await page.loader(args(new Request(`http://localhost/bookings/${bookingId}`, { headers: { cookie: hostCookie } }), bookingId));
    expect(view).toMatchObject({ role: "host", records: [{ authorRole: "guest", note: "Picked up at the harbour.", odometerKm: 12_345, fuelEighths: 4, photos: [{ url }] }] });
    // The stored photo is the pipeline's re-encoded WebP, with its card size beside it.
    await expect(fs.access(path.join(mediaRoot, url.slice("/media/".length).replace(/\.webp$/, ".card.webp")))).resolves.toBeUndefined();
    expect(s.guest.id).toBeTruthy();
  });

  it("answers bad input with its message and a 4xx, storing nothing", async () => {
    const { s, bookingId, guestCookie } = await underWay();
    const cases: Array<[Array<[string, string]>, number, object]> = [
      [[["moment", "check_in"], ["note", "x".repeat(100_000)]], 413, { fieldErrors: { note: HANDOVER_TEXT.errors.noteTooLong } }],
      [[["moment", "check_in"], ["note", "x".repeat(20_000)]], 400, { fieldErrors: { note: HANDOVER_TEXT.errors.noteTooLong } }],
      [[["moment", "check_in"], ["note", "Fine"], ["odometer", "-5"]], 400, { fieldErrors: { odometer: HANDOVER_TEXT.errors.odometer } }],
      [[["moment", "check_in"], ["note", "Fine"], ["odometer", "1e309"]], 400, { fieldErrors: { odometer: HANDOVER_TEXT.errors.odometer } }],
      [[["moment", "check_in"], ["note", "Fine"], ["fuel", "200"]], 400, { fieldErrors: { fuel: HANDOVER_TEXT.errors.fuel } }],
      [[["moment", "check_in"], ...Array.from({ length: 50 }, (_, i): [string, string] => ["photos", `/media/${s.guest.id}/${String(i).padStart(22, "A")}.webp`])], 400, { fieldErrors: { photos: HANDOVER_TEXT.errors.tooManyPhotos } }],
      [[["moment", "check_in"], ["photos", `/media/${s.host.id}/AAAAAAAAAAAAAAAAAAAAAA.webp`]], 400, { fieldErrors: { photos: HANDOVER_TEXT.errors.photo } }],
    ];
    for (const [fields, status, body] of cases) {
      const result = await post(guestCookie, bookingId, fields);
      expect(statusOf(result)).toBe(status);
      expect(bodyOf(result)).toMatchObject(body);
    }
    // Someone else's booking: the page's 404, nothing stored.
    const stranger = await sessionCookieFor(database.db, s.otherGuest.id);
    await expect(post(stranger, bookingId, [["moment", "check_in"], ["note", "Mine now"]])).rejects.toMatchObject({ init: { status: 404 } });
    await expect(page.loader(args(new Request(`http://localhost/bookings/${bookingId}`, { headers: { cookie: stranger } }), bookingId))).rejects.toMatchObject({ init: { status: 404 } });
    expect(await recordCount(bookingId)).toBe(0);
  });

  it("refuses a file that is not an image before anything is stored, and an upload over the quota", async () => {
    const { s, guestCookie } = await underWay();
    const text = await uploadPng(guestCookie, Buffer.from("this is not a photo at all, just text"), "notes.png");
    expect(statusOf(text)).toBe(400);
    expect(bodyOf<{ error: string }>(text).error).toMatch(/"notes.png" is not a supported file/);
    expect(await uploadUsage(database.db, s.guest.id)).toMatchObject({ pendingImages: 0 });
    // A member who already has a full quota of photos nobody uses uploads no more for a handover.
    await database.db.insert(mediaUploads).values(
      Array.from({ length: UPLOAD_QUOTA.pendingImages }, () => {
        const key = `${s.guest.id}/${crypto.randomBytes(16).toString("base64url")}.webp`;
        return { key, url: `/media/${key}`, userId: s.guest.id, kind: "image" as const, bytes: 1024 };
      }),
    );
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#aa3366" } }).png().toBuffer();
    const over = await uploadPng(guestCookie, png);
    expect(statusOf(over)).toBe(429);
    expect(bodyOf<{ error: string }>(over).error).toBe(english(QUOTA_MESSAGES.images));
  });
});
