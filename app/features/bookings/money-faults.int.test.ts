import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookings, hostBalanceEntries, localPaymentIntents, payments, payouts, providerCalls, spaceAvailability } from "~/db/schema/bookings";
import { bookingDeposits, depositClaims } from "~/db/schema/deposits";
import { emailOutbox } from "~/db/schema/mail";
import { ledgerEntries, localPayoutTransfers } from "~/db/schema/payouts";
import { clearLocalFaults, injectLocalFault, localDashboardRefund, type LocalCall, type LocalFault } from "~/features/payments/local-provider.server";
import { runPayouts } from "~/features/payouts/payouts.server";
import { openDatabase, runMigrations, type Database, type Db } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { armFault, disarmFaults, InjectedCrash, type FaultPoint } from "~/lib/fault-points.server";
import { bookingScenario } from "../../../tests/factories/bookings";
import type { SpaceOverrides } from "../../../tests/factories/listings";
import { moneyProblemsOf, onboardHost, runToQuiescence } from "../../../tests/factories/money";
import { createUser } from "../../../tests/factories/users";
import { createScratchPostgres, createTestDatabase, testEngine, type TestDatabase } from "../../../tests/setup/test-database";
import { StripeTestServer } from "../../../tests/stripe/stripe-test-server";
import { settleProviderPayment } from "./confirmation.server";
import { answerClaim, decideClaim, openClaim, runDepositSweeps } from "./deposits.server";
import { cancelBooking } from "./cancellation.server";
import type { AdminRefund } from "./cancellation-effects.server";
import { sweepAllExpiredHolds } from "./hold.server";
import { changeBooking } from "./reschedule.server";
import { zonedInstant } from "./slots";
import { closeDispute, openDispute, syncRefunds } from "./provider-events.server";
import { LEASE_MS, performProviderCalls, runProviderCalls } from "./provider-calls.server";
import { acceptRequest, closeRequest } from "./requests.server";

/**
 * Fault injection at every step (issue #25, "Tests that can fail"). For every
 * money-moving transition of the booking process (process.ts) and every injection
 * point it passes — each named fault point of app/lib/fault-points.server.ts (the
 * process "dies" there: InjectedCrash, the open transaction rolls back) and each way
 * the local processor can fail the provider call the transition makes (an error, a
 * time-out, or the call done and its answer lost) — the transition is run once with
 * the fault, then the server "restarts" and its jobs run to quiescence
 * (tests/factories/money.ts). A request or a webhook that failed is sent again, as a
 * guest or the provider would. Then:
 *
 * - every money invariant holds for the case's bookings (`moneyProblemsOf`: money:check,
 *   the processor's charges, refunds and the payout provider's transfers equal the
 *   ledger's, nothing refunded or transferred twice, no call left pending, no booking
 *   confirmed by a payment after its start);
 * - the end state is what a user would expect (the cancel refunded exactly the quoted
 *   amount, once; a late payment is refunded and its booking expired; …).
 *
 * Each case also checks that its injection really fired, so no case passes vacuously.
 * Then the same with the real Stripe SDK against the Stripe test server (a refund whose
 * answer is lost, an intent cancel that errors, an intent create that times out, a late
 * payment's refund), and the provider-calls job SIGKILLed in a child process between a
 * refund and its record. Runs on PGlite, and on PostgreSQL with TEST_DB_ENGINE=postgres.
 */
let database: TestDatabase;
const NOW = "2026-06-01T12:00:00.000Z";
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

type Scenario = Awaited<ReturnType<typeof bookingScenario>>;

/** One case's world: the scenario, the booking the transition acts on, and whatever its setup kept. */
type Ctx = {
  db: Db;
  s: Scenario;
  bookingId: string;
  clientSecret: string;
  intentId: string;
  /** An earlier booking (the release's first choice, the deduction's paid-out booking). */
  other?: { bookingId: string; clientSecret: string };
  key?: string;
  adminId?: string;
};

type Case = {
  transition: string;
  listing?: SpaceOverrides;
  /** The fault points this transition passes. */
  points: FaultPoint[];
  /** The processor calls it makes (each is failed as error, timeout and lose-answer). */
  calls: LocalCall[];
  /** Run the payout job in the quiescence too. */
  payouts?: boolean;
  /** A request or webhook that failed is sent again after the restart (a job is not: the jobs run it). */
  resend: boolean;
  setup(ctx: Ctx): Promise<void>;
  act(ctx: Ctx): Promise<unknown>;
  check(ctx: Ctx): Promise<void>;
};

type Injection = { label: string; point?: FaultPoint; local?: LocalFault };

const MODES = ["error", "timeout", "lose-answer"] as const;

// ---------------------------------------------------------------------------
// Reading the end state

async function bookingOf(db: Db, id: string) {
  const [row] = await db.select().from(bookings).where(eq(bookings.id, id));
  return row!;
}
async function intentOf(db: Db, bookingId: string) {
  const [row] = await db.select().from(localPaymentIntents).where(and(eq(localPaymentIntents.bookingId, bookingId), eq(localPaymentIntents.purpose, "payment")));
  return row ?? null;
}
async function payoutOf(db: Db, bookingId: string) {
  const [row] = await db.select().from(payouts).where(and(eq(payouts.bookingId, bookingId), eq(payouts.kind, "booking")));
  return row ?? null;
}
/** The processor's refunds of a booking, as amounts (the processor's own record, not the ledger). */
async function processorRefunds(db: Db, bookingId: string) {
  const rows = await db.select().from(payments).where(and(eq(payments.bookingId, bookingId), eq(payments.provider, "local"), eq(payments.status, "refunded")));
  return rows.map((row) => row.amount);
}
async function ledgerSum(db: Db, bookingId: string, kind: string) {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)::bigint`.mapWith(Number) })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.bookingId, bookingId), sql`${ledgerEntries.kind} = ${kind}`));
  return row?.total ?? 0;
}
async function calendarOf(db: Db, bookingId: string) {
  return db.select().from(spaceAvailability).where(eq(spaceAvailability.bookingId, bookingId));
}

/** Paid in full, confirmed: the charge and fee in the ledger, the host's share scheduled. */
async function expectConfirmed(ctx: Ctx, id = ctx.bookingId) {
  const booking = await bookingOf(ctx.db, id);
  expect(booking.status).toBe("confirmed");
  expect(await ledgerSum(ctx.db, id, "charge")).toBe(booking.totalPrice);
  expect((await payoutOf(ctx.db, id))?.amount).toBe(booking.rentalAmount);
  expect((await calendarOf(ctx.db, id)).map((row) => row.kind)).toEqual(["booking"]);
}

/** Cancelled with `refund` given back exactly once, the host's payout cut to `hostShare`, the slot free again. */
async function expectCancelled(ctx: Ctx, refund: number, hostShare: number, by: string) {
  const booking = await bookingOf(ctx.db, ctx.bookingId);
  expect(booking.status).toBe("cancelled");
  expect(booking.cancelledBy).toBe(by);
  expect(booking.refundAmount).toBe(refund);
  expect(await processorRefunds(ctx.db, ctx.bookingId)).toEqual(refund > 0 ? [refund] : []);
  expect(await ledgerSum(ctx.db, ctx.bookingId, "refund")).toBe(refund);
  const payout = await payoutOf(ctx.db, ctx.bookingId);
  expect(payout?.status).toBe(hostShare > 0 ? "scheduled" : "cancelled");
  if (hostShare > 0) expect(payout?.amount).toBe(hostShare);
  expect(await calendarOf(ctx.db, ctx.bookingId)).toEqual([]);
}

/** A payment that came too late: refunded in full, once; the booking expired, never confirmed; the guest told why. */
async function expectLatePaymentRefunded(ctx: Ctx) {
  const booking = await bookingOf(ctx.db, ctx.bookingId);
  const intent = (await intentOf(ctx.db, ctx.bookingId))!;
  expect(booking.status).toBe("expired");
  expect(await calendarOf(ctx.db, ctx.bookingId)).toEqual([]);
  if (intent.status === "canceled") {
    // The guest's card never went through before the sweep cancelled the intent: nothing moved.
    expect(intent.amountRefunded).toBe(0);
    expect(await ledgerSum(ctx.db, ctx.bookingId, "charge")).toBe(0);
    return;
  }
  expect(intent.status).toBe("succeeded");
  expect(booking.endedReason).toBe("late_payment");
  expect(intent.amountRefunded).toBe(intent.amount);
  expect(await processorRefunds(ctx.db, ctx.bookingId)).toEqual([intent.amount]);
  expect(await payoutOf(ctx.db, ctx.bookingId)).toBeNull();
  expect((await ctx.s.outcome(ctx.s.guest, ctx.clientSecret))?.outcome).toBe("refunded");
  const mail = await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.dedupeKey, `payment-refunded:${ctx.bookingId}`));
  expect(mail).toHaveLength(1);
}

/** Lapsed or released unpaid: expired, the slot free, the intent cancelled at the processor, nothing moved. */
async function expectExpiredUnpaid(ctx: Ctx, id: string, reason: string) {
  const booking = await bookingOf(ctx.db, id);
  expect(booking.status).toBe("expired");
  expect(booking.endedReason).toBe(reason);
  expect(await calendarOf(ctx.db, id)).toEqual([]);
  expect((await intentOf(ctx.db, id))?.status).toBe("canceled");
  expect(await ledgerSum(ctx.db, id, "charge")).toBe(0);
}

// ---------------------------------------------------------------------------
// Setting a case up

const PICK = { date: "2026-06-10", hour: 10, hours: 2 } as const; // 14:00–16:00 UTC; rental 10000, fee 1000, total 11000

async function hold(ctx: Ctx, pick: { date: string; hour: number; hours?: number } = PICK) {
  const held = await ctx.s.book(ctx.s.guest, pick);
  ctx.bookingId = held.bookingId;
  ctx.clientSecret = held.clientSecret;
  ctx.intentId = (await intentOf(ctx.db, held.bookingId))!.id;
}

async function booked(ctx: Ctx, pick: { date: string; hour: number; hours?: number } = PICK) {
  await hold(ctx, pick);
  const paid = await ctx.s.pay(ctx.s.guest, ctx.clientSecret);
  expect(paid.ok && paid.paymentIntent.status).toBe("succeeded");
  await expectConfirmed(ctx);
}

/** A request to book sent and its card authorised (ADR 0280): requested, nothing charged. */
async function requested(ctx: Ctx) {
  const held = await ctx.s.hold(ctx.s.guest, ctx.s.request(PICK, { message: "May I book it?" }));
  if (!held.ok) throw new Error(held.error);
  Object.assign(ctx, { bookingId: held.bookingId, clientSecret: held.clientSecret });
  ctx.intentId = (await intentOf(ctx.db, held.bookingId))!.id;
  const paid = await ctx.s.pay(ctx.s.guest, ctx.clientSecret);
  expect(paid.ok && paid.paymentIntent.status).toBe("requires_capture");
  expect((await bookingOf(ctx.db, ctx.bookingId)).status).toBe("requested");
}

/** Declined or expired: the authorisation released at the processor, nothing captured or charged, the slot free. */
async function expectReleased(ctx: Ctx) {
  expect((await intentOf(ctx.db, ctx.bookingId))?.status).toBe("canceled");
  expect(await ledgerSum(ctx.db, ctx.bookingId, "charge")).toBe(0);
  expect(await calendarOf(ctx.db, ctx.bookingId)).toEqual([]);
  const captures = await ctx.db.select().from(providerCalls).where(and(eq(providerCalls.bookingId, ctx.bookingId), eq(providerCalls.kind, "capture_intent")));
  expect(captures).toEqual([]);
}

const adminCancel = (refund: AdminRefund): Case => ({
  transition: `admin_cancel (${refund})`,
  points: refund === "none" ? ["transition:before-commit"] : ["transition:before-commit", "call:before-provider", "call:after-provider", "call:before-record-commit"],
  calls: refund === "none" ? [] : ["refund"],
  resend: true,
  async setup(ctx) {
    await booked(ctx);
    ctx.adminId = (await createUser(ctx.db, { isAdmin: true })).id;
  },
  act: (ctx) => cancelBooking(ctx.db, { by: { kind: "admin", userId: ctx.adminId!, reason: "Fraud check", refund }, bookingId: ctx.bookingId, now: ctx.s.now }),
  async check(ctx) {
    // Nine days before a Flexible booking: the policy gives the rental back, the fee is kept.
    const refunded = { full: 11000, policy: 10000, none: 0 }[refund];
    await expectCancelled(ctx, refunded, refund === "none" ? 10000 : 0, "admin");
  },
});

const CANCEL_POINTS: FaultPoint[] = ["transition:before-commit", "call:before-provider", "call:after-provider", "call:before-record-commit"];
const CALL_POINTS: FaultPoint[] = ["call:before-provider", "call:after-provider", "call:before-record-commit"];

const CASES: Case[] = [
  {
    transition: "hold (create the intent)",
    points: CALL_POINTS,
    calls: ["createIntent"],
    resend: true,
    async setup(ctx) {
      ctx.key = crypto.randomUUID();
    },
    async act(ctx) {
      const answer = await ctx.s.hold(ctx.s.guest, ctx.s.request(PICK), ctx.key);
      if (answer.ok) Object.assign(ctx, { bookingId: answer.bookingId, clientSecret: answer.clientSecret });
      return answer;
    },
    async check(ctx) {
      // The key answers (never 'already being processed'), and the slot can be booked and paid.
      const again = await ctx.s.hold(ctx.s.guest, ctx.s.request(PICK), ctx.key);
      expect(again.ok).toBe(true);
      const fresh = await ctx.s.book(ctx.s.guest, PICK);
      const paid = await ctx.s.pay(ctx.s.guest, fresh.clientSecret);
      expect(paid.ok && paid.paymentIntent.status).toBe("succeeded");
      await expectConfirmed(ctx, fresh.bookingId);
      const others = await ctx.db.select().from(bookings).where(and(eq(bookings.spaceId, ctx.s.space.id), sql`${bookings.id} <> ${fresh.bookingId}`));
      for (const other of others) {
        expect(other.status).toBe("expired");
        expect(await ledgerSum(ctx.db, other.id, "charge")).toBe(0);
      }
    },
  },
  {
    transition: "confirm (card)",
    points: ["transition:before-commit"],
    calls: ["confirmCard"],
    resend: true,
    setup: (ctx) => hold(ctx),
    act: (ctx) => ctx.s.pay(ctx.s.guest, ctx.clientSecret),
    async check(ctx) {
      await expectConfirmed(ctx);
      expect((await ctx.s.outcome(ctx.s.guest, ctx.clientSecret))?.outcome).toBe("confirmed");
    },
  },
  {
    transition: "processing → succeeded (confirm)",
    points: ["transition:before-commit"],
    calls: ["retrieveIntent"],
    resend: true,
    async setup(ctx) {
      await hold(ctx);
      const paid = await ctx.s.pay(ctx.s.guest, ctx.clientSecret, { number: "4000 0000 0000 3063" });
      expect(paid.ok && paid.paymentIntent.status).toBe("processing");
      ctx.s.advance(11_000);
    },
    act: (ctx) => ctx.s.outcome(ctx.s.guest, ctx.clientSecret),
    async check(ctx) {
      await expectConfirmed(ctx);
    },
  },
  {
    transition: "expire (the sweep cancels the intent)",
    points: CALL_POINTS,
    calls: ["cancelIntent"],
    resend: false,
    async setup(ctx) {
      await hold(ctx);
      ctx.s.advance(16 * MINUTE);
    },
    act: (ctx) => sweepAllExpiredHolds(ctx.db, ctx.s.now),
    check: (ctx) => expectExpiredUnpaid(ctx, ctx.bookingId, "lapsed"),
  },
  {
    transition: "release (the guest picks another time)",
    points: CALL_POINTS,
    calls: ["cancelIntent"],
    resend: false,
    async setup(ctx) {
      await hold(ctx);
      ctx.other = { bookingId: ctx.bookingId, clientSecret: ctx.clientSecret };
      await hold(ctx, { date: "2026-06-11", hour: 10, hours: 2 });
    },
    // The release records the cancellation with the new hold; the provider-calls job makes it.
    act: (ctx) => runProviderCalls(ctx.db, ctx.s.now),
    async check(ctx) {
      await expectExpiredUnpaid(ctx, ctx.other!.bookingId, "released");
      // The new choice is untouched: still held (and payable), or lapsed unpaid if the restart's clock passed its 15 minutes.
      const current = await bookingOf(ctx.db, ctx.bookingId);
      if (current.status === "expired") return expectExpiredUnpaid(ctx, ctx.bookingId, "lapsed");
      const paid = await ctx.s.pay(ctx.s.guest, ctx.clientSecret);
      expect(paid.ok && paid.paymentIntent.status).toBe("succeeded");
      await expectConfirmed(ctx);
    },
  },
  {
    transition: "refund_late_payment (paid after the hold lapsed)",
    points: CANCEL_POINTS,
    calls: ["confirmCard", "refund"],
    resend: true,
    async setup(ctx) {
      await hold(ctx);
      ctx.s.advance(16 * MINUTE);
    },
    act: (ctx) => ctx.s.pay(ctx.s.guest, ctx.clientSecret),
    check: expectLatePaymentRefunded,
  },
  {
    transition: "refund_late_payment (processing payment succeeds after the start)",
    points: CANCEL_POINTS,
    calls: ["retrieveIntent", "refund"],
    resend: true,
    async setup(ctx) {
      // 09:00 in New York today (13:00 UTC), an hour from now: a delayed payment keeps the slot until the start.
      await hold(ctx, { date: "2026-06-01", hour: 9, hours: 1 });
      const paid = await ctx.s.pay(ctx.s.guest, ctx.clientSecret, { number: "4000 0000 0000 3063" });
      expect(paid.ok && paid.paymentIntent.status).toBe("processing");
      ctx.s.advance(90 * MINUTE);
    },
    act: (ctx) => ctx.s.outcome(ctx.s.guest, ctx.clientSecret),
    async check(ctx) {
      expect((await intentOf(ctx.db, ctx.bookingId))?.status).toBe("succeeded");
      await expectLatePaymentRefunded(ctx);
    },
  },
  {
    transition: "guest_cancel",
    points: CANCEL_POINTS,
    calls: ["refund"],
    resend: true,
    setup: (ctx) => booked(ctx),
    act: (ctx) => ctx.s.cancel(ctx.s.guest, ctx.bookingId, 10000),
    check: (ctx) => expectCancelled(ctx, 10000, 0, "guest"),
  },
  {
    transition: "guest_cancel (strict, half)",
    listing: { cancellationPolicy: "strict" },
    points: CANCEL_POINTS,
    calls: ["refund"],
    resend: true,
    setup: (ctx) => booked(ctx),
    act: (ctx) => ctx.s.cancel(ctx.s.guest, ctx.bookingId, 5000),
    check: (ctx) => expectCancelled(ctx, 5000, 5000, "guest"),
  },
  {
    transition: "host_cancel",
    points: CANCEL_POINTS,
    calls: ["refund"],
    resend: true,
    setup: (ctx) => booked(ctx),
    act: (ctx) => ctx.s.cancelAsHost(ctx.bookingId),
    async check(ctx) {
      await expectCancelled(ctx, 11000, 0, "host");
      // The slot is open again.
      const next = await ctx.s.hold(ctx.s.otherGuest, ctx.s.request(PICK));
      expect(next.ok).toBe(true);
    },
  },
  adminCancel("full"),
  adminCancel("policy"),
  adminCancel("none"),
  {
    transition: "record_refund (a refund of everything in the dashboard)",
    points: ["transition:before-commit"],
    calls: [],
    resend: true,
    async setup(ctx) {
      await booked(ctx);
      await localDashboardRefund(ctx.db, { intentId: ctx.intentId, amount: 11000, now: ctx.s.now });
    },
    act: (ctx) => syncRefunds(ctx.db, { intentId: ctx.intentId, now: ctx.s.now }),
    async check(ctx) {
      const booking = await bookingOf(ctx.db, ctx.bookingId);
      expect(booking.status).toBe("cancelled");
      expect(booking.refundAmount).toBe(11000);
      expect(await ledgerSum(ctx.db, ctx.bookingId, "refund")).toBe(11000);
      expect((await payoutOf(ctx.db, ctx.bookingId))?.status).toBe("cancelled");
      expect(await calendarOf(ctx.db, ctx.bookingId)).toEqual([]);
    },
  },
  {
    transition: "record_partial_refund (30.00 refunded in the dashboard)",
    points: ["transition:before-commit"],
    calls: [],
    resend: true,
    async setup(ctx) {
      await booked(ctx);
      await localDashboardRefund(ctx.db, { intentId: ctx.intentId, amount: 3000, now: ctx.s.now });
    },
    act: (ctx) => syncRefunds(ctx.db, { intentId: ctx.intentId, now: ctx.s.now }),
    async check(ctx) {
      const booking = await bookingOf(ctx.db, ctx.bookingId);
      expect(booking.status).toBe("confirmed");
      expect(booking.refundAmount).toBe(3000);
      expect(await ledgerSum(ctx.db, ctx.bookingId, "refund")).toBe(3000);
      expect(await payoutOf(ctx.db, ctx.bookingId)).toMatchObject({ status: "scheduled", amount: 7000 });
    },
  },
  {
    transition: "open_dispute",
    points: ["transition:before-commit"],
    calls: [],
    resend: true,
    setup: (ctx) => booked(ctx),
    act: (ctx) => openDispute(ctx.db, { intentId: ctx.intentId, disputeId: `dp_${ctx.bookingId}`, amount: 11000, now: ctx.s.now }),
    async check(ctx) {
      expect((await bookingOf(ctx.db, ctx.bookingId)).status).toBe("disputed");
      expect((await payoutOf(ctx.db, ctx.bookingId))?.status).toBe("held");
    },
  },
  {
    transition: "win_dispute",
    points: ["transition:before-commit"],
    calls: [],
    resend: true,
    async setup(ctx) {
      await booked(ctx);
      await openDispute(ctx.db, { intentId: ctx.intentId, disputeId: `dp_${ctx.bookingId}`, amount: 11000, now: ctx.s.now });
    },
    act: (ctx) => closeDispute(ctx.db, { disputeId: `dp_${ctx.bookingId}`, outcome: "won", now: ctx.s.now }),
    async check(ctx) {
      await expectConfirmed(ctx);
      expect((await payoutOf(ctx.db, ctx.bookingId))?.status).toBe("scheduled");
      expect(await ledgerSum(ctx.db, ctx.bookingId, "dispute_loss")).toBe(0);
    },
  },
  {
    transition: "lose_dispute",
    points: ["transition:before-commit"],
    calls: [],
    resend: true,
    async setup(ctx) {
      await booked(ctx);
      await openDispute(ctx.db, { intentId: ctx.intentId, disputeId: `dp_${ctx.bookingId}`, amount: 11000, now: ctx.s.now });
    },
    act: (ctx) => closeDispute(ctx.db, { disputeId: `dp_${ctx.bookingId}`, outcome: "lost", now: ctx.s.now }),
    async check(ctx) {
      expect((await bookingOf(ctx.db, ctx.bookingId)).status).toBe("confirmed");
      // DISPUTE_LOSSES=platform (the default): the platform bears it once, the host is paid.
      expect(await ledgerSum(ctx.db, ctx.bookingId, "dispute_loss")).toBe(11000);
      expect(await payoutOf(ctx.db, ctx.bookingId)).toMatchObject({ status: "scheduled", amount: 10000 });
    },
  },
  {
    transition: "payout run",
    points: ["payout:after-transfer"],
    calls: [],
    payouts: true,
    resend: false,
    async setup(ctx) {
      await booked(ctx);
      ctx.s.advance(11 * DAY);
    },
    act: (ctx) => runPayouts(ctx.db, ctx.s.now),
    async check(ctx) {
      expect(await payoutOf(ctx.db, ctx.bookingId)).toMatchObject({ status: "paid", amount: 10000, deductedAmount: 0 });
      const transfers = await ctx.db.select().from(localPayoutTransfers).where(eq(localPayoutTransfers.transferGroup, ctx.bookingId));
      expect(transfers.map((t) => t.amount)).toEqual([10000]);
      expect((await bookingOf(ctx.db, ctx.bookingId)).status).toBe("completed");
    },
  },
  {
    transition: "payout run with a deduction (a refund after an earlier payout)",
    points: ["payout:after-transfer"],
    calls: [],
    payouts: true,
    resend: false,
    async setup(ctx) {
      // A first booking paid out, then 50.00 of it refunded in the dashboard: the host owes 50.00.
      await booked(ctx, { date: "2026-06-03", hour: 10, hours: 2 });
      ctx.other = { bookingId: ctx.bookingId, clientSecret: ctx.clientSecret };
      const first = ctx.intentId;
      await booked(ctx, { date: "2026-06-10", hour: 10, hours: 2 });
      ctx.s.advance(3 * DAY + 12 * HOUR);
      expect((await runPayouts(ctx.db, ctx.s.now)).paid).toBe(1);
      await localDashboardRefund(ctx.db, { intentId: first, amount: 5000, now: ctx.s.now });
      await syncRefunds(ctx.db, { intentId: first, now: ctx.s.now });
      const owed = await ctx.db.select().from(hostBalanceEntries).where(eq(hostBalanceEntries.hostId, ctx.s.host.id));
      expect(owed.map((e) => [e.kind, e.amount])).toEqual([["refund_after_payout", 5000]]);
      ctx.s.advance(8 * DAY);
    },
    act: (ctx) => runPayouts(ctx.db, ctx.s.now),
    async check(ctx) {
      expect(await payoutOf(ctx.db, ctx.bookingId)).toMatchObject({ status: "paid", amount: 10000, deductedAmount: 5000 });
      const transfers = await ctx.db.select().from(localPayoutTransfers).where(eq(localPayoutTransfers.transferGroup, ctx.bookingId));
      expect(transfers.map((t) => t.amount)).toEqual([5000]);
      expect(await ledgerSum(ctx.db, ctx.bookingId, "deduction")).toBe(5000);
      const balance = await ctx.db.select().from(hostBalanceEntries).where(eq(hostBalanceEntries.hostId, ctx.s.host.id));
      expect(balance.reduce((sum, e) => sum + e.amount, 0)).toBe(0);
    },
  },
  // Request to book (issue #28, ADR 0280): the card authorised, then captured once when the host accepts, or released.
  {
    transition: "accept (capture the authorisation)",
    listing: { bookingMode: "request" },
    points: CANCEL_POINTS,
    calls: ["captureIntent"],
    resend: true,
    setup: (ctx) => requested(ctx),
    act: (ctx) => acceptRequest(ctx.db, { hostId: ctx.s.host.id, bookingId: ctx.bookingId, now: ctx.s.now }, (ids) => performProviderCalls(ctx.db, ids, ctx.s.now)),
    async check(ctx) {
      // Confirmed exactly once, with one capture: one capture call, one charge of the total.
      await expectConfirmed(ctx);
      const captures = await ctx.db.select().from(providerCalls).where(and(eq(providerCalls.bookingId, ctx.bookingId), eq(providerCalls.kind, "capture_intent")));
      expect(captures.map((call) => call.status)).toEqual(["succeeded"]);
      const charges = await ctx.db.select().from(payments).where(and(eq(payments.bookingId, ctx.bookingId), eq(payments.status, "succeeded")));
      expect(charges.map((charge) => charge.amount)).toEqual([11000]);
      // The host's second click changes nothing.
      expect(await acceptRequest(ctx.db, { hostId: ctx.s.host.id, bookingId: ctx.bookingId, now: ctx.s.now }, async () => {})).toMatchObject({ ok: false, status: 409 });
    },
  },
  {
    transition: "decline (release the authorisation)",
    listing: { bookingMode: "request" },
    points: CANCEL_POINTS,
    calls: ["cancelIntent"],
    resend: true,
    setup: (ctx) => requested(ctx),
    act: (ctx) => closeRequest(ctx.db, { by: { kind: "host", hostId: ctx.s.host.id, reason: "Not that week" }, bookingId: ctx.bookingId, now: ctx.s.now }, (ids) => performProviderCalls(ctx.db, ids, ctx.s.now)),
    async check(ctx) {
      expect((await bookingOf(ctx.db, ctx.bookingId)).status).toBe("declined");
      await expectReleased(ctx);
    },
  },
  {
    transition: "expire_request (the clock releases the authorisation)",
    listing: { bookingMode: "request" },
    points: CALL_POINTS,
    calls: ["cancelIntent"],
    resend: false,
    async setup(ctx) {
      await requested(ctx);
      ctx.s.advance(24 * HOUR);
    },
    act: (ctx) => sweepAllExpiredHolds(ctx.db, ctx.s.now),
    async check(ctx) {
      expect(await bookingOf(ctx.db, ctx.bookingId)).toMatchObject({ status: "expired", endedReason: "request_expired" });
      await expectReleased(ctx);
    },
  },
];

// A change of a confirmed booking to another length (issue #26 point 7, ADR 0205).
const CHANGE = { date: "2026-06-10", hour: 10, hours: 3 } as const; // 14:00–17:00 UTC; total 16500

function change(ctx: Ctx) {
  return changeBooking(ctx.db, { userId: ctx.s.guest.id, bookingId: ctx.other!.bookingId, startTime: zonedInstant(CHANGE.date, CHANGE.hour, ctx.s.space.timezone), duration: CHANGE.hours, now: ctx.s.now });
}

/** The change was paid: the new booking confirmed, the one it replaced refunded in full (fee included) once, its payout cancelled, one calendar row. */
async function expectReplaced(ctx: Ctx) {
  await expectConfirmed(ctx);
  const old = await bookingOf(ctx.db, ctx.other!.bookingId);
  expect([old.status, old.refundAmount]).toEqual(["cancelled", 11000]);
  expect(await processorRefunds(ctx.db, old.id)).toEqual([11000]);
  expect(await ledgerSum(ctx.db, old.id, "refund")).toBe(11000);
  expect((await payoutOf(ctx.db, old.id))?.status).toBe("cancelled");
  expect(await calendarOf(ctx.db, old.id)).toEqual([]);
  expect(await processorRefunds(ctx.db, ctx.bookingId)).toEqual([]);
}

const CHANGE_CASES: Case[] = [
  {
    transition: "change (hold the new length, create its intent)",
    points: CALL_POINTS,
    calls: ["createIntent"],
    resend: true,
    async setup(ctx) {
      await booked(ctx);
      ctx.other = { bookingId: ctx.bookingId, clientSecret: ctx.clientSecret };
    },
    async act(ctx) {
      const answer = await change(ctx);
      if (answer.ok && answer.checkout) Object.assign(ctx, { bookingId: answer.checkout.bookingId, clientSecret: answer.checkout.clientSecret });
      return answer;
    },
    async check(ctx) {
      // Whatever the fault left, the booking is untouched until a change is paid; then it is replaced once.
      expect((await bookingOf(ctx.db, ctx.other!.bookingId)).status).toBe("confirmed");
      const answer = await change(ctx);
      if (!answer.ok || !answer.checkout) throw new Error(`the change is refused: ${JSON.stringify(answer)}`);
      Object.assign(ctx, { bookingId: answer.checkout.bookingId, clientSecret: answer.checkout.clientSecret });
      const paid = await ctx.s.pay(ctx.s.guest, ctx.clientSecret);
      expect(paid.ok && paid.paymentIntent.status).toBe("succeeded");
      await restart(ctx, false);
      await expectReplaced(ctx);
    },
  },
  {
    transition: "replace (the change is paid: the old booking refunded in full)",
    points: CANCEL_POINTS,
    calls: ["confirmCard", "refund"],
    resend: true,
    async setup(ctx) {
      await booked(ctx);
      ctx.other = { bookingId: ctx.bookingId, clientSecret: ctx.clientSecret };
      const answer = await change(ctx);
      if (!answer.ok || !answer.checkout) throw new Error("expected a checkout");
      Object.assign(ctx, { bookingId: answer.checkout.bookingId, clientSecret: answer.checkout.clientSecret });
    },
    act: (ctx) => ctx.s.pay(ctx.s.guest, ctx.clientSecret),
    check: expectReplaced,
  },
];

// ---------------------------------------------------------------------------
// Security deposits and damage claims (issue #28 point 2, ADRs 0283 and 0284)

const DEPOSIT_LISTING: SpaceOverrides = { depositRequired: true, depositAmount: 50_000 };
/** PICK's end, 16:00 UTC on 10 June. */
const PICK_END = Date.parse("2026-06-10T16:00:00.000Z");

async function depositOf(db: Db, bookingId: string) {
  const [row] = await db.select().from(bookingDeposits).where(eq(bookingDeposits.bookingId, bookingId));
  return row!;
}
async function claimOf(db: Db, bookingId: string) {
  const [row] = await db.select().from(depositClaims).where(eq(depositClaims.bookingId, bookingId));
  return row ?? null;
}
async function depositIntents(db: Db, bookingId: string) {
  return db.select().from(localPaymentIntents).where(and(eq(localPaymentIntents.bookingId, bookingId), eq(localPaymentIntents.purpose, "deposit")));
}
/** The clock moves to `at` (never back). */
function moveTo(ctx: Ctx, at: number) {
  if (at > ctx.s.now.getTime()) ctx.s.advance(at - ctx.s.now.getTime());
}
/** Booked (nine days ahead: the deposit scheduled), then held by the job two days before the start. */
async function depositHeld(ctx: Ctx) {
  await booked(ctx);
  const deposit = await depositOf(ctx.db, ctx.bookingId);
  expect(deposit.status).toBe("scheduled");
  moveTo(ctx, deposit.authoriseAt.getTime());
  await restart(ctx, false);
  expect((await depositOf(ctx.db, ctx.bookingId)).status).toBe("authorised");
}
/** After the end, the host's claim of $120.50 is open. */
async function claimOpen(ctx: Ctx) {
  await depositHeld(ctx);
  moveTo(ctx, PICK_END + HOUR);
  const opened = await openClaim(ctx.db, { userId: ctx.s.host.id, bookingId: ctx.bookingId, amount: "120.50", description: "A torn softbox.", photos: [], now: ctx.s.now });
  expect(opened.ok).toBe(true);
}
/** Captured once: the processor took `amount` for the deposit, once; the claim, the ledger and the claim's payout agree. */
async function expectCaptured(ctx: Ctx, amount: number) {
  const claim = (await claimOf(ctx.db, ctx.bookingId))!;
  expect(claim.capturedAmount).toBe(amount);
  expect(await depositOf(ctx.db, ctx.bookingId)).toMatchObject({ status: "captured", capturedAmount: amount });
  const taken = (await depositIntents(ctx.db, ctx.bookingId)).filter((intent) => intent.status === "succeeded");
  expect(taken.map((intent) => intent.amount)).toEqual([amount]);
  expect(await ledgerSum(ctx.db, ctx.bookingId, "deposit_capture")).toBe(amount);
  const [payout] = await ctx.db.select().from(payouts).where(and(eq(payouts.bookingId, ctx.bookingId), eq(payouts.kind, "claim")));
  expect(payout?.amount).toBe(amount);
}

const DEPOSIT_CASES: Case[] = [
  {
    transition: "authorise_deposit (the deposits job, off-session)",
    listing: DEPOSIT_LISTING,
    points: CANCEL_POINTS,
    calls: ["createIntent"],
    resend: false,
    async setup(ctx) {
      await booked(ctx);
      moveTo(ctx, (await depositOf(ctx.db, ctx.bookingId)).authoriseAt.getTime());
    },
    act: (ctx) => runDepositSweeps(ctx.db, ctx.s.now),
    async check(ctx) {
      expect((await depositOf(ctx.db, ctx.bookingId)).status).toBe("authorised");
      const intents = await depositIntents(ctx.db, ctx.bookingId);
      expect(intents.map((intent) => [intent.status, intent.amount])).toEqual([["requires_capture", 50_000]]);
      await expectConfirmed(ctx);
    },
  },
  {
    transition: "release_deposit (2 days after the end, no claim)",
    listing: DEPOSIT_LISTING,
    points: CANCEL_POINTS,
    calls: ["cancelIntent"],
    resend: false,
    async setup(ctx) {
      await depositHeld(ctx);
      moveTo(ctx, PICK_END + 2 * DAY);
    },
    act: (ctx) => runDepositSweeps(ctx.db, ctx.s.now),
    async check(ctx) {
      expect(await depositOf(ctx.db, ctx.bookingId)).toMatchObject({ status: "released", capturedAmount: 0 });
      expect((await depositIntents(ctx.db, ctx.bookingId)).map((intent) => intent.status)).toEqual(["canceled"]);
      expect(await ledgerSum(ctx.db, ctx.bookingId, "deposit_capture")).toBe(0);
    },
  },
  {
    transition: "accept_claim → capture_claim (the guest accepts)",
    listing: DEPOSIT_LISTING,
    points: CANCEL_POINTS,
    calls: ["captureIntent"],
    payouts: true,
    resend: true,
    setup: claimOpen,
    act: (ctx) => answerClaim(ctx.db, { userId: ctx.s.guest.id, bookingId: ctx.bookingId, answer: "accept", now: ctx.s.now }),
    check: (ctx) => expectCaptured(ctx, 12_050),
  },
  {
    transition: "decide_claim → capture_claim (an admin decides a disputed claim)",
    listing: DEPOSIT_LISTING,
    points: CANCEL_POINTS,
    calls: ["captureIntent"],
    payouts: true,
    resend: true,
    async setup(ctx) {
      await claimOpen(ctx);
      expect((await answerClaim(ctx.db, { userId: ctx.s.guest.id, bookingId: ctx.bookingId, answer: "dispute", now: ctx.s.now })).ok).toBe(true);
      ctx.adminId = (await createUser(ctx.db, { isAdmin: true })).id;
    },
    act: async (ctx) => decideClaim(ctx.db, { adminId: ctx.adminId!, claimId: (await claimOf(ctx.db, ctx.bookingId))!.id, amount: "60", note: "Half of it was there at check-in.", now: ctx.s.now }),
    check: (ctx) => expectCaptured(ctx, 6_000),
  },
  {
    transition: "capture_claim after the authorisation lapsed (a new off-session charge)",
    listing: DEPOSIT_LISTING,
    points: CANCEL_POINTS,
    calls: ["createIntent"],
    payouts: true,
    resend: true,
    async setup(ctx) {
      await claimOpen(ctx);
      await ctx.db.update(bookingDeposits).set({ authorisedAt: new Date(ctx.s.now.getTime() - 8 * DAY) }).where(eq(bookingDeposits.bookingId, ctx.bookingId));
    },
    act: (ctx) => answerClaim(ctx.db, { userId: ctx.s.guest.id, bookingId: ctx.bookingId, answer: "accept", now: ctx.s.now }),
    check: (ctx) => expectCaptured(ctx, 12_050),
  },
];

/** Every case × every injection it passes, plus the case with no fault (the baseline). */
const TABLE = [...CASES, ...CHANGE_CASES, ...DEPOSIT_CASES].flatMap((c) => {
  const injections: Injection[] = [
    { label: "no fault" },
    ...c.points.map((point): Injection => ({ label: point, point })),
    ...c.calls.flatMap((call) => MODES.map((mode): Injection => ({ label: `processor ${call}: ${mode}`, local: { call, mode } }))),
  ];
  return injections.map((injection) => ({ name: `${c.transition} × ${injection.label}`, c, injection }));
});

/** Whether an injected processor fault shows: an error the request answered, or a call that recorded it. */
async function processorFaultSeen(db: Db, spaceId: string, thrown: unknown) {
  if (thrown !== undefined) return true;
  const rows = await db
    .select({ lastError: providerCalls.lastError })
    .from(providerCalls)
    .innerJoin(bookings, eq(bookings.id, providerCalls.bookingId))
    .where(and(eq(bookings.spaceId, spaceId), sql`${providerCalls.lastError} like '%(injected)%'`));
  return rows.length > 0;
}

async function restart(ctx: Ctx, payoutsToo: boolean) {
  const at = await runToQuiescence(ctx.db, ctx.s.now, { payouts: payoutsToo });
  ctx.s.advance(at.getTime() - ctx.s.now.getTime());
}

async function bookingsOfSpace(db: Db, spaceId: string) {
  return (await db.select({ id: bookings.id }).from(bookings).where(eq(bookings.spaceId, spaceId))).map((row) => row.id);
}

describe("fault injection at every step of every money transition (local processor)", () => {
  it("covers every transition with money in the process", () => {
    expect(TABLE.length).toBeGreaterThan(90);
  });

  it.each(TABLE)("$name", async ({ c, injection }) => {
    const db = database.db;
    const s = await bookingScenario(db, { now: NOW, listing: { cancellationPolicy: "flexible", ...c.listing } });
    await onboardHost(db, s.host.id, s.now);
    const ctx: Ctx = { db, s, bookingId: "", clientSecret: "", intentId: "" };
    await c.setup(ctx);

    if (injection.point) armFault(injection.point);
    if (injection.local) injectLocalFault(injection.local);
    let thrown: unknown;
    try {
      await c.act(ctx);
    } catch (error) {
      thrown = error;
    } finally {
      disarmFaults();
      clearLocalFaults();
    }
    if (!injection.point && !injection.local) expect(thrown).toBeUndefined();
    if (injection.point) expect(thrown, "the fault point was passed").toBeInstanceOf(InjectedCrash);
    if (injection.local) expect(await processorFaultSeen(db, s.space.id, thrown), "the processor fault was taken").toBe(true);

    // The process is gone; a new one runs the jobs until nothing is left to do.
    await restart(ctx, c.payouts ?? false);
    if (thrown !== undefined && c.resend) {
      // The guest sends the request again / the provider redelivers its webhook: it answers, never throws.
      await c.act(ctx);
      await restart(ctx, c.payouts ?? false);
    }

    expect(await moneyProblemsOf(db, await bookingsOfSpace(db, s.space.id))).toEqual([]);
    await c.check(ctx);
    await restart(ctx, c.payouts ?? false);
    expect(await moneyProblemsOf(db, await bookingsOfSpace(db, s.space.id))).toEqual([]);
    // No amount moved twice: one processor refund per provider call, one transfer per booking.
    const ids = await bookingsOfSpace(db, s.space.id);
    const refunds = await db.select().from(payments).where(and(inArray(payments.bookingId, ids), eq(payments.status, "refunded")));
    const byCall = refunds.filter((r) => r.callId).map((r) => r.callId);
    expect(new Set(byCall).size).toBe(byCall.length);
  });
});

// ---------------------------------------------------------------------------
// Stripe: the same faults at the Stripe test server, through the real SDK

describe("fault injection at Stripe (the real SDK against the Stripe test server)", () => {
  const SETTINGS = ["PAYMENT_PROVIDER", "STRIPE_SECRET_KEY", "STRIPE_PUBLISHABLE_KEY", "STRIPE_WEBHOOK_SECRET", "STRIPE_API_URL"] as const;
  const saved: Partial<Record<(typeof SETTINGS)[number], string | undefined>> = {};
  let fake: StripeTestServer;

  beforeAll(async () => {
    fake = await new StripeTestServer().start();
    for (const name of SETTINGS) saved[name] = process.env[name];
    Object.assign(process.env, {
      PAYMENT_PROVIDER: "stripe",
      STRIPE_SECRET_KEY: fake.secretKey,
      STRIPE_PUBLISHABLE_KEY: "pk_test_rentwell_local",
      STRIPE_WEBHOOK_SECRET: "whsec_rentwell_test_secret",
      STRIPE_API_URL: fake.url,
    });
    resetEnvCache();
  });
  afterAll(async () => {
    for (const name of SETTINGS) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
    resetEnvCache();
    await fake.stop();
  });

  /**
   * Stripe's record against the ledger, booking by booking: the charge of a succeeded
   * intent, the sum of its refunds, and one refund per provider call (no amount moved twice).
   */
  async function stripeProblems(db: Db, spaceId: string) {
    const problems: string[] = [];
    const ids = await bookingsOfSpace(db, spaceId);
    for (const id of ids) {
      const intents = [...fake.intents.values()].filter((intent) => intent.metadata.booking_id === id);
      const charged = intents.filter((intent) => intent.status === "succeeded").reduce((sum, intent) => sum + intent.amount, 0);
      if (charged !== (await ledgerSum(db, id, "charge"))) problems.push(`booking ${id}: Stripe charged ${charged}, ledger ${await ledgerSum(db, id, "charge")}`);
      const refunds = [...fake.refunds.values()].filter((refund) => intents.some((intent) => intent.id === refund.payment_intent));
      const refunded = refunds.reduce((sum, refund) => sum + refund.amount, 0);
      if (refunded !== (await ledgerSum(db, id, "refund"))) problems.push(`booking ${id}: Stripe refunded ${refunded}, ledger ${await ledgerSum(db, id, "refund")}`);
      const calls = refunds.map((refund) => refund.metadata.provider_call_id).filter(Boolean);
      if (new Set(calls).size !== calls.length) problems.push(`booking ${id}: one provider call refunded twice at Stripe`);
    }
    return [...problems, ...(await moneyProblemsOf(db, ids))];
  }

  async function restartStripe(s: Scenario) {
    fake.clearFaults();
    const at = await runToQuiescence(database.db, s.now);
    s.advance(at.getTime() - s.now.getTime());
  }

  async function paidAtStripe(s: Scenario, pick: { date: string; hour: number; hours?: number } = PICK) {
    const held = await s.book(s.guest, pick);
    const intentId = (await intentOf(database.db, held.bookingId))!.id;
    fake.succeed(intentId);
    await settleProviderPayment(database.db, { intentId, now: s.now });
    expect((await bookingOf(database.db, held.bookingId)).status).toBe("confirmed");
    return { bookingId: held.bookingId, intentId };
  }

  it("guest_cancel × Stripe refund: lose-answer (made at Stripe, every answer lost): refunded once, recorded once", async () => {
    const db = database.db;
    const s = await bookingScenario(db, { now: NOW, listing: { cancellationPolicy: "flexible" } });
    const { bookingId, intentId } = await paidAtStripe(s);
    fake.inject({ method: "POST", path: "refunds", mode: "lose-answer", times: Infinity });
    const cancelled = await s.cancel(s.guest, bookingId, 10000);
    expect(cancelled).toEqual({ ok: true, refundMinor: 10000 });
    const lost = fake.requestsTo("POST", "/v1/refunds").filter((request) => request.fault === "lose-answer");
    expect(lost.length).toBeGreaterThanOrEqual(1);
    expect(new Set(lost.map((request) => request.idempotencyKey)).size).toBe(1);
    expect([...fake.refunds.values()].filter((refund) => refund.payment_intent === intentId)).toHaveLength(1);

    await restartStripe(s);
    expect([...fake.refunds.values()].filter((refund) => refund.payment_intent === intentId).map((refund) => refund.amount)).toEqual([10000]);
    expect(await bookingOf(db, bookingId)).toMatchObject({ status: "cancelled", refundAmount: 10000 });
    expect((await payoutOf(db, bookingId))?.status).toBe("cancelled");
    // charge.refunded arrives (twice): the refund is the platform's own, never also 'made elsewhere'.
    await syncRefunds(db, { intentId, now: s.now });
    await syncRefunds(db, { intentId, now: s.now });
    expect(await ledgerSum(db, bookingId, "refund")).toBe(10000);
    expect(await stripeProblems(db, s.space.id)).toEqual([]);
  });

  it("expire × Stripe cancel intent: error (500 on every try of the request): cancelled by the job later", async () => {
    const db = database.db;
    const s = await bookingScenario(db, { now: NOW });
    const held = await s.book(s.guest, PICK);
    const intentId = (await intentOf(db, held.bookingId))!.id;
    s.advance(16 * MINUTE);
    fake.inject({ method: "POST", path: "payment_intents/:id/cancel", mode: "error", status: 500, times: Infinity });
    expect(await sweepAllExpiredHolds(db, s.now)).toBeGreaterThanOrEqual(1);
    expect(fake.intents.get(intentId)?.status).toBe("requires_payment_method");
    const [call] = await db.select().from(providerCalls).where(and(eq(providerCalls.bookingId, held.bookingId), eq(providerCalls.kind, "cancel_intent")));
    expect(call).toMatchObject({ status: "pending" });
    expect(call!.lastError).toBeTruthy();

    await restartStripe(s);
    expect(fake.intents.get(intentId)?.status).toBe("canceled");
    expect(await bookingOf(db, held.bookingId)).toMatchObject({ status: "expired", endedReason: "lapsed" });
    // A payment can no longer arrive for it: Stripe refuses to charge a cancelled intent.
    expect(() => fake.succeed(intentId)).toThrow(/canceled/);
    expect(await stripeProblems(db, s.space.id)).toEqual([]);
  });

  it("hold × Stripe create intent: timeout (no answer, nothing made): the request fails, the slot is free, the same key retries", async () => {
    const db = database.db;
    const s = await bookingScenario(db, { now: NOW });
    const key = crypto.randomUUID();
    const body = s.request(PICK);
    // A time-out as the SDK meets it, without its 20 s wait: the held request's socket is cut
    // (nothing was performed at Stripe), as the SDK's own time-out would abort it.
    fake.inject({ method: "POST", path: "payment_intents", mode: "timeout", times: Infinity });
    const held = (fake as unknown as { held: Set<{ destroy(): void }> }).held;
    const cutter = setInterval(() => {
      for (const response of held) response.destroy();
    }, 20);
    try {
      await expect(s.hold(s.guest, body, key)).rejects.toThrow(/could not be made/);
    } finally {
      clearInterval(cutter);
    }
    expect(fake.requestsTo("POST", "/v1/payment_intents").filter((request) => request.fault === "timeout").length).toBeGreaterThanOrEqual(1);
    expect([...fake.intents.values()].filter((intent) => intent.metadata.space_id === s.space.id)).toEqual([]);
    expect(await s.calendar()).toEqual([]);

    await restartStripe(s);
    const retried = await s.hold(s.guest, body, key);
    expect(retried.ok).toBe(true);
    if (!retried.ok) return;
    const intentId = (await intentOf(db, retried.bookingId))!.id;
    fake.succeed(intentId);
    await settleProviderPayment(db, { intentId, now: s.now });
    expect((await bookingOf(db, retried.bookingId)).status).toBe("confirmed");
    expect(await stripeProblems(db, s.space.id)).toEqual([]);
  });

  it("refund_late_payment × Stripe refund: error (500 on every try), then lose-answer: refunded in full once", async () => {
    const db = database.db;
    const s = await bookingScenario(db, { now: NOW });
    const held = await s.book(s.guest, PICK);
    const intentId = (await intentOf(db, held.bookingId))!.id;
    s.advance(16 * MINUTE);
    // The payment succeeds at Stripe after the hold lapsed (before the sweep ran).
    fake.succeed(intentId);
    fake.inject({ method: "POST", path: "refunds", mode: "error", status: 500, times: Infinity });
    await settleProviderPayment(db, { intentId, now: s.now });
    expect([...fake.refunds.values()].filter((refund) => refund.payment_intent === intentId)).toEqual([]);
    fake.clearFaults();
    fake.inject({ method: "POST", path: "refunds", mode: "lose-answer", times: Infinity });
    s.advance(HOUR);
    await runProviderCalls(db, s.now);
    await restartStripe(s);
    expect([...fake.refunds.values()].filter((refund) => refund.payment_intent === intentId).map((refund) => refund.amount)).toEqual([11000]);
    expect(await bookingOf(db, held.bookingId)).toMatchObject({ status: "expired", endedReason: "late_payment", refundAmount: 11000 });
    await syncRefunds(db, { intentId, now: s.now });
    expect(await stripeProblems(db, s.space.id)).toEqual([]);
  });
});

// ---------------------------------------------------------------------------
// SIGKILL: the provider-calls job killed for good while it performs refunds

describe("the provider-calls job killed while performing provider calls (SIGKILL)", () => {
  let killDb: Database;
  let target: string;
  let cleanup: () => Promise<void>;

  async function open() {
    killDb = testEngine() === "postgres" ? await openDatabase({ engine: "postgres", url: target, max: 4 }) : await openDatabase({ engine: "pglite", dataDir: target });
    await runMigrations(killDb);
  }

  beforeAll(async () => {
    if (testEngine() === "postgres") {
      const scratch = await createScratchPostgres("rentwell_calls_kill");
      target = scratch.url;
      cleanup = scratch.drop;
    } else {
      target = fs.mkdtempSync(path.join(os.tmpdir(), "rentwell-calls-kill-"));
      cleanup = async () => fs.rmSync(target, { recursive: true, force: true });
    }
    await open();
  });
  afterAll(async () => {
    await killDb.close();
    await cleanup();
  });

  function runChild(now: Date): Promise<{ signal: string | null }> {
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, ["--import", "tsx", "--import", "./scripts/lingui-register.mjs", "tests/integration/provider-calls-crash-child.ts", testEngine(), target, now.toISOString()], {
        cwd: process.cwd(),
        env: { ...process.env, LOG_LEVEL: "silent" },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let paused = false;
      let output = "";
      child.stdout.on("data", (chunk: Buffer) => {
        output += chunk.toString();
        if (!paused && output.includes("PAUSED")) {
          paused = true;
          child.kill("SIGKILL");
        }
      });
      child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
      child.on("error", reject);
      child.on("exit", (code, signal) => (paused ? resolve({ signal }) : reject(new Error(`The child ended without pausing (${code}): ${output}`))));
    });
  }

  it("refunds each cancelled booking exactly once after the restart, and every invariant holds", async () => {
    const db = killDb.db;
    const s = await bookingScenario(db, { now: NOW, listing: { cancellationPolicy: "flexible" } });
    await onboardHost(db, s.host.id, s.now);
    const ids: string[] = [];
    for (const date of ["2026-06-10", "2026-06-11", "2026-06-12"]) {
      const held = await s.book(s.guest, { date, hour: 10, hours: 2 });
      await s.pay(s.guest, held.clientSecret);
      // Each cancellation commits, and its process dies before the refund is made: three refunds pending.
      armFault("call:before-provider");
      await expect(s.cancel(s.guest, held.bookingId, 10000)).rejects.toBeInstanceOf(InjectedCrash);
      disarmFaults();
      ids.push(held.bookingId);
    }
    const pending = await db.select().from(providerCalls).where(and(inArray(providerCalls.bookingId, ids), eq(providerCalls.status, "pending")));
    expect(pending.map((call) => call.kind)).toEqual(["refund", "refund", "refund"]);

    const jobAt = new Date(s.now.getTime() + LEASE_MS + 1_000); // past the dead requests' claims
    if (testEngine() === "pglite") await killDb.close();
    const killed = await runChild(jobAt);
    expect(killed.signal).toBe("SIGKILL");
    if (testEngine() === "pglite") await open();
    const after = killDb.db;

    // Killed with two refunds made at the processor and one of them recorded.
    const made = await after.select().from(payments).where(and(inArray(payments.bookingId, ids), eq(payments.status, "refunded")));
    expect(made).toHaveLength(2);
    const recorded = await after.select().from(ledgerEntries).where(and(inArray(ledgerEntries.bookingId, ids), eq(ledgerEntries.kind, "refund")));
    expect(recorded).toHaveLength(1);

    await runToQuiescence(after, jobAt, { payouts: true });
    for (const id of ids) {
      expect(await bookingOf(after, id)).toMatchObject({ status: "cancelled", refundAmount: 10000 });
      expect(await processorRefunds(after, id)).toEqual([10000]);
      expect(await ledgerSum(after, id, "refund")).toBe(10000);
    }
    expect(await moneyProblemsOf(after, ids)).toEqual([]);
  });
});
