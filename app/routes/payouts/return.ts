import { redirect } from "react-router";
import { requireUser } from "~/features/auth/session.server";
import { payoutAccountState, refreshPayoutAccount } from "~/features/payouts/payouts.server";
import { requestNow } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import { redirectWithToast } from "~/lib/flash.server";
import { logger } from "~/lib/logger.server";
import { ERROR_TEXT } from "~/lib/messages";
import type { Route } from "./+types/return";

export const PAYOUT_RETURN_TEXT = {
  complete: "Your payout account is connected. Payouts are sent 24 hours after each booking ends.",
  incomplete: "Your payout account is saved, but onboarding is not finished yet.",
} as const;

/**
 * Where the provider's onboarding returns. Coming back proves nothing: the account
 * is asked from the provider (details submitted, payouts enabled, nothing due) and
 * stored, then the host lands on the dashboard with its state.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  try {
    const account = await refreshPayoutAccount(await getDb(), { hostId: user.id, now: requestNow(request) });
    if (!account) return redirect("/dashboard");
    const state = payoutAccountState(account);
    return redirectWithToast("/dashboard", state === "complete" ? { tone: "success", message: PAYOUT_RETURN_TEXT.complete } : { tone: "info", message: PAYOUT_RETURN_TEXT.incomplete });
  } catch (error) {
    logger.error({ err: error, userId: user.id }, "Failed to check payout account");
    return redirectWithToast("/dashboard", { tone: "error", message: ERROR_TEXT.connectStripe });
  }
}
