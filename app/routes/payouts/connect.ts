import { redirect } from "react-router";
import { emailVerificationRequired } from "~/features/auth/email-verification.server";
import { requireUser } from "~/features/auth/session.server";
import { connectPayoutAccount } from "~/features/payouts/payouts.server";
import { requestNow } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { redirectWithToast } from "~/lib/flash.server";
import { logger } from "~/lib/logger.server";
import { ERROR_TEXT } from "~/lib/messages";
import type { Route } from "./+types/connect";

/**
 * POST: opens the host's payout account with the provider (once) and sends the
 * browser to its onboarding. GET is the provider's refresh URL (a lapsed link): a
 * new link, same place. A provider failure is the spec's 'Failed to connect Stripe
 * account' (docs/product.md#error-texts).
 */
async function connect(request: Request) {
  const user = await requireUser(request);
  // Payouts need a verified e-mail address (ADR 0241).
  const unverified = await emailVerificationRequired(await getDb(), user.id, "payout");
  if (unverified) return redirectWithToast("/payouts", { tone: "error", message: unverified });
  const base = env().SITE_URL ?? new URL(request.url).origin;
  try {
    const { url } = await connectPayoutAccount(await getDb(), {
      hostId: user.id,
      email: user.email,
      returnUrl: new URL("/payouts/return", base).toString(),
      refreshUrl: new URL("/payouts/connect", base).toString(),
      now: requestNow(request),
    });
    return redirect(url);
  } catch (error) {
    logger.error({ err: error, userId: user.id }, "Failed to connect payout account");
    return redirectWithToast("/dashboard", { tone: "error", message: ERROR_TEXT.connectStripe });
  }
}

export const action = ({ request }: Route.ActionArgs) => connect(request);
export const loader = ({ request }: Route.LoaderArgs) => connect(request);
