import { redirect } from "react-router";
import { signUp } from "~/features/auth/accounts.server";
import { authResponse, readCredentials, requestMeta } from "~/features/auth/auth-request.server";
import { sendVerificationEmail } from "~/features/auth/email-verification.server";
import { requestSay } from "~/features/auth/say.server";
import { getDb } from "~/lib/db.server";
import type { Route } from "./+types/sign-up";

/** POST /auth/sign-up: a new account, signed in, and its verification e-mail queued; or a JSON error. */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return Response.json({ ok: false, error: "Method not allowed" }, { status: 405 });
  const read = await readCredentials(request);
  if (!read.ok) return read.response;
  const db = await getDb();
  const outcome = await signUp(db, read.input, { ...requestMeta(request), say: await requestSay(request) });
  // The new address is verified by the link in this e-mail (ADR 0241).
  if (outcome.ok) await sendVerificationEmail(db, outcome.userId);
  return authResponse(outcome);
}

export function loader() {
  return redirect("/");
}
