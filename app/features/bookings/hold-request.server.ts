import { verifiedEmailRefusal } from "~/features/auth/email-verification.server";
import { paymentClientConfig } from "~/features/payments/provider.server";
import { CLIENT_IP_HEADER, clientIpOf } from "~/features/security/client-ip.server";
import { getDb } from "~/lib/db.server";
import type { JsonRead } from "~/lib/read-body.server";
import { createBookingHold } from "./hold.server";
import { i18nFor, loadAllCatalogs, translate } from "~/features/i18n/i18n";
import { translatable } from "~/features/i18n/translatable";
import { DEFAULT_LOCALE, type Locale } from "~/lib/locales";

/** The spec's create-payment-intent call. */
export const HOLD_PATH = "/api/bookings/payment-intent";
export const HOLD_BODY_BYTES = 4 * 1024;

export type HoldAnswer = { status: number; body: Record<string, unknown>; headers?: Record<string, string> };

export type HoldRequest = {
  user: { id: string; emailVerified: boolean } | null;
  readJson: () => Promise<JsonRead>;
  header: (name: string) => string | null;
  now: Date;
  /** The language of the page that sent it (server/api.ts): a refusal with values is said in it. English when left out. */
  locale?: Locale;
};

/**
 * The answer to POST /api/bookings/payment-intent: prices it on the server, holds the
 * slot for 15 minutes and returns the client secret with what the payment step needs to
 * know of the provider (Stripe's publishable key). An endpoint of the server's API layer
 * (server/api.ts, ADR 0201), which resolves the session and checks the origin as the
 * pages' middleware does, and answers a throw (the database unreachable) with 503/500.
 * The body is read only for a signed-in user.
 */
export async function answerHoldRequest(request: HoldRequest): Promise<HoldAnswer> {
  if (!request.user) return { status: 401, body: { error: translatable("Sign in to book this space."), code: "unauthorized" } };
  const unverified = verifiedEmailRefusal(request.user, "book");
  if (unverified) return { status: 403, body: { error: unverified, code: "email_unverified" } };
  const body = await request.readJson();
  if (!body.ok) {
    return body.reason === "too-large"
      ? { status: 413, body: { error: translatable("Request too large."), code: "invalid" } }
      : { status: 400, body: { error: translatable("The request must be JSON."), code: "invalid" } };
  }
  const ip = clientIpOf(request.header(CLIENT_IP_HEADER));
  const locale = request.locale ?? DEFAULT_LOCALE;
  await loadAllCatalogs(locale);
  const i18n = i18nFor(locale);
  const result = await createBookingHold(await getDb(), {
    userId: request.user.id,
    body: body.value,
    idempotencyKey: request.header("idempotency-key"),
    now: request.now,
    // Stored with an accepted waiver (ADR 0279).
    clientIp: ip === "unknown" ? null : ip,
    translate: (text) => translate(i18n, text),
  });
  if (!result.ok) {
    const { ok: _ok, status, ...failure } = result;
    return { status, body: failure };
  }
  const { ok: _ok, ...response } = result;
  return { status: 200, body: { ...response, ...paymentClientConfig() } };
}
