import crypto from "node:crypto";
import type { EntryContext } from "react-router";
import { pageCachePolicyOf, type PageCachePolicy } from "./page-cache";
import { sessionSecret } from "./session-secret.server";

/**
 * Anonymous public pages that a shared cache may store (ADR 0270).
 *
 * A page is shared only when nothing about the visitor can be in it: the request
 * carries no cookie and no credentials at all (so no session, no flash message), the
 * answer sets none, it is a 200 with no route error, and the route opted in. A request
 * naming its own clock (X-Test-Now, test builds only) is never shared either.
 */
export function sharedPagePolicy(request: Request, status: number, headers: Headers, context: EntryContext): PageCachePolicy | null {
  if (status !== 200 || (request.method !== "GET" && request.method !== "HEAD")) return null;
  if (request.headers.has("Cookie") || request.headers.has("Authorization") || request.headers.has("X-Test-Now")) return null;
  if (headers.has("Set-Cookie")) return null;
  const { matches, errors } = context.staticHandlerContext;
  if (errors && Object.keys(errors).length > 0) return null;
  const leaf = matches.at(-1);
  return leaf ? pageCachePolicyOf(context.routeModules[leaf.route.id]?.handle) : null;
}

export function sharedCacheControl({ sMaxAge, staleWhileRevalidate }: PageCachePolicy) {
  // max-age=0: a browser asks again each time (a cheap 304 by ETag), so signing in is seen at once.
  return `public, max-age=0, s-maxage=${sMaxAge}, stale-while-revalidate=${staleWhileRevalidate}`;
}

/** What a signed-in visitor's page may be: kept nowhere. */
export const SIGNED_IN_CACHE_CONTROL = "private, no-store";

/**
 * The CSP nonce of a shared page is derived from the page itself, so the same page
 * is the same bytes (one strong ETag) in every worker and on every render, while a
 * page whose content changed, an injected script included, gets a nonce no one could
 * have guessed: HMAC(secret, SHA-256 of the page rendered with a secret placeholder).
 * The placeholder is itself derived from the secret and never leaves the server.
 */
export function nonceSealer(secret: string = sessionSecret()) {
  const placeholder = crypto.createHmac("sha256", secret).update("csp-nonce-placeholder").digest("base64url").slice(0, 22);
  return {
    placeholder,
    seal(rendered: string) {
      const digest = crypto.createHash("sha256").update(rendered).digest();
      const nonce = crypto.createHmac("sha256", secret).update(digest).digest().subarray(0, 16).toString("base64"); // as createNonce()
      return { nonce, body: rendered.replaceAll(placeholder, nonce), etag: `"${digest.toString("base64url")}"` };
    },
  };
}

let sealer: ReturnType<typeof nonceSealer> | undefined;
export function pageNonceSealer() {
  sealer ??= nonceSealer();
  return sealer;
}

/** Whether an If-None-Match header names this ETag (a list, `*`, or weak forms of it). */
export function etagMatches(ifNoneMatch: string | null, etag: string) {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  return ifNoneMatch.split(",").some((candidate) => candidate.trim().replace(/^W\//, "") === etag);
}
