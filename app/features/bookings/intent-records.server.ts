import { type localPaymentIntents, payments } from "~/db/schema/bookings";
import type { Tx } from "~/lib/db.server";
import type { Intent } from "./payment-provider.server";

/** The stored payment intent as the provider interface's Intent. */
export function toIntent(row: typeof localPaymentIntents.$inferSelect): Intent {
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
  };
}

/** Records a charge's state in the payments ledger (one row per intent, kept current). */
export async function recordCharge(tx: Tx, intent: Intent, status: string, failureMessage: string | null, now: Date, provider: "local" | "stripe" = "local") {
  await tx
    .insert(payments)
    .values({
      bookingId: intent.bookingId,
      provider,
      providerPaymentId: intent.id,
      amount: intent.amount,
      currency: intent.currency,
      status,
      failureMessage,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [payments.provider, payments.providerPaymentId],
      set: { status, failureMessage, updatedAt: now },
    });
}
