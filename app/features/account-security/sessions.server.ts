import { and, desc, eq, gt, isNull } from "drizzle-orm";
import UAParser from "ua-parser-js";
import { refreshTokens, sessions } from "~/db/schema/index";
import { ACCESS_COOKIE, parseCookies, REFRESH_COOKIE } from "~/features/auth/cookies.server";
import { revokeOtherSessions } from "~/features/auth/password-change.server";
import { revokeSession } from "~/features/auth/session.server";
import { hashRefreshToken, looksLikeRefreshToken, verifyAccessToken } from "~/features/auth/tokens.server";
import type { Db } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { isUuid } from "~/lib/uuid";

/**
 * The signed-in user's sessions on /profile/security (issue #29 point 4, ADR 0245): each
 * live session's device and browser (ua-parser-js over the stored User-Agent), the country
 * of its sign-in when a trusted CDN told us, when it was last seen, and which one is this
 * browser.
 */
export type SessionView = {
  id: string;
  browser: string | null;
  os: string | null;
  device: "desktop" | "mobile" | "tablet" | "other";
  /** ISO 3166-1 alpha-2, or null when unknown. */
  country: string | null;
  signedInAt: string;
  lastSeenAt: string;
  current: boolean;
};

/** Browser, system and kind of device from a User-Agent header; nulls for what it does not say. */
export function describeUserAgent(userAgent: string | null): Pick<SessionView, "browser" | "os" | "device"> {
  if (!userAgent) return { browser: null, os: null, device: "other" };
  const parsed = new UAParser(userAgent).getResult();
  const browser = parsed.browser.name ? [parsed.browser.name, parsed.browser.major].filter(Boolean).join(" ") : null;
  const os = parsed.os.name ? [parsed.os.name, parsed.os.version].filter(Boolean).join(" ") : null;
  const type = parsed.device.type;
  const device = type === "mobile" || type === "tablet" ? type : type === undefined && os ? "desktop" : "other";
  return { browser, os, device };
}

/** Headers a CDN in front of the site sets to the client's country (Cloudflare, CloudFront, Vercel). */
const COUNTRY_HEADERS = ["cf-ipcountry", "cloudfront-viewer-country", "x-vercel-ip-country"];

/**
 * The client's country, from a CDN's header — read only when TRUST_PROXY says a proxy
 * stands in front of us (which overwrites any such header a client sends). Null otherwise,
 * and for a CDN's "unknown" (XX) and "Tor" (T1).
 */
export function clientCountry(request: Request): string | null {
  if (env().TRUST_PROXY === 0) return null;
  for (const name of COUNTRY_HEADERS) {
    const value = request.headers.get(name)?.trim().toUpperCase();
    if (value && /^[A-Z]{2}$/.test(value) && value !== "XX") return value;
  }
  return null;
}

/**
 * The session this request belongs to: the access token's, or — when the access token has
 * expired and the middleware just renewed it — the one its refresh token belongs to.
 */
export async function currentSessionId(db: Db, request: Request): Promise<string | null> {
  const cookies = parseCookies(request.headers.get("cookie"));
  const access = cookies.get(ACCESS_COOKIE);
  const claims = access ? await verifyAccessToken(access) : null;
  if (claims) return claims.sessionId;
  const refresh = cookies.get(REFRESH_COOKIE);
  if (!refresh || !looksLikeRefreshToken(refresh)) return null;
  const [row] = await db.select({ sessionId: refreshTokens.sessionId }).from(refreshTokens).where(eq(refreshTokens.hash, hashRefreshToken(refresh)));
  return row?.sessionId ?? null;
}

/** The user's live sessions, this one first, then the most recently seen. */
export async function listSessions(db: Db, userId: string, currentId: string | null, now = new Date()): Promise<SessionView[]> {
  const rows = await db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      country: sessions.country,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
  return rows
    .map((row) => ({
      id: row.id,
      ...describeUserAgent(row.userAgent),
      country: row.country,
      signedInAt: row.createdAt.toISOString(),
      lastSeenAt: row.lastSeenAt.toISOString(),
      current: row.id === currentId,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current));
}

/**
 * Signs out one of the user's own sessions. False — nothing changed — for an id that is
 * not a UUID, not theirs, or already ended.
 */
export async function signOutSession(db: Db, userId: string, sessionId: unknown, now = new Date()): Promise<boolean> {
  if (!isUuid(sessionId)) return false;
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId.toLowerCase()), eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)));
  if (!row) return false;
  await revokeSession(db, row.id, now);
  return true;
}

/** Signs out every session of the user, this one included. */
export async function signOutEverywhere(db: Db, userId: string, now = new Date()): Promise<number> {
  return revokeOtherSessions(db, userId, null, now);
}
