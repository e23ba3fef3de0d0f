import { msg, plural } from "@lingui/core/macro";
import { CalendarDays, LayoutList, Plus, UserRound } from "lucide-react";
import { data, Link } from "react-router";
import { metaTranslate } from "~/features/i18n/translate";
import { requireUser } from "~/features/auth/session.server";
import { cancelBooking } from "~/features/bookings/cancellation.server";
import { CLAIM_STATUS_TEXT, DEPOSIT_STATUS_TEXT } from "~/features/bookings/deposit-rules";
import { listHostDeposits } from "~/features/bookings/deposits.server";
import { formatMinor } from "~/lib/money";
import type { HostCancelAnswer } from "~/features/dashboard/components/host-cancel-dialog";
import { hostCancelSchema } from "~/features/dashboard/host-cancel-form";
import { loadDashboard, type Dashboard } from "~/features/dashboard/dashboard.server";
import { PayoutsOverview } from "~/features/payouts/components/payouts-overview";
import { getPayoutsOverview } from "~/features/payouts/earnings.server";
import { RecentBookingRow } from "~/features/dashboard/components/recent-booking-row";
import { StatTile } from "~/features/dashboard/components/stat-tile";
import { RequestsSection } from "~/features/bookings/components/request-answer";
import { listOpenRequests } from "~/features/bookings/requests.server";
import { FALLBACK_IMAGE } from "~/features/listings/card";
import { cardImageUrl } from "~/features/media/urls";
import { requestNow } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import { parseForm } from "~/lib/forms";
import { refusalStatus } from "~/lib/http";
import { BODY_TOO_LARGE_MESSAGE, bodyTooLargeResponse, readFormWithLimit, SMALL_FORM_BYTES } from "~/lib/read-body.server";
import { logger } from "~/lib/logger.server";
import { ERROR_TEXT } from "~/lib/messages";
import { pageMeta } from "~/lib/seo";
import { Alert } from "~/ui/alert";
import { Badge } from "~/ui/badge";
import { buttonVariants } from "~/ui/button";
import { Card } from "~/ui/card";
import type { Route } from "./+types/dashboard";
import { useTranslate } from "~/features/i18n/use-translate";

/**
 * /dashboard (docs/product.md#dashboard) for signed-in users only: signed-out visitors are
 * sent to / by the loader. One request reads every figure (ADR 0150).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const who = { email: user.email, fullName: user.fullName };
  try {
    const db = await getDb();
    const now = requestNow(request);
    const dashboard = await loadDashboard(db, user.id, now);
    // The payout account card and the host's earnings per currency (docs/product.md#payouts).
    const payouts = await getPayoutsOverview(db, user.id, now);
    // Requests to book waiting for the host's answer (issue #28, ADR 0280).
    const requests = await listOpenRequests(db, user.id, now);
    // Open security deposits and damage claims of the host's bookings (issue #28 points 2 and 6).
    const deposits = (await listHostDeposits(db, user.id)).map((row) => ({ ...row, releaseAt: row.releaseAt.toISOString() }));
    return { ...who, dashboard, payouts, requests, deposits, now: now.toISOString(), error: null };
  } catch (error) {
    logger.error({ err: error }, ERROR_TEXT.fetchDashboardData);
    return data({ ...who, dashboard: null, payouts: null, requests: [], deposits: [], now: new Date().toISOString(), error: ERROR_TEXT.fetchDashboardData }, { status: 500 });
  }
}

/**
 * A host cancels a booking of their listing that has not started (issue #25 point 5):
 * `intent=host_cancel`, `bookingId`, `reason` (required, the guest reads it). The guest
 * is refunded in full, service fee included. Someone else's booking is 404; a booking
 * that has started or is not confirmed is 409; a missing reason is 400 and changes nothing.
 */
export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const read = await readFormWithLimit(request, SMALL_FORM_BYTES);
  if (!read.ok) throw bodyTooLargeResponse({ ok: false, error: BODY_TOO_LARGE_MESSAGE });
  const parsed = parseForm(hostCancelSchema, read.form);
  if (!parsed.ok) {
    const error = parsed.fieldErrors.reason ?? parsed.fieldErrors.bookingId ?? Object.values(parsed.fieldErrors)[0] ?? ERROR_TEXT.cancelBooking;
    return data<HostCancelAnswer>({ ok: false, error, fieldErrors: parsed.fieldErrors }, { status: 400 });
  }
  try {
    const db = await getDb();
    const result = await cancelBooking(db, {
      by: { kind: "host", userId: user.id, reason: parsed.data.reason },
      bookingId: parsed.data.bookingId,
      now: requestNow(request),
    });
    if (!result.ok) {
      const fieldErrors = result.code === "invalid" ? { reason: result.error } : undefined;
      return data<HostCancelAnswer>({ ok: false, error: result.error || ERROR_TEXT.cancelBooking, fieldErrors }, { status: refusalStatus(result.code) });
    }
    logger.info({ hostId: user.id, bookingId: parsed.data.bookingId }, "host cancelled booking");
    return data<HostCancelAnswer>({ ok: true, refundMinor: result.refundMinor });
  } catch (error) {
    logger.error({ err: error }, "Host cancellation failed");
    return data<HostCancelAnswer>({ ok: false, error: ERROR_TEXT.cancelBooking }, { status: 500 });
  }
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const _ = metaTranslate(matches);
  return pageMeta({ title: _(msg`Dashboard`), description: _(msg`Your bookings, listings and payouts at a glance.`), path: "/dashboard", matches, noIndex: true });
};

const QUICK_LINKS = [
  { to: "/my-bookings", label: msg`My Bookings`, icon: CalendarDays },
  { to: "/my-listings", label: msg`My Listings`, icon: LayoutList },
  { to: "/profile", label: msg`My Profile`, icon: UserRound },
  { to: "/create-listing", label: msg`List a Space`, icon: Plus },
] as const;

/** 'Welcome back, <b>name</b>.': the name in bold wherever the language puts it. */
function Welcome({ name }: { name: string }) {
  const _ = useTranslate();
  const text = _(msg`Welcome back, ${name}.`);
  const at = text.indexOf(name);
  if (at < 0) return text;
  return (
    <>
      {text.slice(0, at)}
      <strong className="font-semibold text-slate-900">{name}</strong>
      {text.slice(at + name.length)}
    </>
  );
}

function Stats({ dashboard }: { dashboard: Dashboard }) {
  const _ = useTranslate();
  const { guest, host } = dashboard;
  // Only someone who hosts (or once cancelled as a host) sees their cancellation count.
  const showCancelled = host.totalListings > 0 || host.cancelledByHost > 0;
  return (
    <div className="mt-8 grid gap-6 lg:grid-cols-2">
      <section aria-labelledby="guest-stats">
        <h2 id="guest-stats" className="text-lg font-semibold text-slate-900">
          {_(msg`As a guest`)}
        </h2>
        <dl className="mt-3 grid grid-cols-3 gap-3">
          <StatTile label={_(msg`Bookings made`)} value={guest.bookingsMade} testId="stat-bookings-made" />
          <StatTile label={_(msg`Active`)} value={guest.activeBookings} testId="stat-active-bookings" />
          <StatTile label={_(msg`Upcoming`)} value={guest.upcomingBookings} testId="stat-upcoming-bookings" />
        </dl>
      </section>
      <section aria-labelledby="host-stats">
        <h2 id="host-stats" className="text-lg font-semibold text-slate-900">
          {_(msg`As a host`)}
        </h2>
        <dl className={`mt-3 grid gap-3 ${showCancelled ? "grid-cols-3" : "grid-cols-2"}`}>
          <StatTile
            label={_(msg`Active listings`)}
            value={host.activeListings}
            detail={_(msg`${plural(host.totalListings, { one: "# listing in all", other: "# listings in all" })}`)}
            testId="stat-active-listings"
          />
          <StatTile label={_(msg`Bookings received`)} value={host.bookingsReceived} testId="stat-bookings-received" />
          {showCancelled && (
            <StatTile label={_(msg`Bookings you cancelled`)} value={host.cancelledByHost} testId="stat-host-cancellations" />
          )}
        </dl>
      </section>
    </div>
  );
}

function RecentBookings({ bookings }: { bookings: Dashboard["recentBookings"] }) {
  const _ = useTranslate();
  return (
    <Card className="min-w-0">
      <section aria-labelledby="recent-bookings">
        <div className="flex items-center justify-between gap-3">
          <h2 id="recent-bookings" className="text-lg font-semibold text-slate-900">
            {_(msg`Recent bookings`)}
          </h2>
          <Link to="/my-bookings" className="text-sm font-semibold text-brand-700 hover:underline">
            {_(msg`View all`)}
          </Link>
        </div>
        {bookings.length === 0 ? (
          <p className="mt-4 text-slate-600">{_(msg`No recent bookings`)}</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-100">
            {bookings.map((booking) => (
              <RecentBookingRow key={`${booking.role}-${booking.id}`} booking={booking} />
            ))}
          </ul>
        )}
      </section>
    </Card>
  );
}

type DepositRow = { bookingId: string; amount: number; currency: string; status: string; releaseAt: string; claimStatus: string | null; claimAmount: number | null; spaceTitle: string };

/** The host's open deposits and claims: held, to be held, declined, or claimed and not yet settled. */
function OpenDeposits({ rows }: { rows: DepositRow[] }) {
  const _ = useTranslate();
  const claimText = (amount: number, currency: string, status: string) => {
    const money = formatMinor(amount, currency);
    const state = _(CLAIM_STATUS_TEXT[status] ?? status);
    return _(msg`claim ${money}: ${state}`);
  };
  return (
    <Card className="mt-8 min-w-0">
      <section aria-labelledby="dashboard-deposits">
        <h2 id="dashboard-deposits" className="text-lg font-semibold text-slate-900">
          {_(msg`Open deposits and claims`)}
        </h2>
        <ul className="mt-3 divide-y divide-slate-100">
          {rows.map((row) => (
            <li key={row.bookingId} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm" data-testid="dashboard-deposit">
              <span className="min-w-0 break-words text-slate-900">
                <strong>{row.spaceTitle}</strong> · {formatMinor(row.amount, row.currency)}
                {row.claimStatus && row.claimAmount !== null ? ` · ${claimText(row.claimAmount, row.currency, row.claimStatus)}` : ""}
              </span>
              <span className="flex items-center gap-3">
                <Badge tone={row.status === "failed" ? "danger" : "neutral"}>{_(DEPOSIT_STATUS_TEXT[row.status] ?? row.status)}</Badge>
                <Link to={`/bookings/${row.bookingId}`} className="font-semibold text-brand-700 hover:underline" aria-label={_(msg`Deposit of ${row.spaceTitle}`)}>
                  {_(msg`Open`)}
                </Link>
              </span>
            </li>
          ))}
        </ul>
      </section>
    </Card>
  );
}

function Listings({ listings }: { listings: Dashboard["listings"] }) {
  const _ = useTranslate();
  return (
    <Card className="min-w-0">
      <section aria-labelledby="dashboard-listings">
        <div className="flex items-center justify-between gap-3">
          <h2 id="dashboard-listings" className="text-lg font-semibold text-slate-900">
            {_(msg`Your listings`)}
          </h2>
          <Link to="/my-listings" className="text-sm font-semibold text-brand-700 hover:underline">
            {_(msg`View all`)}
          </Link>
        </div>
        {listings.length === 0 ? (
          <p className="mt-4 text-slate-600">
            {_(msg`No listings yet.`)}{" "}
            <Link to="/create-listing" className="font-semibold text-brand-700 hover:underline">
              {_(msg`List your first space`)}
            </Link>
          </p>
        ) : (
          <ul className="mt-3 space-y-3">
            {listings.map((listing) => (
              <li key={listing.id} className="flex items-center gap-3" data-testid="dashboard-listing">
                <img
                  src={listing.image ? cardImageUrl(listing.image) : FALLBACK_IMAGE}
                  alt=""
                  width={64}
                  height={48}
                  loading="lazy"
                  className="h-12 w-16 shrink-0 rounded-md bg-slate-100 object-cover"
                />
                <div className="min-w-0 flex-1">
                  <Link to={listing.href} className="line-clamp-1 font-semibold break-words text-slate-900 hover:underline">
                    {listing.title}
                  </Link>
                  <p className="truncate text-sm text-slate-600">{listing.location}</p>
                </div>
                <Badge tone={listing.isPublished ? "success" : "neutral"}>{listing.isPublished ? _(msg`Published`) : _(msg`Draft`)}</Badge>
                <Link
                  to={`/my-listings/${listing.id}/calendar`}
                  className="shrink-0 text-sm font-semibold text-brand-700 hover:underline"
                  aria-label={_(msg`Calendar of ${listing.title}`)}
                >
                  {_(msg`Calendar`)}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </Card>
  );
}

export default function DashboardPage({ loaderData }: Route.ComponentProps) {
  const _ = useTranslate();
  const { dashboard, payouts, requests, deposits, now, error, fullName, email } = loaderData;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 pb-28 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{_(msg`Dashboard`)}</h1>
      <p className="mt-2 break-words text-slate-600">
        <Welcome name={fullName ?? email} />
      </p>
      <nav aria-label={_(msg`Your account`)} className="mt-6 grid grid-cols-2 gap-3 sm:flex sm:flex-wrap">
        {QUICK_LINKS.map(({ to, label, icon: Icon }) => (
          <Link key={to} to={to} className={buttonVariants({ variant: "secondary", size: "md", className: "gap-2 py-2" })}>
            <Icon className="h-4 w-4" aria-hidden="true" /> {_(label)}
          </Link>
        ))}
      </nav>
      {error || !dashboard ? (
        <Alert tone="error" className="mt-8">
          {_(error ?? ERROR_TEXT.fetchDashboardData)}
        </Alert>
      ) : (
        <>
          <RequestsSection requests={requests} now={new Date(now)} />
          <Stats dashboard={dashboard} />
          {payouts && <PayoutsOverview overview={payouts} />}
          {deposits.length > 0 && <OpenDeposits rows={deposits} />}
          <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
            <RecentBookings bookings={dashboard.recentBookings} />
            <Listings listings={dashboard.listings} />
          </div>
        </>
      )}
    </div>
  );
}
