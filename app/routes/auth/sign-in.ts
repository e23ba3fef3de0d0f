import { redirect } from "react-router";
import { signIn } from "~/features/auth/accounts.server";
import { authResponse, readCredentials, requestMeta } from "~/features/auth/auth-request.server";
import { savePreferredLanguageIfNone } from "~/features/auth/preferred-language.server";
import { requestTranslate } from "~/features/i18n/request-i18n.server";
import { pageLocaleOfRequest } from "~/features/i18n/negotiate";
import { getDb } from "~/lib/db.server";
import type { Route } from "./+types/sign-in";

/** POST /auth/sign-in: e-mail and password → session cookies, or a JSON error. */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return Response.json({ ok: false, error: "Method not allowed" }, { status: 405 });
  const read = await readCredentials(request);
  if (!read.ok) return read.response;
  const db = await getDb();
  const outcome = await signIn(db, read.input, { ...requestMeta(request), say: await requestTranslate(request) });
  // A member with no saved language keeps the one they chose for this page (a prefix or the menu), ADR 0296.
  const page = pageLocaleOfRequest(request);
  if (outcome.ok && page.chosen) await savePreferredLanguageIfNone(db, outcome.userId, page.locale);
  return authResponse(outcome);
}

export function loader() {
  return redirect("/");
}
