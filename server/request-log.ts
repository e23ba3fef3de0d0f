import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { logger } from "~/lib/logger.server";

/** An id a client or proxy may pass in: short, and only characters safe in a log line and a header. */
const SAFE_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** Paths that are polled or static: not worth a log line each. */
const QUIET = /^\/(healthz|readyz|assets\/|favicon|manifest\.webmanifest|robots\.txt)/;

/**
 * One JSON line per request (pino) with a request id: the caller's `X-Request-Id` when
 * it is safe, else a new UUID, echoed in the response's `X-Request-Id`. Only the method,
 * the path (never the query string, which can carry a payment client secret), the
 * status and the response time are logged: no headers, no cookies, no bodies. A 5xx
 * or a response that failed is logged at error level, the rest at info.
 *
 * Written on pino directly rather than through pino-http (ADR 0192): pino-http made
 * two child loggers for every request, logged or not.
 */
export function requestLog(req: IncomingMessage, res: ServerResponse, next: () => void) {
  const incoming = req.headers["x-request-id"];
  const id = typeof incoming === "string" && SAFE_ID.test(incoming) ? incoming : randomUUID();
  res.setHeader("X-Request-Id", id);
  if (QUIET.test(req.url ?? "")) return next();
  const started = Date.now();
  const method = req.method;
  const path = pathOf(req.url);
  const done = (error?: Error) => {
    res.off("finish", done).off("close", done).off("error", done);
    const failed = error instanceof Error || res.statusCode >= 500;
    const level = failed ? "error" : "info";
    if (!logger.isLevelEnabled(level)) return;
    const line = { req: { id, method, path }, res: { statusCode: res.statusCode }, responseTime: Date.now() - started, ...(error instanceof Error ? { err: error } : {}) };
    logger[level](line, `${method} ${path} ${res.statusCode}`);
  };
  res.on("finish", done).on("close", done).on("error", done);
  next();
}

/** A listing's calendar feed URL carries its secret in the path (ADR 0203): logged without it. */
const SECRET_IN_PATH = /^(\/api\/spaces\/[^/]+\/calendar\/)[^/]+(\.ics)$/;

function pathOf(url: string | undefined) {
  return ((url ?? "/").split("?")[0] ?? "/").replace(SECRET_IN_PATH, "$1[redacted]$2");
}
