import { getDb } from "~/lib/db.server";
import { isDatabaseUnavailable } from "~/lib/db-unavailable.server";
import { logger } from "~/lib/logger.server";
import type { JsonRead } from "~/lib/read-body.server";
import { createBookingHold, SESSION_UNCONFIRMED } from "./hold.server";

export { SESSION_UNCONFIRMED };
import { paymentClientConfig } from "~/features/payments/provider.server";

/** The spec's create-payment-intent call. */
export const HOLD_PATH = "/api/bookings/payment-intent";
export const HOLD_BODY_BYTES = 4 * 1024;

export type HoldAnswer = { status: number; body: Record<string, unknown>; headers?: Record<string, string> };

export type HoldRequest = {
  user: { id: string } | null;
  readBody: () => Promise<JsonRead>;
  idempotencyKey: string | null;
  now: Date;
};

/**
 * The answer to POST /api/bookings/payment-intent, whoever serves the request: prices
 * it on the server, holds the slot for 15 minutes and returns the client secret with
 * what the payment step needs to know of the provider (Stripe's publishable key).
 *
 * Two callers, one behaviour (ADR 0192): the server answers it directly, outside React
 * Router (server/booking-hold.ts), because a rush for one listing is all such requests;
 * the React Router route (app/routes/bookings/api.payment-intent.ts) answers it under
 * `react-router dev` and in the route tests. Each resolves the session its own way and
 * passes the user in; the body is read only for a signed-in user.
 *
 * Given `sessionId` (the user comes from an access token whose session has not been
 * read), the session is checked in the attempt's own query (ADR 0193); when it cannot be
 * confirmed the answer is SESSION_UNCONFIRMED, nothing is held, and the caller resolves
 * the session the usual way and asks again.
 */
export function answerHoldRequest(input: HoldRequest & { sessionId?: undefined }): Promise<HoldAnswer>;
export function answerHoldRequest(input: HoldRequest & { sessionId: string }): Promise<HoldAnswer | typeof SESSION_UNCONFIRMED>;
export async function answerHoldRequest(input: HoldRequest & { sessionId?: string }): Promise<HoldAnswer | typeof SESSION_UNCONFIRMED> {
  if (!input.user) return { status: 401, body: { error: "Sign in to book this space.", code: "unauthorized" } };
  const body = await input.readBody();
  if (!body.ok) {
    // The session first: a request that is not even JSON is refused only to a signed-in guest.
    if (input.sessionId !== undefined) return SESSION_UNCONFIRMED;
    return body.reason === "too-large"
      ? { status: 413, body: { error: "Request too large.", code: "invalid" } }
      : { status: 400, body: { error: "The request must be JSON.", code: "invalid" } };
  }
  try {
    const result = await createBookingHold(await getDb(), { userId: input.user.id, sessionId: input.sessionId, body: body.value, idempotencyKey: input.idempotencyKey, now: input.now });
    if (result === SESSION_UNCONFIRMED) return result;
    if (!result.ok) {
      const { ok: _ok, status, ...failure } = result;
      return { status, body: failure };
    }
    const { ok: _ok, ...response } = result;
    return { status: 200, body: { ...response, ...paymentClientConfig() } };
  } catch (error) {
    return failedHold(error);
  }
}

/**
 * The answer when the hold, or the session read before it, failed: 503 with Retry-After
 * while the database cannot be reached (the guest may try again shortly,
 * docs/decisions/0092), else a logged 500. Both say 'Failed to process booking'.
 */
export function failedHold(error: unknown): HoldAnswer {
  if (isDatabaseUnavailable(error)) return { status: 503, body: { error: "Failed to process booking" }, headers: { "Retry-After": "5" } };
  logger.error({ err: error }, "create payment intent failed");
  return { status: 500, body: { error: "Failed to process booking" } };
}
