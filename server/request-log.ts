import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { pinoHttp } from "pino-http";
import { logger } from "~/lib/logger.server";

/** An id a client or proxy may pass in: short, and only characters safe in a log line and a header. */
const SAFE_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** Paths that are polled or static: not worth a log line each. */
const QUIET = /^\/(healthz|readyz|assets\/|favicon|manifest\.webmanifest|robots\.txt)/;

/**
 * One JSON line per request (pino-http) with a request id: the caller's
 * `X-Request-Id` when it is safe, else a new UUID, echoed in the response's
 * `X-Request-Id`. Only the method, the path (never the query string, which can
 * carry a payment client secret) and the status are logged: no headers, no
 * cookies, no bodies.
 */
export const requestLog = pinoHttp<IncomingMessage, ServerResponse>({
  logger,
  genReqId(req, res) {
    const incoming = req.headers["x-request-id"];
    const id = typeof incoming === "string" && SAFE_ID.test(incoming) ? incoming : randomUUID();
    res.setHeader("X-Request-Id", id);
    return id;
  },
  autoLogging: { ignore: (req) => QUIET.test(req.url ?? "") },
  quietReqLogger: true,
  customLogLevel(_req, res, error) {
    if (error || res.statusCode >= 500) return "error";
    return "info";
  },
  customSuccessMessage: (req, res) => `${req.method} ${pathOf(req.url)} ${res.statusCode}`,
  customErrorMessage: (req, res) => `${req.method} ${pathOf(req.url)} ${res.statusCode}`,
  // A 5xx the app answered on purpose (a 503 with Retry-After) is one line; pino-http
  // would attach a made-up Error with a stack. Errors that were thrown keep theirs.
  customErrorObject(_req, res, error, loggable: Record<string, unknown>) {
    if (error?.message !== `failed with status code ${res.statusCode}`) return loggable;
    const { err: _err, ...line } = loggable;
    return line;
  },
  serializers: {
    req: (req: { id: unknown; method: string; url: string }) => ({ id: req.id, method: req.method, path: pathOf(req.url) }),
    res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
  },
  wrapSerializers: false,
});

function pathOf(url: string | undefined) {
  return (url ?? "/").split("?")[0];
}
