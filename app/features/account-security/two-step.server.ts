import { and, eq, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import { errors as joseErrors, jwtVerify, SignJWT } from "jose";
import crypto from "node:crypto";
import * as OTPAuth from "otpauth";
import QRCode from "qrcode";
import { twoStepCredentials, twoStepRecoveryCodes, users } from "~/db/schema/index";
import { consumeRateLimit, formatRetryAfter, refundRateLimitEvent, type RateLimit } from "~/features/security/rate-limit.server";
import type { Db } from "~/lib/db.server";
import { english, type Translate } from "~/features/i18n/translate";
import { env } from "~/lib/env.server";
import { sessionSecret } from "~/lib/session-secret.server";
import { SECURITY_TEXT } from "./security-form";

/**
 * Two-step sign-in with an authenticator app (issue #29 point 4, ADR 0246): RFC 6238 TOTP
 * through otpauth — SHA-1, 6 digits, 30-second steps, the parameters every authenticator
 * app reads from a QR code — with one step of clock drift either way, each step's code
 * accepted once, and at most five wrong codes per account per 15 minutes (the shared rate
 * limiter). Ten single-use recovery codes stand in for the phone.
 */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
export const TOTP_ALGORITHM = "SHA1";
/** Steps of clock drift accepted either way: ±1 (±30 s); ±2 is refused. */
export const TOTP_DRIFT_STEPS = 1;
const ISSUER = "Rentwell";
export const RECOVERY_CODE_COUNT = 10;
/** Wrong codes (TOTP or recovery) per account before a pause (docs/decisions/0011-rate-limiter.md). */
export const TWO_STEP_CODE_LIMITS: RateLimit[] = [{ max: 5, windowMs: 15 * 60_000 }];
/** How long the password half of a sign-in waits for its second step. */
export const PENDING_SIGN_IN_SECONDS = 5 * 60;

// ---- keys derived from the session secret -------------------------------------------

const derived = new Map<string, { secret: string; key: Buffer }>();

/** A 256-bit key for one purpose, derived (HKDF-SHA-256) from the session secret. */
function derivedKey(purpose: string): Buffer {
  const secret = sessionSecret();
  const known = derived.get(purpose);
  if (known?.secret === secret) return known.key;
  const key = Buffer.from(crypto.hkdfSync("sha256", secret, "rentwell", purpose, 32));
  derived.set(purpose, { secret, key });
  return key;
}

/** AES-256-GCM: "v1.<iv>.<tag>.<ciphertext>", base64url. */
export function encryptSecret(plain: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", derivedKey("two-step-secret-v1"), iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return ["v1", iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), body.toString("base64url")].join(".");
}

/** The plain secret, or null when it cannot be decrypted (another session secret, tampered). */
export function decryptSecret(stored: string): string | null {
  const [version, iv, tag, body] = stored.split(".");
  if (version !== "v1" || !iv || !tag || body === undefined) return null;
  try {
    const decipher = crypto.createDecipheriv("aes-256-gcm", derivedKey("two-step-secret-v1"), Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}

// ---- TOTP -------------------------------------------------------------------------------

export function totpFor(secretBase32: string, label: string): OTPAuth.TOTP {
  return new OTPAuth.TOTP({
    issuer: ISSUER,
    label,
    algorithm: TOTP_ALGORITHM,
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: OTPAuth.Secret.fromBase32(secretBase32),
  });
}

/** The step a code matched (now's step ± drift), or null when it matches none. */
function matchingStep(secretBase32: string, code: string, now: Date): number | null {
  const totp = totpFor(secretBase32, "");
  const delta = totp.validate({ token: code, timestamp: now.getTime(), window: TOTP_DRIFT_STEPS });
  if (delta === null) return null;
  return OTPAuth.TOTP.counter({ period: TOTP_PERIOD_SECONDS, timestamp: now.getTime() }) + delta;
}

// ---- recovery codes ---------------------------------------------------------------------

/** Crockford's base32 alphabet: no I, L, O or U to misread. */
const RECOVERY_ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";

function newRecoveryCode(): string {
  const bytes = crypto.randomBytes(10);
  const chars = Array.from(bytes, (byte) => RECOVERY_ALPHABET[byte & 31]).join("");
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** Lower case without spaces or dashes; the look-alikes i, l → 1 and o → 0. */
function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, "").replace(/[il]/g, "1").replace(/o/g, "0");
}

/** HMAC-SHA-256 under a key derived from the session secret: a leaked table alone cannot be searched offline. */
function hashRecoveryCode(code: string): string {
  return crypto.createHmac("sha256", derivedKey("two-step-recovery-v1")).update(normalizeRecoveryCode(code)).digest("hex");
}

function looksLikeRecoveryCode(code: string): boolean {
  const normalized = normalizeRecoveryCode(code);
  return normalized.length === 10 && [...normalized].every((char) => RECOVERY_ALPHABET.includes(char));
}

// ---- state ------------------------------------------------------------------------------

export type TwoStepState =
  | { kind: "off" }
  | { kind: "setting-up"; secret: string; otpauthUrl: string; qrSvg: string }
  | { kind: "on"; recoveryCodesLeft: number };

export async function isTwoStepEnabled(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: twoStepCredentials.userId })
    .from(twoStepCredentials)
    .where(and(eq(twoStepCredentials.userId, userId), isNotNull(twoStepCredentials.enabledAt)));
  return Boolean(row);
}

/** What /profile/security shows: off, a set-up in progress (its QR code and key), or on. */
export async function twoStepState(db: Db, user: { id: string; email: string }): Promise<TwoStepState> {
  const [row] = await db.select().from(twoStepCredentials).where(eq(twoStepCredentials.userId, user.id));
  if (!row) return { kind: "off" };
  if (row.enabledAt) {
    const [left] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(twoStepRecoveryCodes)
      .where(and(eq(twoStepRecoveryCodes.userId, user.id), isNull(twoStepRecoveryCodes.usedAt)));
    return { kind: "on", recoveryCodesLeft: Number(left?.count ?? 0) };
  }
  const secret = decryptSecret(row.secretEncrypted);
  if (!secret) return { kind: "off" };
  const otpauthUrl = totpFor(secret, user.email).toString();
  const qrSvg = await QRCode.toString(otpauthUrl, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  return { kind: "setting-up", secret, otpauthUrl, qrSvg };
}

export type TwoStepFailure = { ok: false; status: 400 | 404 | 409 | 429; field?: "code" | "currentPassword"; error: string };

/** Starts (or starts again) a set-up: a new random 160-bit secret, not yet in force. */
export async function startTwoStepSetup(db: Db, userId: string): Promise<{ ok: true } | TwoStepFailure> {
  if (await isTwoStepEnabled(db, userId)) return { ok: false, status: 409, error: SECURITY_TEXT.alreadyOn };
  const secretEncrypted = encryptSecret(new OTPAuth.Secret({ size: 20 }).base32);
  await db
    .insert(twoStepCredentials)
    .values({ userId, secretEncrypted })
    .onConflictDoUpdate({
      target: twoStepCredentials.userId,
      set: { secretEncrypted, createdAt: new Date(), lastUsedStep: null },
      setWhere: isNull(twoStepCredentials.enabledAt),
    });
  return { ok: true };
}

/** Drops a set-up that was never confirmed. */
export async function cancelTwoStepSetup(db: Db, userId: string): Promise<void> {
  await db.delete(twoStepCredentials).where(and(eq(twoStepCredentials.userId, userId), isNull(twoStepCredentials.enabledAt)));
}

/**
 * Counts one code attempt against the account's limit, runs `check`, and gives the
 * attempt back when the code was right: only wrong codes lock the account.
 */
async function limitedAttempt<T extends { ok: boolean }>(db: Db, userId: string, check: () => Promise<T>, say: Translate = english): Promise<T | TwoStepFailure> {
  const slot = await consumeRateLimit(db, { key: `two-step:${userId}`, limits: TWO_STEP_CODE_LIMITS });
  if (!slot.ok) return { ok: false, status: 429, field: "code", error: SECURITY_TEXT.tooManyCodes(formatRetryAfter(slot.retryAfterSeconds, say), say) };
  const outcome = await check();
  if (outcome.ok) await refundRateLimitEvent(db, slot.eventId);
  return outcome;
}

/** Marks `step` used unless it, or a later step, already was: each code works once. */
async function claimStep(db: Db, userId: string, step: number): Promise<boolean> {
  const claimed = await db
    .update(twoStepCredentials)
    .set({ lastUsedStep: step })
    .where(
      and(
        eq(twoStepCredentials.userId, userId),
        or(isNull(twoStepCredentials.lastUsedStep), lt(twoStepCredentials.lastUsedStep, step)),
      ),
    )
    .returning({ userId: twoStepCredentials.userId });
  return claimed.length > 0;
}

async function checkTotp(db: Db, userId: string, secretEncrypted: string, code: string, now: Date): Promise<{ ok: true } | TwoStepFailure> {
  const secret = decryptSecret(secretEncrypted);
  const step = secret ? matchingStep(secret, code, now) : null;
  if (step === null) return { ok: false, status: 400, field: "code", error: SECURITY_TEXT.wrongCode };
  if (!(await claimStep(db, userId, step))) return { ok: false, status: 400, field: "code", error: SECURITY_TEXT.codeReused };
  return { ok: true };
}

/**
 * Confirms a set-up with a first code: two-step sign-in is on from now, and the ten
 * recovery codes are returned — the only time they exist in plain text.
 */
export async function confirmTwoStepSetup(
  db: Db,
  userId: string,
  code: string,
  now = new Date(),
  say: Translate = english,
): Promise<{ ok: true; recoveryCodes: string[] } | TwoStepFailure> {
  const [row] = await db.select().from(twoStepCredentials).where(eq(twoStepCredentials.userId, userId));
  if (!row) return { ok: false, status: 404, error: SECURITY_TEXT.notSetUp };
  if (row.enabledAt) return { ok: false, status: 409, error: SECURITY_TEXT.alreadyOn };
  const checked = await limitedAttempt(db, userId, () => checkTotp(db, userId, row.secretEncrypted, code, now), say);
  if (!checked.ok) return checked;
  const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const enabled = await db.transaction(async (tx) => {
    const turnedOn = await tx
      .update(twoStepCredentials)
      .set({ enabledAt: now })
      .where(and(eq(twoStepCredentials.userId, userId), isNull(twoStepCredentials.enabledAt)))
      .returning({ userId: twoStepCredentials.userId });
    if (turnedOn.length === 0) return false;
    await tx.delete(twoStepRecoveryCodes).where(eq(twoStepRecoveryCodes.userId, userId));
    await tx.insert(twoStepRecoveryCodes).values(recoveryCodes.map((recovery) => ({ userId, codeHash: hashRecoveryCode(recovery), createdAt: now })));
    return true;
  });
  if (!enabled) return { ok: false, status: 409, error: SECURITY_TEXT.alreadyOn };
  return { ok: true, recoveryCodes };
}

/**
 * Checks the second step of a sign-in (or of turning two-step off): a 6-digit code from
 * the app, or a recovery code, which is then used up. Wrong answers count towards the lock.
 */
export async function checkSecondFactor(
  db: Db,
  userId: string,
  input: string,
  now = new Date(),
  say: Translate = english,
): Promise<{ ok: true; method: "totp" | "recovery" } | TwoStepFailure> {
  const code = input.replace(/\s/g, "");
  const isTotp = /^\d{6}$/.test(code);
  if (!isTotp && !looksLikeRecoveryCode(code)) return { ok: false, status: 400, field: "code", error: SECURITY_TEXT.codeFormat };
  const [row] = await db
    .select({ secretEncrypted: twoStepCredentials.secretEncrypted })
    .from(twoStepCredentials)
    .where(and(eq(twoStepCredentials.userId, userId), isNotNull(twoStepCredentials.enabledAt)));
  if (!row) return { ok: false, status: 409, error: SECURITY_TEXT.notOn };
  return limitedAttempt(db, userId, async () => {
    if (isTotp) {
      const checked = await checkTotp(db, userId, row.secretEncrypted, code, now);
      return checked.ok ? { ok: true as const, method: "totp" as const } : checked;
    }
    const used = await db
      .update(twoStepRecoveryCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(twoStepRecoveryCodes.userId, userId),
          eq(twoStepRecoveryCodes.codeHash, hashRecoveryCode(code)),
          isNull(twoStepRecoveryCodes.usedAt),
        ),
      )
      .returning({ id: twoStepRecoveryCodes.id });
    if (used.length === 0) return { ok: false as const, status: 400 as const, field: "code" as const, error: SECURITY_TEXT.wrongCode };
    return { ok: true as const, method: "recovery" as const };
  }, say);
}

/** Turns two-step sign-in off (the caller checked the password): secret and recovery codes go. */
export async function disableTwoStep(db: Db, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(twoStepRecoveryCodes).where(eq(twoStepRecoveryCodes.userId, userId));
    await tx.delete(twoStepCredentials).where(eq(twoStepCredentials.userId, userId));
  });
}

// ---- the pending sign-in ----------------------------------------------------------------

const PENDING_AUDIENCE = "rentwell:two-step-sign-in";

/** A fingerprint of the password hash: a pending sign-in dies when the password changes. */
function passwordMark(passwordHash: string): string {
  return crypto.createHash("sha256").update(passwordHash).digest("base64url").slice(0, 16);
}

/**
 * The password half of a sign-in, as a short-lived signed token (HS256 under its own
 * derived key, its own audience): it creates no session and proves only that the password
 * was right a moment ago.
 */
export async function signPendingSignIn(user: { id: string; passwordHash: string }, now = new Date()): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ pwd: passwordMark(user.passwordHash) })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(user.id)
    .setAudience(PENDING_AUDIENCE)
    .setIssuer("rentwell")
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + PENDING_SIGN_IN_SECONDS)
    .sign(derivedKey("two-step-pending-v1"));
}

/** The user a pending sign-in token names, or null (expired, forged, truncated, password since changed). */
export async function verifyPendingSignIn(db: Db, token: string, now = new Date()): Promise<{ userId: string } | null> {
  if (token.length > 1024) return null;
  try {
    const { payload } = await jwtVerify(token, derivedKey("two-step-pending-v1"), {
      algorithms: ["HS256"],
      audience: PENDING_AUDIENCE,
      issuer: "rentwell",
      currentDate: now,
      requiredClaims: ["sub", "exp", "pwd"],
    });
    if (typeof payload.sub !== "string" || !/^[0-9a-f-]{36}$/i.test(payload.sub)) return null;
    const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, payload.sub));
    if (!user || payload.pwd !== passwordMark(user.passwordHash)) return null;
    return { userId: payload.sub };
  } catch (error) {
    if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return null;
    throw error;
  }
}

// ---- admins in production ---------------------------------------------------------------

/**
 * In production (APP_ENV=production) an admin must use two-step sign-in: until it is on,
 * /admin sends them to /profile/security to set it up. The local demo's admins sign in
 * with their password alone, as the README says.
 */
export async function adminMustSetUpTwoStep(db: Db, user: { id: string; isAdmin: boolean }): Promise<boolean> {
  if (!user.isAdmin || !env().isProduction) return false;
  return !(await isTwoStepEnabled(db, user.id));
}

/** Where an admin without two-step sign-in is sent. */
export const TWO_STEP_SETUP_PATH = "/profile/security?required=two-step#two-step";
