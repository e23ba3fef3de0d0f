import Stripe from "stripe";
import { env } from "~/lib/env.server";

/**
 * The one Stripe SDK client (ADR 0130), built from STRIPE_SECRET_KEY. STRIPE_API_URL
 * points it elsewhere (the tests' local Stripe-compatible server); by default it talks
 * to Stripe. Calls that create something always pass an idempotency key.
 */
let cached: { key: string; client: Stripe } | undefined;

export function stripeClient(): Stripe {
  const settings = env();
  const secretKey = settings.STRIPE_SECRET_KEY;
  if (!secretKey) throw new Error("STRIPE_SECRET_KEY is not set");
  const cacheKey = `${secretKey}|${settings.STRIPE_API_URL ?? ""}`;
  if (cached?.key === cacheKey) return cached.client;
  const base = settings.STRIPE_API_URL ? new URL(settings.STRIPE_API_URL) : null;
  const client = new Stripe(secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: "Rentwell" },
    ...(base ? { host: base.hostname, port: base.port || (base.protocol === "http:" ? 80 : 443), protocol: base.protocol === "http:" ? ("http" as const) : ("https" as const) } : {}),
  });
  cached = { key: cacheKey, client };
  return client;
}

/** Stripe's currency codes are lower case; ours are ISO upper case. */
export const stripeCurrency = (currency: string) => currency.toLowerCase();
