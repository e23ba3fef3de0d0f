import crypto from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookings, handoverPhotos, handoverRecords, mediaUploads, profiles } from "~/db/schema/index";
import { buildExport } from "~/features/account-security/data-export.server";
import { sweepOrphanedMedia } from "~/features/media/orphans.server";
import { localStorage } from "~/features/media/storage.server";
import { uploadUsage } from "~/features/media/upload-quota.server";
import { parseForm } from "~/lib/forms";
import { bookingScenario } from "../../../tests/factories/bookings";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { HANDOVER_ARRAY_FIELDS, HANDOVER_TEXT, handoverSchema, type HandoverInput } from "./handover-rules";
import { addHandoverRecord, loadBookingHandover } from "./handovers.server";

/**
 * Check-in and check-out at handover (issue #28 point 4, ADR 0277): who may add a record,
 * when, for which listings, what is refused, and how the photos sit in the media pipeline's
 * quota and sweep. On PGlite, and on PostgreSQL with TEST_DB_ENGINE=postgres.
 */

let database: TestDatabase;
let mediaRoot: string;
const NOW = "2026-06-01T12:00:00.000Z";
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The booking below: 10 June 10:00–12:00 New York. */
const START = Date.parse("2026-06-10T14:00:00.000Z");
const END = Date.parse("2026-06-10T16:00:00.000Z");
const at = (ms: number) => new Date(ms);

beforeAll(async () => {
  database = await createTestDatabase();
  mediaRoot = await fs.mkdtemp(path.join(os.tmpdir(), "rentwell-handover-"));
});
afterAll(async () => {
  await database.drop();
  await fs.rm(mediaRoot, { recursive: true, force: true });
});

async function rental(rentalType: "vehicle" | "equipment" | "space" = "vehicle") {
  const s = await bookingScenario(database.db, { now: NOW, listing: { rentalType, title: `Hatchback ${crypto.randomUUID().slice(0, 6)}` } });
  const hold = await s.book(s.guest, { date: "2026-06-10", hour: 10, hours: 2 });
  await s.pay(s.guest, hold.clientSecret);
  return { s, bookingId: hold.bookingId };
}

/** A photo the user uploaded through the pipeline (its media_uploads row), as the endpoint records it. */
async function uploadedPhoto(userId: string, kind: "image" | "video" = "image") {
  const key = `${userId}/${crypto.randomBytes(16).toString("base64url")}.${kind === "image" ? "webp" : "mp4"}`;
  const url = `/media/${key}`;
  await database.db.insert(mediaUploads).values({ key, url, userId, kind, bytes: 2048 });
  return url;
}

const input = (overrides: Partial<HandoverInput> = {}): HandoverInput => ({
  moment: "check_in",
  note: "Keys handed over at the station.",
  condition: "Small scratch on the rear bumper.",
  odometer: 48_210,
  fuel: 6,
  photos: [],
  ...overrides,
});

const add = (userId: string, bookingId: string, record: HandoverInput, now: number) => addHandoverRecord(database.db, { userId, bookingId, record, now: at(now) });

async function recordCount(bookingId: string) {
  const [row] = await database.db.select({ n: count() }).from(handoverRecords).where(eq(handoverRecords.bookingId, bookingId));
  return row!.n;
}

describe("addHandoverRecord", () => {
  it("lets the guest and the host each add their check-in with photos, shows both records to both, and refuses a second one", async () => {
    const { s, bookingId } = await rental("vehicle");
    await database.db.update(profiles).set({ fullName: "Gia Guest" }).where(eq(profiles.id, s.guest.id));
    const guestPhotos = [await uploadedPhoto(s.guest.id), await uploadedPhoto(s.guest.id)];
    const guest = await add(s.guest.id, bookingId, input({ photos: guestPhotos }), START - HOUR);
    expect(guest).toMatchObject({ ok: true });
    const host = await add(s.host.id, bookingId, input({ note: "Clean, full tank.", condition: "", odometer: null, fuel: 8 }), START - 30 * 60_000);
    expect(host).toMatchObject({ ok: true });

    const asHost = await loadBookingHandover(database.db, { userId: s.host.id, bookingId, now: at(START) });
    expect(asHost).toMatchObject({ role: "host", applies: true, forms: { check_in: { open: false, reason: null }, check_out: { open: true, reason: null } } });
    expect(asHost!.records).toHaveLength(2);
    const guestRecord = asHost!.records.find((record) => record.authorRole === "guest")!;
    expect(guestRecord).toMatchObject({
      moment: "check_in",
      authorName: "Gia Guest",
      mine: false,
      note: "Keys handed over at the station.",
      condition: "Small scratch on the rear bumper.",
      odometerKm: 48_210,
      fuelEighths: 6,
      createdAt: at(START - HOUR).toISOString(),
    });
    expect(guestRecord.photos.map((photo) => photo.url)).toEqual(guestPhotos);
    expect(guestRecord.photos[0]!.cardUrl).toBe(guestPhotos[0]!.replace(/\.webp$/, ".card.webp"));
    const asGuest = await loadBookingHandover(database.db, { userId: s.guest.id, bookingId, now: at(START) });
    expect(asGuest!.records.map((record) => [record.authorRole, record.mine])).toEqual([
      ["guest", true],
      ["host", false],
    ]);

    expect(await add(s.guest.id, bookingId, input({ note: "Again" }), START)).toEqual({ ok: false, status: 409, error: HANDOVER_TEXT.errors.twice.check_in });
    expect(await recordCount(bookingId)).toBe(2);
    // The guest's data export holds what they wrote, not the host's record.
    const exported = await buildExport(database.db, s.guest.id, at(START));
    expect(exported.handovers).toHaveLength(1);
    expect(exported.handovers[0]).toMatchObject({ bookingId, moment: "check_in", authorRole: "guest", note: "Keys handed over at the station.", photos: guestPhotos });
  });

  it("keeps a record as it was written: the database refuses to change it", async () => {
    const { s, bookingId } = await rental("equipment");
    const photo = await uploadedPhoto(s.guest.id);
    const result = await add(s.guest.id, bookingId, input({ photos: [photo] }), START);
    if (!result.ok) throw new Error(result.error);
    await expect(database.db.update(handoverRecords).set({ note: "Nothing to see" }).where(eq(handoverRecords.id, result.recordId))).rejects.toThrow();
    await expect(database.db.update(handoverPhotos).set({ url: "/media/elsewhere.webp" }).where(eq(handoverPhotos.recordId, result.recordId))).rejects.toThrow();
    const [row] = await database.db.select({ note: handoverRecords.note }).from(handoverRecords).where(eq(handoverRecords.id, result.recordId));
    expect(row!.note).toBe("Keys handed over at the station.");
  });

  it("answers someone else's booking, an unknown id and a malformed id as a missing booking, storing nothing", async () => {
    const { s, bookingId } = await rental("vehicle");
    const notFound = { ok: false, status: 404, error: HANDOVER_TEXT.errors.notFound };
    expect(await add(s.otherGuest.id, bookingId, input(), START)).toEqual(notFound);
    expect(await add(s.guest.id, crypto.randomUUID(), input(), START)).toEqual(notFound);
    expect(await add(s.guest.id, "'; drop table bookings; --", input(), START)).toEqual(notFound);
    expect(await loadBookingHandover(database.db, { userId: s.otherGuest.id, bookingId, now: at(START) })).toBeNull();
    expect(await recordCount(bookingId)).toBe(0);
  });

  it("is for vehicles and equipment only", async () => {
    const { s, bookingId } = await rental("space");
    expect(await add(s.guest.id, bookingId, input(), START)).toEqual({ ok: false, status: 403, error: HANDOVER_TEXT.errors.notHandover });
    expect(await loadBookingHandover(database.db, { userId: s.guest.id, bookingId, now: at(START) })).toMatchObject({
      applies: false,
      records: [],
      forms: { check_in: { open: false }, check_out: { open: false } },
    });
    expect(await recordCount(bookingId)).toBe(0);
  });

  it("opens check-in 24 hours before the start until the end, and check-out from the start until 3 days after the end", async () => {
    const { s, bookingId } = await rental("vehicle");
    const checkIn = input({ moment: "check_in" });
    const checkOut = input({ moment: "check_out" });
    expect(await add(s.guest.id, bookingId, checkIn, START - DAY - 1)).toEqual({ ok: false, status: 409, error: HANDOVER_TEXT.errors.checkInTooEarly });
    expect(await add(s.host.id, bookingId, checkIn, END)).toEqual({ ok: false, status: 409, error: HANDOVER_TEXT.errors.checkInClosed });
    expect(await add(s.guest.id, bookingId, checkOut, START - 1)).toEqual({ ok: false, status: 409, error: HANDOVER_TEXT.errors.checkOutTooEarly });
    expect(await add(s.guest.id, bookingId, checkOut, END + 3 * DAY + 1)).toEqual({ ok: false, status: 409, error: HANDOVER_TEXT.errors.checkOutClosed });
    expect(await recordCount(bookingId)).toBe(0);
    const shown = await loadBookingHandover(database.db, { userId: s.guest.id, bookingId, now: at(START - 2 * DAY) });
    expect(shown!.forms).toEqual({
      check_in: { open: false, reason: HANDOVER_TEXT.errors.checkInTooEarly },
      check_out: { open: false, reason: HANDOVER_TEXT.errors.checkOutTooEarly },
    });

    expect(await add(s.guest.id, bookingId, checkIn, START - DAY)).toMatchObject({ ok: true });
    // The clock job has completed the booking: the return is still recorded.
    await database.db.update(bookings).set({ status: "completed" }).where(eq(bookings.id, bookingId));
    expect(await add(s.host.id, bookingId, checkIn, END - 1)).toEqual({ ok: false, status: 409, error: HANDOVER_TEXT.errors.notConfirmed });
    expect(await add(s.host.id, bookingId, checkOut, END + 3 * DAY)).toMatchObject({ ok: true });
    expect(await recordCount(bookingId)).toBe(2);
  });

  it("refuses a cancelled booking", async () => {
    const { s, bookingId } = await rental("vehicle");
    await s.cancel(s.guest, bookingId);
    expect(await add(s.guest.id, bookingId, input(), START)).toEqual({ ok: false, status: 409, error: HANDOVER_TEXT.errors.notConfirmed });
    expect(await recordCount(bookingId)).toBe(0);
  });

  it("takes only the author's own fresh image uploads, each on one record", async () => {
    const { s, bookingId } = await rental("vehicle");
    const refused = { ok: false, status: 400, error: HANDOVER_TEXT.errors.photo, field: "photos" };
    const hostsPhoto = await uploadedPhoto(s.host.id);
    const video = await uploadedPhoto(s.guest.id, "video");
    const stale = await uploadedPhoto(s.guest.id);
    await database.db.execute(sql`update media_uploads set created_at = now() - interval '2 days' where url = ${stale}`);
    const mine = await uploadedPhoto(s.guest.id);
    for (const photos of [[hostsPhoto], [video], [stale], [`/media/${s.guest.id}/AAAAAAAAAAAAAAAAAAAAAA.webp`], ["https://elsewhere.example/cat.jpg"], [mine, mine]]) {
      expect(await add(s.guest.id, bookingId, input({ photos }), START)).toEqual(refused);
    }
    expect(await recordCount(bookingId)).toBe(0);
    expect(await add(s.host.id, bookingId, input({ photos: [hostsPhoto] }), START)).toMatchObject({ ok: true });
    // The host's photo is on the host's check-in: not on a second record, even of its own uploader.
    expect(await add(s.host.id, bookingId, input({ moment: "check_out", photos: [hostsPhoto] }), START)).toEqual(refused);
    expect(await recordCount(bookingId)).toBe(1);
  });

  it("keeps handover photos out of the uploader's pending quota and away from the sweep", async () => {
    const { s, bookingId } = await rental("vehicle");
    const attached = await uploadedPhoto(s.guest.id);
    const loose = await uploadedPhoto(s.guest.id);
    for (const url of [attached, loose]) {
      const key = url.slice("/media/".length);
      await fs.mkdir(path.join(mediaRoot, s.guest.id), { recursive: true });
      await fs.writeFile(path.join(mediaRoot, key), "webp");
    }
    expect(await uploadUsage(database.db, s.guest.id)).toMatchObject({ pendingImages: 2 });
    expect(await add(s.guest.id, bookingId, input({ photos: [attached] }), START)).toMatchObject({ ok: true });
    expect(await uploadUsage(database.db, s.guest.id)).toMatchObject({ pendingImages: 1 });
    await sweepOrphanedMedia(database.db, localStorage(mediaRoot), new Date(Date.now() + 2 * DAY));
    await expect(fs.access(path.join(mediaRoot, attached.slice("/media/".length)))).resolves.toBeUndefined();
    await expect(fs.access(path.join(mediaRoot, loose.slice("/media/".length)))).rejects.toThrow();
  });
});

describe("the handover form's schema", () => {
  const parse = (fields: Record<string, string | string[]>) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) form.append(name, one);
    return parseForm(handoverSchema, form, { arrayFields: HANDOVER_ARRAY_FIELDS });
  };
  it("refuses what no handover has, each with its message", () => {
    const base = { moment: "check_in", note: "Fine" };
    expect(parse({ ...base, note: "x".repeat(100_000) })).toEqual({ ok: false, fieldErrors: { note: HANDOVER_TEXT.errors.noteTooLong } });
    expect(parse({ ...base, condition: "x".repeat(1_001) })).toEqual({ ok: false, fieldErrors: { condition: HANDOVER_TEXT.errors.conditionTooLong } });
    for (const odometer of ["-5", "1e309", "12.5", "abc", "99999999"]) expect(parse({ ...base, odometer })).toEqual({ ok: false, fieldErrors: { odometer: HANDOVER_TEXT.errors.odometer } });
    for (const fuel of ["200", "-1", "9", "half"]) expect(parse({ ...base, fuel })).toEqual({ ok: false, fieldErrors: { fuel: HANDOVER_TEXT.errors.fuel } });
    expect(parse({ ...base, photos: Array.from({ length: 50 }, (_, i) => `/media/x/${i}.webp`) })).toEqual({ ok: false, fieldErrors: { photos: HANDOVER_TEXT.errors.tooManyPhotos } });
    expect(parse({ moment: "check_in", note: "  " })).toEqual({ ok: false, fieldErrors: { note: HANDOVER_TEXT.errors.empty } });
    expect(parse({ moment: "later", note: "Fine" })).toEqual({ ok: false, fieldErrors: { moment: HANDOVER_TEXT.errors.moment } });
    expect(parse({ ...base, odometer: "48 210", fuel: "0" })).toEqual({ ok: true, data: { moment: "check_in", note: "Fine", condition: "", odometer: 48_210, fuel: 0, photos: [] } });
  });
});
