import type { Translate } from "~/features/i18n/translate";
import { msg, plural } from "@lingui/core/macro";
import { intlLocale } from "~/lib/locales";
import { Pager } from "~/ui/pager";
import type { ReactNode } from "react";
import { formatMinor } from "~/lib/money";
import { Alert } from "~/ui/alert";
import { Badge } from "~/ui/badge";
import { Card } from "~/ui/card";
import { StatTile } from "~/features/dashboard/components/stat-tile";
import { formatGrowth, formatRating, monthLabel, type FeeMonth } from "../analytics";
import { formatDate } from "~/lib/dates";
import { translatable } from "~/features/i18n/translatable";
import { useLocale, useTranslate } from "~/features/i18n/use-translate";

export type RevenueRow = { currency: string; revenue: number; bookings: number; lastMonth: number; monthBefore: number; growth: number | null };
export type Counts = { activeSpaces: number; users: number; averageRating: number | null; ratedSpaces: number };

/** A titled panel of the admin page. */
export function Panel({ id, title, count, children }: { id: string; title: string; count?: number; children: ReactNode }) {
  const number = useNumber();
  return (
    <Card className="min-w-0">
      <section aria-labelledby={id}>
        <h2 id={id} className="text-lg font-semibold text-slate-900">
          {title}
          {count !== undefined && <span className="ms-2 text-base font-normal text-slate-600">({number(count)})</span>}
        </h2>
        {children}
      </section>
    </Card>
  );
}

/** Revenue per currency (never added across currencies), growth, listings, users and the average rating. */
export function Overview({ revenue, counts, growthMonths }: { revenue: RevenueRow[]; counts: Counts; growthMonths: { last: string; before: string } }) {
  const main = revenue[0];
  const _ = useTranslate();
  const number = useNumber();
  const others = revenue.length - 1;
  const { last, before } = growthMonths;
  const rated = counts.ratedSpaces;
  const ratedCount = number(rated);
  return (
    <dl className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
      <StatTile
        label={_(msg`Revenue`)}
        value={main ? formatMinor(main.revenue, main.currency) : formatMinor(0, "USD")}
        detail={
          revenue.length > 1
            ? _(msg`${plural(others, { one: "plus # other currency below", other: "plus # other currencies below" })}`)
            : _(msg`paid bookings, excluding cancelled`)
        }
        testId="stat-revenue"
      />
      <StatTile
        label={_(msg`Revenue growth`)}
        value={formatGrowth(main?.growth ?? null)}
        detail={`${_(msg`${last} vs ${before}`)}${main ? `, ${main.currency}` : ""}`}
        testId="stat-growth"
      />
      <StatTile label={_(msg`Active spaces`)} value={number(counts.activeSpaces)} detail={_(msg`published and available`)} testId="stat-active-spaces" />
      <StatTile label={_(msg`Users`)} value={number(counts.users)} testId="stat-users" />
      <StatTile
        label={_(msg`Average rating`)}
        value={formatRating(counts.averageRating)}
        detail={_(msg`${plural(rated, { one: `over ${ratedCount} rated listing`, other: `over ${ratedCount} rated listings` })}`)}
        testId="stat-rating"
      />
    </dl>
  );
}

/** Revenue and growth for every currency, each on its own row. */
export function RevenueTable({ revenue, growthMonths }: { revenue: RevenueRow[]; growthMonths: { last: string; before: string } }) {
  const _ = useTranslate();
  const number = useNumber();
  if (revenue.length === 0) return <p className="mt-3 text-slate-600">{_(msg`No paid bookings yet.`)}</p>;
  const { last, before } = growthMonths;
  return (
    <div className="mt-3 overflow-x-auto">
      <table className="w-full text-start text-sm">
        <caption className="mb-2 text-start text-xs text-slate-600">{_(msg`Paid bookings, excluding cancelled ones. Growth: ${last} against ${before}.`)}</caption>
        <thead className="text-slate-600">
          <tr>
            <th scope="col" className="py-2 pe-3 font-medium">
              {_(msg`Currency`)}
            </th>
            <th scope="col" className="py-2 pe-3 text-end font-medium">
              {_(msg`Revenue`)}
            </th>
            <th scope="col" className="py-2 pe-3 text-end font-medium">
              {_(msg`Bookings`)}
            </th>
            <th scope="col" className="py-2 text-end font-medium">
              {_(msg`Growth`)}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {revenue.map((row) => (
            <tr key={row.currency} data-testid="revenue-row">
              <th scope="row" className="py-2 pe-3 font-semibold text-slate-900">{row.currency}</th>
              <td className="py-2 pe-3 text-end tabular-nums">{formatMinor(row.revenue, row.currency)}</td>
              <td className="py-2 pe-3 text-end tabular-nums">{number(row.bookings)}</td>
              <td className="py-2 text-end tabular-nums">{formatGrowth(row.growth)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The `total_platform_fees` view's latest 12 months: month, total fees, bookings, currency. */
export function FeeTable({ rows }: { rows: readonly FeeMonth[] }) {
  const _ = useTranslate();
  const number = useNumber();
  const locale = useLocale();
  if (rows.length === 0) return <p className="mt-3 text-slate-600">{_(msg`No platform fees in the last 12 months.`)}</p>;
  return (
    <div className="mt-3 overflow-x-auto">
      <table className="w-full text-start text-sm" data-testid="fee-table">
        <caption className="sr-only">{_(msg`Platform fees per month, newest first`)}</caption>
        <thead className="text-slate-600">
          <tr>
            <th scope="col" className="py-2 pe-3 font-medium">
              {_(msg`Month`)}
            </th>
            <th scope="col" className="py-2 pe-3 text-end font-medium">
              {_(msg`Total fees`)}
            </th>
            <th scope="col" className="py-2 pe-3 text-end font-medium">
              {_(msg`Bookings`)}
            </th>
            <th scope="col" className="py-2 font-medium">
              {_(msg`Currency`)}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={`${row.month}-${row.currency}`} data-testid="fee-row">
              <th scope="row" className="py-2 pe-3 font-semibold text-slate-900">{monthLabel(row.month, intlLocale(locale))}</th>
              <td className="py-2 pe-3 text-end tabular-nums">{formatMinor(row.totalFees, row.currency)}</td>
              <td className="py-2 pe-3 text-end tabular-nums">{number(row.totalBookings)}</td>
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
  const _ = useTranslate();
  return (
    <Alert tone="error" className="mt-3">
      {_(message)}
    </Alert>
  );
}

const ACTION_TEXT: Record<string, { text: string; tone: "danger" | "success" | "neutral" }> = {
  unpublish_listing: { text: translatable("Unpublished listing"), tone: "danger" },
  republish_listing: { text: translatable("Republished listing"), tone: "success" },
  suspend_user: { text: translatable("Suspended account"), tone: "danger" },
  unsuspend_user: { text: translatable("Unsuspended account"), tone: "success" },
  cancel_booking: { text: translatable("Cancelled booking"), tone: "danger" },
  approve_identity: { text: translatable("Approved identity"), tone: "success" },
  reject_identity: { text: translatable("Rejected identity"), tone: "danger" },
  update_setting: { text: translatable("Changed setting"), tone: "neutral" },
  hide_guest_review: { text: translatable("Hid review of a guest"), tone: "danger" },
  restore_guest_review: { text: translatable("Restored review of a guest"), tone: "success" },
};

/** Whole numbers as the page's language writes them (English pages: en-US, as before). */
function useNumber(): (value: number) => string {
  const locale = useLocale();
  return (value) => value.toLocaleString(intlLocale(locale));
}

export type LogRow = { id: string; action: string; targetLabel: string; reason: string | null; createdAt: string | Date; adminEmail: string };

/** "Mar 10, 2026, 9:00 AM UTC", in the page's language (`intlLocale`: Western digits in Arabic). */
export function formatWhen(value: string | Date, locale = "en") {
  return formatDate(value, intlLocale(locale), { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }) + " UTC";
}

/**
 * The log row's target in the page's language where the server stored a text of its own
 * (the settings' label, a claim's decision); a listing's title or an e-mail as stored.
 */
function logTarget(row: LogRow, _: Translate): string {
  if (row.action === "update_setting") return _(row.targetLabel);
  const claim = row.action === "decide_claim" ? /^Claim of (.+): (.+) decided$/.exec(row.targetLabel) : null;
  if (claim) {
    const claimed = claim[1]!;
    const decided = claim[2]!;
    return _(msg`Claim of ${claimed}: ${decided} decided`);
  }
  return row.targetLabel;
}

/** Every admin action, newest first: who, what, when, which target and why. */
export function AdminLog({ rows }: { rows: readonly LogRow[] }) {
  const _ = useTranslate();
  const locale = useLocale();
  if (rows.length === 0) return <p className="mt-3 text-slate-600">{_(msg`No admin actions yet.`)}</p>;
  return (
    <ul className="mt-3 divide-y divide-slate-100" data-testid="admin-log">
      {rows.map((row) => {
        const action = ACTION_TEXT[row.action] ?? { text: row.action, tone: "danger" as const };
        return (
          <li key={row.id} className="py-3 text-sm" data-testid="admin-log-row">
            <div className="flex flex-wrap items-center gap-2">
              <Badge tone={action.tone}>{_(action.text)}</Badge>
              <span className="font-semibold break-all text-slate-900">{logTarget(row, _)}</span>
            </div>
            <p className="mt-1 break-words text-slate-600">
              {_(msg`by ${row.adminEmail}`)} · <time dateTime={new Date(row.createdAt).toISOString()}>{formatWhen(row.createdAt, locale)}</time>
              {row.reason && (
                <>
                  {" "}
                  · {row.action === "update_setting" ? _(msg({ message: "Change", context: "the admin log: what a setting change was" })) : _(msg`Reason`)}: {row.reason}
                </>
              )}
            </p>
          </li>
        );
      })}
    </ul>
  );
}
