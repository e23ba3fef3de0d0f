import { data, redirect } from "react-router";
import { env } from "~/lib/env.server";
import { ACCESS_COOKIE, parseCookies } from "./cookies.server";
import { verifyAccessToken } from "./tokens.server";

/**
 * The pages an e-mailed link opens (/reset-password, /verify-email; ADR 0240). The link's
 * token must not stay in the address bar, the history or a Referer: the first request
 * moves it into a short-lived HttpOnly cookie of the page's own name and redirects to the
 * page without it, before any HTML (and so any other request) exists; the pages answer
 * with `Referrer-Policy: no-referrer` (server/app.ts asks `wantsNoReferrer`).
 */
export const EMAIL_LINK_PAGES = {
  reset: { path: "/reset-password", cookie: "rw_reset_link", maxAgeSeconds: 60 * 60 },
  verify: { path: "/verify-email", cookie: "rw_verify_link", maxAgeSeconds: 24 * 60 * 60 },
} as const;

export type EmailLinkPage = keyof typeof EMAIL_LINK_PAGES;

const PAGE_PATHS = new Set<string>(Object.values(EMAIL_LINK_PAGES).flatMap(({ path }) => [path, `${path}.data`]));

/** Whether a response for this path must send no Referer at all. */
export function wantsNoReferrer(pathname: string): boolean {
  return PAGE_PATHS.has(pathname.replace(/\/+$/, "") || "/");
}

/**
 * Path=/ rather than the page's path: the page's form posts to `{path}.data`, which a
 * cookie of Path={path} would not reach. HttpOnly and SameSite=Lax, so only our server
 * ever sees it, and only for the link's lifetime.
 */
function cookie(page: EmailLinkPage, value: string, maxAgeSeconds: number): string {
  const { cookie: name } = EMAIL_LINK_PAGES[page];
  const parts = [`${name}=${value}`, "Path=/", `Max-Age=${maxAgeSeconds}`, "HttpOnly", "SameSite=Lax"];
  if (env().isProduction) parts.push("Secure");
  return parts.join("; ");
}

/**
 * For a request whose URL carries `?token=`, the redirect that keeps the token in the
 * page's cookie instead (anything but base64url characters is cut, so a mangled token
 * stays invalid and cannot inject cookie attributes); null otherwise.
 */
export function moveTokenToCookie(request: Request, page: EmailLinkPage): Response | null {
  const token = new URL(request.url).searchParams.get("token");
  if (token === null) return null;
  const safe = token.replace(/[^A-Za-z0-9_-]/g, "").slice(0, 128);
  return redirect(EMAIL_LINK_PAGES[page].path, {
    headers: { "Set-Cookie": cookie(page, safe, EMAIL_LINK_PAGES[page].maxAgeSeconds), "Cache-Control": "no-store" },
  });
}

/** The token the page's cookie holds, or null. */
export function linkToken(request: Request, page: EmailLinkPage): string | null {
  return parseCookies(request.headers.get("cookie")).get(EMAIL_LINK_PAGES[page].cookie) || null;
}

/** The Set-Cookie value that forgets the page's token (once it was used). */
export function clearedLinkCookie(page: EmailLinkPage): string {
  return cookie(page, "", 0);
}

/** The session this request is signed in with (from its access token), or null. */
export async function currentSession(request: Request): Promise<{ userId: string; sessionId: string } | null> {
  const access = parseCookies(request.headers.get("cookie")).get(ACCESS_COOKIE);
  const claims = access ? await verifyAccessToken(access) : null;
  return claims ? { userId: claims.userId, sessionId: claims.sessionId } : null;
}

/**
 * The link page's loader: moves a `?token=` into the cookie (a redirect), else reads the
 * link's state with `read`, or answers `missing` when there is no token at all.
 */
export async function linkPageState<State>(request: Request, page: EmailLinkPage, read: (token: string) => Promise<State>, missing: State) {
  const moved = moveTokenToCookie(request, page);
  if (moved) throw moved;
  const token = linkToken(request, page);
  return data(token ? await read(token) : missing, { headers: { "Cache-Control": "no-store" } });
}

/** The JSON answer of the account routes: the result as it is, its status, Retry-After when limited. */
export function jsonResult(result: ({ ok: true } | { ok: false; status: number; retryAfterSeconds?: number }) & Record<string, unknown>): Response {
  const headers: Record<string, string> = { "Cache-Control": "no-store" };
  if (result.ok) return Response.json(result, { headers });
  const { status, ...body } = result;
  if (body.retryAfterSeconds) headers["Retry-After"] = String(body.retryAfterSeconds);
  return Response.json(body, { status, headers });
}
