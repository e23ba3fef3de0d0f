import type Stripe from "stripe";
import { env } from "~/lib/env.server";
import { ProviderError, type IntentStatus, type PaymentProvider, type RemoteIntent, type RemoteRefund } from "./contracts";
import { stripeClient, stripeCurrency } from "./stripe-client.server";

/**
 * PAYMENT_PROVIDER=stripe (ADR 0130, issue #25): PaymentIntents and refunds at Stripe.
 * Stripe holds the money and the truth about an intent; the booking domain keeps a
 * mirror of it (local_payment_intents) that it refreshes from these calls, never from
 * what a browser says. Calls carry the provider call's idempotency key and its id in
 * the metadata, so a webhook can tell the platform's own refunds from the dashboard's.
 */
const STATUS: Record<Stripe.PaymentIntent.Status, IntentStatus> = {
  requires_payment_method: "requires_payment_method",
  requires_confirmation: "requires_payment_method",
  requires_action: "requires_payment_method",
  requires_capture: "requires_capture",
  processing: "processing",
  succeeded: "succeeded",
  canceled: "canceled",
};

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === "string" ? value : (value?.id ?? null));

function toRemote(intent: Stripe.PaymentIntent): RemoteIntent {
  if (!intent.client_secret) throw new ProviderError(`Stripe returned no client secret for ${intent.id}`, false);
  const status = STATUS[intent.status] ?? "requires_payment_method";
  return {
    id: intent.id,
    clientSecret: intent.client_secret,
    status,
    amount: intent.amount,
    currency: intent.currency.toUpperCase(),
    lastErrorMessage: status === "requires_payment_method" ? (intent.last_payment_error?.message ?? null) : null,
    latestCharge: idOf(intent.latest_charge),
    paymentMethodId: savedCardOf(intent),
  };
}

/**
 * The card saved for off-session use (ADR 0283): an intent made with `setup_future_usage`
 * and a Customer, once confirmed, leaves its payment method attached to the customer. The
 * contract's one string carries both, "cus_x/pm_y": an off-session intent needs the two.
 */
function savedCardOf(intent: Stripe.PaymentIntent): string | null {
  const customer = idOf(intent.customer);
  const method = idOf(intent.payment_method);
  return intent.setup_future_usage === "off_session" && customer && method ? `${customer}/${method}` : null;
}

function parseSavedCard(saved: string): { customer: string; paymentMethod: string } {
  const [customer, paymentMethod, ...rest] = saved.split("/");
  if (!customer || !paymentMethod || rest.length > 0) throw new ProviderError("No card was saved with the booking's payment.", false);
  return { customer, paymentMethod };
}

function toRefund(refund: Stripe.Refund): RemoteRefund {
  const status = refund.status === "failed" || refund.status === "canceled" ? "failed" : refund.status === "succeeded" ? "succeeded" : "pending";
  return { id: refund.id, amount: refund.amount, status, callId: refund.metadata?.provider_call_id ?? null };
}

/**
 * Stripe's errors as provider errors: a connection failure, a time-out, a rate limit, a
 * 5xx or an idempotency conflict with a request still in flight may go through on a
 * retry with the same key; a card or request error will not.
 */
async function stripeCall<T>(perform: () => Promise<T>): Promise<T> {
  try {
    return await perform();
  } catch (error) {
    if (error instanceof ProviderError) throw error;
    const e = error as { type?: string; statusCode?: number; message?: string; code?: string };
    // A card error (402: card_declined, authentication_required off-session) is the bank's answer, for good.
    if (e.type === "StripeCardError" || e.statusCode === 402) throw new ProviderError(e.message ?? `The card was declined (${e.code ?? "card_error"}).`, false);
    const retryable =
      e.type === "StripeConnectionError" || e.type === "StripeAPIError" || e.type === "StripeRateLimitError" || e.type === "StripeIdempotencyError" || (e.statusCode ?? 0) >= 500 || e.statusCode === 409 || e.statusCode === undefined;
    throw new ProviderError(e.message ?? String(error), retryable);
  }
}

export const stripeProvider: PaymentProvider = {
  name: "stripe",

  createIntent(input, key) {
    return stripeCall(async () => {
      const metadata = { booking_id: input.bookingId, guest_id: input.userId, space_id: input.spaceId, provider_call_id: input.callId, ...(input.purpose ? { purpose: input.purpose } : {}) };
      if (input.offSession) {
        // The deposit (ADR 0283): confirmed at once, without the guest, with the card the payment saved.
        const saved = parseSavedCard(input.offSession.paymentMethodId);
        const intent = await stripeClient().paymentIntents.create(
          {
            amount: input.amount,
            currency: stripeCurrency(input.currency),
            customer: saved.customer,
            payment_method: saved.paymentMethod,
            off_session: true,
            confirm: true,
            capture_method: input.captureMethod === "manual" ? "manual" : "automatic",
            description: `Rentwell booking ${input.bookingId} deposit`,
            metadata,
            transfer_group: input.bookingId,
          },
          { idempotencyKey: key },
        );
        return toRemote(intent);
      }
      // Saving the card needs a Customer: one per intent, made under a key derived from the
      // intent's, so a retried call finds the same customer (ADR 0283).
      const customer = input.saveCard
        ? (await stripeClient().customers.create({ description: `Rentwell guest ${input.userId}`, metadata: { guest_id: input.userId, booking_id: input.bookingId } }, { idempotencyKey: `${key}-customer` })).id
        : null;
      const methods = env().STRIPE_DELAYED_METHODS ? { automatic_payment_methods: { enabled: true } } : { allowed_payment_method_types: ["card" as const] };
      const intent = await stripeClient().paymentIntents.create(
        {
          amount: input.amount,
          currency: stripeCurrency(input.currency),
          ...methods,
          ...(input.captureMethod === "manual" ? { capture_method: "manual" as const } : {}),
          ...(customer ? { customer, setup_future_usage: "off_session" as const } : {}),
          description: `Rentwell booking ${input.bookingId}`,
          metadata,
          transfer_group: input.bookingId,
        },
        { idempotencyKey: key },
      );
      return toRemote(intent);
    });
  },

  retrieveIntent(intentId) {
    return stripeCall(async () => toRemote(await stripeClient().paymentIntents.retrieve(intentId)));
  },

  cancelIntent(intentId, key) {
    return stripeCall(async () => {
      try {
        return toRemote(await stripeClient().paymentIntents.cancel(intentId, { cancellation_reason: "abandoned" }, { idempotencyKey: key }));
      } catch (error) {
        // Paid (or processing, or already cancelled) meanwhile: Stripe refuses; the intent as it is now is the answer.
        if ((error as { code?: string }).code === "payment_intent_unexpected_state") return toRemote(await stripeClient().paymentIntents.retrieve(intentId));
        throw error;
      }
    });
  },

  captureIntent(intentId, amount, key) {
    return stripeCall(async () => {
      const captured = (intent: Stripe.PaymentIntent) => ({ ...toRemote(intent), amount: intent.amount_received });
      try {
        return captured(await stripeClient().paymentIntents.capture(intentId, { amount_to_capture: amount }, { idempotencyKey: key }));
      } catch (error) {
        if ((error as { code?: string }).code !== "payment_intent_unexpected_state") throw error;
        // Captured already (by this call, its answer lost, under another key): the intent is the answer; a cancelled one is refused for good.
        const intent = await stripeClient().paymentIntents.retrieve(intentId);
        if (intent.status === "succeeded") return captured(intent);
        throw new ProviderError(`Cannot capture ${intentId}: it has a status of ${intent.status}`, false);
      }
    });
  },

  refund(input, key) {
    return stripeCall(async () =>
      toRefund(
        await stripeClient().refunds.create(
          { payment_intent: input.intentId, amount: input.amount, metadata: { booking_id: input.bookingId, ...(input.callId ? { provider_call_id: input.callId } : {}) } },
          { idempotencyKey: key },
        ),
      ),
    );
  },

  listRefunds(intentId) {
    return stripeCall(async () => {
      const refunds = await stripeClient().refunds.list({ payment_intent: intentId, limit: 100 }).autoPagingToArray({ limit: 1000 });
      return refunds.map(toRefund);
    });
  },
};
