import pino from "pino";
import { LOG_LEVELS } from "./log-levels";

/**
 * The one logger: structured JSON lines (pino), level from LOG_LEVEL (read from the
 * environment directly so that it works before and without the validated settings).
 * Secrets never reach a log line: credentials, cookies and tokens are redacted by path.
 *
 * Expected rejections (bad input, CSRF, an unsupported method) are logged as one line
 * at `info` with a short `reason`, never with a stack; unexpected errors at `error`.
 */
const LEVELS = new Set<string>(LOG_LEVELS);
const requested = process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "error" : "info");

export const logger = pino({
  level: LEVELS.has(requested) ? requested : "info",
  base: { pid: process.pid },
  redact: {
    paths: [
      "password",
      "*.password",
      "req.headers.cookie",
      "req.headers.authorization",
      'res.headers["set-cookie"]',
      "token",
      "*.token",
      "secret",
      "*.secret",
    ],
    censor: "[redacted]",
  },
});

/** An error's message for a log line's `err` field (the stack stays out of expected failures). */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
