import { formatDate } from "~/lib/dates";
/**
 * Pure helpers of the platform analytics (ADR 0152), shared by the server and the page.
 */

/** The first instant of the UTC month `offset` months from the one `now` falls in. */
export function monthStart(now: Date, offset = 0): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1));
}

/** "Oct 2026" for the month a UTC instant falls in (in `locale`, an Intl locale). */
export function monthLabel(month: Date | string, locale = "en-US"): string {
  const date = typeof month === "string" ? new Date(month) : month;
  return formatDate(date, locale, { month: "short", year: "numeric", timeZone: "UTC" });
}

/**
 * Month-over-month growth in percent with one decimal, from two integer totals of one
 * currency; null when the earlier month had nothing to compare with.
 */
export function growthPercent(current: number, previous: number): number | null {
  if (previous <= 0) return null;
  return Math.round(((current - previous) * 1000) / previous) / 10;
}

/** "+12.5%", "−3.0%", "0.0%", or "—" when there is no earlier month. */
export function formatGrowth(growth: number | null): string {
  if (growth === null) return "—";
  const sign = growth > 0 ? "+" : growth < 0 ? "−" : "";
  return `${sign}${Math.abs(growth).toFixed(1)}%`;
}

/** An average rating with one decimal, or "—" when no listing has a rating yet. */
export function formatRating(average: number | null): string {
  return average === null ? "—" : average.toFixed(1);
}

export type FeeMonth = { month: string; totalFees: number; totalBookings: number; currency: string };

export type ChartSeries = { months: string[]; bookings: number[]; fees: Record<string, number[]> };

/**
 * The chart's data from the fee table: one point per month of `months` (oldest first; a
 * month without bookings is a zero), bookings summed over currencies, fees kept per
 * currency (never added across currencies).
 */
export function chartSeries(rows: readonly FeeMonth[], months: readonly string[] = [...new Set(rows.map((row) => row.month))].sort()): ChartSeries {
  const index = new Map(months.map((month, i) => [month, i]));
  const bookings = months.map(() => 0);
  const fees: Record<string, number[]> = {};
  for (const row of rows) {
    const i = index.get(row.month);
    if (i === undefined) continue;
    bookings[i]! += row.totalBookings;
    (fees[row.currency] ??= months.map(() => 0))[i] = row.totalFees;
  }
  return { months: [...months], bookings, fees };
}

/** The first instants (ISO) of the `count` months up to the one `now` falls in, oldest first. */
export function lastMonths(now: Date, count: number): string[] {
  return Array.from({ length: count }, (_, i) => monthStart(now, i - count + 1).toISOString());
}

/** Axis steps of 1, 2 and 5 times a power of ten: whole bookings, whole minor units. */
export const WHOLE_STEPS = Array.from({ length: 13 }, (_, power) => [1, 2, 5].map((step) => step * 10 ** power)).flat();
