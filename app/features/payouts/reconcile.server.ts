import { sql } from "drizzle-orm";
import type { Db } from "~/lib/db.server";

/**
 * The reconciliation behind `npm run money:check` (issue #13, ADR 0122): every
 * booking's ledger against the booking and payout rows, and the totals per currency.
 * Per booking, with amounts in minor units:
 *   captured = host payouts + platform fees + refunds + deducted + dispute losses + still held
 * where host payouts = transfers − reversals, fees = fee − fee_refund + protection −
 * protection_refund (the protection is the platform's revenue, ADR 0286), deducted is what
 * this booking's payout gave to settle its host's debts, and "still held" must be
 * exactly explained (issue #25): the payout not yet sent (less its deduction), plus
 * anything reversed, plus refunds decided and not yet made (pending provider calls, or
 * failed ones, which are reported for a person), less what the host owes the platform
 * for this booking (a refund after the payout), less a dispute loss the platform bore.
 */
export type BookingMoney = {
  bookingId: string;
  currency: string;
  status: string;
  captured: number;
  refunds: number;
  fees: number;
  hostPayouts: number;
  /** Taken from this booking's payout to settle its host's debts. */
  deducted: number;
  disputeLosses: number;
  held: number;
};

export type Difference = { bookingId: string; currency: string; problem: string };

export type CurrencyTotals = { currency: string; bookings: number; captured: number; hostPayouts: number; fees: number; refunds: number; deducted: number; disputeLosses: number; held: number };

export type HostBalance = { hostId: string; currency: string; owed: number; settled: number; outstanding: number };

export type Reconciliation = { ok: boolean; bookings: number; differences: Difference[]; totals: CurrencyTotals[]; hostBalances: HostBalance[] };

type Row = {
  id: string;
  currency: string;
  status: string;
  ended_reason: string | null;
  total_price: string | number;
  protection_amount: string | number;
  refund_amount: string | number | null;
  payout_status: string | null;
  payout_amount: string | number | null;
  payout_deducted: string | number | null;
  deduction: string | number;
  dispute_loss: string | number;
  platform_loss: string | number;
  pending_refunds: string | number;
  failed_refunds: string | number;
  debt: string | number;
  charge: string | number;
  refund: string | number;
  fee: string | number;
  fee_refund: string | number;
  protection: string | number;
  protection_refund: string | number;
  transfer: string | number;
  reversal: string | number;
  foreign_currency: string | number;
};

const n = (value: string | number | null | undefined) => Number(value ?? 0);

const UNPAID_PAYOUT = new Set(["scheduled", "processing", "failed", "held"]);
const PAID_BOOKING = new Set(["confirmed", "completed", "cancelled", "disputed"]);

/** The problems of one booking's money (empty when it reconciles). */
export function bookingProblems(row: Row): { money: BookingMoney; problems: string[] } {
  const captured = n(row.charge);
  const refunds = n(row.refund);
  const fees = n(row.fee) - n(row.fee_refund) + n(row.protection) - n(row.protection_refund);
  const hostPayouts = n(row.transfer) - n(row.reversal);
  const held = captured - refunds - fees - hostPayouts - n(row.deduction) - n(row.dispute_loss);
  const money: BookingMoney = { bookingId: row.id, currency: row.currency, status: row.status, captured, refunds, fees, hostPayouts, deducted: n(row.deduction), disputeLosses: n(row.dispute_loss), held };
  const problems: string[] = [];
  // A request to book its guest withdrew (ADR 0280) is cancelled but was never charged.
  const paid = (PAID_BOOKING.has(row.status) && row.ended_reason !== "request_withdrawn") || (row.status === "expired" && row.ended_reason === "late_payment");
  const expectedCharge = paid ? n(row.total_price) : 0;
  const pending = n(row.pending_refunds);
  const failed = n(row.failed_refunds);
  if (captured !== expectedCharge) problems.push(`captured ${captured}, booking total ${expectedCharge}`);
  if (refunds + pending + failed !== (paid ? n(row.refund_amount) : 0)) problems.push(`refunded ${refunds} (+${pending} pending, +${failed} failed), booking refund ${n(row.refund_amount)}`);
  if (failed > 0) problems.push(`a refund of ${failed} failed at the provider: a person must refund the guest`);
  if (refunds + pending > captured) problems.push(`refunded ${refunds + pending} of ${captured} captured`);
  // The protection bought is its own line once the booking is confirmed (ADR 0286); a late payment, refunded in full, has none.
  const expectedProtection = paid && row.status !== "expired" ? n(row.protection_amount) : 0;
  if (n(row.protection) !== expectedProtection) problems.push(`protection line ${n(row.protection)}, booking protection ${expectedProtection}`);
  if (n(row.foreign_currency) > 0) problems.push(`${n(row.foreign_currency)} ledger entries in another currency`);
  const payoutAmount = n(row.payout_amount);
  const payoutDeducted = n(row.payout_deducted);
  const unpaid = row.payout_status && UNPAID_PAYOUT.has(row.payout_status) ? payoutAmount - payoutDeducted : 0;
  const expectedHeld = unpaid + n(row.reversal) + pending + failed - n(row.debt) - n(row.platform_loss);
  if (held !== expectedHeld) problems.push(`held ${held}, expected ${expectedHeld} (payout ${row.payout_status ?? "none"} ${payoutAmount}, host owes ${n(row.debt)})`);
  const expectedTransfer = row.payout_status === "paid" || row.payout_status === "reversed" ? payoutAmount - payoutDeducted : 0;
  if (n(row.transfer) !== expectedTransfer) problems.push(`transferred ${n(row.transfer)}, payout ${row.payout_status ?? "none"} ${payoutAmount} less ${payoutDeducted} deducted`);
  if (n(row.deduction) !== payoutDeducted) problems.push(`deducted ${n(row.deduction)} in the ledger, ${payoutDeducted} on the payout`);
  if (paid && row.status !== "expired" && !row.payout_status) problems.push("no payout row");
  if (fees < 0 || hostPayouts < 0) problems.push("a negative balance");
  return { money, problems };
}

export async function reconcile(db: Db): Promise<Reconciliation> {
  const result = await db.execute<Row>(sql`
    select b.id, b.currency, b.status, b.ended_reason, b.total_price, b.protection_amount, b.refund_amount,
           p.status as payout_status, p.amount as payout_amount, p.deducted_amount as payout_deducted,
           coalesce(sum(l.amount) filter (where l.kind = 'deduction'), 0) as deduction,
           coalesce(sum(l.amount) filter (where l.kind = 'dispute_loss'), 0) as dispute_loss,
           coalesce(sum(l.amount) filter (where l.kind = 'dispute_loss' and l.provider_reference = 'bearer:platform'), 0) as platform_loss,
           (select coalesce(sum(c.amount), 0) from provider_calls c where c.booking_id = b.id and c.kind = 'refund' and c.status = 'pending') as pending_refunds,
           (select coalesce(sum(c.amount), 0) from provider_calls c where c.booking_id = b.id and c.kind = 'refund' and c.status = 'failed') as failed_refunds,
           (select coalesce(sum(h.amount), 0) from host_balance_entries h where h.booking_id = b.id and h.amount > 0) as debt,
           coalesce(sum(l.amount) filter (where l.kind = 'charge'), 0) as charge,
           coalesce(sum(l.amount) filter (where l.kind = 'refund'), 0) as refund,
           coalesce(sum(l.amount) filter (where l.kind = 'fee'), 0) as fee,
           coalesce(sum(l.amount) filter (where l.kind = 'fee_refund'), 0) as fee_refund,
           coalesce(sum(l.amount) filter (where l.kind = 'protection'), 0) as protection,
           coalesce(sum(l.amount) filter (where l.kind = 'protection_refund'), 0) as protection_refund,
           coalesce(sum(l.amount) filter (where l.kind = 'transfer'), 0) as transfer,
           coalesce(sum(l.amount) filter (where l.kind = 'reversal'), 0) as reversal,
           count(l.id) filter (where l.currency <> b.currency) as foreign_currency
      from bookings b
      left join payouts p on p.booking_id = b.id
      left join ledger_entries l on l.booking_id = b.id
     group by b.id, p.id
     order by b.currency, b.created_at, b.id`);
  const differences: Difference[] = [];
  const totals = new Map<string, CurrencyTotals>();
  for (const row of result.rows) {
    const { money, problems } = bookingProblems(row);
    for (const problem of problems) differences.push({ bookingId: row.id, currency: row.currency, problem });
    if (money.captured === 0 && problems.length === 0) continue;
    const t = totals.get(row.currency) ?? { currency: row.currency, bookings: 0, captured: 0, hostPayouts: 0, fees: 0, refunds: 0, deducted: 0, disputeLosses: 0, held: 0 };
    t.bookings++;
    t.captured += money.captured;
    t.hostPayouts += money.hostPayouts;
    t.fees += money.fees;
    t.refunds += money.refunds;
    t.deducted += money.deducted;
    t.disputeLosses += money.disputeLosses;
    t.held += money.held;
    totals.set(row.currency, t);
  }
  for (const t of totals.values()) {
    const difference = t.captured - (t.hostPayouts + t.fees + t.refunds + t.deducted + t.disputeLosses + t.held);
    if (difference !== 0) differences.push({ bookingId: "(total)", currency: t.currency, problem: `totals differ by ${difference}` });
    for (const value of [t.captured, t.hostPayouts, t.fees, t.refunds, t.deducted, t.disputeLosses, t.held]) {
      if (!Number.isSafeInteger(value)) differences.push({ bookingId: "(total)", currency: t.currency, problem: `total ${value} is not a safe integer` });
    }
  }
  // What hosts owe the platform (refunds after a payout, lost disputes), and what their later payouts settled.
  const balances = await db.execute<{ host_id: string; currency: string; owed: string | number; settled: string | number }>(sql`
    select host_id, currency,
           coalesce(sum(amount) filter (where amount > 0), 0) as owed,
           coalesce(-sum(amount) filter (where amount < 0), 0) as settled
      from host_balance_entries group by host_id, currency order by host_id, currency`);
  const hostBalances = balances.rows.map((row) => ({ hostId: row.host_id, currency: row.currency, owed: n(row.owed), settled: n(row.settled), outstanding: n(row.owed) - n(row.settled) }));
  for (const balance of hostBalances) {
    if (balance.outstanding < 0) differences.push({ bookingId: `(host ${balance.hostId})`, currency: balance.currency, problem: `settled ${balance.settled} of ${balance.owed} owed` });
  }
  return { ok: differences.length === 0, bookings: result.rows.length, differences, totals: [...totals.values()], hostBalances };
}
