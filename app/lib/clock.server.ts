import { env } from "~/lib/env.server";

/**
 * The server's clock (ADR 0095). Code that decides by time takes a `now`; routes get
 * it from `requestNow(request)`.
 *
 * In test mode (TEST_CLOCK=1, refused at start-up in production) a request may name
 * its own instant in the X-Test-Now header (an ISO 8601 date-time), so a browser
 * journey can stand past a booking's end — or past its payout release — without
 * moving the clock of the other journeys running beside it. Without the setting the
 * header is ignored.
 */
export const TEST_NOW_HEADER = "x-test-now";

export function requestNow(request: Request): Date {
  return nowNamed(request.headers.get(TEST_NOW_HEADER));
}

/** requestNow for the value of an X-Test-Now header (an HTTP handler outside React Router). */
export function nowNamed(named: string | null | undefined): Date {
  if (!env().TEST_CLOCK) return new Date();
  if (!named) return new Date();
  const instant = new Date(named);
  return Number.isNaN(instant.getTime()) ? new Date() : instant;
}
