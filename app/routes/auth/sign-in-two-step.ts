import { eq } from "drizzle-orm";
import { redirect } from "react-router";
import { users } from "~/db/schema/index";
import { SECURITY_TEXT, signInCodeSchema } from "~/features/account-security/security-form";
import { checkSecondFactor, verifyPendingSignIn } from "~/features/account-security/two-step.server";
import { ACCOUNT_SUSPENDED, completeSignIn } from "~/features/auth/accounts.server";
import { authResponse, requestMeta } from "~/features/auth/auth-request.server";
import { savePreferredLanguageIfNone } from "~/features/auth/preferred-language.server";
import { requestTranslate } from "~/features/i18n/request-i18n.server";
import { pageLocaleOfRequest } from "~/features/i18n/negotiate";
import { getDb } from "~/lib/db.server";
import { parseForm } from "~/lib/forms";
import { bodyTooLargeResponse, readFormWithLimit, SMALL_FORM_BYTES } from "~/lib/read-body.server";
import type { Route } from "./+types/sign-in-two-step";

function refuse(status: number, error: string, extra: Record<string, unknown> = {}) {
  return Response.json({ ok: false, error, ...extra }, { status, headers: { "Cache-Control": "no-store" } });
}

/**
 * POST /auth/sign-in/two-step (ADR 0246): the pending sign-in token from /auth/sign-in and
 * a code from the authenticator app or a recovery code → session cookies, or a JSON error.
 * An expired, forged or truncated token answers 401 with `expired: true` (start again).
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return refuse(405, "Method not allowed");
  const body = await readFormWithLimit(request, SMALL_FORM_BYTES);
  if (!body.ok) return bodyTooLargeResponse();
  const token = body.form.get("token");
  const db = await getDb();
  const pending = typeof token === "string" && token ? await verifyPendingSignIn(db, token) : null;
  if (!pending) return refuse(401, SECURITY_TEXT.pendingExpired, { expired: true });
  const parsed = parseForm(signInCodeSchema, body.form);
  if (!parsed.ok) return refuse(400, parsed.fieldErrors.code ?? SECURITY_TEXT.codeFormat);
  const [user] = await db.select({ suspendedAt: users.suspendedAt }).from(users).where(eq(users.id, pending.userId));
  if (!user) return refuse(401, SECURITY_TEXT.pendingExpired, { expired: true });
  if (user.suspendedAt) return refuse(403, ACCOUNT_SUSPENDED);
  const checked = await checkSecondFactor(db, pending.userId, parsed.data.code, undefined, await requestTranslate(request));
  if (!checked.ok) return refuse(checked.status, checked.error);
  const outcome = await completeSignIn(db, pending.userId, requestMeta(request));
  // As at /auth/sign-in: the page's chosen language, if the member has none saved (ADR 0296).
  const page = pageLocaleOfRequest(request);
  if (outcome.ok && page.chosen) await savePreferredLanguageIfNone(db, outcome.userId, page.locale);
  return authResponse(outcome);
}

export function loader() {
  return redirect("/");
}
