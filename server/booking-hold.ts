import type { IncomingMessage as Request, ServerResponse as Response } from "node:http";
import { accessTokenClaims, joinSession } from "~/features/auth/session.server";
import { answerHoldRequest, failedHold, HOLD_BODY_BYTES, SESSION_UNCONFIRMED, type HoldAnswer, type HoldRequest } from "~/features/bookings/hold-request.server";
import { nowNamed, TEST_NOW_HEADER } from "~/lib/clock.server";
import { readNodeJsonWithLimit, type JsonRead } from "~/lib/read-body.server";

/**
 * POST /api/bookings/payment-intent, answered by the server itself (ADR 0192): when a
 * listing opens, a rush of guests sends this one request, and React Router's request
 * and response objects, middleware chain and route matching cost more CPU than the
 * booking (bench:booking). Everything before it in server/app.ts still applies: the
 * request log, the method, body-size and cross-origin guards, the security headers.
 *
 * A guest with a valid access token is answered with one read of the database: the
 * attempt's query checks their session too (ADR 0193). Anyone else, and a session that
 * query cannot confirm, goes the root middleware's way: the session is resolved (an
 * expired access token renewed, a dead one cleared) and the same answer given.
 */
export async function bookingHoldRoute(req: Request, res: Response) {
  let body: Promise<JsonRead> | undefined;
  const request = {
    readBody: () => (body ??= readNodeJsonWithLimit(req, HOLD_BODY_BYTES)),
    idempotencyKey: header(req, "idempotency-key"),
    now: nowNamed(header(req, TEST_NOW_HEADER)),
  };
  const cookies = header(req, "cookie");
  const claims = await accessTokenClaims(cookies);
  const answered = claims ? await answerHoldRequest({ ...request, user: { id: claims.userId }, sessionId: claims.sessionId }) : SESSION_UNCONFIRMED;
  send(res, answered === SESSION_UNCONFIRMED ? await answerWithSession(res, cookies, request) : answered);
}

async function answerWithSession(res: Response, cookies: string | null, request: Omit<HoldRequest, "user">): Promise<HoldAnswer> {
  const session = joinSession(cookies);
  try {
    const { user, setCookies } = await session.pending;
    for (const cookie of setCookies) res.appendHeader("Set-Cookie", cookie);
    return await answerHoldRequest({ ...request, user });
  } catch (error) {
    // Only reading the session throws (answerHoldRequest answers its own failures).
    return failedHold(error);
  } finally {
    session.leave();
  }
}

function send(res: Response, answer: HoldAnswer) {
  const json = JSON.stringify(answer.body);
  res.statusCode = answer.status;
  for (const [name, value] of Object.entries(answer.headers ?? {})) res.setHeader(name, value);
  res.setHeader("Content-Type", "application/json");
  res.setHeader("Content-Length", Buffer.byteLength(json));
  res.end(json);
}

function header(req: Request, name: string): string | null {
  const value = req.headers[name];
  return typeof value === "string" ? value : null;
}
