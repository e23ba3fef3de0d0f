import { redirect } from "react-router";
import { ACCOUNT_EMAIL_TEXT } from "~/features/auth/account-email-texts";
import { jsonResult } from "~/features/auth/email-link-page.server";
import { resendVerificationEmail } from "~/features/auth/email-verification.server";
import { getUser } from "~/features/auth/session.server";
import { requestTranslate } from "~/features/i18n/request-i18n.server";
import { requestNow } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import type { Route } from "./+types/resend-verification";

/** POST /auth/resend-verification: the banner's 'Resend' (ADR 0241), for the signed-in account; JSON. */
export async function action({ request }: Route.ActionArgs) {
  const headers = { "Cache-Control": "no-store" };
  if (request.method !== "POST") return Response.json({ ok: false, error: "Method not allowed" }, { status: 405, headers });
  const user = await getUser(request);
  // Translated here: the banner also shows on the home page, whose first load has only the core catalog.
  const say = await requestTranslate(request);
  if (!user) return Response.json({ ok: false, error: say(ACCOUNT_EMAIL_TEXT.signInFirst) }, { status: 401, headers });
  const result = await resendVerificationEmail(await getDb(), user.id, requestNow(request), say);
  return jsonResult(result.ok ? result : { ...result, error: say(result.error) });
}

export function loader() {
  return redirect("/");
}
