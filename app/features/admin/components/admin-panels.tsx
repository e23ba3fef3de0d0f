import { Pager } from "~/ui/pager";
import type { ReactNode } from "react";
import { formatMinor } from "~/lib/money";
import { Alert } from "~/ui/alert";
import { Badge } from "~/ui/badge";
import { Card } from "~/ui/card";
import { StatTile } from "~/features/dashboard/components/stat-tile";
import { formatGrowth, formatRating, monthLabel, type FeeMonth } from "../analytics";
import { formatDate } from "~/lib/dates";

export type RevenueRow = { currency: string; revenue: number; bookings: number; lastMonth: number; monthBefore: number; growth: number | null };
export type Counts = { activeSpaces: number; users: number; averageRating: number | null; ratedSpaces: number };

/** A titled panel of the admin page. */
export function Panel({ id, title, count, children }: { id: string; title: string; count?: number; children: ReactNode }) {
  return (
    <Card className="min-w-0">
      <section aria-labelledby={id}>
        <h2 id={id} className="text-lg font-semibold text-slate-900">
          {title}
          {count !== undefined && <span className="ml-2 text-base font-normal text-slate-600">({count.toLocaleString("en-US")})</span>}
        </h2>
        {children}
      </section>
    </Card>
  );
}

/** Revenue per currency (never added across currencies), growth, listings, users and the average rating. */
export function Overview({ revenue, counts, growthMonths }: { revenue: RevenueRow[]; counts: Counts; growthMonths: { last: string; before: string } }) {
  const main = revenue[0];
  return (
    <dl className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
      <StatTile
        label="Revenue"
        value={main ? formatMinor(main.revenue, main.currency) : formatMinor(0, "USD")}
        detail={revenue.length > 1 ? `plus ${revenue.length - 1} other ${revenue.length === 2 ? "currency" : "currencies"} below` : "paid bookings, excluding cancelled"}
        testId="stat-revenue"
      />
      <StatTile
        label="Revenue growth"
        value={formatGrowth(main?.growth ?? null)}
        detail={`${growthMonths.last} vs ${growthMonths.before}${main ? `, ${main.currency}` : ""}`}
        testId="stat-growth"
      />
      <StatTile label="Active spaces" value={counts.activeSpaces.toLocaleString("en-US")} detail="published and available" testId="stat-active-spaces" />
      <StatTile label="Users" value={counts.users.toLocaleString("en-US")} testId="stat-users" />
      <StatTile
        label="Average rating"
        value={formatRating(counts.averageRating)}
        detail={`over ${counts.ratedSpaces.toLocaleString("en-US")} rated ${counts.ratedSpaces === 1 ? "listing" : "listings"}`}
        testId="stat-rating"
      />
    </dl>
  );
}

/** Revenue and growth for every currency, each on its own row. */
export function RevenueTable({ revenue, growthMonths }: { revenue: RevenueRow[]; growthMonths: { last: string; before: string } }) {
  if (revenue.length === 0) return <p className="mt-3 text-slate-600">No paid bookings yet.</p>;
  return (
    <div className="mt-3 overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="mb-2 text-left text-xs text-slate-600">
          Paid bookings, excluding cancelled ones. Growth: {growthMonths.last} against {growthMonths.before}.
        </caption>
        <thead className="text-slate-600">
          <tr>
            <th scope="col" className="py-2 pr-3 font-medium">Currency</th>
            <th scope="col" className="py-2 pr-3 text-right font-medium">Revenue</th>
            <th scope="col" className="py-2 pr-3 text-right font-medium">Bookings</th>
            <th scope="col" className="py-2 text-right font-medium">
              Growth
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {revenue.map((row) => (
            <tr key={row.currency} data-testid="revenue-row">
              <th scope="row" className="py-2 pr-3 font-semibold text-slate-900">{row.currency}</th>
              <td className="py-2 pr-3 text-right tabular-nums">{formatMinor(row.revenue, row.currency)}</td>
              <td className="py-2 pr-3 text-right tabular-nums">{row.bookings.toLocaleString("en-US")}</td>
              <td className="py-2 text-right tabular-nums">{formatGrowth(row.growth)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The `total_platform_fees` view's latest 12 months: month, total fees, bookings, currency. */
export function FeeTable({ rows }: { rows: readonly FeeMonth[] }) {
  if (rows.length === 0) return <p className="mt-3 text-slate-600">No platform fees in the last 12 months.</p>;
  return (
    <div className="mt-3 overflow-x-auto">
      <table className="w-full text-left text-sm" data-testid="fee-table">
        <caption className="sr-only">Platform fees per month, newest first</caption>
        <thead className="text-slate-600">
          <tr>
            <th scope="col" className="py-2 pr-3 font-medium">Month</th>
            <th scope="col" className="py-2 pr-3 text-right font-medium">Total fees</th>
            <th scope="col" className="py-2 pr-3 text-right font-medium">Bookings</th>
            <th scope="col" className="py-2 font-medium">Currency</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={`${row.month}-${row.currency}`} data-testid="fee-row">
              <th scope="row" className="py-2 pr-3 font-semibold text-slate-900">{monthLabel(row.month)}</th>
              <td className="py-2 pr-3 text-right tabular-nums">{formatMinor(row.totalFees, row.currency)}</td>
              <td className="py-2 pr-3 text-right tabular-nums">{row.totalBookings.toLocaleString("en-US")}</td>
              <td className="py-2">{row.currency}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Previous / Next links for one list of the page, keeping the other lists' pages. */
export function ListPager({ param, page, total, pageSize, search, label }: { param: string; page: number; total: number; pageSize: number; search: string; label: string }) {
  const href = (to: number) => {
    const params = new URLSearchParams(search);
    params.set(param, String(to));
    return `?${params.toString()}`;
  };
  return <Pager page={page} pageCount={Math.ceil(total / pageSize)} href={href} label={label} size="sm" preventScrollReset className="mt-3" />;
}

export function SectionError({ message }: { message: string }) {
  return (
    <Alert tone="error" className="mt-3">
      {message}
    </Alert>
  );
}

const ACTION_TEXT: Record<string, { text: string; tone: "danger" | "success" | "neutral" }> = {
  unpublish_listing: { text: "Unpublished listing", tone: "danger" },
  republish_listing: { text: "Republished listing", tone: "success" },
  suspend_user: { text: "Suspended account", tone: "danger" },
  unsuspend_user: { text: "Unsuspended account", tone: "success" },
  cancel_booking: { text: "Cancelled booking", tone: "danger" },
  approve_identity: { text: "Approved identity", tone: "success" },
  reject_identity: { text: "Rejected identity", tone: "danger" },
  update_setting: { text: "Changed setting", tone: "neutral" },
  hide_guest_review: { text: "Hid review of a guest", tone: "danger" },
  restore_guest_review: { text: "Restored review of a guest", tone: "success" },
};

export type LogRow = { id: string; action: string; targetLabel: string; reason: string | null; createdAt: string | Date; adminEmail: string };

export function formatWhen(value: string | Date) {
  return formatDate(value, "en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }) + " UTC";
}

/** Every admin action, newest first: who, what, when, which target and why. */
export function AdminLog({ rows }: { rows: readonly LogRow[] }) {
  if (rows.length === 0) return <p className="mt-3 text-slate-600">No admin actions yet.</p>;
  return (
    <ul className="mt-3 divide-y divide-slate-100" data-testid="admin-log">
      {rows.map((row) => {
        const action = ACTION_TEXT[row.action] ?? { text: row.action, tone: "danger" as const };
        return (
          <li key={row.id} className="py-3 text-sm" data-testid="admin-log-row">
            <div className="flex flex-wrap items-center gap-2">
              <Badge tone={action.tone}>{action.text}</Badge>
              <span className="font-semibold break-all text-slate-900">{row.targetLabel}</span>
            </div>
            <p className="mt-1 break-words text-slate-600">
              by {row.adminEmail} · <time dateTime={new Date(row.createdAt).toISOString()}>{formatWhen(row.createdAt)}</time>
              {row.reason && (
                <>
                  {" "}
                  · {row.action === "update_setting" ? "Change" : "Reason"}: {row.reason}
                </>
              )}
            </p>
          </li>
        );
      })}
    </ul>
  );
}
