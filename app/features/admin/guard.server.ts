import { data } from "react-router";
import { getUser, type SessionUser } from "~/features/auth/session.server";
import { ERROR_TEXT } from "~/lib/messages";

export const ADMIN_ONLY = ERROR_TEXT.adminOnly;

/**
 * The admin behind a mutating request; anyone else — signed out included — gets a 403
 * and nothing changes (docs/product.md#permissions). Pages use `requireAdmin`, which
 * sends visitors to / instead.
 */
export async function requireAdminAction(request: Request): Promise<SessionUser> {
  const user = await getUser(request);
  if (!user?.isAdmin) throw data({ ok: false as const, error: ADMIN_ONLY }, { status: 403 });
  return user;
}
