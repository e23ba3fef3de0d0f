import { redirect } from "react-router";
import { signIn } from "~/features/auth/accounts.server";
import { authResponse, readCredentials, requestMeta } from "~/features/auth/auth-request.server";
import { requestSay } from "~/features/auth/say.server";
import { getDb } from "~/lib/db.server";
import type { Route } from "./+types/sign-in";

/** POST /auth/sign-in: e-mail and password → session cookies, or a JSON error. */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return Response.json({ ok: false, error: "Method not allowed" }, { status: 405 });
  const read = await readCredentials(request);
  if (!read.ok) return read.response;
  return authResponse(await signIn(await getDb(), read.input, { ...requestMeta(request), say: await requestSay(request) }));
}

export function loader() {
  return redirect("/");
}
