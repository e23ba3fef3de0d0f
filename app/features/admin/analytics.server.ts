import { and, count, desc, eq, gt, sql } from "drizzle-orm";
import { contactMessages, newsletterSubscribers, profiles, spaces } from "~/db/schema/index";
import type { Db } from "~/lib/db.server";
import { clampPage } from "~/lib/uuid";
import { growthPercent, monthStart, type FeeMonth } from "./analytics";

/**
 * The figures of /admin (docs/product.md#admin, ADR 0152). Each is one indexed query;
 * the page runs them side by side. Revenue counts paid bookings (confirmed or completed:
 * what the `total_platform_fees` view counts too), per currency, from `booking_month_totals`.
 */

export type CurrencyRevenue = {
  currency: string;
  revenue: number;
  bookings: number;
  lastMonth: number;
  monthBefore: number;
  growth: number | null;
};

/**
 * Revenue per currency, with the last complete month against the one before it, from
 * the monthly totals the bookings trigger keeps (a few hundred rows, however many bookings).
 */
export async function revenueByCurrency(db: Db, now: Date): Promise<CurrencyRevenue[]> {
  const lastMonth = monthStart(now, -1);
  const monthBefore = monthStart(now, -2);
  const result = await db.execute<{ currency: string; revenue: string; bookings: number; last_month: string; month_before: string }>(sql`
    select currency,
           sum(total_price)::text as revenue,
           sum(paid_bookings)::int as bookings,
           coalesce(sum(total_price) filter (where month = ${lastMonth}), 0)::text as last_month,
           coalesce(sum(total_price) filter (where month = ${monthBefore}), 0)::text as month_before
      from booking_month_totals
     group by currency
    having sum(paid_bookings) > 0
     order by sum(paid_bookings) desc, currency`);
  return result.rows.map((row) => {
    const last = Number(row.last_month);
    const before = Number(row.month_before);
    return {
      currency: row.currency,
      revenue: Number(row.revenue),
      bookings: row.bookings,
      lastMonth: last,
      monthBefore: before,
      growth: growthPercent(last, before),
    };
  });
}

export type PlatformCounts = { activeSpaces: number; users: number; averageRating: number | null; ratedSpaces: number };

/** Listings that are published and available, every profile, and the average non-zero rating. */
export async function platformCounts(db: Db): Promise<PlatformCounts> {
  const [[active], [people], [rated]] = await Promise.all([
    db
      .select({ n: count() })
      .from(spaces)
      .where(and(eq(spaces.isPublished, true), eq(spaces.available, true))),
    db.select({ n: count() }).from(profiles),
    db
      .select({ n: count(), average: sql<string | null>`avg(${spaces.rating})::text` })
      .from(spaces)
      .where(gt(spaces.rating, 0)),
  ]);
  const average = rated?.average == null ? null : Math.round(Number(rated.average) * 10) / 10;
  return { activeSpaces: active?.n ?? 0, users: people?.n ?? 0, averageRating: average, ratedSpaces: rated?.n ?? 0 };
}

export const FEE_MONTHS = 12;

/** The `total_platform_fees` view for the latest 12 months (this one included), newest first. */
export async function monthlyFees(db: Db, now: Date): Promise<FeeMonth[]> {
  const since = monthStart(now, -(FEE_MONTHS - 1));
  const result = await db.execute<{ month: Date | string; total_fees: string; total_bookings: number; currency: string }>(sql`
    select month, total_fees::text as total_fees, total_bookings, currency
      from total_platform_fees
     where month >= ${since}
     order by month desc, currency`);
  return result.rows.map((row) => ({
    month: new Date(row.month).toISOString(),
    totalFees: Number(row.total_fees),
    totalBookings: Number(row.total_bookings),
    currency: row.currency,
  }));
}

export const INBOX_PAGE_SIZE = 10;

/** Contact messages, newest first, a page at a time, with their total. */
export async function contactInbox(db: Db, page: unknown) {
  const safePage = clampPage(page);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: contactMessages.id,
        name: contactMessages.name,
        email: contactMessages.email,
        subject: contactMessages.subject,
        message: contactMessages.message,
        createdAt: contactMessages.createdAt,
      })
      .from(contactMessages)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(INBOX_PAGE_SIZE)
      .offset((safePage - 1) * INBOX_PAGE_SIZE),
    db.select({ n: count() }).from(contactMessages),
  ]);
  return { rows, total: total?.n ?? 0, page: safePage, pageSize: INBOX_PAGE_SIZE };
}

/** Newsletter subscribers, newest first, a page at a time, with their total. */
export async function subscriberList(db: Db, page: unknown) {
  const safePage = clampPage(page);
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: newsletterSubscribers.id, email: newsletterSubscribers.email, source: newsletterSubscribers.source, createdAt: newsletterSubscribers.createdAt })
      .from(newsletterSubscribers)
      .orderBy(desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.id))
      .limit(INBOX_PAGE_SIZE)
      .offset((safePage - 1) * INBOX_PAGE_SIZE),
    db.select({ n: count() }).from(newsletterSubscribers),
  ]);
  return { rows, total: total?.n ?? 0, page: safePage, pageSize: INBOX_PAGE_SIZE };
}
