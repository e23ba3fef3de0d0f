import type { IncomingMessage } from "node:http";
import type { TLSSocket } from "node:tls";
import type { MiddlewareFunction } from "react-router";
import { env } from "~/lib/env.server";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Whether a request may change something: safe methods always; others only from our
 * own origin (docs/decisions/0012-origin-check.md). Browsers send `Origin` with every
 * cross-origin and same-origin POST; `Sec-Fetch-Site` backs it up. Requests with
 * neither (curl, server-to-server) carry no ambient browser credentials risk and pass.
 */
export function isAllowedOrigin(request: Request, siteUrl = env().SITE_URL): boolean {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return true;
  const origin = request.headers.get("origin");
  if (origin) {
    if (origin === "null") return false;
    const allowed = new Set([new URL(request.url).origin, new URL(siteUrl).origin]);
    return allowed.has(origin);
  }
  const fetchSite = request.headers.get("sec-fetch-site");
  return !fetchSite || fetchSite === "same-origin" || fetchSite === "none";
}

/**
 * isAllowedOrigin for a Node request (server/hardening.ts, the API layer server/api.ts).
 * Its own URL is its Host on the protocol Express worked out (TRUST_PROXY), else the socket's.
 */
export function isAllowedNodeOrigin(req: IncomingMessage & { protocol?: string }, siteUrl = env().SITE_URL): boolean {
  const headers = new Headers();
  for (const name of ["origin", "sec-fetch-site", "host"]) {
    const value = req.headers[name];
    if (typeof value === "string") headers.set(name, value);
  }
  const protocol = req.protocol ?? ((req.socket as TLSSocket | undefined)?.encrypted ? "https" : "http");
  const url = `${protocol}://${headers.get("host") ?? "localhost"}/`;
  try {
    return isAllowedOrigin({ method: req.method ?? "GET", url, headers } as unknown as Request, siteUrl);
  } catch {
    return false;
  }
}

/** Root middleware: refuses mutating requests from another origin with 403. */
export const originCheckMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  if (!isAllowedOrigin(request)) {
    return new Response("Cross-origin request refused.", {
      status: 403,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  return next();
};
