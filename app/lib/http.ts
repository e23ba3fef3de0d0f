import { data } from "react-router";

/**
 * The one error path (docs/decisions/0061-error-path.md). A loader or action that
 * cannot go on throws a response; the route's `ErrorBoundary` — always
 * `GeneralErrorBoundary` — shows the text for its status. Expected failures a page
 * handles in place (a refused form, a slot already taken) are returned as data, never thrown.
 */

/** Stops a loader with a 404: the route's error boundary shows its "not found" text. */
export function notFound(message = "Not found"): never {
  throw data(message, { status: 404, statusText: "Not Found" });
}

/**
 * Throws a response with `status` (default 400) and `message` when `condition` is false;
 * afterwards TypeScript knows the condition holds.
 *
 *   invariantResponse(space, "Space not found", { status: 404 });
 */
export function invariantResponse(condition: unknown, message: string | (() => string), init: { status?: number } = {}): asserts condition {
  if (condition) return;
  const status = init.status ?? 400;
  throw data(typeof message === "function" ? message() : message, { status });
}

/**
 * The HTTP status of a domain refusal (the booking process's `Refusal` codes): domain
 * functions say what happened, routes say it in HTTP.
 */
export function refusalStatus(code: "not_found" | "not_allowed" | "refund_changed" | "invalid"): 400 | 404 | 409 {
  return code === "not_found" ? 404 : code === "invalid" ? 400 : 409;
}
