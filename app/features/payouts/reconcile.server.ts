import { sql } from "drizzle-orm";
import type { Db } from "~/lib/db.server";

/**
 * The reconciliation behind `npm run money:check` (issue #13, ADR 0122): every
 * booking's ledger against the booking and payout rows, and the totals per currency.
 * Per booking, with amounts in minor units:
 *   captured = host payouts + platform fees + refunds + still held
 * where host payouts = transfers − reversals, fees = fee − fee_refund, and "still
 * held" must be exactly the payout not yet paid (plus anything reversed).
 */
export type BookingMoney = {
  bookingId: string;
  currency: string;
  status: string;
  captured: number;
  refunds: number;
  fees: number;
  hostPayouts: number;
  held: number;
};

export type Difference = { bookingId: string; currency: string; problem: string };

export type CurrencyTotals = { currency: string; bookings: number; captured: number; hostPayouts: number; fees: number; refunds: number; held: number };

export type Reconciliation = { ok: boolean; bookings: number; differences: Difference[]; totals: CurrencyTotals[] };

type Row = {
  id: string;
  currency: string;
  status: string;
  total_price: string | number;
  refund_amount: string | number | null;
  payout_status: string | null;
  payout_amount: string | number | null;
  charge: string | number;
  refund: string | number;
  fee: string | number;
  fee_refund: string | number;
  transfer: string | number;
  reversal: string | number;
  foreign_currency: string | number;
};

const n = (value: string | number | null | undefined) => Number(value ?? 0);

const UNPAID_PAYOUT = new Set(["scheduled", "processing", "failed"]);

/** The problems of one booking's money (empty when it reconciles). */
export function bookingProblems(row: Row): { money: BookingMoney; problems: string[] } {
  const captured = n(row.charge);
  const refunds = n(row.refund);
  const fees = n(row.fee) - n(row.fee_refund);
  const hostPayouts = n(row.transfer) - n(row.reversal);
  const held = captured - refunds - fees - hostPayouts;
  const money: BookingMoney = { bookingId: row.id, currency: row.currency, status: row.status, captured, refunds, fees, hostPayouts, held };
  const problems: string[] = [];
  const paid = ["confirmed", "completed", "cancelled"].includes(row.status) || (row.status === "expired" && row.refund_amount != null);
  const expectedCharge = paid ? n(row.total_price) : 0;
  if (captured !== expectedCharge) problems.push(`captured ${captured}, booking total ${expectedCharge}`);
  if (refunds !== (paid ? n(row.refund_amount) : 0)) problems.push(`refunded ${refunds}, booking refund ${n(row.refund_amount)}`);
  if (refunds > captured) problems.push(`refunded ${refunds} of ${captured} captured`);
  if (n(row.foreign_currency) > 0) problems.push(`${n(row.foreign_currency)} ledger entries in another currency`);
  const payoutAmount = n(row.payout_amount);
  const expectedHeld = (row.payout_status && UNPAID_PAYOUT.has(row.payout_status) ? payoutAmount : 0) + n(row.reversal);
  if (held !== expectedHeld) problems.push(`held ${held}, expected ${expectedHeld} (payout ${row.payout_status ?? "none"} ${payoutAmount})`);
  const expectedTransfer = row.payout_status === "paid" || row.payout_status === "reversed" ? payoutAmount : 0;
  if (n(row.transfer) !== expectedTransfer) problems.push(`transferred ${n(row.transfer)}, payout ${row.payout_status ?? "none"} ${payoutAmount}`);
  if (paid && row.status !== "expired" && !row.payout_status) problems.push("no payout row");
  if (held < 0 || fees < 0 || hostPayouts < 0) problems.push("a negative balance");
  return { money, problems };
}

export async function reconcile(db: Db): Promise<Reconciliation> {
  const result = await db.execute<Row>(sql`
    select b.id, b.currency, b.status, b.total_price, b.refund_amount,
           p.status as payout_status, p.amount as payout_amount,
           coalesce(sum(l.amount) filter (where l.kind = 'charge'), 0) as charge,
           coalesce(sum(l.amount) filter (where l.kind = 'refund'), 0) as refund,
           coalesce(sum(l.amount) filter (where l.kind = 'fee'), 0) as fee,
           coalesce(sum(l.amount) filter (where l.kind = 'fee_refund'), 0) as fee_refund,
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
    const t = totals.get(row.currency) ?? { currency: row.currency, bookings: 0, captured: 0, hostPayouts: 0, fees: 0, refunds: 0, held: 0 };
    t.bookings++;
    t.captured += money.captured;
    t.hostPayouts += money.hostPayouts;
    t.fees += money.fees;
    t.refunds += money.refunds;
    t.held += money.held;
    totals.set(row.currency, t);
  }
  for (const t of totals.values()) {
    const difference = t.captured - (t.hostPayouts + t.fees + t.refunds + t.held);
    if (difference !== 0) differences.push({ bookingId: "(total)", currency: t.currency, problem: `totals differ by ${difference}` });
    for (const value of [t.captured, t.hostPayouts, t.fees, t.refunds, t.held]) {
      if (!Number.isSafeInteger(value)) differences.push({ bookingId: "(total)", currency: t.currency, problem: `total ${value} is not a safe integer` });
    }
  }
  return { ok: differences.length === 0, bookings: result.rows.length, differences, totals: [...totals.values()] };
}
