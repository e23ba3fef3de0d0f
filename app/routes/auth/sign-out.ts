import { redirect } from "react-router";
import { endSession } from "~/features/auth/session.server";
import { getDb } from "~/lib/db.server";
import type { Route } from "./+types/sign-out";

/** POST /auth/sign-out: revokes the session on the server, clears the cookies, returns to / (docs/product.md#header). */
export async function action({ request }: Route.ActionArgs) {
  const cookies = await endSession(await getDb(), request);
  const headers = new Headers({ "Cache-Control": "no-store" });
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return redirect("/", { headers });
}

export function loader() {
  return redirect("/");
}
