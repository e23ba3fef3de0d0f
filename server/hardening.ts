import type { Express, NextFunction, Request, Response } from "express";
import { Socket } from "node:net";
import { CLIENT_IP_HEADER } from "~/features/security/client-ip.server";
import { IDENTITY_PHOTO_FORM_OVERHEAD_BYTES, IDENTITY_PHOTO_MAX_BYTES } from "~/features/identity/identity-text";
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
 * - 413 for a body larger than any route accepts, declared or chunked, before any
 *   route reads it (each route also counts the bytes while reading, to its own lower
 *   limit: app/lib/read-body.server.ts).
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

/** The most a request to `path` may send: only the upload endpoints name more than the default. */
export function bodyLimitFor(path: string): number {
  if (path === "/api/media/uploads") return MAX_UPLOAD_REQUEST_BYTES;
  if (path === "/api/profile/images") return MAX_PROFILE_IMAGE_REQUEST_BYTES;
  if (path === "/api/identity/uploads") return IDENTITY_PHOTO_MAX_BYTES + IDENTITY_PHOTO_FORM_OVERHEAD_BYTES;
  return MAX_FORM_REQUEST_BYTES;
}

function refuseTooLarge(req: Request, res: Response, detail: Record<string, unknown>) {
  logger.info({ reason: "body-too-large", method: req.method, path: req.path.slice(0, 200), ...detail }, "request refused");
  if (res.headersSent) return;
  // No `Connection: close`: Node would destroy the socket as soon as the answer is written,
  // and a client still sending would get a reset that can swallow the answer.
  // closeUnfinishedRequests ends the connection after it, and drops it 2 s later.
  res.status(413).set({ "Content-Type": "text/plain; charset=utf-8" });
  res.end("The request is too large.");
}

/**
 * Bytes of a refused body still read, and dropped, once the 413 is on its way: a client
 * that keeps sending for a moment reads its answer before the connection goes (a lingering
 * close, as nginx does). Past it, reading stops.
 */
const LINGER_BYTES = 1024 * 1024;

type Push = (chunk: unknown, encoding?: BufferEncoding) => boolean;

/**
 * Every request body is capped here, before any route reads it (issue #30 point 5), so a
 * route cannot forget: a declared `Content-Length` over the limit is refused at once (the
 * HTTP parser never delivers more than a declared length); a chunked body is counted as
 * the parser hands it over. A chunked body for an ordinary route is held (at most the
 * 1 MiB default) until it ends, then given to the route, so a body over the limit is a
 * 413 whatever the route would have answered; an upload's body streams through, counted.
 * Past the limit, every further byte is dropped as it arrives (up to LINGER_BYTES, then the
 * parser's `push` answers false, which stops reading the socket): none is kept in memory.
 * Routes still read with their own, lower limits (app/lib/read-body.server.ts).
 */
export function capRequestBodies(req: Request, res: Response, next: NextFunction) {
  const limit = bodyLimitFor(req.path);
  const declared = req.headers["content-length"];
  if (declared !== undefined) {
    if (Number(declared) <= limit) return next();
    return refuseTooLarge(req, res, { declared: Number(declared) || declared.slice(0, 20) });
  }
  if (req.headers["transfer-encoding"] === undefined || req.complete) {
    // No body, or one the parser has already handed over whole.
    if (req.readableLength <= limit) return next();
    return refuseTooLarge(req, res, { chunked: req.readableLength });
  }
  const push = req.push.bind(req) as Push;
  let received = req.readableLength;
  const overflow = () => {
    let lingered = 0;
    (req as { push: Push }).push = (chunk) => chunk !== null && (lingered += (chunk as Buffer).length) <= LINGER_BYTES;
    refuseTooLarge(req, res, { chunked: received });
    return true;
  };
  if (limit > MAX_FORM_REQUEST_BYTES) {
    (req as { push: Push }).push = (chunk, encoding) => {
      if (chunk !== null && (received += (chunk as Buffer).length) > limit) return overflow();
      return push(chunk, encoding);
    };
    return next();
  }
  let held: Array<[unknown, BufferEncoding | undefined]> = [];
  (req as { push: Push }).push = (chunk, encoding) => {
    if (chunk === null) {
      (req as { push: Push }).push = push;
      for (const [part, partEncoding] of held) push(part, partEncoding);
      const more = push(null);
      next();
      return more;
    }
    if ((received += (chunk as Buffer).length) > limit) {
      held = []; // what was held is let go at once, not when the connection closes
      return overflow();
    }
    held.push([chunk, encoding]);
    return true;
  };
}

/** Sockets already closing after an unfinished request (one timer each). */
const lingering = new WeakSet<Socket>();

/**
 * A lingering close (as nginx does): the answer is written and the connection half-closed
 * (FIN) while the client may still be sending (its bytes go unread), and the socket is
 * dropped 2 s later, or when the client closes first. Closing at once would answer a client
 * still sending its body with a reset, and a reset can swallow the answer it had not read
 * yet (a browser uploading a large file would show a network error instead of the message).
 */
function lingeringClose(socket: Socket) {
  if (lingering.has(socket)) return;
  lingering.add(socket);
  socket.end();
  setTimeout(() => socket.destroy(), 2_000).unref();
}

/**
 * A request whose body was not read to the end (a refusal, or a route stopped at its
 * limit) must not leave its remaining bytes on a kept-alive connection: once the answer is
 * sent, the connection closes, lingering. An answer that says `Connection: close` (the
 * refusals do, so a keep-alive client does not send another request on it) is closed by
 * Node with `destroySoon()`, which would drop the socket as soon as the answer is written:
 * for an unfinished request it lingers instead. It runs first, so every refusal has it.
 */
export function closeUnfinishedRequests(req: Request, res: Response, next: NextFunction) {
  const socket = req.socket;
  socket.destroySoon = () => (req.complete ? Socket.prototype.destroySoon.call(socket) : lingeringClose(socket));
  // An answer that starts before its request's body has arrived says so: the connection ends
  // after it, and a keep-alive client told nothing would send its next request on a closing
  // socket (a reset: Playwright's POST /map/cities.json, answered 405 unread, then a GET).
  const writeHead = res.writeHead;
  res.writeHead = function (this: Response, ...args: Parameters<typeof writeHead>) {
    if (!req.complete && !res.headersSent) res.setHeader("Connection", "close");
    return writeHead.apply(this, args);
  } as typeof writeHead;
  res.on("finish", () => {
    if (!req.complete) lingeringClose(socket);
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
  app.use(closeUnfinishedRequests, rejectUnsupportedMethods, capRequestBodies, rejectCrossOriginWrites(settings.SITE_URL), setClientAddress);
}
