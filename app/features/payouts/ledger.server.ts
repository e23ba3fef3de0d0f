import { and, eq, inArray } from "drizzle-orm";
import { type bookings, payouts } from "~/db/schema/bookings";
import { spaces } from "~/db/schema/listings";
import { ledgerEntries, type LedgerKind } from "~/db/schema/payouts";
import type { Db, Tx } from "~/lib/db.server";
import type { Split } from "./settlement";

/**
 * The money ledger's writers (issue #13, ADR 0122). They are domain events, not
 * provider calls: "a booking was paid and confirmed", "a cancellation refunded",
 * "a payout was paid", "a transfer was reversed". Any payment provider (the
 * built-in one, Stripe's webhooks) reaches them through the booking and payout
 * domain, so its movements are in the ledger without provider code writing it.
 * Every entry has a unique key: a replay writes nothing.
 */
type Booking = Pick<typeof bookings.$inferSelect, "id" | "currency" | "totalPrice" | "rentalAmount" | "platformFeeAmount" | "spaceId" | "payoutReleaseAt">;

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
 * platform's fee, and the host's payout, held until `payout_release_at`.
 */
export async function recordBookingConfirmed(tx: Tx, input: { booking: Booking; chargeReference: string | null; now: Date }) {
  const { booking, now } = input;
  await appendLedger(
    tx,
    [
      { bookingId: booking.id, kind: "charge", amount: booking.totalPrice, currency: booking.currency, key: `charge:${booking.id}`, providerReference: input.chargeReference },
      { bookingId: booking.id, kind: "fee", amount: booking.platformFeeAmount, currency: booking.currency, key: `fee:${booking.id}` },
    ],
    now,
  );
  const [space] = await tx.select({ hostId: spaces.userId }).from(spaces).where(eq(spaces.id, booking.spaceId));
  await tx
    .insert(payouts)
    .values({
      bookingId: booking.id,
      hostId: space!.hostId,
      amount: booking.rentalAmount,
      currency: booking.currency,
      status: booking.rentalAmount > 0 ? "scheduled" : "cancelled",
      releaseAt: booking.payoutReleaseAt,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: payouts.bookingId });
}

/** A payment that succeeded after its slot was taken, refunded in full at once: no fee, no payout. */
export async function recordChargeRefunded(tx: Tx, input: { booking: Booking; amount: number; chargeReference: string | null; refundReference: string; now: Date }) {
  const { booking } = input;
  await appendLedger(
    tx,
    [
      { bookingId: booking.id, kind: "charge", amount: booking.totalPrice, currency: booking.currency, key: `charge:${booking.id}`, providerReference: input.chargeReference },
      { bookingId: booking.id, kind: "refund", amount: input.amount, currency: booking.currency, key: `refund:${booking.id}`, providerReference: input.refundReference },
    ],
    input.now,
  );
}

/**
 * A cancellation before the payout's release: the refund (and the part of it taken
 * from the fee) is written, and the payout shrinks to what the policy leaves the
 * host — cancelled when nothing is left.
 */
export async function recordBookingCancelled(tx: Tx, input: { booking: Booking; split: Split; refundReference: string | null; now: Date }) {
  const { booking, split, now } = input;
  await appendLedger(
    tx,
    [
      { bookingId: booking.id, kind: "refund", amount: split.refund, currency: booking.currency, key: `refund:${booking.id}`, providerReference: input.refundReference },
      { bookingId: booking.id, kind: "fee_refund", amount: split.feeRefund, currency: booking.currency, key: `fee_refund:${booking.id}` },
    ],
    now,
  );
  await tx
    .update(payouts)
    .set({ amount: split.hostShare, status: split.hostShare > 0 ? "scheduled" : "cancelled", updatedAt: now })
    .where(and(eq(payouts.bookingId, booking.id), inArray(payouts.status, ["scheduled", "failed"])));
}

/**
 * Refunds the payment provider reports that no domain event wrote — one made in the
 * provider's dashboard, or one the provider made after which our transaction was lost.
 * Each is written once, keyed by the provider's refund id, so the ledger holds every
 * movement; `npm run money:check` then reports the booking (its refunds no longer match
 * the booking and its payout) for a person to settle with the host.
 */
export async function recordRefundsMadeElsewhere(tx: Tx, input: { bookingId: string; currency: string; refunds: { id: string; amount: number }[]; now: Date }) {
  if (input.refunds.length === 0) return 0;
  const written = await tx
    .select({ reference: ledgerEntries.providerReference })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.bookingId, input.bookingId), eq(ledgerEntries.kind, "refund")));
  const known = new Set(written.map((row) => row.reference));
  const unknown = input.refunds.filter((refund) => !known.has(refund.id));
  return appendLedger(
    tx,
    unknown.map((refund) => ({ bookingId: input.bookingId, kind: "refund", amount: refund.amount, currency: input.currency, key: `refund:provider:${refund.id}`, providerReference: refund.id })),
    input.now,
  );
}
