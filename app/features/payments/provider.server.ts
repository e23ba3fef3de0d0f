import type { Db } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import type { PaymentProvider } from "./contracts";
import { localProvider } from "./local-provider.server";
import { stripeProvider } from "./stripe-provider.server";

/** The configured payment provider (PAYMENT_PROVIDER): the built-in test-mode processor on `db`, or Stripe (ADR 0130). */
export function paymentProvider(db: Db): PaymentProvider {
  return env().PAYMENT_PROVIDER === "stripe" ? stripeProvider : localProvider(db);
}

/** What the payment step needs to know about the provider: Stripe's publishable key, or the built-in card form. */
export type PaymentClientConfig = { provider: "local" } | { provider: "stripe"; publishableKey: string };

export function paymentClientConfig(): PaymentClientConfig {
  const settings = env();
  return settings.PAYMENT_PROVIDER === "stripe" && settings.STRIPE_PUBLISHABLE_KEY ? { provider: "stripe", publishableKey: settings.STRIPE_PUBLISHABLE_KEY } : { provider: "local" };
}
