import { data } from "react-router";
import { getUser, type SessionUser } from "~/features/auth/session.server";
import { SECURITY_TEXT } from "~/features/account-security/security-form";
import { adminMustSetUpTwoStep } from "~/features/account-security/two-step.server";
import { getDb } from "~/lib/db.server";
import { ERROR_TEXT } from "~/lib/messages";

export const ADMIN_ONLY = ERROR_TEXT.adminOnly;
export const ADMIN_TWO_STEP_REQUIRED = SECURITY_TEXT.twoStepRequiredForAdmins;

/**
 * The admin behind a mutating request; anyone else — signed out included — gets a 403
 * and nothing changes (docs/product.md#permissions). Pages use `requireAdmin`, which
 * sends visitors to / instead.
 */
export async function requireAdminAction(request: Request): Promise<SessionUser> {
  const user = await getUser(request);
  if (!user?.isAdmin) throw data({ ok: false as const, error: ADMIN_ONLY }, { status: 403 });
  // In production an admin without two-step sign-in may change nothing (ADR 0246).
  if (await adminMustSetUpTwoStep(await getDb(), user)) throw data({ ok: false as const, error: ADMIN_TWO_STEP_REQUIRED }, { status: 403 });
  return user;
}
