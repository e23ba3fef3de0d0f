import { and, eq, gt, isNull, lt, or, sql, type SQLWrapper } from "drizzle-orm";
import { isIP } from "node:net";
import { redirect, type MiddlewareFunction } from "react-router";
import { profiles, refreshTokens, sessions, users } from "~/db/schema/index";
import { getDb, type Db } from "~/lib/db.server";
import { preparedQuery } from "~/lib/prepared.server";
import { isDatabaseUnavailable } from "~/lib/db-unavailable.server";
import { env } from "~/lib/env.server";
import { isLocale, type Locale } from "~/lib/locales";
import { adminMustSetUpTwoStep, TWO_STEP_SETUP_PATH } from "~/features/account-security/two-step.server";
import { clearedSessionCookies, parseCookies, ACCESS_COOKIE, REFRESH_COOKIE, sessionCookies, setsSessionCookie } from "./cookies.server";
import {
  hashRefreshToken,
  looksLikeRefreshToken,
  newRefreshToken,
  REFRESH_REUSE_GRACE_MS,
  SESSION_TTL_SECONDS,
  signAccessToken,
  verifyAccessToken,
} from "./tokens.server";
import { errorMessage, logger } from "~/lib/logger.server";

/**
 * Sessions (docs/product.md#sessions, docs/decisions/0010-sessions.md): a 15-minute access
 * JWT plus an opaque, rotating refresh token, both in HttpOnly cookies. A session row
 * is one refresh-token family; revoking it signs that browser out everywhere at once.
 */

export type SessionUser = {
  id: string;
  email: string;
  fullName: string | null;
  avatarUrl: string | null;
  isAdmin: boolean;
  /** Whether the account's address is verified (issue #29 point 2): read with the session, so a booking attempt asks no second time. */
  emailVerified: boolean;
  /** The member's saved language (ADR 0296), or null: after the URL prefix, it chooses the page's. */
  preferredLanguage: Locale | null;
};

export type SessionTokens = { sessionId: string; accessToken: string; refreshToken: string };

type Resolved = { user: SessionUser | null; setCookies: string[] };

function sessionExpiry(now: Date) {
  return new Date(now.getTime() + SESSION_TTL_SECONDS * 1000);
}

function isAdminEmail(email: string) {
  return env().ADMIN_EMAILS.includes(email.toLowerCase());
}

/** Starts a session (one sign-in) and returns its first token pair. */
export async function createSession(
  db: Db,
  userId: string,
  meta: { userAgent?: string | null; ip?: string | null; country?: string | null } = {},
  now = new Date(),
): Promise<SessionTokens> {
  const ip = meta.ip && isIP(meta.ip) ? meta.ip : null;
  const [session] = await db
    .insert(sessions)
    .values({
      userId,
      expiresAt: sessionExpiry(now),
      userAgent: meta.userAgent?.slice(0, 512) ?? null,
      ip,
      lastSeenAt: now,
      country: meta.country ?? null,
    })
    .returning({ id: sessions.id });
  const refreshToken = newRefreshToken();
  await db.insert(refreshTokens).values({ hash: hashRefreshToken(refreshToken), sessionId: session!.id, createdAt: now });
  const accessToken = await signAccessToken({ userId, sessionId: session!.id }, now);
  return { sessionId: session!.id, accessToken, refreshToken };
}

export type RotationResult =
  | { kind: "rotated"; userId: string; tokens: SessionTokens }
  | { kind: "invalid" }
  | { kind: "reused" };

/**
 * Exchanges a refresh token for a new pair. The presented token is marked used; a
 * used token presented again within the grace (parallel requests of one page) gets a
 * fresh pair too; presented later it is taken as stolen and the whole session is revoked.
 */
export async function rotateRefreshToken(db: Db, token: string, now = new Date()): Promise<RotationResult> {
  if (!looksLikeRefreshToken(token)) return { kind: "invalid" };
  const hash = hashRefreshToken(token);
  const [row] = await db
    .select({
      sessionId: refreshTokens.sessionId,
      usedAt: refreshTokens.usedAt,
      userId: sessions.userId,
      revokedAt: sessions.revokedAt,
      expiresAt: sessions.expiresAt,
    })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .where(eq(refreshTokens.hash, hash));
  if (!row || row.revokedAt || row.expiresAt.getTime() <= now.getTime()) return { kind: "invalid" };

  let usedAt = row.usedAt;
  if (!usedAt) {
    const claimed = await db
      .update(refreshTokens)
      .set({ usedAt: now })
      .where(and(eq(refreshTokens.hash, hash), isNull(refreshTokens.usedAt)))
      .returning({ hash: refreshTokens.hash });
    if (claimed.length === 0) {
      // Another request rotated it a moment ago.
      const [again] = await db.select({ usedAt: refreshTokens.usedAt }).from(refreshTokens).where(eq(refreshTokens.hash, hash));
      usedAt = again?.usedAt ?? now;
    }
  }
  if (usedAt && now.getTime() - usedAt.getTime() > REFRESH_REUSE_GRACE_MS) {
    await revokeSession(db, row.sessionId, now);
    return { kind: "reused" };
  }

  const refreshToken = newRefreshToken();
  await db.insert(refreshTokens).values({ hash: hashRefreshToken(refreshToken), sessionId: row.sessionId, parent: hash, createdAt: now });
  await db
    .update(sessions)
    // Last seen: on each rotation (every 15 minutes of use at most), not on every request (ADR 0245).
    .set({ expiresAt: sessionExpiry(now), lastSeenAt: now })
    .where(and(eq(sessions.id, row.sessionId), isNull(sessions.revokedAt)));
  const accessToken = await signAccessToken({ userId: row.userId, sessionId: row.sessionId }, now);
  return { kind: "rotated", userId: row.userId, tokens: { sessionId: row.sessionId, accessToken, refreshToken } };
}

export async function revokeSession(db: Db, sessionId: string, now = new Date()): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Gives a user without a profile row one, with is_admin false (docs/product.md#header). */
export async function ensureProfile(db: Db, userId: string): Promise<void> {
  await db.insert(profiles).values({ id: userId, isAdmin: false }).onConflictDoNothing({ target: profiles.id });
}

/**
 * The conditions under which session `sessionId` of `userId` signs its requests in, over
 * `sessions` joined to `users`: not revoked, not expired, and the account not suspended
 * (a suspended account has no live session, even one started a moment before: ADR 0151).
 */
function isLiveSession(sessionId: SQLWrapper, userId: SQLWrapper, now: SQLWrapper) {
  return and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now), isNull(users.suspendedAt))!;
}

/** The signed-in user of a live session, or null when the session is revoked, expired or unknown. */
export async function loadSessionUser(db: Db, sessionId: string, userId: string, now = new Date()): Promise<SessionUser | null> {
  // Every signed-in request runs it: a prepared statement (app/lib/prepared.server.ts).
  const [row] = await preparedQuery(db, "session_user", (db, name) =>
    db
      .select({
        id: users.id,
        email: users.email,
        emailVerifiedAt: users.emailVerifiedAt,
        preferredLanguage: users.preferredLanguage,
        profileId: profiles.id,
        fullName: profiles.fullName,
        avatarUrl: profiles.avatarUrl,
        isAdmin: profiles.isAdmin,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(profiles, eq(profiles.id, users.id))
      .where(isLiveSession(sql.placeholder("sessionId"), sql.placeholder("userId"), sql.placeholder("now")))
      .prepare(name),
  ).execute({ sessionId, userId, now });
  if (!row) return null;
  if (!row.profileId) await ensureProfile(db, row.id);
  return {
    id: row.id,
    email: row.email,
    fullName: row.fullName?.trim() || null,
    avatarUrl: row.avatarUrl || null,
    isAdmin: Boolean(row.isAdmin) || isAdminEmail(row.email),
    emailVerified: row.emailVerifiedAt !== null,
    preferredLanguage: isLocale(row.preferredLanguage) ? row.preferredLanguage : null,
  };
}

/**
 * Works out who sent a request. With `refresh`, an expired access token is renewed
 * from the refresh token (rotation) and the new cookies are returned to be set; a
 * missing, expired, revoked or malformed token means signed out and cookies cleared.
 */
export async function resolveSession(request: Request, options: { refresh: boolean }, db?: Db): Promise<Resolved> {
  return resolveSessionCookies(request.headers.get("cookie"), options, db);
}

/** resolveSession for a Cookie header (the root middleware and the API layer, server/api.ts, through joinSession). */
export async function resolveSessionCookies(cookieHeader: string | null, { refresh }: { refresh: boolean }, db?: Db): Promise<Resolved> {
  const cookies = parseCookies(cookieHeader);
  const access = cookies.get(ACCESS_COOKIE) || null;
  const refreshToken = cookies.get(REFRESH_COOKIE) || null;
  if (!access && !refreshToken) return { user: null, setCookies: [] };
  const database = db ?? (await getDb());

  if (access) {
    const claims = await verifyAccessToken(access);
    if (claims) {
      const user = await loadSessionUser(database, claims.sessionId, claims.userId);
      if (user) return { user, setCookies: [] };
    }
  }
  // Only the middleware renews tokens (it can set the cookies); elsewhere this is signed out.
  if (!refresh) return { user: null, setCookies: [] };
  if (refreshToken) {
    const rotated = await rotateRefreshToken(database, refreshToken);
    if (rotated.kind === "rotated") {
      const user = await loadSessionUser(database, rotated.tokens.sessionId, rotated.userId);
      if (user) return { user, setCookies: sessionCookies(rotated.tokens) };
    }
  }
  return { user: null, setCookies: clearedSessionCookies() };
}

const resolved = new WeakMap<Request, Promise<Resolved>>();

/**
 * Sessions the middleware is resolving, by Cookie header. React Router hands loaders
 * copies of the request (same headers, new object), so a loader finds the middleware's
 * answer — including a user whose access token was just renewed — by the cookies it
 * carries. Parallel requests with the same cookies share one rotation. Entries live
 * only while a request that created or joined them is in flight.
 */
const inFlight = new Map<string, { pending: Promise<Resolved>; holders: number }>();

function safely(pending: Promise<Resolved>): Promise<Resolved> {
  return pending.catch((error: unknown) => {
    // The database cannot be reached: the visitor is not signed out, the request
    // fails (503, docs/decisions/0092) and the next one tries again.
    if (isDatabaseUnavailable(error)) throw error;
    logger.error({ reason: "session-read-failed", err: errorMessage(error) }, "Reading the session failed");
    return { user: null, setCookies: [] };
  });
}

/**
 * The session of a request's Cookie header, renewing an expired access token: resolved
 * once for all requests in flight with the same cookies. `leave()` once the request is
 * answered. Throws only when the database cannot be reached.
 */
export function joinSession(cookieHeader: string | null): { pending: Promise<Resolved>; leave(): void } {
  const key = cookieHeader ?? "";
  let entry = inFlight.get(key);
  if (!entry) {
    entry = { pending: safely(resolveSessionCookies(cookieHeader, { refresh: true })), holders: 0 };
    inFlight.set(key, entry);
  }
  entry.holders += 1;
  const joined = entry;
  return {
    pending: joined.pending,
    leave() {
      joined.holders -= 1;
      if (joined.holders === 0 && inFlight.get(key) === joined) inFlight.delete(key);
    },
  };
}

function resolveOnce(request: Request): Promise<Resolved> {
  let pending = resolved.get(request) ?? inFlight.get(request.headers.get("cookie") ?? "")?.pending;
  if (!pending) pending = safely(resolveSession(request, { refresh: false }));
  resolved.set(request, pending);
  return pending;
}

/** The signed-in user, or null. Cached per request. */
export async function getUser(request: Request): Promise<SessionUser | null> {
  return (await resolveOnce(request)).user;
}

/** The signed-in user; signed-out visitors are sent to / (docs/product.md#permissions). */
export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getUser(request);
  if (!user) throw redirect("/");
  return user;
}

/**
 * An admin; anyone else is sent to / (docs/product.md#permissions). In production an admin
 * without two-step sign-in is sent to set it up first (ADR 0246).
 */
export async function requireAdmin(request: Request): Promise<SessionUser> {
  const user = await getUser(request);
  if (!user?.isAdmin) throw redirect("/");
  if (await adminMustSetUpTwoStep(await getDb(), user)) throw redirect(TWO_STEP_SETUP_PATH);
  return user;
}

/**
 * Root middleware: resolves the session once per request (renewing an expired access
 * token), and sets or clears the cookies on the way out unless the route itself set them
 * (sign-in, sign-out).
 */
export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  const joined = joinSession(request.headers.get("cookie"));
  let session: Resolved;
  let response: Response;
  try {
    session = await joined.pending;
    resolved.set(request, joined.pending);
    response = await next();
  } finally {
    joined.leave();
  }
  if (session.setCookies.length > 0 && !setsSessionCookie(response.headers)) {
    try {
      for (const cookie of session.setCookies) response.headers.append("Set-Cookie", cookie);
    } catch {
      // Immutable headers (a fetched response passed through): nothing to add to.
    }
  }
  return response;
};

/** Periodic cleanup: drops sessions that expired or were revoked over a day ago (their tokens cascade). */
export async function pruneSessions(db: Db, now = new Date()): Promise<number> {
  const dayAgo = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  const removed = await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, now), lt(sessions.revokedAt, dayAgo)))
    .returning({ id: sessions.id });
  // Used tokens past the grace can never be redeemed again; reuse detection needs only
  // those of live sessions, so tokens of long-used chains older than the session TTL go.
  await db.execute(
    sql`delete from ${refreshTokens} where ${refreshTokens.usedAt} < ${new Date(now.getTime() - SESSION_TTL_SECONDS * 1000)}`,
  );
  return removed.length;
}

/** Ends the session a request carries (sign-out). Returns the cookies that clear it. */
export async function endSession(db: Db, request: Request): Promise<string[]> {
  const cookies = parseCookies(request.headers.get("cookie"));
  const access = cookies.get(ACCESS_COOKIE);
  const claims = access ? await verifyAccessToken(access) : null;
  if (claims) await revokeSession(db, claims.sessionId);
  const refreshToken = cookies.get(REFRESH_COOKIE);
  if (refreshToken && looksLikeRefreshToken(refreshToken)) {
    const [row] = await db
      .select({ sessionId: refreshTokens.sessionId })
      .from(refreshTokens)
      .where(eq(refreshTokens.hash, hashRefreshToken(refreshToken)));
    if (row) await revokeSession(db, row.sessionId);
  }
  return clearedSessionCookies();
}
