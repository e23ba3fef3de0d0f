import { msg, plural } from "@lingui/core/macro";
import { calendarLocale } from "~/features/availability/host-calendar-view";
import { translatable } from "~/features/i18n/translatable";
import { useLocale, useTranslate } from "~/features/i18n/use-translate";
import { useState } from "react";
import { useFetcher } from "react-router";
import { parseForm } from "~/lib/forms";
import { useFormErrors } from "~/lib/use-form-errors";
import { Alert } from "~/ui/alert";
import { Badge } from "~/ui/badge";
import { Button } from "~/ui/button";
import { Field } from "~/ui/field";
import { Input } from "~/ui/input";
import { useHydrated } from "~/ui/use-hydrated";
import { calendarSyncActionSchema, type CalendarSyncActionData, type CalendarSyncView, type ImportFeedView } from "../calendar-sync";

export const CALENDAR_SYNC_COPY = {
  title: translatable("Calendar sync"),
  exportTitle: translatable("Export this calendar"),
  exportHint: translatable("Subscribe to this private address in Google Calendar, Apple Calendar, Airbnb or VRBO to see the listing's bookings and blocks there. Anyone who has it sees when the listing is booked, never by whom."),
  exportLabel: translatable("Your listing's calendar address"),
  copy: translatable("Copy"),
  copied: translatable("Address copied."),
  copyFailed: translatable("Select the address and copy it."),
  regenerate: translatable("Get a new address"),
  regenerating: translatable("Making a new address…"),
  regenerateHint: translatable("The old address stops working at once: calendars subscribed to it must be given the new one."),
  regenerated: translatable("New address made; the old one no longer works."),
  importTitle: translatable("Import other calendars"),
  importHint: (max: number, minutes: number) =>
    `Paste the .ics address of an Airbnb, VRBO, Google or other calendar (up to ${max}). Its events block this listing's calendar, and it is read again every ${minutes} minutes.`,
  urlLabel: translatable("Calendar address (.ics)"),
  add: translatable("Import calendar"),
  adding: translatable("Reading the calendar…"),
  added: translatable("Calendar imported."),
  full: (max: number) => `This listing imports the most calendars it can (${max}). Remove one to add another.`,
  none: translatable("No imported calendars yet."),
  remove: translatable("Remove"),
  removing: translatable("Removing…"),
  removed: translatable("Calendar removed; the times only it blocked are free again."),
  neverSynced: translatable("Not read yet"),
  lastSynced: translatable("Last read"),
  failed: translatable("The last try failed"),
  conflictsTitle: translatable("Conflicts with bookings"),
  conflictHint: translatable("These imported events overlap a booking made here. The rest of their time is blocked; sort each one out with the guest or in the other calendar."),
} as const;

const validate = (formData: FormData) => parseForm(calendarSyncActionSchema, formData);

/** A time in the listing's zone (the same text on the server and in the browser). */
function formatWhen(iso: string, timeZone: string, locale = "en") {
  return new Intl.DateTimeFormat(calendarLocale(locale), { timeZone, weekday: "short", day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(new Date(iso));
}

/**
 * The listing's calendar sync (issue #26 point 6, ADR 0203), for the host's calendar page:
 * the private export address with Copy and "Get a new address", and the imported
 * calendars with their last read, error, conflicts, add and remove. Posts to
 * /api/spaces/:spaceId/calendar-sync; the page's loader gives `view` from
 * `loadCalendarSync(db, hostId, spaceId)`.
 */
export function CalendarSyncPanel({ view, timeZone }: { view: CalendarSyncView; timeZone: string }) {
  const _ = useTranslate();
  const fetcher = useFetcher<CalendarSyncActionData>({ key: `calendar-sync-${view.spaceId}` });
  const hydrated = useHydrated();
  // The answer's data is newer than the page's until the page loads again (after the action it revalidates).
  const [sentWith, setSentWith] = useState<CalendarSyncView | null>(null);
  const [copyState, setCopyState] = useState<"idle" | "copied" | "failed">("idle");
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const current = fetcher.data?.ok && sentWith === view ? fetcher.data.view : view;
  const pendingIntent = fetcher.state !== "idle" ? String(fetcher.formData?.get("intent") ?? "") : null;
  const [lastSent, setLastSent] = useState<string | null>(null);
  const serverErrors = answer && !answer.ok ? answer.fieldErrors : undefined;
  const { formRef, errors, onSubmit, clearError } = useFormErrors<"url" | "intent">({ validate, serverErrors });
  const action = `/api/spaces/${view.spaceId}/calendar-sync`;
  const full = current.feeds.length >= current.maxFeeds;
  const maxFeeds = current.maxFeeds;
  const minutes = current.intervalMinutes;
  const note = (intent: string) => {
    setSentWith(view);
    setLastSent(intent);
    setCopyState("idle");
  };
  const done = answer?.ok ? lastSent : null;
  const generalError = answer && !answer.ok && !answer.fieldErrors?.url ? answer.error : null;

  async function copy() {
    try {
      await navigator.clipboard.writeText(current.exportUrl);
      setCopyState("copied");
    } catch {
      setCopyState("failed");
    }
  }

  return (
    <section aria-labelledby="calendar-sync-title" className="space-y-6" data-testid="calendar-sync-panel">
      <h2 id="calendar-sync-title" className="text-lg font-semibold text-slate-900">
        {_(CALENDAR_SYNC_COPY.title)}
      </h2>
      {generalError && <Alert tone="error">{_(generalError)}</Alert>}

      <div className="space-y-2">
        <h3 className="font-medium text-slate-900">{_(CALENDAR_SYNC_COPY.exportTitle)}</h3>
        <p className="text-sm text-slate-600">{_(CALENDAR_SYNC_COPY.exportHint)}</p>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <Field label={_(CALENDAR_SYNC_COPY.exportLabel)} className="min-w-0 flex-1">
            <Input readOnly value={current.exportUrl} className="font-mono text-xs" onFocus={(event) => event.currentTarget.select()} spellCheck={false} />
          </Field>
          <Button type="button" variant="secondary" size="md" onClick={copy} disabled={!hydrated}>
            {_(CALENDAR_SYNC_COPY.copy)}
          </Button>
        </div>
        <p role="status" className="text-sm text-slate-700">
          {copyState === "copied" ? _(CALENDAR_SYNC_COPY.copied) : copyState === "failed" ? _(CALENDAR_SYNC_COPY.copyFailed) : done === "regenerate" ? _(CALENDAR_SYNC_COPY.regenerated) : ""}
        </p>
        <fetcher.Form method="post" action={action} onSubmit={() => note("regenerate")} className="flex flex-col gap-1 sm:flex-row sm:items-center sm:gap-3">
          <input type="hidden" name="intent" value="regenerate" />
          <Button type="submit" variant="secondary" size="sm" disabled={!hydrated} pending={pendingIntent === "regenerate"} pendingText={_(CALENDAR_SYNC_COPY.regenerating)}>
            {_(CALENDAR_SYNC_COPY.regenerate)}
          </Button>
          <span className="text-xs text-slate-600">{_(CALENDAR_SYNC_COPY.regenerateHint)}</span>
        </fetcher.Form>
      </div>

      <div className="space-y-3">
        <h3 className="font-medium text-slate-900">{_(CALENDAR_SYNC_COPY.importTitle)}</h3>
        <p className="text-sm text-slate-600">{_(msg`Paste the .ics address of an Airbnb, VRBO, Google or other calendar (up to ${maxFeeds}). Its events block this listing's calendar, and it is read again every ${minutes} minutes.`)}</p>
        {current.feeds.length === 0 ? (
          <p className="text-sm text-slate-700">{_(CALENDAR_SYNC_COPY.none)}</p>
        ) : (
          <ul className="space-y-3" aria-label={_(msg`Imported calendars`)}>
            {current.feeds.map((feed) => (
              <FeedItem key={feed.id} feed={feed} timeZone={timeZone} action={action} fetcher={fetcher} hydrated={hydrated} pending={pendingIntent === "remove" && fetcher.formData?.get("feedId") === feed.id} onSubmit={() => note("remove")} />
            ))}
          </ul>
        )}
        <p role="status" className="text-sm text-slate-700">
          {done === "add" ? _(CALENDAR_SYNC_COPY.added) : done === "remove" ? _(CALENDAR_SYNC_COPY.removed) : ""}
        </p>
        {full ? (
          <p className="text-sm text-slate-700">{_(msg`This listing imports the most calendars it can (${maxFeeds}). Remove one to add another.`)}</p>
        ) : (
          <fetcher.Form
            ref={formRef}
            method="post"
            action={action}
            noValidate
            onSubmit={(event) => {
              onSubmit(event);
              if (!event.defaultPrevented) note("add");
            }}
            className="flex flex-col gap-2 sm:flex-row sm:items-start"
          >
            <input type="hidden" name="intent" value="add" />
            <Field label={_(CALENDAR_SYNC_COPY.urlLabel)} error={errors.url ? _(errors.url) : undefined} className="min-w-0 flex-1">
              <Input name="url" type="url" inputMode="url" autoComplete="off" spellCheck={false} placeholder="https://www.airbnb.com/calendar/ical/….ics" maxLength={2100} onChange={() => clearError("url")} />
            </Field>
            <Button type="submit" size="md" className="sm:mt-6" disabled={!hydrated} pending={pendingIntent === "add"} pendingText={_(CALENDAR_SYNC_COPY.adding)}>
              {_(CALENDAR_SYNC_COPY.add)}
            </Button>
          </fetcher.Form>
        )}
      </div>
    </section>
  );
}

function FeedItem({
  feed,
  timeZone,
  action,
  fetcher,
  hydrated,
  pending,
  onSubmit,
}: {
  feed: ImportFeedView;
  timeZone: string;
  action: string;
  fetcher: ReturnType<typeof useFetcher<CalendarSyncActionData>>;
  hydrated: boolean;
  pending: boolean;
  onSubmit: () => void;
}) {
  const _ = useTranslate();
  const locale = useLocale();
  const when = (iso: string) => formatWhen(iso, timeZone, locale);
  const titleId = `calendar-feed-${feed.id}`;
  const feedName = feed.name ?? feed.url;
  const events = feed.eventCount ?? 0;
  const conflictsTitle = _(CALENDAR_SYNC_COPY.conflictsTitle);
  return (
    <li className="rounded-lg border border-slate-200 p-3" aria-labelledby={titleId} data-testid="calendar-feed">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 flex-1">
          <p id={titleId} className="font-medium break-words text-slate-900">
            {feed.name ?? _(msg`Imported calendar`)}
          </p>
          <p className="font-mono text-xs break-all text-slate-600">{feed.url}</p>
        </div>
        <fetcher.Form method="post" action={action} onSubmit={onSubmit}>
          <input type="hidden" name="intent" value="remove" />
          <input type="hidden" name="feedId" value={feed.id} />
          <Button type="submit" variant="secondary" size="sm" disabled={!hydrated} pending={pending} pendingText={_(CALENDAR_SYNC_COPY.removing)} aria-label={_(msg`Remove ${feedName}`)}>
            {_(CALENDAR_SYNC_COPY.remove)}
          </Button>
        </fetcher.Form>
      </div>
      <p className="mt-2 text-sm text-slate-700">
        {feed.lastSyncedAt ? (
          <>
            {_(CALENDAR_SYNC_COPY.lastSynced)}: <time dateTime={feed.lastSyncedAt}>{when(feed.lastSyncedAt)}</time>
            {feed.eventCount !== null && <> · {_(msg`${plural(events, { one: "# event", other: "# events" })}`)}</>}
          </>
        ) : (
          _(CALENDAR_SYNC_COPY.neverSynced)
        )}
      </p>
      {feed.lastError && (
        <Alert tone="error" live={false} className="mt-2 text-sm">
          {_(CALENDAR_SYNC_COPY.failed)}
          {feed.lastAttemptAt && (
            <>
              {" "}
              (<time dateTime={feed.lastAttemptAt}>{when(feed.lastAttemptAt)}</time>)
            </>
          )}
          : {_(feed.lastError)}
        </Alert>
      )}
      {feed.conflicts.length > 0 && (
        <div className="mt-3">
          <p className="flex items-center gap-2 text-sm font-medium text-slate-900">
            {conflictsTitle} <Badge tone="danger">{feed.conflicts.length}</Badge>
          </p>
          <p className="text-xs text-slate-600">{_(CALENDAR_SYNC_COPY.conflictHint)}</p>
          <ul className="mt-1 space-y-1 text-sm text-slate-800" aria-label={`${conflictsTitle}: ${feedName}`}>
            {feed.conflicts.map((conflict) => (
              <li key={conflict.eventId} data-testid="calendar-conflict">
                “{conflict.summary ?? _(msg`Busy`)}”, <time dateTime={conflict.start}>{when(conflict.start)}</time> –{" "}
                <time dateTime={conflict.end}>{when(conflict.end)}</time>, {conflict.kind === "booking" ? _(msg`overlaps a booking`) : _(msg`overlaps a booking being paid`)}
                {conflict.bookingId && <span className="font-mono text-xs text-slate-600"> ({conflict.bookingId.slice(0, 8)})</span>}
              </li>
            ))}
          </ul>
        </div>
      )}
    </li>
  );
}
