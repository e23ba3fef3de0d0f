import { and, asc, desc, eq, inArray, isNull, lt, ne, or, sql, type SQL } from "drizzle-orm";
import sharp from "sharp";
import { adminActions } from "~/db/schema/admin";
import { users } from "~/db/schema/auth";
import { identityUploads, identityVerifications, type IdentityStatus, type IdentityUploadKind } from "~/db/schema/identity";
import { profiles } from "~/db/schema/profiles";
import { absoluteUrl } from "~/features/mail/booking-emails.server";
import { queueEmail } from "~/features/mail/outbox.server";
import { recipientLanguage } from "~/features/mail/mail-i18n.server";
import { identityDecisionMail } from "~/features/mail/more-emails.server";
import { SNIFF_BYTES, sniffMedia } from "~/features/media/sniff";
import { UploadError } from "~/features/media/upload-error";
import type { Db, Tx } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import { IDENTITY_PATH, IDENTITY_PHOTO_MAX_BYTES, IDENTITY_TEXT } from "./identity-text";
import { newPrivateKey, type PrivateStorage } from "./private-storage.server";
import { isVerifiedSql } from "./verified-sql.server";

/**
 * Identity verification (issue #29 point 3, ADRs 0250-0252, docs/product.md#identity-verification).
 * A user is identity-verified while they have a verification with status 'verified'. The
 * local provider's photos are private files, deleted after the admin's decision or 30 days.
 */

/** Photos are deleted this long after their upload, whatever happened (ADR 0251). */
export const PHOTO_RETENTION_MS = 30 * 24 * 3_600_000;
/** A photo never submitted for review is deleted after a day. */
export const UNSUBMITTED_PHOTO_MS = 24 * 3_600_000;
/** The largest side of a stored photo: readable for a reviewer, small on disk. */
const PHOTO_MAX_SIDE = 2000;
const MAX_INPUT_PIXELS = 60_000_000;
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp"]);

export type IdentityState = {
  status: IdentityStatus | "none";
  provider: "local" | "stripe" | null;
  reason: string | null;
  since: string | null;
};

/** The user's state: verified if any verification is, else their latest attempt's. */
export async function identityState(db: Db | Tx, userId: string): Promise<IdentityState> {
  const [row] = await db
    .select({ status: identityVerifications.status, provider: identityVerifications.provider, reason: identityVerifications.reason, createdAt: identityVerifications.createdAt, decidedAt: identityVerifications.decidedAt })
    .from(identityVerifications)
    .where(eq(identityVerifications.userId, userId))
    .orderBy(sql`${identityVerifications.status} = 'verified' desc`, desc(identityVerifications.createdAt))
    .limit(1);
  if (!row) return { status: "none", provider: null, reason: null, since: null };
  return { status: row.status, provider: row.provider, reason: row.reason, since: (row.decidedAt ?? row.createdAt).toISOString() };
}

export async function isIdentityVerified(db: Db | Tx, userId: string): Promise<boolean> {
  const result = await db.execute<{ verified: boolean }>(sql`select ${isVerifiedSql(userId)} as verified`);
  return Boolean(result.rows[0]?.verified);
}

// ---------------------------------------------------------------------------
// The local provider: photos

/**
 * Checks one photo from its bytes (never its name or declared type): JPEG, PNG or WebP
 * within 10 MB; re-encoded to WebP with sharp, which drops all metadata (EXIF, GPS).
 */
export async function encodeIdentityPhoto(bytes: Buffer): Promise<Buffer> {
  if (bytes.length === 0) throw new UploadError(IDENTITY_TEXT.errors.notImage, 415);
  if (bytes.length > IDENTITY_PHOTO_MAX_BYTES) throw new UploadError(IDENTITY_TEXT.errors.tooLarge, 413);
  const sniffed = sniffMedia(bytes.subarray(0, SNIFF_BYTES));
  if (sniffed?.kind !== "image" || !ACCEPTED_FORMATS.has(sniffed.format)) throw new UploadError(IDENTITY_TEXT.errors.notImage, 415);
  try {
    return await sharp(bytes, { failOn: "warning", limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({ width: PHOTO_MAX_SIDE, height: PHOTO_MAX_SIDE, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 85 })
      .toBuffer();
  } catch {
    throw new UploadError(IDENTITY_TEXT.errors.unreadable, 415);
  }
}

/** Stores a checked photo privately and records it; returns the upload's id. */
export async function storeIdentityPhoto(
  db: Db,
  storage: PrivateStorage,
  input: { userId: string; kind: IdentityUploadKind; bytes: Buffer; now: Date },
): Promise<{ id: string }> {
  const encoded = await encodeIdentityPhoto(input.bytes);
  const key = newPrivateKey(input.userId);
  await storage.put(key, encoded);
  try {
    const [row] = await db
      .insert(identityUploads)
      .values({ userId: input.userId, kind: input.kind, storageKey: key, bytes: encoded.length, createdAt: input.now })
      .returning({ id: identityUploads.id });
    return { id: row!.id };
  } catch (error) {
    await storage.delete(key).catch(() => undefined);
    throw error;
  }
}

/** A private photo for `viewer` (its owner or an admin), or null for anyone else and for unknown ids. */
export async function readIdentityPhoto(db: Db, storage: PrivateStorage, uploadId: string, viewer: { id: string; isAdmin: boolean }): Promise<Buffer | null> {
  const [row] = await db.select({ userId: identityUploads.userId, key: identityUploads.storageKey }).from(identityUploads).where(eq(identityUploads.id, uploadId));
  if (!row || (row.userId !== viewer.id && !viewer.isAdmin)) return null;
  return storage.read(row.key);
}

export type IdentityResult = { ok: true; message: string } | { ok: false; status: 400 | 403 | 404 | 409; error: string; field?: "documentUploadId" | "selfieUploadId" };

const refuse = (status: 400 | 403 | 404 | 409, error: string, field?: "documentUploadId" | "selfieUploadId"): IdentityResult => ({ ok: false, status, error, field });

/**
 * Sends a document photo and a selfie for review: both must be the user's own, of the
 * right kind, and not submitted before; the user must not be verified or in review already.
 */
export async function submitLocalVerification(
  db: Db,
  input: { userId: string; documentUploadId: string; selfieUploadId: string; now: Date },
): Promise<IdentityResult> {
  return db.transaction(async (tx) => {
    // The user's row first: two submissions at once are decided one after the other.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, input.userId)).for("update");
    const state = await identityState(tx, input.userId);
    if (state.status === "verified") return refuse(409, IDENTITY_TEXT.errors.alreadyVerified);
    if (state.status === "pending") return refuse(409, IDENTITY_TEXT.errors.alreadyPending);
    const rows = await tx
      .select({ id: identityUploads.id, kind: identityUploads.kind, verificationId: identityUploads.verificationId })
      .from(identityUploads)
      .where(and(eq(identityUploads.userId, input.userId), inArray(identityUploads.id, [input.documentUploadId, input.selfieUploadId])))
      .for("update");
    for (const [field, id, kind] of [
      ["documentUploadId", input.documentUploadId, "document"],
      ["selfieUploadId", input.selfieUploadId, "selfie"],
    ] as const) {
      const row = rows.find((upload) => upload.id === id);
      // Another user's upload is "not found" too: its existence is not revealed.
      if (!row || row.kind !== kind) return refuse(404, IDENTITY_TEXT.errors.uploadNotFound, field);
      if (row.verificationId) return refuse(409, IDENTITY_TEXT.errors.uploadUsed, field);
    }
    const [verification] = await tx
      .insert(identityVerifications)
      .values({ userId: input.userId, provider: "local", status: "pending", createdAt: input.now, updatedAt: input.now })
      .returning({ id: identityVerifications.id });
    await tx
      .update(identityUploads)
      .set({ verificationId: verification!.id })
      .where(inArray(identityUploads.id, [input.documentUploadId, input.selfieUploadId]));
    return { ok: true, message: IDENTITY_TEXT.submitted };
  });
}

// ---------------------------------------------------------------------------
// The admin's review

export type ReviewDecision = { verificationId: string; decision: "approve" | "reject"; reason: string };

async function queueDecisionEmail(tx: Tx, input: { userId: string; approved: boolean; reason: string | null; now: Date; dedupeKey: string }) {
  const [person] = await tx.select({ email: users.email, name: profiles.fullName }).from(users).leftJoin(profiles, eq(profiles.id, users.id)).where(eq(users.id, input.userId));
  if (!person) return;
  // In the member's language (ADR 0296); the texts are in ~/features/mail/more-emails.server.
  const mail = identityDecisionMail(await recipientLanguage(tx, input.userId), { name: person.name, approved: input.approved, reason: input.reason, url: absoluteUrl(IDENTITY_PATH) });
  await queueEmail(tx, { ...mail, kind: input.approved ? "identity_approved" : "identity_rejected", to: person.email, userId: input.userId, dedupeKey: input.dedupeKey, now: input.now });
}

/**
 * An admin approves or rejects a local verification that is in review (the caller has
 * checked that they are an admin). The decision, its log row and the member's e-mail commit
 * together; the photos are deleted right after (the sweep job retries a failed deletion).
 */
export async function decideVerification(db: Db, storage: PrivateStorage, admin: { id: string }, input: ReviewDecision & { now: Date }): Promise<IdentityResult> {
  const result = await db.transaction(async (tx): Promise<IdentityResult> => {
    const [row] = await tx
      .select({ id: identityVerifications.id, userId: identityVerifications.userId, status: identityVerifications.status, provider: identityVerifications.provider, email: users.email })
      .from(identityVerifications)
      .innerJoin(users, eq(users.id, identityVerifications.userId))
      .where(eq(identityVerifications.id, input.verificationId))
      .for("update", { of: identityVerifications });
    if (!row || row.provider !== "local") return refuse(404, IDENTITY_TEXT.admin.notFound);
    if (row.status !== "pending") return refuse(409, IDENTITY_TEXT.admin.alreadyDecided);
    const approved = input.decision === "approve";
    await tx
      .update(identityVerifications)
      .set({ status: approved ? "verified" : "rejected", reason: approved ? null : input.reason, decidedBy: admin.id, decidedAt: input.now, updatedAt: input.now })
      .where(eq(identityVerifications.id, row.id));
    await tx.insert(adminActions).values({
      adminId: admin.id,
      action: approved ? "approve_identity" : "reject_identity",
      targetType: "user",
      targetId: row.userId,
      targetLabel: row.email,
      reason: input.reason || null,
      createdAt: input.now,
    });
    await queueDecisionEmail(tx, { userId: row.userId, approved, reason: approved ? null : input.reason, now: input.now, dedupeKey: `identity-decision:${row.id}` });
    return { ok: true, message: approved ? IDENTITY_TEXT.admin.approved : IDENTITY_TEXT.admin.rejected };
  });
  if (result.ok) await deletePhotos(db, storage, eq(identityUploads.verificationId, input.verificationId));
  return result;
}

/** Deletes the files of the matching uploads, then their rows (a file that fails stays for the next sweep). */
async function deletePhotos(db: Db, storage: PrivateStorage, where: SQL) {
  const rows = await db.select({ id: identityUploads.id, key: identityUploads.storageKey }).from(identityUploads).where(where).limit(500);
  const gone: string[] = [];
  for (const row of rows) {
    try {
      await storage.delete(row.key);
      gone.push(row.id);
    } catch (error) {
      logger.error({ err: error, uploadId: row.id }, "identity photo delete failed");
    }
  }
  if (gone.length > 0) await db.delete(identityUploads).where(inArray(identityUploads.id, gone));
  return gone.length;
}

/**
 * The `identity-photos` job (ADR 0251): deletes photos whose verification was decided, photos
 * never submitted after a day, and every photo 30 days after its upload.
 */
export async function sweepIdentityPhotos(db: Db, storage: PrivateStorage, now: Date): Promise<{ deleted: number }> {
  const decided = db
    .select({ id: identityVerifications.id })
    .from(identityVerifications)
    .where(ne(identityVerifications.status, "pending"));
  const where = or(
    inArray(identityUploads.verificationId, decided),
    and(isNull(identityUploads.verificationId), lt(identityUploads.createdAt, new Date(now.getTime() - UNSUBMITTED_PHOTO_MS))),
    lt(identityUploads.createdAt, new Date(now.getTime() - PHOTO_RETENTION_MS)),
  )!;
  return { deleted: await deletePhotos(db, storage, where) };
}

export const REVIEW_LIST_LIMIT = 20;

export type PendingReview = {
  id: string;
  userId: string;
  email: string;
  fullName: string | null;
  createdAt: Date;
  photos: { id: string; kind: IdentityUploadKind }[];
};

/** Local verifications waiting for an admin, oldest first, with their photos' ids. */
export async function pendingReviews(db: Db, limit = REVIEW_LIST_LIMIT): Promise<{ rows: PendingReview[]; total: number }> {
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: identityVerifications.id,
        userId: identityVerifications.userId,
        email: users.email,
        fullName: profiles.fullName,
        createdAt: identityVerifications.createdAt,
        photos: sql<{ id: string; kind: IdentityUploadKind }[]>`coalesce((
          select json_agg(json_build_object('id', u.id, 'kind', u.kind) order by u.kind) from ${identityUploads} u where u.verification_id = ${identityVerifications.id}), '[]')`,
      })
      .from(identityVerifications)
      .innerJoin(users, eq(users.id, identityVerifications.userId))
      .leftJoin(profiles, eq(profiles.id, identityVerifications.userId))
      .where(and(eq(identityVerifications.status, "pending"), eq(identityVerifications.provider, "local")))
      .orderBy(asc(identityVerifications.createdAt), asc(identityVerifications.id))
      .limit(limit),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(identityVerifications)
      .where(and(eq(identityVerifications.status, "pending"), eq(identityVerifications.provider, "local"))),
  ]);
  return { rows, total: Number(counted?.total ?? 0) };
}

// ---------------------------------------------------------------------------
// Stripe Identity: the state Stripe reports, applied to our row

export type StripeSessionState = { id: string; status: "requires_input" | "processing" | "verified" | "canceled"; lastError: string | null };

/**
 * Applies a VerificationSession's current state (read from Stripe by the caller, outside
 * any transaction) to its row. Idempotent: a late or repeated event changes nothing more.
 */
export async function applyStripeSession(db: Db, session: StripeSessionState, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: identityVerifications.id, userId: identityVerifications.userId, status: identityVerifications.status })
      .from(identityVerifications)
      .where(and(eq(identityVerifications.providerSessionId, session.id), eq(identityVerifications.provider, "stripe")))
      .for("update");
    if (!row || row.status === "verified" || row.status === "rejected") return false;
    const status: IdentityStatus = session.status === "verified" ? "verified" : session.status === "processing" ? "pending" : "requires_input";
    if (status === row.status) return false;
    await tx
      .update(identityVerifications)
      .set({ status, reason: status === "requires_input" ? session.lastError : null, decidedAt: status === "verified" ? now : null, updatedAt: now })
      .where(eq(identityVerifications.id, row.id));
    if (status === "verified") await queueDecisionEmail(tx, { userId: row.userId, approved: true, reason: null, now, dedupeKey: `identity-decision:${row.id}` });
    return true;
  });
}

/** The user's latest Stripe session, if any: an open one (pending) is resumed rather than another started. */
export async function latestStripeSession(db: Db, userId: string) {
  const [row] = await db
    .select({ id: identityVerifications.id, sessionId: identityVerifications.providerSessionId, status: identityVerifications.status })
    .from(identityVerifications)
    .where(and(eq(identityVerifications.userId, userId), eq(identityVerifications.provider, "stripe")))
    .orderBy(desc(identityVerifications.createdAt))
    .limit(1);
  return row ?? null;
}

/** Records a session Stripe created for the user (after the call, in its own statement). */
export async function recordStripeSession(db: Db, input: { userId: string; sessionId: string; now: Date }) {
  await db
    .insert(identityVerifications)
    .values({ userId: input.userId, provider: "stripe", status: "pending", providerSessionId: input.sessionId, createdAt: input.now, updatedAt: input.now })
    .onConflictDoNothing();
}
