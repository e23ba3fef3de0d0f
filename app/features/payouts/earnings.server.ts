import { and, count, desc, eq, sql } from "drizzle-orm";
import { bookings, payouts } from "~/db/schema/bookings";
import { spaces } from "~/db/schema/listings";
import type { Db } from "~/lib/db.server";
import { getPayoutAccount, payoutAccountState, type PayoutAccount } from "./payouts.server";

/**
 * A host's earnings (issue #13 item 3): per currency, what is pending (held until
 * 24 h after the booking), scheduled (released, waiting for the transfer or for a
 * complete payout account), paid and failed; and their payouts one page at a time.
 * Amounts are never added across currencies.
 */
export type EarningsTotals = { currency: string; pending: number; scheduled: number; paid: number; failed: number };

export type PayoutItem = {
  id: string;
  bookingId: string;
  amount: number;
  currency: string;
  status: "pending" | "scheduled" | "processing" | "paid" | "failed" | "cancelled" | "reversed" | "held";
  /** What this payout settled of what the host owed (a refund after an earlier payout): shown as 'Deducted from this payout'. */
  deducted: number;
  releaseAt: string;
  transferredAt: string | null;
  failureMessage: string | null;
  nextAttemptAt: string | null;
  booking: { startTime: string; endTime: string; status: string; timeZone: string; total: number };
  space: { title: string };
};

export type HostEarnings = { totals: EarningsTotals[]; items: PayoutItem[]; page: number; pageCount: number; total: number };

export const EARNINGS_PAGE_SIZE = 10;

export async function getHostEarnings(db: Db, hostId: string, options: { now?: Date; page?: number; pageSize?: number } = {}): Promise<HostEarnings> {
  const now = (options.now ?? new Date()).toISOString();
  const pageSize = Math.min(50, Math.max(1, Math.floor(options.pageSize ?? EARNINGS_PAGE_SIZE)));
  const sums = await db.execute<{ currency: string; pending: string | number; scheduled: string | number; paid: string | number; failed: string | number }>(sql`
    select currency,
           coalesce(sum(amount) filter (where (status = 'scheduled' and release_at > ${now}::timestamptz) or status = 'held'), 0) as pending,
           coalesce(sum(amount) filter (where status in ('scheduled', 'processing') and release_at <= ${now}::timestamptz), 0) as scheduled,
           coalesce(sum(amount - deducted_amount) filter (where status = 'paid'), 0) as paid,
           coalesce(sum(amount) filter (where status = 'failed'), 0) as failed
      from ${payouts}
     where host_id = ${hostId} and status <> 'cancelled'
     group by currency
     order by currency`);
  const totals = sums.rows.map((row) => ({
    currency: row.currency,
    pending: Number(row.pending),
    scheduled: Number(row.scheduled),
    paid: Number(row.paid),
    failed: Number(row.failed),
  }));
  const mine = eq(payouts.hostId, hostId);
  const [{ value: total } = { value: 0 }] = await db.select({ value: count() }).from(payouts).where(mine);
  const pageCount = Math.max(1, Math.ceil(Number(total) / pageSize));
  const page = Math.min(pageCount, Math.max(1, Math.floor(options.page ?? 1) || 1));
  const rows = await db
    .select({ payout: payouts, booking: bookings, space: { title: spaces.title, timezone: spaces.timezone } })
    .from(payouts)
    .innerJoin(bookings, eq(bookings.id, payouts.bookingId))
    .innerJoin(spaces, and(eq(spaces.id, bookings.spaceId)))
    .where(mine)
    .orderBy(desc(payouts.releaseAt), desc(payouts.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const nowMs = Date.parse(now);
  const items = rows.map(({ payout, booking, space }): PayoutItem => ({
    id: payout.id,
    bookingId: payout.bookingId,
    amount: payout.amount,
    deducted: payout.deductedAmount,
    currency: payout.currency,
    status: payout.status === "scheduled" && payout.releaseAt.getTime() > nowMs ? "pending" : payout.status,
    releaseAt: payout.releaseAt.toISOString(),
    transferredAt: payout.transferredAt?.toISOString() ?? null,
    failureMessage: payout.failureMessage,
    nextAttemptAt: payout.nextAttemptAt?.toISOString() ?? null,
    booking: { startTime: booking.startTime.toISOString(), endTime: booking.endTime.toISOString(), status: booking.status, timeZone: space.timezone, total: booking.totalPrice },
    space: { title: space.title },
  }));
  return { totals, items, page, pageCount, total: Number(total) };
}

export type PayoutAccountView = {
  state: "not_connected" | "incomplete" | "complete";
  provider: string | null;
  accountHolder: string | null;
  country: string | null;
  currency: string | null;
  accountLast4: string | null;
  currentlyDue: string[];
};

/** What the dashboard's payout section shows, in one call: the account's state and the totals per currency. */
export async function getPayoutsOverview(db: Db, hostId: string, now: Date): Promise<{ account: PayoutAccountView; totals: EarningsTotals[] }> {
  const [account, earnings] = await Promise.all([getPayoutAccount(db, hostId), getHostEarnings(db, hostId, { now, pageSize: 1 })]);
  return { account: payoutAccountView(account), totals: earnings.totals };
}

export function payoutAccountView(account: PayoutAccount | null): PayoutAccountView {
  return {
    state: payoutAccountState(account),
    provider: account?.provider ?? null,
    accountHolder: account?.accountHolder ?? null,
    country: account?.country ?? null,
    currency: account?.currency ?? null,
    accountLast4: account?.accountLast4 ?? null,
    currentlyDue: account?.currentlyDue ?? [],
  };
}
