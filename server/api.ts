import type { IncomingMessage, ServerResponse } from "node:http";
import { joinSession, type SessionUser } from "~/features/auth/session.server";
import { isAllowedNodeOrigin } from "~/features/security/origin-check.server";
import { answerHoldRequest, HOLD_BODY_BYTES, HOLD_PATH } from "~/features/bookings/hold-request.server";
import { localeOfClues, localeOfReferer } from "~/features/i18n/negotiate";
import { nowNamed, TEST_NOW_HEADER } from "~/lib/clock.server";
import type { Locale } from "~/lib/locales";
import { isDatabaseUnavailable } from "~/lib/db-unavailable.server";
import { env } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";
import { readNodeJsonWithLimit, type JsonRead } from "~/lib/read-body.server";

/**
 * The server's JSON API layer (ADR 0201): endpoints a rush sends, answered before React
 * Router's request and response objects, middleware chain and route matching, which
 * cost a booking attempt twice the server CPU (bench:booking). The same layer answers
 * them everywhere: the served app mounts it in server/app.ts (also under the HTTP tests'
 * server), and `react-router dev` runs it in front of React Router (vite.config.ts). An
 * endpoint is in this table or in app/routes.ts, never in both.
 *
 * Every endpoint gets what React Router's pages get from the root middleware, from the
 * same functions: the origin check (`isAllowedOrigin`) and the session (`joinSession`:
 * one resolution per Cookie header in flight, an expired access token renewed, a dead
 * one cleared, the cookies set on the answer). A failure answers JSON: 503 with
 * `Retry-After: 5` while the database cannot be reached (docs/decisions/0092), else a
 * logged 500; never a stack.
 */

/** What an endpoint is given. The body is read only when asked for, at most `bodyBytes`. */
export type ApiRequest = {
  user: SessionUser | null;
  readJson(): Promise<JsonRead>;
  header(name: string): string | null;
  /** The request's time (X-Test-Now under TEST_CLOCK, else the clock). */
  now: Date;
  /** The language of the page that sent it, for an answer's texts with values (ADR 0294). */
  locale: Locale;
};

export type ApiAnswer = { status: number; body: Record<string, unknown>; headers?: Record<string, string> };

export type ApiEndpoint = {
  method: "POST";
  path: string;
  bodyBytes: number;
  /** The error text of a failure (503 or 500). */
  failure: string;
  answer(request: ApiRequest): Promise<ApiAnswer>;
};

/** Every endpoint of the layer. */
export const API_ENDPOINTS: readonly ApiEndpoint[] = [
  { method: "POST", path: HOLD_PATH, bodyBytes: HOLD_BODY_BYTES, failure: "Failed to process booking", answer: answerHoldRequest },
];

/**
 * A Node/Express/Connect handler for `endpoints`: answers a request whose method and
 * path are one of them, passes any other on (`next`).
 */
export function apiLayer(endpoints: readonly ApiEndpoint[] = API_ENDPOINTS) {
  const byRoute = new Map(endpoints.map((endpoint) => [`${endpoint.method} ${endpoint.path}`, endpoint]));
  return function api(req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) {
    const endpoint = byRoute.get(`${req.method} ${(req.url ?? "/").split("?")[0]}`);
    if (!endpoint) return next();
    answer(endpoint, req, res).catch(next);
  };
}

async function answer(endpoint: ApiEndpoint, req: IncomingMessage, res: ServerResponse) {
  if (!isAllowedNodeOrigin(req, env().SITE_URL)) {
    res.writeHead(403, { "Content-Type": "text/plain; charset=utf-8" }).end("Cross-origin request refused.");
    return;
  }
  let body: Promise<JsonRead> | undefined;
  const header = (name: string) => {
    const value = req.headers[name.toLowerCase()];
    return typeof value === "string" ? value : null;
  };
  const session = joinSession(header("cookie"));
  let answered: ApiAnswer;
  try {
    const { user, setCookies } = await session.pending;
    for (const cookie of setCookies) res.appendHeader("Set-Cookie", cookie);
    answered = await endpoint.answer({
      user,
      readJson: () => (body ??= readNodeJsonWithLimit(req, endpoint.bodyBytes)),
      header,
      now: nowNamed(header(TEST_NOW_HEADER)),
      locale: apiLocale(header, user),
    });
  } catch (error) {
    answered = failed(endpoint, error);
  } finally {
    session.leave();
  }
  send(res, answered);
}

/**
 * The language of the page an endpoint was called from, as `requestI18n` decides it for a
 * page's action (the endpoints are unprefixed): its Referer's prefix, else the member's
 * saved language, the `lang` cookie, Accept-Language.
 */
function apiLocale(header: (name: string) => string | null, user: SessionUser | null): Locale {
  return localeOfClues({ page: localeOfReferer(header("referer")), memberLanguage: user?.preferredLanguage, cookie: header("cookie"), acceptLanguage: header("accept-language") });
}

function failed(endpoint: ApiEndpoint, error: unknown): ApiAnswer {
  if (isDatabaseUnavailable(error)) return { status: 503, body: { error: endpoint.failure }, headers: { "Retry-After": "5" } };
  logger.error({ err: error, path: endpoint.path }, "API request failed");
  return { status: 500, body: { error: endpoint.failure } };
}

function send(res: ServerResponse, answer: ApiAnswer) {
  const json = JSON.stringify(answer.body);
  res.statusCode = answer.status;
  for (const [name, value] of Object.entries(answer.headers ?? {})) res.setHeader(name, value);
  res.setHeader("Content-Type", "application/json");
  res.setHeader("Content-Length", Buffer.byteLength(json));
  res.end(json);
}
