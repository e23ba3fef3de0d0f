/**
 * The payment provider's contract (issue #25, ADR 0200): types only, so the booking
 * domain, the local processor and the Stripe implementation depend on this file and
 * never on each other. Every method is a call to an outside service: none is ever made
 * inside a database transaction, and every one that moves money takes an idempotency
 * key, so performing a recorded call again (after a crash, a time-out or a lost answer)
 * gets the provider's first answer instead of moving money twice.
 */
/**
 * `requires_capture`: the card is authorised for the amount, nothing charged yet (an intent
 * made with `captureMethod: "manual"`, ADR 0280); `captureIntent` charges it, `cancelIntent`
 * releases the authorisation.
 */
export type IntentStatus = "requires_payment_method" | "requires_capture" | "processing" | "succeeded" | "canceled";

/** A payment intent as the provider sees it now. */
export type RemoteIntent = {
  id: string;
  clientSecret: string;
  status: IntentStatus;
  amount: number;
  currency: string;
  /** Set while the last attempt was declined. */
  lastErrorMessage: string | null;
  /** The charge a payout's transfer names as its source (Stripe), or null. */
  latestCharge: string | null;
  /** The card used, when the provider tells (the local processor does). */
  card?: { brand: string; last4: string } | null;
  /** The card saved for later off-session use (a booking whose listing asks for a deposit), when there is one. */
  paymentMethodId?: string | null;
};

export type RemoteRefund = {
  id: string;
  amount: number;
  status: "succeeded" | "pending" | "failed";
  /** The provider call that made it (our metadata); null for a refund made elsewhere (the provider's dashboard). */
  callId: string | null;
};

export type CreateIntentInput = {
  bookingId: string;
  userId: string;
  spaceId: string;
  amount: number;
  currency: string;
  callId: string;
  /** "manual": the payment only authorises the card (status `requires_capture`); default "automatic". */
  captureMethod?: "automatic" | "manual";
} & DepositIntentOptions;

/**
 * A booking's security deposit (issue #28 point 2, ADR 0283): its intent is confirmed at once
 * with the card the booking's payment saved (`offSession`); the answer is `requires_capture`
 * (manual capture) or `succeeded`, or a decline (`lastErrorMessage`, or a non-retryable
 * ProviderError). `purpose` tells the processor's and the mirror's row apart from the
 * booking's payment; `saveCard`: the payment keeps its card for later off-session use.
 */
export type DepositIntentOptions = {
  offSession?: { paymentMethodId: string };
  purpose?: "payment" | "deposit";
  saveCard?: boolean;
};

/** `callId` null: a refund no provider call made (an operator's, in the provider's dashboard). */
export type RefundInput = { intentId: string; bookingId: string; amount: number; currency: string; callId: string | null };

export interface PaymentProvider {
  readonly name: "local" | "stripe";
  createIntent(input: CreateIntentInput, idempotencyKey: string, now: Date): Promise<RemoteIntent>;
  /** The intent's current state (the local processor applies its clock: a processing payment succeeds after its delay). */
  retrieveIntent(intentId: string, now: Date): Promise<RemoteIntent>;
  /**
   * Cancels an unpaid intent, or releases an authorised one (`requires_capture`). One that
   * already succeeded is returned as it is, not refused: the caller settles it.
   */
  cancelIntent(intentId: string, idempotencyKey: string, now: Date): Promise<RemoteIntent>;
  /**
   * Charges an authorised intent (`requires_capture`) for `amount`, at most the authorised
   * amount; the answer is the intent, `succeeded`, its `amount` the amount captured and its
   * `latestCharge` set. Capturing an intent already captured (the same call again, after a
   * lost answer) returns it as it is; a canceled intent, or one never authorised, is
   * refused with a non-retryable ProviderError.
   */
  captureIntent(intentId: string, amount: number, idempotencyKey: string, now: Date): Promise<RemoteIntent>;
  refund(input: RefundInput, idempotencyKey: string, now: Date): Promise<RemoteRefund>;
  /** Every refund of the intent, ours and those made elsewhere. */
  listRefunds(intentId: string): Promise<RemoteRefund[]>;
}

/**
 * A provider call that did not go through. `retryable`: the outcome is unknown or
 * passing (network, time-out, 5xx, rate limit), so the same call is made again later
 * with the same key; otherwise the provider refused it for good.
 */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = "ProviderError";
  }
}
