import type { Db } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { localPayoutProvider } from "./local-payout-provider.server";

/**
 * How money leaves the platform for a host (issue #13). The built-in test-mode
 * provider (PAYMENT_PROVIDER=local) and Stripe Connect implement it; the payout job
 * and the onboarding routes only talk to this interface.
 *
 * Calls may go over the network, so they never run inside a database transaction:
 * the payout job claims a payout row, calls `transfer`, and records the result. The
 * idempotency key (one per payout) makes a repeated call after a crash move the money
 * once.
 */
export type PayoutAccountStatus = {
  /** The host has given every detail the provider asked for. */
  detailsSubmitted: boolean;
  /** The provider will send money to this account. */
  payoutsEnabled: boolean;
  /** Requirements the provider says are due now (empty when none). */
  currentlyDue: string[];
};

export type TransferInput = {
  accountId: string;
  /** Integer minor units of `currency` (ADR 0102). */
  amount: number;
  currency: string;
  /** One per payout: the same key never transfers twice. */
  idempotencyKey: string;
  /** Groups the booking's charge and transfer (Stripe's transfer_group: the booking id). */
  transferGroup: string;
  /** The charge the money came from (Stripe's source_transaction), when known. */
  sourceTransaction: string | null;
  metadata: { bookingId: string; payoutId: string };
};

export interface PayoutProvider {
  readonly name: string;
  /** Opens the host's payout account with the provider; returns its id. */
  createAccount(input: { hostId: string; email: string }): Promise<{ accountId: string }>;
  /** Where the browser goes to give (or finish giving) the account's details. */
  onboardingLink(input: { accountId: string; returnUrl: string; refreshUrl: string }): Promise<{ url: string }>;
  /** The account's state, asked from the provider: a return URL alone proves nothing. */
  retrieveAccount(accountId: string): Promise<PayoutAccountStatus>;
  /** Moves the host's share to their account. */
  transfer(input: TransferInput): Promise<{ transferId: string }>;
}

/**
 * The configured payout provider (PAYMENT_PROVIDER). The built-in provider keeps its
 * state in `db`; the Stripe branch (issue #13 item 4) asks Stripe instead.
 */
export function payoutProvider(db: Db): PayoutProvider {
  switch (env().PAYMENT_PROVIDER) {
    default:
      return localPayoutProvider(db);
  }
}
