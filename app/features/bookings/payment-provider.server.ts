import crypto from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { localPaymentIntents, payments } from "~/db/schema/bookings";
import type { Tx } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { recordCharge, toIntent } from "./intent-records.server";
import { stripeProvider } from "./stripe-provider.server";
import { CARD_MESSAGES, PROCESSING_MS, cardBrand, cardDigits, cardError, testCardOutcome, type CardInput } from "./card";

/**
 * The payment provider interface (ADR 0103). Every call runs inside the caller's
 * transaction so the booking and the money move together. The built-in test-mode
 * processor (PAYMENT_PROVIDER=local) keeps its payment intents in the database with
 * Stripe's states; a Stripe implementation plugs in behind the same interface.
 */
export type IntentStatus = "requires_payment_method" | "processing" | "succeeded" | "canceled";

export type Intent = {
  id: string;
  clientSecret: string;
  bookingId: string;
  userId: string;
  amount: number;
  currency: string;
  status: IntentStatus;
  lastErrorMessage: string | null;
  amountRefunded: number;
};

export interface PaymentProvider {
  readonly name: string;
  createIntent(tx: Tx, input: { bookingId: string; userId: string; spaceId: string; amount: number; currency: string; now: Date }): Promise<Intent>;
  /** The intent for a client secret, locked for update, with any clock-driven change applied. */
  lockBySecret(tx: Tx, clientSecret: string, now: Date): Promise<Intent | null>;
  confirmCard(tx: Tx, intent: Intent, card: CardInput, now: Date): Promise<Intent>;
  refund(tx: Tx, intent: Intent, amount: number, now: Date): Promise<{ refundId: string }>;
}

const secret = (prefix: string) => `${prefix}_${crypto.randomBytes(12).toString("hex")}`;

export const localProvider: PaymentProvider = {
  name: "local",

  async createIntent(tx, input) {
    const id = secret("pi");
    const [row] = await tx
      .insert(localPaymentIntents)
      .values({
        id,
        clientSecret: `${id}_secret_${crypto.randomBytes(16).toString("hex")}`,
        bookingId: input.bookingId,
        userId: input.userId,
        amount: input.amount,
        currency: input.currency,
        createdAt: input.now,
        updatedAt: input.now,
      })
      .returning();
    return toIntent(row!);
  },

  async lockBySecret(tx, clientSecret, now) {
    const [row] = await tx
      .select()
      .from(localPaymentIntents)
      .where(and(eq(localPaymentIntents.clientSecret, clientSecret), eq(localPaymentIntents.provider, "local")))
      .for("update");
    if (!row) return null;
    // The processing test card settles once its delay has passed on the clock.
    if (row.status === "processing" && row.processingUntil && row.processingUntil.getTime() <= now.getTime()) {
      const [settled] = await tx
        .update(localPaymentIntents)
        .set({ status: "succeeded", processingUntil: null, updatedAt: now })
        .where(eq(localPaymentIntents.id, row.id))
        .returning();
      const intent = toIntent(settled!);
      await recordCharge(tx, intent, "succeeded", null, now);
      return intent;
    }
    return toIntent(row);
  },

  async confirmCard(tx, intent, card, now) {
    // Only an intent waiting for a card can be charged: a double click or a replay gets the current state.
    if (intent.status !== "requires_payment_method") return intent;
    const problem = cardError(card, now);
    const outcome = problem ? null : testCardOutcome(card.number);
    const decline =
      problem ??
      (outcome === "declined"
        ? CARD_MESSAGES.declined
        : outcome === "insufficient_funds"
          ? CARD_MESSAGES.insufficientFunds
          : outcome === "not_test_card"
            ? CARD_MESSAGES.notTestCard
            : null);
    const digits = cardDigits(card.number ?? "");
    const cardFields = problem ? {} : { cardBrand: cardBrand(digits), cardLast4: digits.slice(-4) };
    if (decline) {
      const [row] = await tx
        .update(localPaymentIntents)
        .set({ lastErrorMessage: decline, updatedAt: now, ...cardFields })
        .where(eq(localPaymentIntents.id, intent.id))
        .returning();
      // A card refused by the network is a failed charge; a mistyped card never reached it.
      if (!problem) await recordCharge(tx, intent, "failed", decline, now);
      return toIntent(row!);
    }
    const processing = outcome === "processing";
    const [row] = await tx
      .update(localPaymentIntents)
      .set({
        status: processing ? "processing" : "succeeded",
        processingUntil: processing ? new Date(now.getTime() + PROCESSING_MS) : null,
        lastErrorMessage: null,
        updatedAt: now,
        ...cardFields,
      })
      .where(and(eq(localPaymentIntents.id, intent.id), eq(localPaymentIntents.status, "requires_payment_method")))
      .returning();
    const next = toIntent(row!);
    await recordCharge(tx, next, next.status, null, now);
    return next;
  },

  async refund(tx, intent, amount, now) {
    if (!Number.isSafeInteger(amount) || amount <= 0) throw new RangeError(`Invalid refund amount: ${amount}`);
    const [row] = await tx
      .update(localPaymentIntents)
      .set({ amountRefunded: sql`${localPaymentIntents.amountRefunded} + ${amount}`, updatedAt: now })
      .where(and(eq(localPaymentIntents.id, intent.id), eq(localPaymentIntents.status, "succeeded"), sql`${localPaymentIntents.amountRefunded} + ${amount} <= ${localPaymentIntents.amount}`))
      .returning();
    if (!row) throw new Error(`Refund of ${amount} refused for ${intent.id}`);
    const refundId = secret("re");
    await tx.insert(payments).values({
      bookingId: intent.bookingId,
      provider: "local",
      providerPaymentId: refundId,
      amount,
      currency: intent.currency,
      status: "refunded",
      createdAt: now,
      updatedAt: now,
    });
    return { refundId };
  },
};

/** What the payment step needs to know about the provider: Stripe's publishable key, or the built-in card form. */
export type PaymentClientConfig = { provider: "local" } | { provider: "stripe"; publishableKey: string };

export function paymentClientConfig(): PaymentClientConfig {
  const settings = env();
  return settings.PAYMENT_PROVIDER === "stripe" && settings.STRIPE_PUBLISHABLE_KEY ? { provider: "stripe", publishableKey: settings.STRIPE_PUBLISHABLE_KEY } : { provider: "local" };
}

/** The configured provider (PAYMENT_PROVIDER): the built-in processor or Stripe (ADR 0130). */
export function paymentProvider(): PaymentProvider {
  return env().PAYMENT_PROVIDER === "stripe" ? stripeProvider : localProvider;
}
