import { and, eq } from "drizzle-orm";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { adminActions, bookings, emailOutbox, identityUploads, identityVerifications } from "~/db/schema/index";
import { parseListingForm } from "~/features/hosting/listing-form";
import type * as DbModule from "~/lib/db.server";
import { bookingScenario } from "../../../tests/factories/bookings";
import { createUser, sessionCookieFor } from "../../../tests/factories/users";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { IDENTITY_TEXT } from "~/features/identity/identity-text";
import { isIdentityVerified, sweepIdentityPhotos } from "~/features/identity/identity.server";
import { localPrivateStorage, setPrivateStorage } from "~/features/identity/private-storage.server";

/**
 * Issue #29 point 3 (ADRs 0250-0253): the local provider's uploads, submission, the admin's
 * review, the private photos' address, the photo sweep and the verified-guests rule of the
 * hold, called as the server calls them, on both engines. Every refusal is a clear answer
 * that changes nothing.
 */
const state = vi.hoisted(() => ({ database: undefined as undefined | { db: unknown } }));
vi.mock("~/lib/db.server", async (original) => ({
  ...(await original<typeof DbModule>()),
  getDb: async () => state.database!.db,
}));

const uploadRoute = await import("./api.identity-uploads");
const fileRoute = await import("./identity-file");
const pageRoute = await import("./identity");
const adminRoute = await import("../admin/admin");

let database: TestDatabase;
let root: string;
let jpeg: Buffer;

beforeAll(async () => {
  database = await createTestDatabase();
  state.database = database;
  root = await fs.mkdtemp(path.join(os.tmpdir(), "rentwell-identity-"));
  setPrivateStorage(localPrivateStorage(root));
  jpeg = await sharp({ create: { width: 320, height: 200, channels: 3, background: { r: 30, g: 90, b: 160 } } }).jpeg().toBuffer();
});

afterAll(async () => {
  setPrivateStorage(undefined);
  await fs.rm(root, { recursive: true, force: true });
  await database.drop();
});

type Answer = { status: number; body: Record<string, unknown>; headers: Headers };

/** A route's answer (a Response, or React Router's data()) in one shape; thrown answers too. */
async function settle(work: () => Promise<unknown>): Promise<Answer> {
  let answer: unknown;
  try {
    answer = await work();
  } catch (thrown) {
    answer = thrown;
  }
  if (answer instanceof Response) {
    const text = answer.headers.get("content-type")?.includes("json") ? await answer.json() : {};
    return { status: answer.status, body: text as Record<string, unknown>, headers: answer.headers };
  }
  const { data, init } = answer as { data: Record<string, unknown>; init: { status?: number; headers?: HeadersInit } | null };
  return { status: init?.status ?? 200, body: data, headers: new Headers(init?.headers) };
}

async function member(options: { isAdmin?: boolean } = {}) {
  const user = await createUser(database.db, { signIn: false, ...options });
  return { ...user, cookie: await sessionCookieFor(database.db, user.id) };
}

function upload(cookie: string, kind: string, file: { bytes: Buffer; name: string; type: string }) {
  const body = new FormData();
  body.append("file", new File([new Uint8Array(file.bytes)], file.name, { type: file.type }));
  const request = new Request(`http://localhost/api/identity/uploads?kind=${kind}`, { method: "POST", headers: { cookie }, body });
  return settle(() => uploadRoute.action({ request, params: {}, context: {} } as never));
}

function postForm(url: string, route: { action: (args: never) => unknown }, cookie: string, fields: Record<string, string>) {
  const request = new Request(`http://localhost${url}`, {
    method: "POST",
    headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
  return settle(async () => route.action({ request, params: {}, context: {} } as never));
}

function getFile(cookie: string, id: string) {
  const request = new Request(`http://localhost/identity/files/${id}`, { headers: { cookie } });
  return fileRoute.loader({ request, params: { id }, context: {} } as never);
}

const JPEG = () => ({ bytes: jpeg, name: "passport.jpg", type: "image/jpeg" });
const uploadsOf = (userId: string) => database.db.select().from(identityUploads).where(eq(identityUploads.userId, userId));
const verificationsOf = (userId: string) => database.db.select().from(identityVerifications).where(eq(identityVerifications.userId, userId));
const filesOnDisk = async (userId: string) => (await fs.readdir(path.join(root, userId)).catch(() => [])).length;

async function submitted() {
  const user = await member();
  const document = await upload(user.cookie, "document", JPEG());
  const selfie = await upload(user.cookie, "selfie", JPEG());
  const answer = await postForm("/profile/identity", pageRoute, user.cookie, { intent: "submit", documentUploadId: String(document.body.id), selfieUploadId: String(selfie.body.id) });
  expect(answer.status).toBe(302);
  const [verification] = await verificationsOf(user.id);
  return { user, verification: verification!, documentId: String(document.body.id), selfieId: String(selfie.body.id) };
}

describe("identity photos: the media pipeline's checks, stored privately", () => {
  it.each([
    ["a PDF", { bytes: Buffer.from("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF"), name: "passport.jpg", type: "image/jpeg" }, 415, IDENTITY_TEXT.errors.notImage],
    ["an SVG", { bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), name: "id.svg", type: "image/svg+xml" }, 415, IDENTITY_TEXT.errors.notImage],
    ["50 MB", { bytes: Buffer.concat([jpegHead(), Buffer.alloc(50 * 1024 * 1024)]), name: "huge.jpg", type: "image/jpeg" }, 413, IDENTITY_TEXT.errors.tooLarge],
    ["an empty file", { bytes: Buffer.alloc(0), name: "empty.jpg", type: "image/jpeg" }, 415, IDENTITY_TEXT.errors.notImage],
    ["a damaged JPEG", { bytes: Buffer.concat([jpegHead(), Buffer.alloc(2048, 7)]), name: "broken.jpg", type: "image/jpeg" }, 415, IDENTITY_TEXT.errors.unreadable],
  ])("refuses %s with a clear message and stores nothing", async (_what, file, status, message) => {
    const user = await member();
    const answer = await upload(user.cookie, "document", file);
    expect(answer).toMatchObject({ status, body: { error: message } });
    expect(await uploadsOf(user.id)).toEqual([]);
    expect(await filesOnDisk(user.id)).toBe(0);
  });

  it("refuses an unknown kind and a signed-out upload", async () => {
    const user = await member();
    expect(await upload(user.cookie, "passport", JPEG())).toMatchObject({ status: 400, body: { error: IDENTITY_TEXT.errors.unknownKind } });
    expect(await upload("", "document", JPEG())).toMatchObject({ status: 401, body: { error: IDENTITY_TEXT.errors.signIn } });
    expect(await uploadsOf(user.id)).toEqual([]);
  });

  it("re-encodes a photo to WebP under the private folder, served only to its owner and admins, never cached", async () => {
    const owner = await member();
    const other = await member();
    const admin = await member({ isAdmin: true });
    const answer = await upload(owner.cookie, "document", JPEG());
    expect(answer.status).toBe(200);
    const [row] = await uploadsOf(owner.id);
    expect(row).toMatchObject({ id: answer.body.id, kind: "document", verificationId: null });
    expect(row!.storageKey).toMatch(new RegExp(`^${owner.id}/[A-Za-z0-9_-]{22}\\.webp$`));
    expect((await sharp(await fs.readFile(path.join(root, row!.storageKey))).metadata()).format).toBe("webp");

    const own = await getFile(owner.cookie, row!.id);
    expect(own.status).toBe(200);
    expect(own.headers.get("content-type")).toBe("image/webp");
    expect(own.headers.get("cache-control")).toBe("private, no-store");
    expect((await sharp(Buffer.from(await own.arrayBuffer())).metadata()).width).toBe(320);
    expect((await getFile(admin.cookie, row!.id)).status).toBe(200);
    // Another member, a visitor and a made-up id get the same 404, not cached either.
    for (const response of [await getFile(other.cookie, row!.id), await getFile("", row!.id), await getFile(owner.cookie, "00000000-0000-4000-8000-000000000000"), await getFile(owner.cookie, "../../etc/passwd")]) {
      expect(response.status).toBe(404);
      expect(response.headers.get("cache-control")).toBe("private, no-store");
    }
  });
});

describe("submitting for review", () => {
  it("refuses another member's upload id (as not found), a missing photo and a second submission; changes nothing", async () => {
    const mallory = await member();
    const alice = await member();
    const aliceDocument = await upload(alice.cookie, "document", JPEG());
    const mallorySelfie = await upload(mallory.cookie, "selfie", JPEG());
    const stolen = await postForm("/profile/identity", pageRoute, mallory.cookie, { intent: "submit", documentUploadId: String(aliceDocument.body.id), selfieUploadId: String(mallorySelfie.body.id) });
    expect(stolen).toMatchObject({ status: 404, body: { fieldErrors: { documentUploadId: IDENTITY_TEXT.errors.uploadNotFound } } });
    // The selfie's id where the document's goes: the wrong kind is not found either.
    const swapped = await postForm("/profile/identity", pageRoute, mallory.cookie, { intent: "submit", documentUploadId: String(mallorySelfie.body.id), selfieUploadId: String(mallorySelfie.body.id) });
    expect(swapped.status).toBe(404);
    const missing = await postForm("/profile/identity", pageRoute, mallory.cookie, { intent: "submit", documentUploadId: "", selfieUploadId: String(mallorySelfie.body.id) });
    expect(missing).toMatchObject({ status: 400, body: { fieldErrors: { documentUploadId: IDENTITY_TEXT.errors.documentRequired } } });
    expect(await verificationsOf(mallory.id)).toEqual([]);
    expect((await uploadsOf(alice.id))[0]!.verificationId).toBeNull();

    const { user, verification } = await submitted();
    expect(verification).toMatchObject({ provider: "local", status: "pending" });
    expect((await uploadsOf(user.id)).map((row) => row.verificationId)).toEqual([verification.id, verification.id]);
    const again = await postForm("/profile/identity", pageRoute, user.cookie, { intent: "submit", documentUploadId: "00000000-0000-4000-8000-000000000001", selfieUploadId: "00000000-0000-4000-8000-000000000002" });
    expect(again).toMatchObject({ status: 409, body: { formError: IDENTITY_TEXT.errors.alreadyPending } });
    expect(await verificationsOf(user.id)).toHaveLength(1);
  });
});

describe("the admin's review in /admin", () => {
  const review = (cookie: string, fields: Record<string, string>) => postForm("/admin", adminRoute, cookie, fields);
  const mailsTo = (email: string) => database.db.select().from(emailOutbox).where(eq(emailOutbox.toEmail, email));

  it("a non-admin cannot approve: 403 and nothing changes", async () => {
    const { user, verification } = await submitted();
    const answer = await review(user.cookie, { intent: "approve_identity", verificationId: verification.id });
    expect(answer.status).toBe(403);
    expect((await verificationsOf(user.id))[0]!.status).toBe("pending");
    expect(await isIdentityVerified(database.db, user.id)).toBe(false);
  });

  it("approves: verified, logged, e-mailed, photos deleted; approving again is refused and changes nothing", async () => {
    const admin = await member({ isAdmin: true });
    const { user, verification, documentId } = await submitted();
    expect(await filesOnDisk(user.id)).toBe(2);
    const answer = await review(admin.cookie, { intent: "approve_identity", verificationId: verification.id });
    expect(answer).toMatchObject({ status: 200, body: { ok: true, message: IDENTITY_TEXT.admin.approved } });
    expect((await verificationsOf(user.id))[0]).toMatchObject({ status: "verified", decidedBy: admin.id });
    expect(await isIdentityVerified(database.db, user.id)).toBe(true);
    expect(await database.db.select().from(adminActions).where(and(eq(adminActions.targetId, user.id), eq(adminActions.action, "approve_identity")))).toHaveLength(1);
    const mails = await mailsTo(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: "identity_approved", subject: "Your identity is verified" });
    expect(await uploadsOf(user.id)).toEqual([]);
    expect(await filesOnDisk(user.id)).toBe(0);
    expect((await getFile(user.cookie, documentId)).status).toBe(404);

    for (const intent of ["approve_identity", "reject_identity"]) {
      const twice = await review(admin.cookie, { intent, verificationId: verification.id, reason: "Blurry photo" });
      expect(twice).toMatchObject({ status: 409, body: { ok: false, error: IDENTITY_TEXT.admin.alreadyDecided } });
    }
    expect((await verificationsOf(user.id))[0]!.status).toBe("verified");
    expect(await mailsTo(user.email)).toHaveLength(1);
  });

  it("rejects only with a reason, which the member reads on the page and in the e-mail; they may try again", async () => {
    const admin = await member({ isAdmin: true });
    const { user, verification } = await submitted();
    const noReason = await review(admin.cookie, { intent: "reject_identity", verificationId: verification.id, reason: " " });
    expect(noReason).toMatchObject({ status: 400, body: { fieldErrors: { reason: IDENTITY_TEXT.admin.reasonRequired } } });
    expect((await verificationsOf(user.id))[0]!.status).toBe("pending");
    expect(await review(admin.cookie, { intent: "reject_identity", verificationId: "00000000-0000-4000-8000-000000000000", reason: "Blurry" })).toMatchObject({ status: 404 });

    const answer = await review(admin.cookie, { intent: "reject_identity", verificationId: verification.id, reason: "The document photo is blurry." });
    expect(answer).toMatchObject({ status: 200, body: { ok: true } });
    const [mail] = await mailsTo(user.email);
    expect(mail).toMatchObject({ kind: "identity_rejected" });
    expect(mail!.textBody).toContain("The document photo is blurry.");
    expect(await filesOnDisk(user.id)).toBe(0);
    const page = await pageRoute.loader({ request: new Request("http://localhost/profile/identity", { headers: { cookie: user.cookie } }), params: {}, context: {} } as never);
    expect(page.state).toMatchObject({ status: "rejected", reason: "The document photo is blurry." });
    // A rejected member sends new photos.
    const document = await upload(user.cookie, "document", JPEG());
    const selfie = await upload(user.cookie, "selfie", JPEG());
    expect((await postForm("/profile/identity", pageRoute, user.cookie, { intent: "submit", documentUploadId: String(document.body.id), selfieUploadId: String(selfie.body.id) })).status).toBe(302);
  });

  it("lists the pending verifications with their photos on /admin", async () => {
    const admin = await member({ isAdmin: true });
    const { user, documentId, selfieId } = await submitted();
    const page = await adminRoute.loader({ request: new Request("http://localhost/admin", { headers: { cookie: admin.cookie } }), params: {}, context: {} } as never);
    const row = page.identityReviews!.rows.find((item) => item.userId === user.id);
    expect(row!.email).toBe(user.email);
    expect(row!.photos).toEqual(expect.arrayContaining([{ id: documentId, kind: "document" }, { id: selfieId, kind: "selfie" }]));
  });
});

describe("the identity-photos job", () => {
  it("deletes photos never submitted after a day and every photo after 30 days; keeps those in review", async () => {
    const { user } = await submitted();
    const loose = await member();
    await upload(loose.cookie, "selfie", JPEG());
    const now = new Date();
    await sweepIdentityPhotos(database.db, localPrivateStorage(root), new Date(now.getTime() + 2 * 3_600_000));
    expect(await uploadsOf(loose.id)).toHaveLength(1);
    await sweepIdentityPhotos(database.db, localPrivateStorage(root), new Date(now.getTime() + 25 * 3_600_000));
    expect(await uploadsOf(loose.id)).toEqual([]);
    expect(await filesOnDisk(loose.id)).toBe(0);
    expect(await uploadsOf(user.id)).toHaveLength(2);
    await sweepIdentityPhotos(database.db, localPrivateStorage(root), new Date(now.getTime() + 31 * 24 * 3_600_000));
    expect(await uploadsOf(user.id)).toEqual([]);
    expect(await filesOnDisk(user.id)).toBe(0);
  });
});

describe("listings for identity-verified guests (ADR 0253)", () => {
  it("the listing form saves the setting", () => {
    const base = { title: "Loft", description: "A loft", rentalType: "space", type: "studio", hourlyPrice: "20", capacity: "2", amenities: "WiFi", location: "Tampa, FL", country: "United States", intent: "draft" };
    const form = (fields: Record<string, string>) => {
      const data = new FormData();
      for (const [name, value] of Object.entries(fields)) data.append(name, value);
      return data;
    };
    expect(parseListingForm(form({ ...base, requiresVerifiedGuests: "on" })).data?.requiresVerifiedGuests).toBe(true);
    expect(parseListingForm(form(base)).data?.requiresVerifiedGuests).toBe(false);
  });

  it("the hold refuses a guest without a verified identity (403, clear message, nothing held) and lets a verified one book", async () => {
    const s = await bookingScenario(database.db, { now: "2026-06-01T12:00:00Z", listing: { requiresVerifiedGuests: true }, quickUsers: true });
    const refused = await s.hold(s.guest, s.request({ date: "2026-06-10", hour: 10 }));
    expect(refused).toMatchObject({ ok: false, status: 403, code: "identity_required", error: IDENTITY_TEXT.booking.required });
    expect(await database.db.select().from(bookings).where(eq(bookings.spaceId, s.space.id))).toEqual([]);
    expect(await s.calendar()).toEqual([]);
    // A pending or rejected verification is not enough.
    await database.db.insert(identityVerifications).values({ userId: s.guest.id, provider: "local", status: "rejected", reason: "Blurry" });
    expect(await s.hold(s.guest, s.request({ date: "2026-06-10", hour: 10 }))).toMatchObject({ code: "identity_required" });

    await database.db.insert(identityVerifications).values({ userId: s.otherGuest.id, provider: "local", status: "verified" });
    const held = await s.hold(s.otherGuest, s.request({ date: "2026-06-10", hour: 10 }));
    expect(held.ok).toBe(true);
  });
});

/** The first bytes of a JPEG: what the sniffer sees. */
function jpegHead() {
  return Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);
}
