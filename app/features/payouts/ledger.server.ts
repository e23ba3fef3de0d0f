import { and, eq, sql } from "drizzle-orm";
import { type bookings, hostBalanceEntries, payouts } from "~/db/schema/bookings";
import { spaces } from "~/db/schema/listings";
import { ledgerEntries, type LedgerKind } from "~/db/schema/payouts";
import type { Db, Tx } from "~/lib/db.server";

/**
 * The money ledger's writers (issue #13, ADR 0122). They are domain events, not
 * provider calls: "a booking was paid and confirmed", "a cancellation refunded",
 * "a payout was paid", "a transfer was reversed". Any payment provider (the
 * built-in one, Stripe's webhooks) reaches them through the booking and payout
 * domain, so its movements are in the ledger without provider code writing it.
 * Every entry has a unique key: a replay writes nothing.
 */
type Booking = Pick<typeof bookings.$inferSelect, "id" | "currency" | "totalPrice" | "rentalAmount" | "platformFeeAmount" | "protectionAmount" | "deliveryAmount" | "spaceId" | "payoutReleaseAt">;

/** The host's part of a booking: the rental and the delivery fee (ADR 0287); the service fee and the protection are the platform's. */
export function hostPartOf(booking: Pick<Booking, "rentalAmount" | "deliveryAmount">): number {
  return booking.rentalAmount + booking.deliveryAmount;
}

export type LedgerEntry = { bookingId: string; kind: LedgerKind; amount: number; currency: string; key: string; providerReference?: string | null };

/** Appends entries; an entry whose key is already written is skipped. Zero amounts are not movements. */
export async function appendLedger(db: Db | Tx, entries: LedgerEntry[], now: Date) {
  const rows = entries.filter((entry) => entry.amount > 0);
  if (rows.length === 0) return 0;
  for (const row of rows) {
    if (!Number.isSafeInteger(row.amount)) throw new RangeError(`Ledger amount must be an integer of minor units: ${row.amount}`);
  }
  const inserted = await db
    .insert(ledgerEntries)
    .values(rows.map((row) => ({ ...row, providerReference: row.providerReference ?? null, createdAt: now })))
    .onConflictDoNothing({ target: ledgerEntries.key })
    .returning({ id: ledgerEntries.id });
  return inserted.length;
}

/**
 * A booking's payment succeeded and the booking is confirmed: the charge, the
 * platform's fee, the protection bought (its own line, the platform's revenue, ADR 0286),
 * and the host's payout (rental and delivery fee), held until `payout_release_at`.
 */
export async function recordBookingConfirmed(tx: Tx, input: { booking: Booking; chargeReference: string | null; now: Date }) {
  const { booking, now } = input;
  await appendLedger(
    tx,
    [
      { bookingId: booking.id, kind: "charge", amount: booking.totalPrice, currency: booking.currency, key: `charge:${booking.id}`, providerReference: input.chargeReference },
      { bookingId: booking.id, kind: "fee", amount: booking.platformFeeAmount, currency: booking.currency, key: `fee:${booking.id}` },
      { bookingId: booking.id, kind: "protection", amount: booking.protectionAmount, currency: booking.currency, key: `protection:${booking.id}` },
    ],
    now,
  );
  const [space] = await tx.select({ hostId: spaces.userId }).from(spaces).where(eq(spaces.id, booking.spaceId));
  const hostPart = hostPartOf(booking);
  await tx
    .insert(payouts)
    .values({
      bookingId: booking.id,
      hostId: space!.hostId,
      amount: hostPart,
      currency: booking.currency,
      status: hostPart > 0 ? "scheduled" : "cancelled",
      releaseAt: booking.payoutReleaseAt,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: payouts.bookingId });
}

/** A payment that succeeded too late to confirm its booking (refunded in full by a provider call): the charge alone, no fee, no payout. */
export async function recordLateCharge(tx: Tx, input: { booking: Booking; chargeReference: string | null; now: Date }) {
  const { booking } = input;
  await appendLedger(
    tx,
    [{ bookingId: booking.id, kind: "charge", amount: booking.totalPrice, currency: booking.currency, key: `charge:${booking.id}`, providerReference: input.chargeReference }],
    input.now,
  );
}

/**
 * A refund the provider made, written when it is known to be made (the provider call's
 * answer, or the provider's list of refunds): keyed by the provider's refund id, so the
 * call's answer and a webhook about the same refund write it once.
 */
export async function recordRefundMade(tx: Tx, input: { bookingId: string; currency: string; amount: number; refundId: string; now: Date }) {
  return appendLedger(
    tx,
    [{ bookingId: input.bookingId, kind: "refund", amount: input.amount, currency: input.currency, key: `refund:${input.refundId}`, providerReference: input.refundId }],
    input.now,
  );
}

/** The part of a decided refund that comes out of the platform's fee (written with the decision). */
export async function recordFeeRefund(tx: Tx, input: { booking: Booking; amount: number; key: string; now: Date }) {
  return appendLedger(tx, [{ bookingId: input.booking.id, kind: "fee_refund", amount: input.amount, currency: input.booking.currency, key: `fee_refund:${input.key}` }], input.now);
}

/** The part of a decided refund that comes out of the protection (ADR 0286), written with the decision. */
export async function recordProtectionRefund(tx: Tx, input: { booking: Booking; amount: number; key: string; now: Date }) {
  return appendLedger(tx, [{ bookingId: input.booking.id, kind: "protection_refund", amount: input.amount, currency: input.booking.currency, key: `protection_refund:${input.key}` }], input.now);
}

/**
 * The host's share of a booking becomes `hostShare` (a refund or a lost dispute took
 * the rest), in the transaction that decided it, after the booking's lock (the lock
 * order, process.server.ts). A payout not yet sent shrinks, or is cancelled when
 * nothing is left; one already sent or being sent stays as it is, and the difference is
 * written to the host's balance, which their next payouts settle first.
 */
export async function changeHostShare(
  tx: Tx,
  input: { booking: Booking & { hostId: string | null }; hostShare: number; key: string; kind: "refund_after_payout" | "dispute_loss"; now: Date },
): Promise<{ reduced: number; owed: number }> {
  const { booking, now } = input;
  const [payout] = await tx.select().from(payouts).where(eq(payouts.bookingId, booking.id)).for("update");
  if (!payout) return { reduced: 0, owed: 0 };
  const hostShare = Math.max(0, input.hostShare);
  if (payout.status === "scheduled" || payout.status === "failed" || payout.status === "held") {
    if (hostShare >= payout.amount) return { reduced: 0, owed: 0 };
    await tx
      .update(payouts)
      .set({ amount: hostShare, status: hostShare > 0 ? payout.status : "cancelled", updatedAt: now })
      .where(eq(payouts.id, payout.id));
    return { reduced: payout.amount - hostShare, owed: 0 };
  }
  if (payout.status !== "processing" && payout.status !== "paid") return { reduced: 0, owed: 0 };
  // Sent (or being sent): what the host was given beyond their new share, less what earlier changes already made them owe.
  const [{ owed: already = 0 } = {}] = await tx
    .select({ owed: sql<number>`coalesce(sum(${hostBalanceEntries.amount}), 0)::bigint`.mapWith(Number) })
    .from(hostBalanceEntries)
    .where(and(eq(hostBalanceEntries.bookingId, booking.id), sql`${hostBalanceEntries.amount} > 0`));
  const owed = payout.amount - hostShare - already;
  if (owed <= 0) return { reduced: 0, owed: 0 };
  await tx
    .insert(hostBalanceEntries)
    .values({ hostId: payout.hostId, currency: payout.currency, kind: input.kind, amount: owed, bookingId: booking.id, key: `${input.kind}:${input.key}`, createdAt: now })
    .onConflictDoNothing({ target: hostBalanceEntries.key });
  return { reduced: 0, owed };
}
