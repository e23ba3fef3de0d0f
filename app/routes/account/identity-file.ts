import { getUser } from "~/features/auth/session.server";
import { readIdentityPhoto } from "~/features/identity/identity.server";
import { privateStorage } from "~/features/identity/private-storage.server";
import { getDb } from "~/lib/db.server";
import { isUuid } from "~/lib/uuid";
import type { Route } from "./+types/identity-file";

const PRIVATE_HEADERS = {
  "Cache-Control": "private, no-store",
  "X-Content-Type-Options": "nosniff",
  "Content-Security-Policy": "default-src 'none'; sandbox",
  "Referrer-Policy": "no-referrer",
};

/**
 * GET /identity/files/{upload id}: a private identity photo (ADR 0251), for its owner and
 * admins only; anyone else — signed out included — gets the same 404 as an unknown id, and
 * nothing is ever cached.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const notFound = () => new Response("Not found", { status: 404, headers: { ...PRIVATE_HEADERS, "Content-Type": "text/plain; charset=utf-8" } });
  const user = await getUser(request);
  if (!user || !isUuid(params.id)) return notFound();
  const photo = await readIdentityPhoto(await getDb(), privateStorage(), params.id.toLowerCase(), user);
  if (!photo) return notFound();
  return new Response(new Uint8Array(photo), { headers: { ...PRIVATE_HEADERS, "Content-Type": "image/webp", "Content-Length": String(photo.length) } });
}
