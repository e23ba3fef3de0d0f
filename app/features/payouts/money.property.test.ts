import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CURRENCIES } from "~/db/listing-enums";
import { quoteBooking, CANCELLATION_POLICIES, type CancellationPolicy } from "~/features/bookings/pricing";
import { bookingProblems } from "./reconcile.server";
import { cancellationSplit } from "./settlement";

/**
 * Integrity over random histories (issue #13): a pure model of the money rules —
 * book, pay, decline, cancel at random times before and after the policy limits,
 * payout job runs that crash after claiming or after transferring, transfers that
 * fail, events replayed, duplicated and reordered — run against the same pricing,
 * refund split and reconciliation functions the server uses. Every currency.
 * fast-check prints the seed and the shrunk history on a failure; rerun it with
 * `fc.assert(..., { seed, path })`.
 */
const HOUR = 3_600_000;
const CLAIM_MS = 10 * 60_000;

type Action =
  | { kind: "pay" | "decline" | "cancel" | "complete-account" | "break-account" | "replay"; at: number; pick: number }
  | { kind: "job"; at: number; crash: "none" | "after-claim" | "after-transfer"; pick: number };

const actionArb: fc.Arbitrary<Action> = fc.oneof(
  fc.record({ kind: fc.constantFrom("pay", "decline", "cancel", "complete-account", "break-account", "replay" as const), at: fc.integer({ min: 0, max: 1_200 }), pick: fc.nat() }),
  fc.record({ kind: fc.constant("job" as const), at: fc.integer({ min: 0, max: 1_200 }), crash: fc.constantFrom("none", "none", "after-claim", "after-transfer" as const), pick: fc.nat() }),
);

const historyArb = fc.record({
  currency: fc.constantFrom(...CURRENCIES),
  unitPrice: fc.integer({ min: 1, max: 5_000_000 }),
  quantity: fc.integer({ min: 1, max: 24 }),
  feePercentBp: fc.integer({ min: 0, max: 5_000 }),
  policy: fc.constantFrom(...CANCELLATION_POLICIES),
  refundServiceFee: fc.boolean(),
  startHour: fc.integer({ min: 1, max: 400 }),
  hours: fc.integer({ min: 1, max: 72 }),
  actions: fc.array(actionArb, { maxLength: 14 }),
  // Events arrive out of order: a random permutation of the timestamps.
  shuffle: fc.boolean(),
});

type History = typeof historyArb extends fc.Arbitrary<infer T> ? T : never;
type Entry = { kind: string; amount: number; at: number };

function simulate(h: History) {
  const quote = quoteBooking({ unitPriceMinor: h.unitPrice, quantity: h.quantity, feePercent: h.feePercentBp / 100, currency: h.currency });
  const start = h.startHour * HOUR;
  const end = start + h.hours * HOUR;
  const release = end + 24 * HOUR;
  const booking = { status: "pending_payment", refund: null as number | null };
  const ledger = new Map<string, Entry>();
  const provider = new Map<string, { amount: number; at: number }>();
  let payout: { status: string; amount: number; attempts: number; nextAttemptAt: number; claimedUntil: number } | null = null;
  let account = { complete: false, failing: false };
  const append = (key: string, entry: Entry) => {
    if (entry.amount > 0 && !ledger.has(key)) ledger.set(key, entry);
  };

  const job = (at: number, crash: "none" | "after-claim" | "after-transfer") => {
    if (booking.status === "confirmed" && end <= at) booking.status = "completed";
    if (!payout || !account.complete || release > at || payout.amount <= 0) return;
    const claimable =
      payout.status === "scheduled" || (payout.status === "failed" && payout.nextAttemptAt <= at) || (payout.status === "processing" && payout.claimedUntil <= at);
    if (!claimable) return;
    payout.status = "processing";
    payout.attempts++;
    payout.claimedUntil = at + CLAIM_MS;
    if (crash === "after-claim") return;
    if (account.failing) {
      payout.status = "failed";
      payout.nextAttemptAt = at + Math.min(24 * HOUR, 5 * 60_000 * 2 ** (payout.attempts - 1));
      return;
    }
    const key = "payout:1";
    if (!provider.has(key)) provider.set(key, { amount: payout.amount, at });
    if (crash === "after-transfer") return;
    if (payout.status !== "processing") return;
    payout.status = "paid";
    append("transfer:1", { kind: "transfer", amount: provider.get(key)!.amount, at });
  };

  const times = h.actions.map((a) => a.at * HOUR);
  if (h.shuffle) times.sort((a, b) => b - a);
  const ordered = h.actions.map((a, i) => ({ ...a, at: times[i]! })).sort((a, b) => a.at - b.at);
  for (const action of ordered) {
    switch (action.kind) {
      case "pay":
        if (booking.status !== "pending_payment" || action.at >= start) break;
        booking.status = "confirmed";
        append("charge", { kind: "charge", amount: quote.totalMinor, at: action.at });
        append("fee", { kind: "fee", amount: quote.feeMinor, at: action.at });
        payout ??= { status: quote.rentalMinor > 0 ? "scheduled" : "cancelled", amount: quote.rentalMinor, attempts: 0, nextAttemptAt: 0, claimedUntil: 0 };
        break;
      case "decline":
        break;
      case "cancel": {
        if (booking.status !== "confirmed" || action.at >= start) break;
        const split = cancellationSplit({
          policy: h.policy as CancellationPolicy,
          startTime: new Date(start),
          now: new Date(action.at),
          rentalMinor: quote.rentalMinor,
          feeMinor: quote.feeMinor,
          refundServiceFee: h.refundServiceFee,
        });
        expect(split.refund + split.hostShare + split.platformFee).toBe(quote.totalMinor);
        booking.status = "cancelled";
        booking.refund = split.refund;
        append("refund", { kind: "refund", amount: split.refund, at: action.at });
        append("fee_refund", { kind: "fee_refund", amount: split.feeRefund, at: action.at });
        if (payout && (payout.status === "scheduled" || payout.status === "failed")) {
          payout.amount = split.hostShare;
          payout.status = split.hostShare > 0 ? "scheduled" : "cancelled";
        }
        break;
      }
      case "complete-account":
        account = { complete: true, failing: account.failing && action.pick % 2 === 0 };
        break;
      case "break-account":
        account = { ...account, failing: true };
        break;
      case "replay": {
        // A webhook or job result delivered again: the same key, nothing new.
        const keys = [...ledger.keys()];
        if (keys.length > 0) {
          const key = keys[action.pick % keys.length]!;
          append(key, { ...ledger.get(key)!, at: action.at });
        }
        break;
      }
      case "job":
        job(action.at, action.crash);
        job(action.at, "none"); // a second process sweeping at the same moment
        break;
    }
  }
  // Eventually: onboarding completes, the account works, the job runs after every claim lapsed.
  account = { complete: true, failing: false };
  const late = Math.max(release, ...times) + 48 * HOUR;
  job(late, "none");
  job(late + HOUR, "none");

  const sum = (kind: string) => [...ledger.values()].filter((e) => e.kind === kind).reduce((total, e) => total + e.amount, 0);
  return { quote, release, booking, ledger, provider, payout, sum };
}

describe("money integrity over random histories", () => {
  it("accounts for every minor unit in every currency; nothing refunded or transferred twice, nothing paid before release or after a full refund", () => {
    fc.assert(
      fc.property(historyArb, (h) => {
        const { quote, release, booking, ledger, provider, payout, sum } = simulate(h);
        const row = {
          id: "b",
          currency: h.currency,
          status: booking.status,
          total_price: quote.totalMinor,
          refund_amount: booking.refund,
          payout_status: payout?.status ?? null,
          payout_amount: payout?.amount ?? null,
          charge: sum("charge"),
          refund: sum("refund"),
          fee: sum("fee"),
          fee_refund: sum("fee_refund"),
          transfer: sum("transfer"),
          reversal: 0,
          foreign_currency: 0,
        };
        expect(bookingProblems(row).problems).toEqual([]);
        expect(provider.size).toBeLessThanOrEqual(1);
        for (const transfer of provider.values()) expect(transfer.at).toBeGreaterThanOrEqual(release);
        for (const entry of ledger.values()) expect(Number.isSafeInteger(entry.amount)).toBe(true);
        if (booking.refund === quote.totalMinor || (booking.status === "cancelled" && payout?.amount === 0)) expect(provider.size).toBe(0);
        if (payout && payout.amount > 0 && booking.status !== "pending_payment") {
          // Eventually paid exactly once, with the provider's one transfer.
          expect(payout.status).toBe("paid");
          expect(sum("transfer")).toBe(payout.amount);
          expect([...provider.values()][0]!.amount).toBe(payout.amount);
        }
        expect(sum("charge")).toBe(sum("refund") + (sum("fee") - sum("fee_refund")) + sum("transfer") + (payout && ["scheduled", "processing", "failed"].includes(payout.status) ? payout.amount : 0));
      }),
      { numRuns: 10_000 },
    );
  });
});
