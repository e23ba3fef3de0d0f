import { isRouteErrorResponse } from "react-router";
import { logger } from "./logger.server";

/**
 * One log line per failed request (docs/decisions/0087-one-line-rejections.md). Expected
 * rejections — a 4xx the router answers (unknown route, a method a route has no action
 * for, a refused cross-origin post), a malformed URL, bad input — are logged at `info`
 * as a single structured line without a stack, so unauthenticated traffic cannot flood
 * the log. Only unexpected errors are logged at `error`, with their stack.
 */
export function logRequestError(error: unknown, request: Request) {
  if (request.signal.aborted) return;
  const where = { method: request.method, path: safePath(request.url) };
  if (error instanceof Response) {
    if (error.status < 500) logger.info({ ...where, status: error.status, reason: "rejected" }, "request refused");
    else logger.error({ ...where, status: error.status }, "request failed");
    return;
  }
  if (isRouteErrorResponse(error)) {
    if (error.status < 500) {
      logger.info({ ...where, status: error.status, reason: error.statusText || "rejected" }, "request refused");
      return;
    }
  }
  if (error instanceof URIError) {
    logger.info({ ...where, status: 400, reason: "bad-encoding" }, "request refused");
    return;
  }
  logger.error({ ...where, err: error }, "request failed");
}

function safePath(url: string) {
  try {
    return new URL(url).pathname.slice(0, 200);
  } catch {
    return "?";
  }
}
