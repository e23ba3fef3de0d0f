import { redirect } from "react-router";
import { signUp } from "~/features/auth/accounts.server";
import { authResponse, readCredentials, requestMeta } from "~/features/auth/auth-request.server";
import { getDb } from "~/lib/db.server";
import type { Route } from "./+types/sign-up";

/** POST /auth/sign-up: a new account, signed in; or a JSON error. */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return Response.json({ ok: false, error: "Method not allowed" }, { status: 405 });
  const read = await readCredentials(request);
  if (!read.ok) return read.response;
  return authResponse(await signUp(await getDb(), read.input, requestMeta(request)));
}

export function loader() {
  return redirect("/");
}
