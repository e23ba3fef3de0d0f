import type { Express, NextFunction, Request, Response } from "express";
import { CLIENT_IP_HEADER } from "~/features/security/client-ip.server";
import { MAX_UPLOAD_REQUEST_BYTES } from "~/features/media/upload-limits";
import { MAX_PROFILE_IMAGE_REQUEST_BYTES } from "~/features/media/profile-image-rules";
import { isAllowedNodeOrigin } from "~/features/security/origin-check.server";
import { logger } from "~/lib/logger.server";

/**
 * The HTTP-level guards of server/app.ts (docs/decisions/0080-bounded-request-bodies.md,
 * 0084-client-addresses-and-methods.md):
 * - which proxy hops may name the client (TRUST_PROXY, default none);
 * - the client's address for rate limits, from the socket or the trusted hops only;
 * - 405 for methods no route answers (TRACE, CONNECT, PROPFIND…);
 * - 413 at once for a declared body larger than any route accepts (each route also
 *   counts the bytes while reading: app/lib/read-body.server.ts).
 */
export const ALLOWED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
const ALLOWED = new Set<string>(ALLOWED_METHODS);
/** The largest body any route other than the upload endpoint reads. */
export const MAX_FORM_REQUEST_BYTES = 1024 * 1024;

/** Express's "trust proxy" for a number of hops: 0 means trust no forwarding header at all. */
export function trustProxySetting(hops: number): number | false {
  return hops > 0 ? hops : false;
}

export function rejectUnsupportedMethods(req: Request, res: Response, next: NextFunction) {
  if (ALLOWED.has(req.method)) return next();
  logger.info({ reason: "method-not-allowed", method: req.method.slice(0, 20), path: req.path.slice(0, 200) }, "request refused");
  res.status(405).set({ Allow: ALLOWED_METHODS.join(", "), Connection: "close", "Content-Type": "text/plain; charset=utf-8" });
  res.end("Method not allowed.");
}

export function rejectOversizedBodies(req: Request, res: Response, next: NextFunction) {
  const declared = Number(req.headers["content-length"]);
  const limit =
    req.path === "/api/media/uploads" ? MAX_UPLOAD_REQUEST_BYTES : req.path === "/api/profile/images" ? MAX_PROFILE_IMAGE_REQUEST_BYTES : MAX_FORM_REQUEST_BYTES;
  if (!Number.isFinite(declared) || declared <= limit) return next();
  logger.info({ reason: "body-too-large", method: req.method, path: req.path.slice(0, 200), declared }, "request refused");
  res.status(413).set({ Connection: "close", "Content-Type": "text/plain; charset=utf-8" });
  res.end("The request is too large.");
}

/**
 * A request whose body was not read to the end (a route stopped at its limit) must not
 * leave its remaining bytes on a kept-alive connection: once the answer is sent, the
 * connection is closed.
 */
export function closeUnfinishedRequests(req: Request, res: Response, next: NextFunction) {
  res.on("finish", () => {
    if (req.complete) return;
    req.socket.end();
    setTimeout(() => req.socket.destroy(), 2_000).unref();
  });
  next();
}

/**
 * Cross-origin writes are refused here, before React Router's own check would throw (and
 * log a stack): the same rule as the root middleware (app/features/security/origin-check.server.ts).
 */
export function rejectCrossOriginWrites(siteUrl: string) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (isAllowedNodeOrigin(req, siteUrl)) return next();
    logger.info({ reason: "cross-origin", method: req.method, path: req.path.slice(0, 200) }, "request refused");
    res.status(403).set({ Connection: "close", "Content-Type": "text/plain; charset=utf-8" });
    res.end("Cross-origin request refused.");
  };
}

/** The client's address for rate limits; whatever a client sent under this name is replaced. */
export function setClientAddress(req: Request, _res: Response, next: NextFunction) {
  req.headers[CLIENT_IP_HEADER] = req.ip ?? req.socket.remoteAddress ?? "";
  next();
}

/**
 * React Router's "development" mode sends error messages and stacks to the browser. Only
 * a development start listening on this machine alone gets it; every other start (the
 * plain `npm start` listens on 0.0.0.0) shows the generic error page.
 */
export function errorDetailMode(settings: { NODE_ENV: string; HOST: string }): "development" | "production" {
  const local = ["127.0.0.1", "::1", "localhost"].includes(settings.HOST);
  return settings.NODE_ENV === "development" && local ? "development" : "production";
}

export function applyHardening(app: Express, settings: { TRUST_PROXY: number; SITE_URL: string }) {
  app.set("trust proxy", trustProxySetting(settings.TRUST_PROXY));
  app.use(rejectUnsupportedMethods, closeUnfinishedRequests, rejectOversizedBodies, rejectCrossOriginWrites(settings.SITE_URL), setClientAddress);
}
