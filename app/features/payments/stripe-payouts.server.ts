import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import type Stripe from "stripe";
import { localPaymentIntents } from "~/db/schema/bookings";
import { stripeClient, stripeCurrency } from "./stripe-client.server";
import type { Db } from "~/lib/db.server";
import type { PayoutAccountStatus, PayoutProvider } from "./payout-contracts";

/**
 * Payouts through Stripe Connect (ADR 0130): every host gets an Express account that
 * Stripe onboards on its own pages; the platform charges the guest on its own account
 * and later moves the host's share with a transfer in the booking's transfer_group,
 * sourced from the booking's charge ("separate charges and transfers").
 */

/**
 * Stripe's source_transaction must be a charge; the payout job knows the booking's
 * PaymentIntent. The charge comes from the intent's mirror, or from Stripe.
 */
async function sourceCharge(db: Db, reference: string | null): Promise<string | null> {
  if (!reference || !reference.startsWith("pi_")) return reference;
  const [mirror] = await db
    .select({ latestCharge: localPaymentIntents.latestCharge })
    .from(localPaymentIntents)
    .where(and(eq(localPaymentIntents.id, reference), eq(localPaymentIntents.provider, "stripe")));
  if (mirror?.latestCharge) return mirror.latestCharge;
  const intent = await stripeClient().paymentIntents.retrieve(reference);
  return typeof intent.latest_charge === "string" ? intent.latest_charge : (intent.latest_charge?.id ?? null);
}
export function accountStatus(account: Stripe.Account): PayoutAccountStatus {
  return {
    detailsSubmitted: account.details_submitted === true,
    payoutsEnabled: account.payouts_enabled === true,
    currentlyDue: account.requirements?.currently_due ?? [],
  };
}

export const stripePayoutProvider = (db: Db): PayoutProvider => ({
  name: "stripe",

  async createAccount({ hostId, email }) {
    const account = await stripeClient().accounts.create(
      {
        type: "express",
        email,
        capabilities: { transfers: { requested: true } },
        metadata: { host_id: hostId },
      },
      // One account per host: a retry after a crash gets the same account back.
      { idempotencyKey: `connect-account:${hostId}` },
    );
    return { accountId: account.id };
  },

  async onboardingLink({ accountId, returnUrl, refreshUrl }) {
    const link = await stripeClient().accountLinks.create({ account: accountId, type: "account_onboarding", return_url: returnUrl, refresh_url: refreshUrl });
    return { url: link.url };
  },

  async retrieveAccount(accountId) {
    return accountStatus(await stripeClient().accounts.retrieve(accountId));
  },

  /**
   * Stripe stores the answer to an idempotency key, errors included, for 24 hours: a
   * payout whose transfer was refused would be refused again on every retry with the
   * same key. So the payout's own transfer is looked up first (transfer_group and
   * metadata.payout_id: a crash after Stripe moved the money finds it and moves nothing
   * more), and only then is a transfer created, under the payout's key plus a per-call
   * suffix (which still makes the SDK's network retries within the call safe).
   */
  async transfer(input) {
    const existing = await stripeClient()
      .transfers.list({ transfer_group: input.transferGroup, limit: 100 })
      .autoPagingToArray({ limit: 1000 });
    const earlier = existing.find((transfer) => transfer.metadata?.payout_id === input.metadata.payoutId && transfer.destination === input.accountId);
    if (earlier) return { transferId: earlier.id };
    const source = await sourceCharge(db, input.sourceTransaction);
    const transfer = await stripeClient().transfers.create(
      {
        amount: input.amount,
        currency: stripeCurrency(input.currency),
        destination: input.accountId,
        transfer_group: input.transferGroup,
        ...(source ? { source_transaction: source } : {}),
        metadata: { booking_id: input.metadata.bookingId, payout_id: input.metadata.payoutId },
      },
      { idempotencyKey: `${input.idempotencyKey}:${crypto.randomUUID()}` },
    );
    return { transferId: transfer.id };
  },
});
