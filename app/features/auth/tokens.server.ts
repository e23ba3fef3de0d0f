import crypto from "node:crypto";
import { errors, jwtVerify, SignJWT } from "jose";
import { sessionSecret } from "~/lib/session-secret.server";

/** Access tokens live 15 minutes (docs/decisions/0010-sessions.md). */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
/** A session (refresh-token family) lives 30 days after its last use. */
export const SESSION_TTL_SECONDS = 30 * 24 * 60 * 60;
/** A rotated refresh token presented again within this window is a benign race, not theft. */
export const REFRESH_REUSE_GRACE_MS = 10_000;

const ISSUER = "rentwell";
const AUDIENCE = "rentwell";
/** The only algorithm we sign with and the only one we accept: `none` and RS/ES confusion are refused. */
const ALGORITHMS = ["HS256"];

export type AccessClaims = { userId: string; sessionId: string };

/**
 * The signing key, imported once per secret: jose imports a raw byte key again on every
 * sign and verify, which was about 5 % of a booking request's CPU (bench/README.md).
 */
let imported: { secret: string; key: crypto.KeyObject } | null = null;

function secretKey(): crypto.KeyObject {
  const secret = sessionSecret();
  if (imported?.secret !== secret) {
    imported = { secret, key: crypto.createSecretKey(Buffer.from(secret, "utf8")) };
    verified.clear();
  }
  return imported.key;
}

/**
 * Access tokens this process has verified, with their claims (ADR 0191). A browser sends
 * the same token with every request of its 15 minutes; jose checks its signature through
 * WebCrypto, about 0.4 ms of CPU per request in bench:booking's rush, where a lookup
 * costs next to nothing. The expiry is still checked on every use, and the session behind
 * the token is still read from the database (sign-out, suspension). At most
 * VERIFIED_MAX tokens, the oldest out first; forgotten when the secret changes.
 */
const verified = new Map<string, { claims: AccessClaims; expiresAtMs: number }>();
const VERIFIED_MAX = 10_000;

function rememberVerified(token: string, claims: AccessClaims, expiresAtMs: number) {
  if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
  verified.set(token, { claims, expiresAtMs });
}

export async function signAccessToken(claims: AccessClaims, now = new Date()): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_SECONDS)
    .sign(secretKey());
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The claims of a valid access token, or null for anything else: expired, signed with
 * another key or algorithm (including `alg: none`), malformed, or carrying odd claims.
 * Never throws.
 */
export async function verifyAccessToken(token: string, now = new Date()): Promise<AccessClaims | null> {
  if (token.length > 2048) return null;
  const key = secretKey();
  const known = verified.get(token);
  if (known) return known.expiresAtMs > now.getTime() ? known.claims : null;
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ALGORITHMS,
      issuer: ISSUER,
      audience: AUDIENCE,
      currentDate: now,
      requiredClaims: ["sub", "sid", "exp", "iat"],
    });
    if (typeof payload.sub !== "string" || !UUID.test(payload.sub)) return null;
    if (typeof payload.sid !== "string" || !UUID.test(payload.sid)) return null;
    const claims = { userId: payload.sub, sessionId: payload.sid };
    rememberVerified(token, claims, payload.exp! * 1000);
    return claims;
  } catch (error) {
    if (error instanceof errors.JOSEError || error instanceof TypeError || error instanceof SyntaxError) return null;
    return null;
  }
}

/** An opaque refresh token: 256 random bits, base64url. Only its hash is stored. */
export function newRefreshToken(): string {
  return crypto.randomBytes(32).toString("base64url");
}

export function hashRefreshToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

/** Shape check before any database work: 32 bytes of base64url is 43 characters. */
export function looksLikeRefreshToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}
