import { i18nFor, translate } from "~/features/i18n/i18n";
import { localeFrom } from "~/lib/seo";
import skeletonCss from "@fullcalendar/react/skeleton.css?url";
import themeCss from "@fullcalendar/react/themes/classic/theme.css?url";
import { msg } from "@lingui/core/macro";
import { ArrowLeft } from "lucide-react";
import { useTranslate } from "~/features/i18n/use-translate";
import { data, Link, useParams } from "react-router";
import { requireUser } from "~/features/auth/session.server";
import { parseBlockForm } from "~/features/availability/block-form";
import { HostCalendarPage } from "~/features/availability/components/host-calendar-page";
import hostCalendarCss from "~/features/availability/components/host-calendar.css?url";
import { blockTime, getHostCalendar, ownedSpace, saveDatedHours, saveScheduleSettings, unblockTime, type HostScheduleResult, type ScheduleSay } from "~/features/availability/host-schedule.server";
import { requestI18n } from "~/features/i18n/request-i18n.server";
import { CALENDAR_MESSAGES, readView, viewWindow, type CalendarAnswer, type CalendarIntent } from "~/features/availability/host-calendar-view";
import { datedHoursSchema, scheduleSettingsSchema } from "~/features/availability/schedule-form";
import { todayIn } from "~/features/bookings/slots";
import { CalendarSyncPanel } from "~/features/calendar-sync/components/CalendarSyncPanel";
import { loadCalendarSync } from "~/features/calendar-sync/calendar-sync.server";
import { useLiveRefresh } from "~/features/realtime/use-live-refresh";
import { GeneralErrorBoundary, NotFoundPage } from "~/features/shell/components/general-error-boundary";
import { requestNow } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import { parseForm } from "~/lib/forms";
import { notFound } from "~/lib/http";
import { logger } from "~/lib/logger.server";
import { NOT_FOUND_TEXT } from "~/lib/messages";
import { BODY_TOO_LARGE_MESSAGE, readFormWithLimit, SMALL_FORM_BYTES } from "~/lib/read-body.server";
import type { Route } from "./+types/listing-calendar";

/**
 * /my-listings/:id/calendar (issue #26 point 5): the host's calendar of one listing — a month
 * or a week of bookings, holds, blocks and closed hours in the listing's time zone — with
 * blocking and unblocking, the weekly hours and booking rules, a date's own hours, and
 * calendar sync. Another host's listing, or an unknown id, is a 404 and changes nothing.
 */
export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const i18n = i18nFor(localeFrom(matches));
  const title = loaderData?.title;
  return [
    { title: title ? translate(i18n, msg`Calendar: ${title} | Rentwell`) : `${translate(i18n, NOT_FOUND_TEXT.listing)} | Rentwell` },
    { name: "robots", content: "noindex" },
  ];
};

/** FullCalendar's own styles (class-scoped) and ours, on this page only. */
export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: skeletonCss },
  { rel: "stylesheet", href: themeCss },
  { rel: "stylesheet", href: hostCalendarCss },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const now = requestNow(request);
  const space = await ownedSpace(await getDb(), user.id, params.id);
  if (!space) notFound(NOT_FOUND_TEXT.listing);
  const { view, date } = readView(new URL(request.url).searchParams, todayIn(space.timezone, now));
  const window = viewWindow(view, date);
  const db = await getDb();
  const [calendar, sync] = await Promise.all([
    getHostCalendar(db, { hostId: user.id, spaceId: space.id, from: window.from, to: window.to, now }),
    loadCalendarSync(db, user.id, space.id, await scheduleSay(request)),
  ]);
  if (!calendar) notFound(NOT_FOUND_TEXT.listing);
  return {
    title: space.title,
    rentalType: space.rentalType,
    settings: {
      weekly: space.openingHours,
      checkInTime: space.checkInTime,
      checkOutTime: space.checkOutTime,
      bufferBeforeMinutes: space.bufferBeforeMinutes,
      bufferAfterMinutes: space.bufferAfterMinutes,
      minNoticeMinutes: space.minNoticeMinutes,
      maxAdvanceDays: space.maxAdvanceDays,
      quantity: space.quantity,
    },
    view,
    date,
    today: todayIn(space.timezone, now),
    window,
    calendar,
    sync,
  };
}

/** The request's language for the texts the server composes (ADR 0294, 0298): its `_` and the locale dates are in. */
async function scheduleSay(request: Request): Promise<ScheduleSay> {
  const i18n = await requestI18n(request);
  return { _: (text) => translate(i18n, text), locale: i18n.locale };
}

const INTENTS: readonly CalendarIntent[] = ["settings", "block", "unblock", "dated"];

type Outcome = { status: number; body: CalendarAnswer } | "not-found";

const refused = (intent: CalendarIntent | null, status: number, fieldErrors: Record<string, string | undefined>, error?: string): Outcome => ({
  status,
  body: { ok: false, intent, fieldErrors, ...(error ? { error } : {}) },
});

const done = (intent: CalendarIntent, message: string): Outcome => ({ status: 200, body: { ok: true, intent, message } });

/** A refusal of the server's functions, the message beside its field when it names one. */
function fromResult(intent: CalendarIntent, result: HostScheduleResult & { ok: false }): Outcome {
  if (result.status === 404) return "not-found";
  return refused(intent, result.status, result.field ? { [result.field]: result.error } : {}, result.field ? undefined : result.error);
}

/**
 * One action for the page's forms, by `intent`: `settings` (hours and rules), `block` and
 * `unblock` (a range in the listing's zone), `dated` (a date's own hours). Each form is
 * checked with its schema (the one the form runs before sending); a refusal names the
 * field. Another host's listing is a 404 whatever the input, and nothing is stored.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request);
  const read = await readFormWithLimit(request, SMALL_FORM_BYTES);
  let outcome: Outcome;
  if (!read.ok) outcome = refused(null, 413, {}, BODY_TOO_LARGE_MESSAGE);
  else {
    try {
      outcome = await runIntent(read.form, { hostId: user.id, spaceId: params.id }, requestNow(request), await scheduleSay(request));
    } catch (error) {
      logger.error({ err: error }, "host calendar action failed");
      outcome = refused(null, 500, {}, CALENDAR_MESSAGES.generic);
    }
  }
  if (outcome === "not-found") notFound(NOT_FOUND_TEXT.listing);
  return data<CalendarAnswer>(outcome.body, { status: outcome.status });
}

async function runIntent(form: FormData, base: { hostId: string; spaceId: string }, now: Date, say: ScheduleSay): Promise<Outcome> {
  const intent = INTENTS.find((name) => name === form.get("intent")) ?? null;
  if (!(await ownedSpace(await getDb(), base.hostId, base.spaceId))) return "not-found";
  if (!intent) return refused(null, 400, {}, CALENDAR_MESSAGES.generic);
  const db = await getDb();
  if (intent === "settings") {
    const parsed = parseForm(scheduleSettingsSchema, form);
    if (!parsed.ok) return refused(intent, 400, parsed.fieldErrors);
    const result = await saveScheduleSettings(db, { ...base, settings: parsed.data, now }, say);
    return result.ok ? done(intent, CALENDAR_MESSAGES.settings) : fromResult(intent, result);
  }
  if (intent === "dated") {
    const parsed = parseForm(datedHoursSchema, form);
    if (!parsed.ok) return refused(intent, 400, parsed.fieldErrors);
    const result = await saveDatedHours(db, { ...base, dated: parsed.data, now });
    return result.ok ? done(intent, parsed.data.hours === undefined ? CALENDAR_MESSAGES.datedCleared : CALENDAR_MESSAGES.dated) : fromResult(intent, result);
  }
  const parsed = parseBlockForm(form);
  if (!parsed.ok) return refused(intent, 400, parsed.fieldErrors);
  if (intent === "block") {
    const result = await blockTime(db, { ...base, block: parsed.data, now }, say);
    return result.ok ? done(intent, CALENDAR_MESSAGES.block) : fromResult(intent, result);
  }
  const result = await unblockTime(db, { ...base, block: parsed.data, now });
  return result.ok ? done(intent, CALENDAR_MESSAGES.unblock(result.changed ?? 0)) : fromResult(intent, result);
}

export function ErrorBoundary() {
  const _ = useTranslate();
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        404: () => (
          <NotFoundPage
            title={_(NOT_FOUND_TEXT.listing)}
            text={_(msg`This listing does not exist or is not yours.`)}
            link={{ to: "/my-listings", label: _(msg`My Listings`) }}
          />
        ),
      }}
    />
  );
}

export default function ListingCalendar({ loaderData }: Route.ComponentProps) {
  const _ = useTranslate();
  const { id } = useParams();
  // Bookings, holds, blocks and dated hours (availability) and the listing's own row (spaces) of this listing.
  useLiveRefresh(["availability", "spaces"], (event) => event.spaceId === id || event.id === id);
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 pb-28 sm:px-6">
      <Link to="/my-listings" className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline">
        <ArrowLeft className="h-4 w-4 rtl:-scale-x-100" aria-hidden="true" /> {_(msg`Back to My Listings`)}
      </Link>
      <HostCalendarPage {...loaderData} />
      {/* Calendar sync (issue #26 point 6): its own section, heading and endpoint. */}
      <div className="mt-10 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
        <CalendarSyncPanel view={loaderData.sync} timeZone={loaderData.calendar.space.timeZone} />
      </div>
    </div>
  );
}
