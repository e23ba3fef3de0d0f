import { eq } from "drizzle-orm";
import { bookings, localPaymentIntents, payments, payouts, profiles, spaceAvailability, type spaces } from "~/db/schema/index";
import { localPayoutTransfers, payoutAccounts } from "~/db/schema/payouts";
import { pricedUnits, quoteBooking, UNIT_HOURS, unitPrice, type CancellationPolicy } from "~/features/bookings/pricing";
import { appendLedger, changeHostShare, recordBookingConfirmed, recordFeeRefund, recordRefundMade } from "~/features/payouts/ledger.server";
import { accountFingerprint } from "~/features/payments/local-payouts.server";
import { cancellationSplit } from "~/features/payouts/settlement";
import type { Tx } from "~/lib/db.server";
import { createRandom, stableUuid } from "./util";

/**
 * Demo bookings over the 12 months before the seed's "today" (issue #14, ADR 0123),
 * in every listing's currency, written through the same ledger and payout functions
 * as real bookings: a charge and fee for each, cancellations with their refunds,
 * and the payouts of released bookings paid to the hosts' built-in payout accounts.
 * So the dashboard, the admin analytics and `npm run money:check` see real figures
 * on a fresh start. Deterministic and idempotent (stable ids; a booking that exists
 * is left alone).
 */
export const DEMO_BOOKINGS = 180;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

type Listing = typeof spaces.$inferInsert & { id: string };

export async function seedDemoBookings(tx: Tx, input: { now: Date; listings: Listing[]; hostIds: Map<string, string>; guestIds: string[]; feePercent: number; refundServiceFee: boolean }) {
  const { now } = input;
  const accounts = await seedPayoutAccounts(tx, input.hostIds, now);
  const random = createRandom("demo-bookings");
  const bookable = input.listings.filter((l) => l.isPublished !== false && pricedUnits(l as Parameters<typeof pricedUnits>[0]).length > 0);
  const taken = new Map<string, [number, number][]>();
  let created = 0;
  for (let n = 0; n < DEMO_BOOKINGS && bookable.length > 0; n++) {
    const listing = random.pick(bookable);
    const guestId = random.pick(input.guestIds);
    const unit = pricedUnits(listing as Parameters<typeof pricedUnits>[0]).find((u) => u === "hour" || u === "day") ?? "day";
    const price = unitPrice(listing as Parameters<typeof unitPrice>[0], unit);
    if (price === null || guestId === listing.userId) continue;
    const quantity = unit === "hour" ? random.int(1, 4) : random.int(1, 3);
    // Past bookings only, spread over the year: upcoming slots stay free for real bookings.
    const dayOffset = -random.int(1, 365);
    const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + dayOffset, random.int(13, 20)));
    const end = new Date(start.getTime() + quantity * UNIT_HOURS[unit] * HOUR);
    const busy = taken.get(listing.id) ?? [];
    if (busy.some(([s, e]) => start.getTime() < e && s < end.getTime())) continue;
    busy.push([start.getTime(), end.getTime()]);
    taken.set(listing.id, busy);

    const quote = quoteBooking({ unitPriceMinor: price, quantity, feePercent: input.feePercent, currency: listing.currency! });
    const createdAt = new Date(start.getTime() - random.int(2, 30) * DAY);
    const cancel = random.chance(0.1);
    const id = stableUuid(`demo-booking:${n}`);
    const row = {
      id,
      userId: guestId,
      spaceId: listing.id,
      startTime: start,
      endTime: end,
      pricingUnit: unit,
      quantity,
      rentalAmount: quote.rentalMinor,
      totalPrice: quote.totalMinor,
      platformFeePercentage: quote.feePercent,
      platformFeeAmount: quote.feeMinor,
      currency: listing.currency!,
      status: "confirmed" as const,
      paymentIntentId: `pi_demo_${id.slice(0, 8)}`,
      payoutReleaseAt: new Date(end.getTime() + DAY),
      cancellationPolicy: (listing.cancellationPolicy ?? "flexible") as CancellationPolicy,
      refundServiceFee: input.refundServiceFee,
      createdAt,
      updatedAt: createdAt,
    };
    const [inserted] = await tx.insert(bookings).values(row).onConflictDoNothing().returning();
    if (!inserted) continue;
    created++;
    // The built-in processor's record of the payment, so a demo booking can be cancelled and refunded like a real one.
    await tx.insert(localPaymentIntents).values({
      id: inserted.paymentIntentId!,
      provider: "local",
      clientSecret: `${inserted.paymentIntentId}_secret_demo_${id.slice(0, 8)}`,
      bookingId: id,
      userId: guestId,
      amount: quote.totalMinor,
      currency: inserted.currency,
      status: "succeeded",
      cardBrand: "visa",
      cardLast4: "4242",
      createdAt,
      updatedAt: createdAt,
    });
    await tx.insert(payments).values({ bookingId: id, provider: "local", providerPaymentId: inserted.paymentIntentId!, amount: quote.totalMinor, currency: inserted.currency, status: "succeeded", createdAt, updatedAt: createdAt });
    await recordBookingConfirmed(tx, { booking: inserted, chargeReference: inserted.paymentIntentId, now: createdAt });
    if (cancel) {
      const cancelledAt = new Date(Math.min(createdAt.getTime() + DAY, start.getTime() - HOUR));
      const split = cancellationSplit({
        policy: (listing.cancellationPolicy ?? "flexible") as CancellationPolicy,
        startTime: start,
        now: cancelledAt,
        rentalMinor: quote.rentalMinor,
        feeMinor: quote.feeMinor,
        refundServiceFee: input.refundServiceFee,
      });
      await tx
        .update(bookings)
        .set({ status: "cancelled", cancelledAt, cancelledBy: "guest", refundAmount: split.refund, refundedAt: split.refund > 0 ? cancelledAt : null, updatedAt: cancelledAt })
        .where(eq(bookings.id, id));
      const key = `${id}:guest_cancel`;
      await recordFeeRefund(tx, { booking: inserted, amount: split.feeRefund, key, now: cancelledAt });
      await changeHostShare(tx, { booking: inserted, hostShare: split.hostShare, key, kind: "refund_after_payout", now: cancelledAt });
      if (split.refund > 0) {
        const refundId = `re_demo_${id.slice(0, 8)}`;
        await tx.update(localPaymentIntents).set({ amountRefunded: split.refund }).where(eq(localPaymentIntents.id, inserted.paymentIntentId!));
        await tx.insert(payments).values({ bookingId: id, provider: "local", providerPaymentId: refundId, amount: split.refund, currency: inserted.currency, status: "refunded", createdAt: cancelledAt, updatedAt: cancelledAt });
        await recordRefundMade(tx, { bookingId: id, currency: inserted.currency, amount: split.refund, refundId, now: cancelledAt });
      }
      continue;
    }
    await tx.insert(spaceAvailability).values({ spaceId: listing.id, bookingId: id, kind: "booking", startTime: start, endTime: end, shared: (listing.quantity ?? 1) > 1, createdAt });
    if (end.getTime() <= now.getTime()) await tx.update(bookings).set({ status: "completed", updatedAt: end }).where(eq(bookings.id, id));
    const account = accounts.get(listing.userId);
    if (account && row.payoutReleaseAt.getTime() <= now.getTime()) await payDemoPayout(tx, { bookingId: id, accountId: account, at: row.payoutReleaseAt });
  }
  return created;
}

/** Complete built-in payout accounts for four of every five demo hosts (the fifth shows the "not connected" state). */
async function seedPayoutAccounts(tx: Tx, hostIds: Map<string, string>, now: Date) {
  const complete = new Map<string, string>();
  let i = 0;
  for (const [key, hostId] of hostIds) {
    if (i++ % 5 === 4) continue;
    const [profile] = await tx.select({ fullName: profiles.fullName }).from(profiles).where(eq(profiles.id, hostId));
    const accountId = `acct_local_demo_${key}`;
    await tx
      .insert(payoutAccounts)
      .values({
        hostId,
        provider: "local",
        providerAccountId: accountId,
        detailsSubmitted: true,
        payoutsEnabled: true,
        currentlyDue: [],
        accountHolder: profile?.fullName ?? key,
        country: "US",
        currency: "USD",
        bankKind: "us",
        routingNumber: "110000000",
        accountLast4: "6789",
        accountFingerprint: accountFingerprint("000123456789"),
        submittedAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing();
    await tx.update(profiles).set({ stripeAccountId: accountId, stripeOnboardingComplete: true }).where(eq(profiles.id, hostId));
    complete.set(hostId, accountId);
  }
  return complete;
}

/** What the payout job does for a released payout, at its release time: a transfer, recorded once. */
async function payDemoPayout(tx: Tx, input: { bookingId: string; accountId: string; at: Date }) {
  const [payout] = await tx.select().from(payouts).where(eq(payouts.bookingId, input.bookingId));
  if (!payout || payout.status !== "scheduled" || payout.amount <= 0) return;
  const transferId = `tr_local_demo_${payout.id.slice(0, 8)}`;
  await tx
    .insert(localPayoutTransfers)
    .values({ id: transferId, idempotencyKey: `payout:${payout.id}`, accountId: input.accountId, amount: payout.amount, currency: payout.currency, transferGroup: payout.bookingId, createdAt: input.at })
    .onConflictDoNothing();
  await tx.update(payouts).set({ status: "paid", attempts: 1, transferredAt: input.at, providerTransferId: transferId, updatedAt: input.at }).where(eq(payouts.id, payout.id));
  await appendLedger(tx, [{ bookingId: payout.bookingId, kind: "transfer", amount: payout.amount, currency: payout.currency, key: `transfer:${payout.id}`, providerReference: transferId }], input.at);
}
