import { and, eq } from "drizzle-orm";
import { payouts } from "~/db/schema/bookings";
import type { Db } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import type { PayoutAccountStatus } from "./payout-provider.server";

/**
 * What the Stripe webhooks tell the payouts domain (ADR 0130): an account's state
 * changed, a transfer was reversed. These are the two entry points the webhook route
 * calls; they stand in until the payouts domain's own functions are merged, at which
 * point they delegate to them.
 */
export async function applyStripeAccountStatus(_db: Db, input: { providerAccountId: string; status: PayoutAccountStatus; now: Date }) {
  logger.info({ accountId: input.providerAccountId, status: input.status }, "stripe account updated");
}

/** A reversed transfer: its payout is no longer paid (idempotent: a repeat finds nothing left to change). */
export async function reverseStripeTransfer(db: Db, input: { providerTransferId: string; amount: number; now: Date }) {
  if (input.amount <= 0) return 0;
  const reversed = await db
    .update(payouts)
    .set({ status: "failed", failureMessage: "The transfer was reversed" })
    .where(and(eq(payouts.providerTransferId, input.providerTransferId), eq(payouts.status, "paid")))
    .returning({ id: payouts.id });
  return reversed.length;
}
