import { redirect } from "react-router";
import { requestEmailChange } from "~/features/auth/email-verification.server";
import { getUser } from "~/features/auth/session.server";
import { ACCOUNT_EMAIL_TEXT } from "~/features/auth/account-email-texts";
import { requestTranslate } from "~/features/i18n/request-i18n.server";
import { translatable } from "~/features/i18n/translatable";
import { requestNow } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import { formDataToObject } from "~/lib/forms";
import { BODY_TOO_LARGE_MESSAGE, readFormWithLimit, SMALL_FORM_BYTES } from "~/lib/read-body.server";
import type { Route } from "./+types/api.email-change";

/**
 * POST /api/account/email: /profile's change of address (ADR 0241). The current password
 * is required; the new address gets a link and nothing changes until it is opened. JSON.
 */
export async function action({ request }: Route.ActionArgs) {
  const headers = { "Cache-Control": "no-store" };
  if (request.method !== "POST") return Response.json({ ok: false, error: "Method not allowed" }, { status: 405, headers });
  const user = await getUser(request);
  if (!user) return Response.json({ ok: false, error: ACCOUNT_EMAIL_TEXT.signInFirst }, { status: 401, headers });
  const body = await readFormWithLimit(request, SMALL_FORM_BYTES);
  if (!body.ok) return Response.json({ ok: false, error: BODY_TOO_LARGE_MESSAGE }, { status: 413, headers });
  const values = formDataToObject(body.form);
  const result = await requestEmailChange(await getDb(), user.id, { newEmail: values.newEmail, currentPassword: values.currentPassword }, requestNow(request), await requestTranslate(request));
  if (result.ok) return Response.json(result, { headers });
  return Response.json({ ok: false, error: result.formError ?? Object.values(result.fieldErrors)[0] ?? translatable("Invalid input"), fieldErrors: result.fieldErrors }, { status: 400, headers });
}

export function loader() {
  return redirect("/profile");
}
