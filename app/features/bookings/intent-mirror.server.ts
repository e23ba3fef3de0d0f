import { and, eq, sql } from "drizzle-orm";
import { localPaymentIntents, payments } from "~/db/schema/bookings";
import type { IntentStatus, RemoteIntent } from "~/features/payments/contracts";
import type { Db, Tx } from "~/lib/db.server";
import { env } from "~/lib/env.server";

/**
 * The booking's payment intent as the platform last heard it from the provider
 * (local_payment_intents, ADR 0130). For the built-in processor the row is the
 * processor's own; for Stripe it is a mirror, refreshed from Stripe's answers (provider
 * calls, the return URL, webhooks). Step 2 of the lock order (process.server.ts): it is
 * locked after its booking. Succeeded and canceled are final: a late or replayed answer
 * cannot undo them.
 */
type IntentRow = typeof localPaymentIntents.$inferSelect;

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
  latestCharge: string | null;
};

export function toIntent(row: IntentRow): Intent {
  return {
    id: row.id,
    clientSecret: row.clientSecret,
    bookingId: row.bookingId,
    userId: row.userId,
    amount: row.amount,
    currency: row.currency,
    status: row.status,
    lastErrorMessage: row.lastErrorMessage,
    amountRefunded: row.amountRefunded,
    latestCharge: row.latestCharge,
  };
}

const FINAL: ReadonlySet<IntentStatus> = new Set(["succeeded", "canceled"]);

/** The booking's intent, locked (after the booking). */
export async function lockIntentOf(tx: Tx, bookingId: string): Promise<Intent | null> {
  // The booking's payment, never its deposit's intent (purpose 'deposit', ADR 0283).
  const [row] = await tx
    .select()
    .from(localPaymentIntents)
    .where(and(eq(localPaymentIntents.bookingId, bookingId), eq(localPaymentIntents.purpose, "payment")))
    .for("update");
  return row ? toIntent(row) : null;
}

/** Who an intent belongs to, by client secret or id, read without a lock (a path then locks the booking first). */
export async function findIntent(tx: Db | Tx, where: { clientSecret?: string; id?: string }) {
  const condition = where.clientSecret !== undefined ? eq(localPaymentIntents.clientSecret, where.clientSecret) : eq(localPaymentIntents.id, where.id ?? "");
  const [row] = await tx.select().from(localPaymentIntents).where(and(condition, eq(localPaymentIntents.purpose, "payment")));
  return row ? toIntent(row) : null;
}

/**
 * Applies the provider's view of an intent to its row (creating the mirror row for a
 * Stripe intent just made), and keeps the payments record of its charge current: one
 * row per intent with the charge's state, a declined attempt recorded as failed.
 */
export async function applyRemoteIntent(tx: Tx, remote: RemoteIntent, owner: { bookingId: string; userId: string }, now: Date): Promise<Intent> {
  const provider = env().PAYMENT_PROVIDER;
  const [current] = await tx.select().from(localPaymentIntents).where(eq(localPaymentIntents.id, remote.id)).for("update");
  let row: IntentRow;
  if (!current) {
    [row] = (await tx
      .insert(localPaymentIntents)
      .values({
        id: remote.id,
        provider,
        clientSecret: remote.clientSecret,
        bookingId: owner.bookingId,
        userId: owner.userId,
        amount: remote.amount,
        currency: remote.currency,
        status: remote.status,
        lastErrorMessage: remote.lastErrorMessage,
        latestCharge: remote.latestCharge,
        paymentMethodId: remote.paymentMethodId ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .returning()) as [IntentRow];
  } else {
    const status = FINAL.has(current.status) ? current.status : remote.status;
    const lastErrorMessage = status === "requires_payment_method" ? (remote.lastErrorMessage ?? current.lastErrorMessage) : null;
    const latestCharge = remote.latestCharge ?? current.latestCharge;
    // The card the payment saved (Stripe's setup_future_usage), for the deposit's off-session authorisation (ADR 0283).
    const paymentMethodId = remote.paymentMethodId ?? current.paymentMethodId;
    row =
      status === current.status && lastErrorMessage === current.lastErrorMessage && latestCharge === current.latestCharge && paymentMethodId === current.paymentMethodId
        ? current
        : ((
            await tx.update(localPaymentIntents).set({ status, lastErrorMessage, latestCharge, paymentMethodId, updatedAt: now }).where(eq(localPaymentIntents.id, current.id)).returning()
          )[0] as IntentRow);
  }
  const intent = toIntent(row);
  const failed = intent.status === "requires_payment_method" && intent.lastErrorMessage && remote.card !== null;
  if (intent.status === "processing" || intent.status === "succeeded" || failed) {
    const status = failed ? "failed" : intent.status;
    await tx
      .insert(payments)
      .values({ bookingId: intent.bookingId, provider: row.provider, providerPaymentId: intent.id, amount: intent.amount, currency: intent.currency, status, failureMessage: failed ? intent.lastErrorMessage : null, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({ target: [payments.provider, payments.providerPaymentId], set: { status, failureMessage: failed ? intent.lastErrorMessage : null, updatedAt: now } });
  }
  return intent;
}

/**
 * A refund the provider made, in the payments record (keyed by the refund's id) and in
 * the intent's refunded amount; written once however often it is heard of.
 */
export async function applyRefund(tx: Tx, intent: Intent, refund: { id: string; amount: number; callId: string | null }, now: Date): Promise<boolean> {
  const provider = env().PAYMENT_PROVIDER;
  const [existing] = await tx.select({ id: payments.id }).from(payments).where(and(eq(payments.provider, provider), eq(payments.providerPaymentId, refund.id)));
  // The built-in processor writes its refunds itself; Stripe's are recorded here.
  if (!existing) {
    await tx.insert(payments).values({ bookingId: intent.bookingId, provider, providerPaymentId: refund.id, amount: refund.amount, currency: intent.currency, status: "refunded", callId: refund.callId, createdAt: now, updatedAt: now });
  }
  if (provider === "stripe") {
    // The mirror's refunded amount is what the recorded refunds add up to, whatever order they were heard in.
    await tx
      .update(localPaymentIntents)
      .set({
        amountRefunded: sql`least(${localPaymentIntents.amount}, (select coalesce(sum(${payments.amount}), 0) from ${payments} where ${payments.bookingId} = ${intent.bookingId} and ${payments.provider} = 'stripe' and ${payments.status} = 'refunded'))`,
        updatedAt: now,
      })
      .where(eq(localPaymentIntents.id, intent.id));
  }
  return !existing;
}
