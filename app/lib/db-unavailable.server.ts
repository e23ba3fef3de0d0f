/**
 * Whether an error means "the database cannot be reached right now" (refused or
 * dropped connection, the server shutting down or starting up) rather than a bug
 * or bad data. Such a request is answered 503, and the next one tries again: the
 * pool opens fresh connections once the database is back.
 */
const NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENOTFOUND", "EAI_AGAIN"]);
// PostgreSQL SQLSTATEs: 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now, class 08 connection exceptions.
const SQLSTATES = new Set(["57P01", "57P02", "57P03"]);
const MESSAGES = /Connection terminated|connection timeout|Client has encountered a connection error|terminating connection/i;

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== "object" || depth > 4) return false;
  const { code, message, cause } = error as { code?: unknown; message?: unknown; cause?: unknown };
  if (typeof code === "string" && (NETWORK_CODES.has(code) || SQLSTATES.has(code) || code.startsWith("08"))) return true;
  if (typeof message === "string" && MESSAGES.test(message)) return true;
  if (error instanceof AggregateError && error.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}
