/**
 * How money leaves the platform for a host (issue #13), as types only (issue #25): the
 * built-in test-mode provider (local-payouts.server.ts) and Stripe Connect
 * (stripe-payouts.server.ts) implement it; the payout job and the onboarding routes
 * only talk to this interface, through payout-provider.server.ts.
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
