import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { webhookEvents } from "~/db/schema/bookings";
import { applyPayoutAccountStatus, reverseTransfer } from "~/features/payouts/payouts.server";
import { stripePayoutProvider } from "./stripe-payouts.server";
import type { Db } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";
import { settleProviderPayment } from "~/features/bookings/confirmation.server";
import { closeDispute, openDispute, syncRefunds } from "~/features/bookings/provider-events.server";
import { stripeClient } from "./stripe-client.server";
import { stripeIdentityProvider } from "~/features/identity/provider.server";

/**
 * Stripe's webhooks (ADR 0130, issue #25). The signature is checked on the raw bytes with a
 * 300-second tolerance; an event id already handled is answered 200 and changes
 * nothing. Handlers never trust the event's copy of an object: each asks Stripe for
 * the object's current state and applies it idempotently, so events may come late,
 * twice or out of order. An event is marked handled only after its handler succeeded,
 * so Stripe's retry of a failed delivery is handled again.
 */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export const HANDLED_EVENTS = [
  "payment_intent.succeeded",
  "payment_intent.processing",
  "payment_intent.payment_failed",
  "charge.refunded",
  "charge.dispute.created",
  "charge.dispute.closed",
  "account.updated",
  "transfer.reversed",
  "identity.verification_session.verified",
  "identity.verification_session.requires_input",
] as const;

export type WebhookAnswer = { status: 200 | 400; body: { received: true; ignored?: "duplicate" | "unhandled" } | { error: string } };

export const WEBHOOK_SIGNATURE_ERROR = "Invalid Stripe signature.";

function verify(rawBody: Uint8Array, signature: string | null): Stripe.Event | null {
  const secret = env().STRIPE_WEBHOOK_SECRET;
  if (!secret || !signature) return null;
  try {
    return stripeClient().webhooks.constructEvent(Buffer.from(rawBody), signature, secret, WEBHOOK_TOLERANCE_SECONDS);
  } catch {
    return null;
  }
}

async function dispatch(db: Db, event: Stripe.Event, now: Date) {
  switch (event.type) {
    case "payment_intent.succeeded":
    case "payment_intent.processing":
    case "payment_intent.payment_failed":
      await settleProviderPayment(db, { intentId: event.data.object.id, now });
      return true;
    case "charge.refunded": {
      const intentId = event.data.object.payment_intent;
      const id = typeof intentId === "string" ? intentId : intentId?.id;
      if (id) await syncRefunds(db, { intentId: id, now });
      return true;
    }
    case "charge.dispute.created": {
      // The dispute as Stripe has it now, never the event's copy.
      const dispute = await stripeClient().disputes.retrieve(event.data.object.id);
      const intentId = typeof dispute.payment_intent === "string" ? dispute.payment_intent : dispute.payment_intent?.id;
      if (intentId) await openDispute(db, { intentId, disputeId: dispute.id, amount: dispute.amount, now });
      return true;
    }
    case "charge.dispute.closed": {
      const dispute = await stripeClient().disputes.retrieve(event.data.object.id);
      const outcome = dispute.status === "won" ? "won" : dispute.status === "lost" ? "lost" : null;
      const intentId = typeof dispute.payment_intent === "string" ? dispute.payment_intent : dispute.payment_intent?.id;
      if (outcome) await closeDispute(db, { disputeId: dispute.id, outcome, intentId, amount: dispute.amount, now });
      return true;
    }
    case "account.updated": {
      const accountId = event.data.object.id;
      const status = await stripePayoutProvider(db).retrieveAccount(accountId);
      await applyPayoutAccountStatus(db, { provider: "stripe", providerAccountId: accountId, status, now });
      return true;
    }
    case "transfer.reversed": {
      const transfer = await stripeClient().transfers.retrieve(event.data.object.id);
      await reverseTransfer(db, { providerTransferId: transfer.id, amount: transfer.amount_reversed, now });
      return true;
    }
    case "identity.verification_session.verified":
    case "identity.verification_session.requires_input":
      // Stripe Identity (ADR 0250): the session as Stripe has it now, never the event's copy.
      await stripeIdentityProvider.sync(db, event.data.object.id, now);
      return true;
    default:
      return false;
  }
}

/** Verifies, de-duplicates and handles one delivery (POST /api/webhooks/stripe). */
export async function handleStripeWebhook(db: Db, input: { rawBody: Uint8Array; signature: string | null; now: Date }): Promise<WebhookAnswer> {
  const event = verify(input.rawBody, input.signature);
  if (!event) return { status: 400, body: { error: WEBHOOK_SIGNATURE_ERROR } };
  const [seen] = await db.select({ id: webhookEvents.id }).from(webhookEvents).where(eq(webhookEvents.id, event.id));
  if (seen) return { status: 200, body: { received: true, ignored: "duplicate" } };
  const handled = await dispatch(db, event, input.now);
  await db.insert(webhookEvents).values({ id: event.id, provider: "stripe", type: event.type, receivedAt: input.now }).onConflictDoNothing();
  logger.info({ eventId: event.id, type: event.type, handled }, "stripe webhook");
  return { status: 200, body: handled ? { received: true } : { received: true, ignored: "unhandled" } };
}
