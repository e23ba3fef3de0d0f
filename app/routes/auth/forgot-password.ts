import { redirect } from "react-router";
import { readCredentials, requestMeta } from "~/features/auth/auth-request.server";
import { jsonResult } from "~/features/auth/email-link-page.server";
import { requestPasswordReset } from "~/features/auth/password-reset.server";
import { requestTranslate } from "~/features/i18n/request-i18n.server";
import { requestNow } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import type { Route } from "./+types/forgot-password";

/**
 * POST /auth/forgot-password (the sign-in dialog's 'Forgot password?', ADR 0240): the same
 * JSON answer for every well-formed address; a malformed one gets its field message, too
 * many requests from one network a 429.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return Response.json({ ok: false, error: "Method not allowed" }, { status: 405 });
  const read = await readCredentials(request);
  if (!read.ok) return read.response;
  return jsonResult(await requestPasswordReset(await getDb(), { email: read.input.email }, { ...requestMeta(request), say: await requestTranslate(request) }, requestNow(request)));
}

export function loader() {
  return redirect("/");
}
