import { and, eq, inArray, sql } from "drizzle-orm";
import { bookingDisputes, bookings, payouts, providerCalls, spaceAvailability } from "~/db/schema/bookings";
import { ledgerEntries } from "~/db/schema/payouts";
import type { RemoteRefund } from "~/features/payments/contracts";
import { paymentProvider } from "~/features/payments/provider.server";
import { appendLedger, changeHostShare, hostPartOf, recordFeeRefund, recordProtectionRefund, recordRefundMade } from "~/features/payouts/ledger.server";
import type { Db, Tx } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";
import { applyRefund, findIntent, lockIntentOf } from "./intent-mirror.server";
import { lockBooking, runTransition, type BookingRecord } from "./process.server";

/**
 * What the card provider tells the platform about money after the payment (issue #25):
 * refunds (the platform's own, matched to their provider calls by metadata, and those
 * made in the provider's dashboard) and card disputes. Each is a transition of the
 * booking process, so a refund made elsewhere also reaches the host's payout.
 */

/**
 * A provider's list of an intent's refunds, applied once each (charge.refunded): the
 * platform's own complete their call if its answer was lost; any other is a refund made
 * elsewhere, which reduces the host's share in the same transaction (`record_refund`
 * when it covers the whole payment, else `record_partial_refund`).
 */
export async function syncRefunds(db: Db, input: { intentId: string; now: Date }) {
  const known = await findIntent(db, { id: input.intentId });
  if (!known) return null;
  const refunds = (await paymentProvider(db).listRefunds(input.intentId)).filter((refund) => refund.status !== "failed");
  return db.transaction(async (tx) => {
    const booking = await lockBooking(tx, known.bookingId);
    const intent = await lockIntentOf(tx, known.bookingId);
    if (!booking || !intent) return null;
    let recorded = 0;
    // The provider calls whose refund the provider has: those may not be covered by another.
    const oursAtProvider = new Set(refunds.flatMap((refund) => (refund.callId ? [refund.callId] : [])));
    for (const refund of refunds) {
      const [written] = await tx.select({ id: ledgerEntries.id }).from(ledgerEntries).where(eq(ledgerEntries.key, `refund:${refund.id}`));
      if (written) continue;
      await applyRefund(tx, intent, refund, input.now);
      const [call] = refund.callId ? await tx.select().from(providerCalls).where(and(eq(providerCalls.id, refund.callId), eq(providerCalls.bookingId, booking.id))).for("update") : [];
      await recordRefundMade(tx, { bookingId: booking.id, currency: booking.currency, amount: refund.amount, refundId: refund.id, now: input.now });
      if (call) {
        // Ours, whose answer never came back: the call is done.
        if (call.status !== "succeeded") {
          await tx.update(providerCalls).set({ status: "succeeded", providerReference: refund.id, claimedUntil: null, completedAt: input.now, updatedAt: input.now }).where(eq(providerCalls.id, call.id));
        }
      } else {
        // Made elsewhere: first it counts toward refunds the platform decided and has not
        // made (the guest is owed them anyway); only the rest is a new refund.
        const rest = await coverDecidedRefunds(tx, booking.id, refund, oursAtProvider, input.now);
        if (rest > 0) await recordRefundMadeElsewhere(tx, booking, { ...refund, amount: rest }, input.now);
        // The booking row changed: read it again for the next refund.
        Object.assign(booking, (await tx.select().from(bookings).where(eq(bookings.id, booking.id)))[0]);
      }
      recorded++;
    }
    return { recorded };
  });
}

/**
 * A refund made elsewhere pays, first, refunds the platform decided and has not made:
 * its refund calls that the provider has no refund for (so none of their attempts
 * moved money) and that no performer holds now. Each is reduced by what the refund
 * covers: done when covered in full, else left pending for the rest (its idempotency
 * key names its amount, so the smaller call is a new request). Returns what is left of
 * the refund, a refund the platform never decided.
 */
async function coverDecidedRefunds(tx: Tx, bookingId: string, refund: RemoteRefund, oursAtProvider: ReadonlySet<string>, now: Date): Promise<number> {
  const open = await tx
    .select()
    .from(providerCalls)
    .where(and(eq(providerCalls.bookingId, bookingId), eq(providerCalls.kind, "refund"), sql`${providerCalls.status} in ('pending', 'failed')`))
    .orderBy(providerCalls.createdAt)
    .for("update");
  let left = refund.amount;
  for (const call of open) {
    if (left === 0) break;
    if (oursAtProvider.has(call.id) || (call.status === "pending" && call.claimedUntil && call.claimedUntil.getTime() > now.getTime())) continue;
    const covered = Math.min(call.amount, left);
    left -= covered;
    await tx
      .update(providerCalls)
      .set(
        covered === call.amount
          ? { status: "succeeded", lastError: `covered by refund ${refund.id}, made elsewhere`, claimedUntil: null, completedAt: now, updatedAt: now }
          : { status: "pending", amount: call.amount - covered, lastError: `${covered} covered by refund ${refund.id}, made elsewhere`, claimedUntil: null, nextAttemptAt: now, completedAt: null, updatedAt: now },
      )
      .where(eq(providerCalls.id, call.id));
  }
  return left;
}

/**
 * A refund call the provider refused, when hearing its refunds found nothing new: the
 * refunds already made at the provider (ours and those made elsewhere, all in the ledger)
 * may cover what the booking is to get back. That happens when a refund made in the
 * dashboard arrived while this call was claimed by a request that then died: it was
 * recorded as made elsewhere, within the booking's decided refund, and this call is then
 * no longer needed (found by the money model, seed -772063734). The call is settled as
 * covered, or reduced to what is still owed and retried; only a refund nobody made stays
 * failed for a person.
 */
export async function coverRefusedRefund(db: Db, callId: string, now: Date): Promise<"covered" | "reduced" | "owed"> {
  return db.transaction(async (tx) => {
    const [known] = await tx.select({ bookingId: providerCalls.bookingId }).from(providerCalls).where(eq(providerCalls.id, callId));
    const booking = known && (await lockBooking(tx, known.bookingId));
    const [call] = await tx.select().from(providerCalls).where(eq(providerCalls.id, callId)).for("update");
    if (!booking || !call || call.status !== "failed") return "owed";
    const [{ refunded = 0 } = {}] = await tx
      .select({ refunded: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)::bigint`.mapWith(Number) })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.bookingId, booking.id), eq(ledgerEntries.kind, "refund")));
    const [{ open = 0 } = {}] = await tx
      .select({ open: sql<number>`coalesce(sum(${providerCalls.amount}), 0)::bigint`.mapWith(Number) })
      .from(providerCalls)
      .where(and(eq(providerCalls.bookingId, booking.id), eq(providerCalls.kind, "refund"), sql`${providerCalls.status} in ('pending', 'failed')`, sql`${providerCalls.id} <> ${call.id}`));
    const owed = (booking.refundAmount ?? 0) - refunded - open;
    if (owed >= call.amount) return "owed";
    if (owed <= 0) {
      await tx
        .update(providerCalls)
        .set({ status: "succeeded", lastError: "covered by refunds made elsewhere", claimedUntil: null, completedAt: now, updatedAt: now })
        .where(eq(providerCalls.id, call.id));
      return "covered";
    }
    await tx
      .update(providerCalls)
      .set({ status: "pending", amount: owed, lastError: `${call.amount - owed} covered by refunds made elsewhere`, claimedUntil: null, nextAttemptAt: now, completedAt: null, updatedAt: now })
      .where(eq(providerCalls.id, call.id));
    return "reduced";
  });
}

/**
 * What is left of a refund made elsewhere, beyond what the platform decided: the booking
 * process's record_refund (or record_partial_refund). The refund is in the ledger already.
 */
export async function recordRefundMadeElsewhere(tx: Tx, booking: BookingRecord, refund: Pick<RemoteRefund, "id" | "amount">, now: Date) {
  const paid = ["confirmed", "completed", "cancelled", "disputed"].includes(booking.status);
  if (!paid) {
    // A payment not yet settled, or settled as late (refunded in full): the late payment's
    // settlement counts this refund in what the guest gets back, and refunds only the rest.
    logger.info({ bookingId: booking.id, refundId: refund.id, status: booking.status }, "refund made elsewhere before or after a late payment's settlement");
    return;
  }
  const refundedBefore = booking.refundAmount ?? 0;
  const refunded = Math.min(booking.totalPrice, refundedBefore + refund.amount);
  const [{ fees = 0, protections = 0 } = {}] = await tx
    .select({
      fees: sql<number>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.kind} = 'fee_refund'), 0)::bigint`.mapWith(Number),
      protections: sql<number>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.kind} = 'protection_refund'), 0)::bigint`.mapWith(Number),
    })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.bookingId, booking.id), inArray(ledgerEntries.kind, ["fee_refund", "protection_refund"])));
  // A refund made elsewhere comes out of the host's part (rental and delivery) first, then the protection, then the fee.
  const hostPart = hostPartOf(booking);
  const platformRefunded = fees + protections;
  const rentalRefunded = Math.min(hostPart, refunded - platformRefunded);
  const beyond = Math.max(0, refunded - platformRefunded - hostPart);
  const protectionPart = Math.min(beyond, Math.max(0, booking.protectionAmount - protections));
  const feePart = beyond - protectionPart;
  const whole = refunded >= booking.totalPrice;
  await runTransition(tx, booking, whole ? "record_refund" : "record_partial_refund", now, async () => {
    const key = `${booking.id}:refund:${refund.id}`;
    await recordFeeRefund(tx, { booking, amount: feePart, key, now });
    await recordProtectionRefund(tx, { booking, amount: protectionPart, key, now });
    await changeHostShare(tx, { booking, hostShare: hostPart - rentalRefunded, key, kind: "refund_after_payout", now });
    if (whole) await tx.delete(spaceAvailability).where(eq(spaceAvailability.bookingId, booking.id));
    await tx
      .update(bookings)
      .set({ refundAmount: refunded, refundedAt: now, ...(whole && booking.status !== "cancelled" ? { cancelledAt: now, cancellationReason: "Refunded in full at the card provider" } : {}), updatedAt: now })
      .where(eq(bookings.id, booking.id));
    return {};
  });
}

/**
 * charge.dispute.created: the booking is disputed and its payout held until the
 * dispute closes. Unknown intents and repeats change nothing.
 */
export async function openDispute(db: Db, input: { intentId: string; disputeId: string; amount: number; now: Date }) {
  const known = await findIntent(db, { id: input.intentId });
  if (!known) return null;
  return db.transaction(async (tx) => {
    const booking = await lockBooking(tx, known.bookingId);
    if (!booking) return null;
    const [seen] = await tx.select({ id: bookingDisputes.id }).from(bookingDisputes).where(eq(bookingDisputes.providerDisputeId, input.disputeId));
    if (seen) return { opened: false };
    const done = await runTransition(tx, booking, "open_dispute", input.now, async () => {
      await tx.insert(bookingDisputes).values({ bookingId: booking.id, providerDisputeId: input.disputeId, amount: input.amount, currency: booking.currency, previousStatus: booking.status, openedAt: input.now });
      await tx
        .update(payouts)
        .set({ status: "held", updatedAt: input.now })
        .where(and(eq(payouts.bookingId, booking.id), sql`${payouts.status} in ('scheduled', 'failed')`));
      return {};
    });
    if (!done.ok) logger.warn({ bookingId: booking.id, status: booking.status, disputeId: input.disputeId }, "dispute for a booking that cannot be disputed");
    return { opened: done.ok };
  });
}

/**
 * charge.dispute.closed: won, the payout is released; lost, the disputed amount was
 * taken back by the card network: a platform loss, or with DISPUTE_LOSSES=host taken
 * from the host's share (owed by the host when already paid). The booking returns to
 * the state it had.
 */
export async function closeDispute(db: Db, input: { disputeId: string; outcome: "won" | "lost"; now: Date; intentId?: string; amount?: number }) {
  let [dispute] = await db.select().from(bookingDisputes).where(eq(bookingDisputes.providerDisputeId, input.disputeId));
  // The provider does not promise order: a close heard before its opening opens it first.
  if (!dispute && input.intentId && input.amount !== undefined) {
    await openDispute(db, { intentId: input.intentId, disputeId: input.disputeId, amount: input.amount, now: input.now });
    [dispute] = await db.select().from(bookingDisputes).where(eq(bookingDisputes.providerDisputeId, input.disputeId));
  }
  if (!dispute) return null;
  return db.transaction(async (tx) => {
    const booking = await lockBooking(tx, dispute.bookingId);
    const [open] = await tx.select().from(bookingDisputes).where(eq(bookingDisputes.id, dispute.id)).for("update");
    if (!booking || open?.status !== "open") return { closed: false };
    if (booking.status !== "disputed") {
      // The booking left its dispute meanwhile (refunded in full while disputed, which Stripe
      // refuses but an operator's processor may not): the dispute is closed all the same, and a
      // lost one is the platform's loss (the guest's money is gone twice: a refund and a chargeback).
      await tx.update(bookingDisputes).set({ status: input.outcome, closedAt: input.now }).where(eq(bookingDisputes.id, open.id));
      if (input.outcome === "lost") {
        await appendLedger(tx, [{ bookingId: booking.id, kind: "dispute_loss", amount: open.amount, currency: booking.currency, key: `dispute_loss:${open.id}:platform`, providerReference: "bearer:platform" }], input.now);
      }
      logger.warn({ bookingId: booking.id, status: booking.status, disputeId: input.disputeId, outcome: input.outcome }, "dispute closed for a booking no longer disputed");
      return { closed: true };
    }
    const back = open.previousStatus === "completed" ? ("completed" as const) : ("confirmed" as const);
    const done = await runTransition(tx, booking, input.outcome === "won" ? "win_dispute" : "lose_dispute", input.now, async () => {
      await tx.update(bookingDisputes).set({ status: input.outcome, closedAt: input.now }).where(eq(bookingDisputes.id, open.id));
      await tx.update(payouts).set({ status: "scheduled", updatedAt: input.now }).where(and(eq(payouts.bookingId, booking.id), eq(payouts.status, "held")));
      if (input.outcome === "lost") {
        // Who bears it is written on the entries (money:check reads them): with DISPUTE_LOSSES=host,
        // the host up to their share of the booking, the platform the rest (the fee); else the platform.
        const [payout] = await tx.select({ amount: payouts.amount }).from(payouts).where(eq(payouts.bookingId, booking.id));
        const share = payout?.amount ?? 0;
        const hostPart = env().DISPUTE_LOSSES === "host" ? Math.min(open.amount, share) : 0;
        await appendLedger(
          tx,
          [
            { bookingId: booking.id, kind: "dispute_loss", amount: hostPart, currency: booking.currency, key: `dispute_loss:${open.id}:host`, providerReference: "bearer:host" },
            { bookingId: booking.id, kind: "dispute_loss", amount: open.amount - hostPart, currency: booking.currency, key: `dispute_loss:${open.id}:platform`, providerReference: "bearer:platform" },
          ],
          input.now,
        );
        if (hostPart > 0) await changeHostShare(tx, { booking, hostShare: share - hostPart, key: `${booking.id}:dispute:${open.id}`, kind: "dispute_loss", now: input.now });
      }
      return { to: back };
    });
    return { closed: done.ok };
  });
}
