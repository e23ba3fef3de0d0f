import { redirect } from "react-router";
import { signUp } from "~/features/auth/accounts.server";
import { authResponse, readCredentials, requestMeta } from "~/features/auth/auth-request.server";
import { sendVerificationEmail } from "~/features/auth/email-verification.server";
import { savePreferredLanguage } from "~/features/auth/preferred-language.server";
import { requestTranslate } from "~/features/i18n/request-i18n.server";
import { pageLocaleOfRequest } from "~/features/i18n/negotiate";
import { getDb } from "~/lib/db.server";
import type { Route } from "./+types/sign-up";

/** POST /auth/sign-up: a new account, signed in, and its verification e-mail queued; or a JSON error. */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return Response.json({ ok: false, error: "Method not allowed" }, { status: 405 });
  const read = await readCredentials(request);
  if (!read.ok) return read.response;
  const db = await getDb();
  const outcome = await signUp(db, read.input, { ...requestMeta(request), say: await requestTranslate(request) });
  if (outcome.ok) {
    // The account keeps the language of the page it was created on (ADR 0296): its e-mails, this one first, are in it.
    await savePreferredLanguage(db, outcome.userId, pageLocaleOfRequest(request).locale);
    // The new address is verified by the link in this e-mail (ADR 0241).
    await sendVerificationEmail(db, outcome.userId);
  }
  return authResponse(outcome);
}

export function loader() {
  return redirect("/");
}
