import type { Db } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { localPayoutProvider } from "./local-payouts.server";
import type { PayoutProvider } from "./payout-contracts";
import { stripePayoutProvider } from "./stripe-payouts.server";

/**
 * The configured payout provider (PAYMENT_PROVIDER). The built-in provider keeps its
 * state in `db`; Stripe Connect (ADR 0130) keeps it at Stripe.
 */
export function payoutProvider(db: Db): PayoutProvider {
  switch (env().PAYMENT_PROVIDER) {
    case "stripe":
      return stripePayoutProvider(db);
    default:
      return localPayoutProvider(db);
  }
}
