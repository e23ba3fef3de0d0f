import { msg } from "@lingui/core/macro";
import uplotCss from "uplot/dist/uPlot.min.css?url";
import { data, useLocation } from "react-router";
import { contactInbox, FEE_MONTHS, monthlyFees, platformCounts, revenueByCurrency, subscriberList } from "~/features/admin/analytics.server";
import { lastMonths, monthLabel, monthStart } from "~/features/admin/analytics";
import { ADMIN_CANCEL_TEXT, adminCancelSchema } from "~/features/admin/booking-cancel-form";
import { findBookingForAdmin } from "~/features/admin/booking-lookup.server";
import { BookingLookup, type AdminCancelAnswer } from "~/features/admin/components/booking-panel";
import { AdminLog, FeeTable, formatWhen, Overview, ListPager, Panel, RevenueTable, SectionError } from "~/features/admin/components/admin-panels";
import { FeeChart } from "~/features/admin/components/fee-chart";
import type { ModerationAnswer } from "~/features/admin/components/moderation-dialog";
import { ModerationPanel } from "~/features/admin/components/moderation-panel";
import { requireAdminAction } from "~/features/admin/guard.server";
import { moderationSchema } from "~/features/admin/moderation-form";
import { SettingsPanel, type SettingsAnswer } from "~/features/admin/components/settings-panel";
import { settingsSchema } from "~/features/admin/settings-form";
import { loadPlatformSettings, updatePlatformSettings } from "~/features/admin/settings.server";
import { findModerationTargets, listAdminActions, moderate } from "~/features/admin/moderation.server";
import { requireAdmin } from "~/features/auth/session.server";
import { IdentityReviewPanel, type IdentityReviewAnswer } from "~/features/identity/components/identity-review-panel";
import { identityReviewSchema, isIdentityReviewIntent } from "~/features/identity/identity-form";
import { IDENTITY_TEXT } from "~/features/identity/identity-text";
import { decideVerification, pendingReviews } from "~/features/identity/identity.server";
import { privateStorage } from "~/features/identity/private-storage.server";
import { cancelBooking } from "~/features/bookings/cancellation.server";
import { DisputedClaimsPanel, type DecideClaimAnswer } from "~/features/bookings/components/disputed-claims-panel";
import { decisionSchema } from "~/features/bookings/deposit-rules";
import { decideClaim, listDisputedClaims } from "~/features/bookings/deposits.server";
import { requestNow } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import { refusalStatus } from "~/lib/http";
import { env } from "~/lib/env.server";
import { parseForm } from "~/lib/forms";
import { logger } from "~/lib/logger.server";
import { ERROR_TEXT } from "~/lib/messages";
import { bodyTooLargeResponse, readFormWithLimit, SMALL_FORM_BYTES } from "~/lib/read-body.server";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/admin";
import { metaTranslate } from "~/features/i18n/translate";
import { requestTranslate } from "~/features/i18n/request-i18n.server";
import { translatable } from "~/features/i18n/translatable";
import { useLocale, useTranslate } from "~/features/i18n/use-translate";

/** uPlot's stylesheet, on this page only (its script is imported when the chart mounts). */
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: uplotCss }];

/** Settles a query; a failure is logged and becomes null, so one failing panel does not take the page down. */
async function settle<T>(what: string, work: Promise<T>): Promise<T | null> {
  try {
    return await work;
  } catch (error) {
    logger.error({ err: error }, what);
    return null;
  }
}

/** /admin: admins only; anyone else is sent to / (docs/product.md#admin, ADR 0152). */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAdmin(request);
  const db = await getDb();
  const now = requestNow(request);
  const url = new URL(request.url);
  const query = (url.searchParams.get("q") ?? "").slice(0, 200);
  const bookingQuery = (url.searchParams.get("booking") ?? "").trim().slice(0, 100);
  const [revenue, counts, fees, inbox, subscribers, log, found, booking, identityReviews, settings, disputedClaims] = await Promise.all([
    settle(ERROR_TEXT.fetchStatistics, revenueByCurrency(db, now)),
    settle(ERROR_TEXT.fetchStatistics, platformCounts(db)),
    settle(ERROR_TEXT.fetchMonthlyStatistics, monthlyFees(db, now)),
    settle(ERROR_TEXT.fetchContactMessages, contactInbox(db, url.searchParams.get("messages"))),
    settle(ERROR_TEXT.fetchSubscribers, subscriberList(db, url.searchParams.get("subscribers"))),
    settle(ERROR_TEXT.fetchAdminActions, listAdminActions(db)),
    query ? settle(ERROR_TEXT.searchModerationTargets, findModerationTargets(db, query, now)) : Promise.resolve({ spaces: [], users: [], guestReviews: [] }),
    // null: the read failed; { booking: null }: no booking has that id.
    bookingQuery ? settle(ADMIN_CANCEL_TEXT.lookupFailed, findBookingForAdmin(db, bookingQuery, now).then((found) => ({ booking: found }))) : Promise.resolve({ booking: null }),
    settle(IDENTITY_TEXT.admin.loadFailed, pendingReviews(db)),
    settle(SETTINGS_LOAD_FAILED, loadPlatformSettings(db)),
    settle(CLAIMS_LOAD_FAILED, listDisputedClaims(db)),
  ]);
  return {
    email: user.email,
    chartMonths: lastMonths(now, FEE_MONTHS),
    growthMonths: { last: monthLabel(monthStart(now, -1)), before: monthLabel(monthStart(now, -2)) },
    stats: revenue && counts ? { revenue, counts } : null,
    fees,
    inbox,
    subscribers,
    log,
    query,
    found,
    bookingQuery,
    booking: booking?.booking ?? null,
    bookingLookupFailed: booking === null,
    identityReviews,
    settings,
    disputedClaims,
  };
}

const SETTINGS_LOAD_FAILED = translatable("The platform settings could not be loaded.");

const CLAIMS_LOAD_FAILED = translatable("The disputed claims could not be loaded.");

/** An admin decides a claim the guest disputed (issue #28 point 2, ADR 0284): 0..claim, a note; logged. */
async function decideDisputedClaim(admin: { id: string }, form: FormData, request: Request) {
  const parsed = parseForm(decisionSchema, form);
  if (!parsed.ok) return data<DecideClaimAnswer>({ ok: false, error: Object.values(parsed.fieldErrors)[0] ?? translatable("Check the form."), fieldErrors: parsed.fieldErrors }, { status: 422 });
  const claimId = String(form.get("claimId") ?? "");
  try {
    const result = await decideClaim(await getDb(), { adminId: admin.id, claimId, amount: parsed.data.amount, note: parsed.data.note, now: requestNow(request) });
    if (!result.ok) return data<DecideClaimAnswer>({ ok: false, error: result.error, fieldErrors: result.fields }, { status: result.status });
    logger.info({ adminId: admin.id, action: "decide_claim", targetId: claimId }, "admin action");
    return data<DecideClaimAnswer>({ ok: true, message: translatable("Claim decided.") });
  } catch (error) {
    logger.error({ err: error }, "Deciding a claim failed");
    return data<DecideClaimAnswer>({ ok: false, error: ERROR_TEXT.adminActionFailed }, { status: 500 });
  }
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdminAction(request);
  const read = await readFormWithLimit(request, SMALL_FORM_BYTES);
  if (!read.ok) throw bodyTooLargeResponse({ ok: false, error: translatable("The request is too large.") });
  if (read.form.get("intent") === "cancel_booking") return cancelAsAdmin(admin, read.form, request);
  if (read.form.get("intent") === "update_settings") return updateSettings(admin, read.form, request);
  if (isIdentityReviewIntent(read.form.get("intent"))) return reviewIdentity(admin, read.form, request);
  if (read.form.get("intent") === "decide_claim") return decideDisputedClaim(admin, read.form, request);
  const parsed = parseForm(moderationSchema, read.form);
  if (!parsed.ok) {
    return data<ModerationAnswer>({ ok: false, error: Object.values(parsed.fieldErrors)[0] ?? translatable("Check the form."), fieldErrors: parsed.fieldErrors }, { status: 400 });
  }
  try {
    const result = await moderate(await getDb(), admin, parsed.data, { now: requestNow(request), adminEmails: env().ADMIN_EMAILS });
    if (!result.ok) return data<ModerationAnswer>({ ok: false, error: result.error }, { status: result.status });
    logger.info({ adminId: admin.id, action: parsed.data.intent, targetId: parsed.data.targetId }, "admin action");
    return data<ModerationAnswer>({ ok: true, message: result.message });
  } catch (error) {
    logger.error({ err: error }, "Admin action failed");
    return data<ModerationAnswer>({ ok: false, error: ERROR_TEXT.adminActionFailed }, { status: 500 });
  }
}

/**
 * An admin cancels a confirmed or completed booking (issue #25 point 5) with a refund
 * choice and a reason; the booking domain writes the admin log row ("cancel_booking").
 */
async function cancelAsAdmin(admin: { id: string }, form: FormData, request: Request) {
  const parsed = parseForm(adminCancelSchema, form);
  if (!parsed.ok) {
    const error = parsed.fieldErrors.reason ?? parsed.fieldErrors.refund ?? Object.values(parsed.fieldErrors)[0] ?? translatable("Check the form.");
    return data<AdminCancelAnswer>({ ok: false, error, fieldErrors: parsed.fieldErrors }, { status: 400 });
  }
  const { bookingId, refund, reason } = parsed.data;
  try {
    const result = await cancelBooking(await getDb(), { by: { kind: "admin", userId: admin.id, reason, refund }, bookingId, now: requestNow(request) });
    if (!result.ok) {
      const fieldErrors = result.code === "invalid" ? { reason: result.error } : undefined;
      return data<AdminCancelAnswer>({ ok: false, error: result.error, fieldErrors }, { status: refusalStatus(result.code) });
    }
    logger.info({ adminId: admin.id, action: "cancel_booking", targetId: bookingId, refund }, "admin action");
    return data<AdminCancelAnswer>({ ok: true, refundMinor: result.refundMinor });
  } catch (error) {
    logger.error({ err: error }, "Admin cancellation failed");
    return data<AdminCancelAnswer>({ ok: false, error: ERROR_TEXT.adminActionFailed }, { status: 500 });
  }
}

/** An admin sets the platform's settings (issue #28 point 3, ADR 0286): the protection's rate, logged as "update_setting". */
async function updateSettings(admin: { id: string }, form: FormData, request: Request) {
  const parsed = parseForm(settingsSchema, form);
  if (!parsed.ok) {
    return data<SettingsAnswer>({ ok: false, error: Object.values(parsed.fieldErrors)[0] ?? translatable("Check the form."), fieldErrors: parsed.fieldErrors }, { status: 422 });
  }
  try {
    const result = await updatePlatformSettings(await getDb(), admin, parsed.data, requestNow(request), await requestTranslate(request));
    logger.info({ adminId: admin.id, action: "update_setting", protectionPercent: parsed.data.protectionPercent, changed: result.changed }, "admin action");
    return data<SettingsAnswer>({ ok: true, message: result.message });
  } catch (error) {
    logger.error({ err: error }, "Admin settings failed");
    return data<SettingsAnswer>({ ok: false, error: ERROR_TEXT.adminActionFailed }, { status: 500 });
  }
}

/** An admin approves or rejects a member's identity photos (issue #29 point 3, ADR 0252). */
async function reviewIdentity(admin: { id: string }, form: FormData, request: Request) {
  const parsed = parseForm(identityReviewSchema, form);
  if (!parsed.ok) {
    return data<IdentityReviewAnswer>({ ok: false, error: Object.values(parsed.fieldErrors)[0] ?? translatable("Check the form."), fieldErrors: parsed.fieldErrors }, { status: 400 });
  }
  const { intent, verificationId, reason } = parsed.data;
  const decision = intent === "approve_identity" ? "approve" : "reject";
  const result = await decideVerification(await getDb(), privateStorage(), admin, { verificationId: verificationId.toLowerCase(), decision, reason, now: requestNow(request) });
  if (!result.ok) return data<IdentityReviewAnswer>({ ok: false, error: result.error }, { status: result.status });
  logger.info({ adminId: admin.id, action: intent, targetId: verificationId }, "admin action");
  return data<IdentityReviewAnswer>({ ok: true, message: result.message });
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const _ = metaTranslate(matches);
  return pageMeta({ title: _(msg`Platform Analytics`), description: _(msg`Platform analytics for administrators.`), path: "/admin", matches, noIndex: true });
};

/** 'Signed in as <b>e-mail</b>.', the address in bold wherever the language puts it. */
function SignedInAs({ email }: { email: string }) {
  const _ = useTranslate();
  const text = _(msg`Signed in as ${email}.`);
  const at = text.indexOf(email);
  if (at < 0) return text;
  return (
    <>
      {text.slice(0, at)}
      <strong className="font-semibold text-slate-900">{email}</strong>
      {text.slice(at + email.length)}
    </>
  );
}

export default function AdminPage({ loaderData }: Route.ComponentProps) {
  const { stats, fees, inbox, subscribers, log, found, query, growthMonths, booking, bookingQuery, bookingLookupFailed, identityReviews, settings, disputedClaims } = loaderData;
  const { search } = useLocation();
  const _ = useTranslate();
  const locale = useLocale();
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 pb-28 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{_(msg`Platform Analytics`)}</h1>
      <p className="mt-2 break-words text-slate-600">
        {_(msg`Bookings, revenue, listings and platform fees across Rentwell.`)} <SignedInAs email={loaderData.email} />
      </p>

      {stats ? <Overview revenue={stats.revenue} counts={stats.counts} growthMonths={growthMonths} /> : <SectionError message={ERROR_TEXT.fetchStatistics} />}

      <div className="mt-8 grid gap-6">
        {stats && (
          <Panel id="revenue-heading" title={_(msg`Revenue by currency`)}>
            <RevenueTable revenue={stats.revenue} growthMonths={growthMonths} />
          </Panel>
        )}
        <Panel id="fees-heading" title={_(msg`Platform fees, last 12 months`)}>
          {fees ? (
            <>
              <div className="mt-3">
                <FeeChart rows={fees} months={loaderData.chartMonths} />
              </div>
              <FeeTable rows={fees} />
            </>
          ) : (
            <SectionError message={ERROR_TEXT.fetchMonthlyStatistics} />
          )}
        </Panel>

        <Panel id="moderation-heading" title={_(msg`Moderation`)}>
          <ModerationPanel query={query} spaces={found?.spaces ?? []} users={found?.users ?? []} guestReviews={found?.guestReviews ?? []} />
          {!found && <SectionError message={ERROR_TEXT.searchModerationTargets} />}
        </Panel>

        <Panel id="identity-heading" title={_(IDENTITY_TEXT.admin.panelTitle)} count={identityReviews?.total}>
          {identityReviews ? <IdentityReviewPanel rows={identityReviews.rows} /> : <SectionError message={IDENTITY_TEXT.admin.loadFailed} />}
        </Panel>

        <Panel id="claims-heading" title={_(msg`Disputed claims`)} count={disputedClaims?.length}>
          {disputedClaims ? <DisputedClaimsPanel rows={disputedClaims} /> : <SectionError message={CLAIMS_LOAD_FAILED} />}
        </Panel>

        <Panel id="cancel-booking-heading" title={_(msg`Cancel a booking`)}>
          <BookingLookup key={bookingQuery} value={bookingQuery} booking={booking} searched={bookingQuery.length > 0 && !bookingLookupFailed} />
          {bookingLookupFailed && <SectionError message={ADMIN_CANCEL_TEXT.lookupFailed} />}
        </Panel>

        <Panel id="settings-heading" title={_(msg`Settings`)}>
          {settings ? <SettingsPanel protectionPercent={settings.protectionPercent} /> : <SectionError message={SETTINGS_LOAD_FAILED} />}
        </Panel>

        <Panel id="log-heading" title={_(msg`Admin actions`)}>
          {log ? <AdminLog rows={log} /> : <SectionError message={ERROR_TEXT.fetchAdminActions} />}
        </Panel>

        <div className="grid gap-6 lg:grid-cols-2">
          <Panel id="messages-heading" title={_(msg`Contact messages`)} count={inbox?.total}>
            {inbox ? (
              inbox.rows.length === 0 ? (
                <p className="mt-3 text-slate-600">{_(msg`No messages yet.`)}</p>
              ) : (
                <>
                  <ul className="mt-3 divide-y divide-slate-100" data-testid="contact-messages">
                    {inbox.rows.map((row) => (
                      <li key={row.id} className="py-3 text-sm">
                        <p className="font-semibold break-words text-slate-900">
                          {row.name} <span className="font-normal break-all text-slate-600">&lt;{row.email}&gt;</span>
                        </p>
                        <p className="text-xs text-slate-600">
                          {row.subject} · {formatWhen(row.createdAt, locale)}
                        </p>
                        <p className="mt-1 line-clamp-3 break-words whitespace-pre-wrap text-slate-700">{row.message}</p>
                      </li>
                    ))}
                  </ul>
                  <ListPager param="messages" page={inbox.page} total={inbox.total} pageSize={inbox.pageSize} search={search} label={_(msg`Contact message pages`)} />
                </>
              )
            ) : (
              <SectionError message={ERROR_TEXT.fetchContactMessages} />
            )}
          </Panel>
          <Panel id="subscribers-heading" title={_(msg`Newsletter subscribers`)} count={subscribers?.total}>
            {subscribers ? (
              subscribers.rows.length === 0 ? (
                <p className="mt-3 text-slate-600">{_(msg`No subscribers yet.`)}</p>
              ) : (
                <>
                  <ul className="mt-3 divide-y divide-slate-100" data-testid="subscribers">
                    {subscribers.rows.map((row) => (
                      <li key={row.id} className="flex flex-wrap justify-between gap-2 py-2 text-sm">
                        <span className="break-all text-slate-900">{row.email}</span>
                        <span className="text-slate-600">{formatWhen(row.createdAt, locale)}</span>
                      </li>
                    ))}
                  </ul>
                  <ListPager param="subscribers" page={subscribers.page} total={subscribers.total} pageSize={subscribers.pageSize} search={search} label={_(msg`Subscriber pages`)} />
                </>
              )
            ) : (
              <SectionError message={ERROR_TEXT.fetchSubscribers} />
            )}
          </Panel>
        </div>
      </div>
    </div>
  );
}
