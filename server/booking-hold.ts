import type { IncomingMessage as Request, ServerResponse as Response } from "node:http";
import { joinSession } from "~/features/auth/session.server";
import { answerHoldRequest, HOLD_BODY_BYTES, type HoldAnswer } from "~/features/bookings/hold-request.server";
import { nowNamed, TEST_NOW_HEADER } from "~/lib/clock.server";
import { isDatabaseUnavailable } from "~/lib/db-unavailable.server";
import { logger } from "~/lib/logger.server";
import { readNodeJsonWithLimit } from "~/lib/read-body.server";

/**
 * POST /api/bookings/payment-intent, answered by the server itself (ADR 0192): when a
 * listing opens, a rush of guests sends this one request, and React Router's request
 * and response objects, middleware chain and route matching cost more CPU than the
 * booking (bench:booking). Everything before it in server/app.ts still applies: the
 * request log, the method, body-size and cross-origin guards, the security headers.
 * The session is resolved (and an expired access token renewed) as the root
 * middleware does; the answer is the same function the React Router route gives.
 */
export async function bookingHoldRoute(req: Request, res: Response) {
  const session = joinSession(header(req, "cookie"));
  let answer: HoldAnswer;
  try {
    const { user, setCookies } = await session.pending;
    for (const cookie of setCookies) res.appendHeader("Set-Cookie", cookie);
    answer = await answerHoldRequest({
      user,
      readBody: () => readNodeJsonWithLimit(req, HOLD_BODY_BYTES),
      idempotencyKey: header(req, "idempotency-key"),
      now: nowNamed(header(req, TEST_NOW_HEADER)),
    });
  } catch (error) {
    // Only reading the session throws (answerHoldRequest answers its own failures).
    const unreachable = isDatabaseUnavailable(error);
    if (unreachable) res.setHeader("Retry-After", "5");
    else logger.error({ err: error }, "create payment intent failed");
    answer = { status: unreachable ? 503 : 500, body: { error: "Failed to process booking" } };
  } finally {
    session.leave();
  }
  const json = JSON.stringify(answer.body);
  res.statusCode = answer.status;
  res.setHeader("Content-Type", "application/json");
  res.setHeader("Content-Length", Buffer.byteLength(json));
  res.end(json);
}

function header(req: Request, name: string): string | null {
  const value = req.headers[name];
  return typeof value === "string" ? value : null;
}
