import type Stripe from "stripe";
import { stripeClient, stripeCurrency } from "~/features/bookings/stripe-client.server";
import type { PayoutAccountStatus, PayoutProvider } from "./payout-provider.server";

/**
 * Payouts through Stripe Connect (ADR 0130): every host gets an Express account that
 * Stripe onboards on its own pages; the platform charges the guest on its own account
 * and later moves the host's share with a transfer in the booking's transfer_group,
 * sourced from the booking's charge ("separate charges and transfers").
 */
export function accountStatus(account: Stripe.Account): PayoutAccountStatus {
  return {
    detailsSubmitted: account.details_submitted === true,
    payoutsEnabled: account.payouts_enabled === true,
    currentlyDue: account.requirements?.currently_due ?? [],
  };
}

export const stripePayoutProvider: PayoutProvider = {
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

  async transfer(input) {
    const transfer = await stripeClient().transfers.create(
      {
        amount: input.amount,
        currency: stripeCurrency(input.currency),
        destination: input.accountId,
        transfer_group: input.transferGroup,
        ...(input.sourceTransaction ? { source_transaction: input.sourceTransaction } : {}),
        metadata: { booking_id: input.metadata.bookingId, payout_id: input.metadata.payoutId },
      },
      { idempotencyKey: input.idempotencyKey },
    );
    return { transferId: transfer.id };
  },
};
