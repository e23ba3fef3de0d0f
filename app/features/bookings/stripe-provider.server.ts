import { and, eq, sql } from "drizzle-orm";
import type Stripe from "stripe";
import { localPaymentIntents, payments } from "~/db/schema/bookings";
import { recordRefundsMadeElsewhere } from "~/features/payouts/ledger.server";
import type { Db, Tx } from "~/lib/db.server";
import { recordCharge, toIntent } from "./intent-records.server";
import type { Intent, IntentStatus, PaymentProvider } from "./payment-provider.server";
import { stripeClient, stripeCurrency } from "./stripe-client.server";

/**
 * PAYMENT_PROVIDER=stripe (ADR 0130). Stripe holds the money and the truth about a
 * PaymentIntent; local_payment_intents keeps a mirror of it that the booking code
 * reads and locks like the built-in processor's rows. The mirror is refreshed from
 * Stripe's API (the return URL, every webhook), never from what the browser says.
 * Succeeded and canceled are final: a late or replayed event cannot undo them.
 */

type IntentRow = typeof localPaymentIntents.$inferSelect;

const STATUS: Record<Stripe.PaymentIntent.Status, IntentStatus> = {
  requires_payment_method: "requires_payment_method",
  requires_confirmation: "requires_payment_method",
  requires_action: "requires_payment_method",
  requires_capture: "processing",
  processing: "processing",
  succeeded: "succeeded",
  canceled: "canceled",
};

const FINAL: ReadonlySet<IntentStatus> = new Set(["succeeded", "canceled"]);

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === "string" ? value : (value?.id ?? null));

/** Applies Stripe's current view of an intent to its locked mirror row; records the charge when it moved. */
async function applyRemote(tx: Tx, row: IntentRow, remote: Stripe.PaymentIntent, now: Date): Promise<Intent> {
  const status = FINAL.has(row.status) ? row.status : (STATUS[remote.status] ?? "requires_payment_method");
  const lastErrorMessage = status === "requires_payment_method" ? (remote.last_payment_error?.message ?? row.lastErrorMessage) : null;
  const latestCharge = idOf(remote.latest_charge) ?? row.latestCharge;
  if (status === row.status && lastErrorMessage === row.lastErrorMessage && latestCharge === row.latestCharge) return toIntent(row);
  const [updated] = await tx
    .update(localPaymentIntents)
    .set({ status, lastErrorMessage, latestCharge, updatedAt: now })
    .where(eq(localPaymentIntents.id, row.id))
    .returning();
  const intent = toIntent(updated!);
  if (status !== row.status && status !== "requires_payment_method") await recordCharge(tx, intent, status, null, now, "stripe");
  else if (lastErrorMessage && lastErrorMessage !== row.lastErrorMessage) await recordCharge(tx, intent, "failed", lastErrorMessage, now, "stripe");
  return intent;
}

async function lockRow(tx: Tx, where: ReturnType<typeof eq>) {
  const [row] = await tx
    .select()
    .from(localPaymentIntents)
    .where(and(where, eq(localPaymentIntents.provider, "stripe")))
    .for("update");
  return row ?? null;
}

/**
 * Records Stripe refunds of the intent (each once, by refund id) and sets the mirror's
 * refunded amount to what the recorded refunds add up to: replays, webhooks and the
 * refund call's own answer may arrive in any order and count each refund once.
 */
async function recordRefunds(tx: Tx, row: IntentRow, refunds: Stripe.Refund[], now: Date): Promise<Intent> {
  for (const refund of refunds) {
    const status = refund.status === "failed" || refund.status === "canceled" ? "refund_failed" : "refunded";
    await tx
      .insert(payments)
      .values({ bookingId: row.bookingId, provider: "stripe", providerPaymentId: refund.id, amount: refund.amount, currency: row.currency, status, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({ target: [payments.provider, payments.providerPaymentId], set: { status, updatedAt: now } });
  }
  const [updated] = await tx
    .update(localPaymentIntents)
    .set({
      amountRefunded: sql`least(${localPaymentIntents.amount}, (select coalesce(sum(${payments.amount}), 0) from ${payments} where ${payments.bookingId} = ${row.bookingId} and ${payments.provider} = 'stripe' and ${payments.status} = 'refunded'))`,
      updatedAt: now,
    })
    .where(eq(localPaymentIntents.id, row.id))
    .returning();
  return toIntent(updated!);
}

export const stripeProvider: PaymentProvider = {
  name: "stripe",

  async createIntent(tx, input) {
    const remote = await stripeClient().paymentIntents.create(
      {
        amount: input.amount,
        currency: stripeCurrency(input.currency),
        automatic_payment_methods: { enabled: true },
        description: `Rentwell booking ${input.bookingId}`,
        metadata: { booking_id: input.bookingId, guest_id: input.userId, space_id: input.spaceId },
        transfer_group: input.bookingId,
      },
      { idempotencyKey: `booking-intent:${input.bookingId}` },
    );
    if (!remote.client_secret) throw new Error(`Stripe returned no client secret for ${remote.id}`);
    const [row] = await tx
      .insert(localPaymentIntents)
      .values({
        id: remote.id,
        provider: "stripe",
        clientSecret: remote.client_secret,
        bookingId: input.bookingId,
        userId: input.userId,
        amount: input.amount,
        currency: input.currency,
        status: STATUS[remote.status] ?? "requires_payment_method",
        createdAt: input.now,
        updatedAt: input.now,
      })
      .returning();
    return toIntent(row!);
  },

  async lockBySecret(tx, clientSecret, now) {
    const row = await lockRow(tx, eq(localPaymentIntents.clientSecret, clientSecret));
    if (!row) return null;
    if (row.status === "canceled" || (row.status === "succeeded" && row.latestCharge)) return toIntent(row);
    return applyRemote(tx, row, await stripeClient().paymentIntents.retrieve(row.id), now);
  },

  /** Stripe Elements confirms in the browser; the server never sees a card. */
  async confirmCard(_tx, intent) {
    return intent;
  },

  async refund(tx, intent, amount, now) {
    if (!Number.isSafeInteger(amount) || amount <= 0) throw new RangeError(`Invalid refund amount: ${amount}`);
    const row = await lockRow(tx, eq(localPaymentIntents.id, intent.id));
    if (!row || row.status !== "succeeded" || row.amountRefunded + amount > row.amount) throw new Error(`Refund of ${amount} refused for ${intent.id}`);
    // One refund of one amount per intent: a retry after a rolled-back transaction gets Stripe's first answer.
    const refund = await stripeClient().refunds.create(
      { payment_intent: intent.id, amount, metadata: { booking_id: intent.bookingId } },
      { idempotencyKey: `refund:${intent.id}:${amount}` },
    );
    await recordRefunds(tx, row, [refund], now);
    return { refundId: refund.id };
  },
};

/**
 * charge.refunded (ADR 0130): asks Stripe for every refund of the intent and records
 * the ones not seen yet. Refunds made in Stripe's dashboard are recorded here too; the
 * booking itself is only changed by the app's own cancellation.
 */
export async function syncStripeRefunds(db: Db, input: { intentId: string; now: Date }) {
  const [known] = await db.select({ id: localPaymentIntents.id }).from(localPaymentIntents).where(and(eq(localPaymentIntents.id, input.intentId), eq(localPaymentIntents.provider, "stripe")));
  if (!known) return null;
  const refunds = await stripeClient().refunds.list({ payment_intent: input.intentId, limit: 100 }).autoPagingToArray({ limit: 1000 });
  return db.transaction(async (tx) => {
    const row = await lockRow(tx, eq(localPaymentIntents.id, input.intentId));
    if (!row) return null;
    const intent = await recordRefunds(tx, row, refunds, input.now);
    // The intent's lock waits for any cancellation still writing its own refund, so what
    // is unknown here was made outside the app (docs/decisions/0122-money-ledger.md).
    const made = refunds.filter((refund) => refund.status !== "failed" && refund.status !== "canceled");
    await recordRefundsMadeElsewhere(tx, { bookingId: row.bookingId, currency: row.currency, refunds: made.map(({ id, amount }) => ({ id, amount })), now: input.now });
    return intent;
  });
}
