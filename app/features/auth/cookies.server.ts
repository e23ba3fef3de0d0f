import { env } from "~/lib/env.server";
import { ACCESS_TOKEN_TTL_SECONDS, SESSION_TTL_SECONDS } from "./tokens.server";

export const ACCESS_COOKIE = "rw_access";
export const REFRESH_COOKIE = "rw_refresh";

/** Reads one request's cookies. Malformed pairs are ignored, never thrown on. */
export function parseCookies(header: string | null): Map<string, string> {
  const cookies = new Map<string, string>();
  if (!header) return cookies;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index <= 0) continue;
    const name = part.slice(0, index).trim();
    const value = part.slice(index + 1).trim();
    // The first occurrence wins (the most specific path), as browsers send it.
    if (name && !cookies.has(name)) cookies.set(name, value);
  }
  return cookies;
}

function serialize(name: string, value: string, maxAgeSeconds: number): string {
  const parts = [`${name}=${value}`, "Path=/", `Max-Age=${maxAgeSeconds}`, "HttpOnly", "SameSite=Lax"];
  if (maxAgeSeconds === 0) parts.push("Expires=Thu, 01 Jan 1970 00:00:00 GMT");
  if (env().isProduction) parts.push("Secure");
  return parts.join("; ");
}

/** The two Set-Cookie values that sign a browser in. */
export function sessionCookies(tokens: { accessToken: string; refreshToken: string }): string[] {
  return [
    serialize(ACCESS_COOKIE, tokens.accessToken, ACCESS_TOKEN_TTL_SECONDS),
    serialize(REFRESH_COOKIE, tokens.refreshToken, SESSION_TTL_SECONDS),
  ];
}

/** The two Set-Cookie values that sign a browser out. */
export function clearedSessionCookies(): string[] {
  return [serialize(ACCESS_COOKIE, "", 0), serialize(REFRESH_COOKIE, "", 0)];
}

/** True when a response already sets one of the session cookies (sign-in, sign-out). */
export function setsSessionCookie(headers: Headers): boolean {
  return headers
    .getSetCookie()
    .some((value) => value.startsWith(`${ACCESS_COOKIE}=`) || value.startsWith(`${REFRESH_COOKIE}=`));
}
