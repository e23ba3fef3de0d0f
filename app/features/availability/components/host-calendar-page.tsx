import { msg } from "@lingui/core/macro";
import { CalendarPlus, ChevronLeft, ChevronRight } from "lucide-react";
import { useLocale, useTranslate } from "~/features/i18n/use-translate";
import { lazy, Suspense, useCallback, useMemo, useRef, useState } from "react";
import { Form, useFetcher } from "react-router";
import { addDays } from "~/features/bookings/slots";
import { Button } from "~/ui/button";
import { cn } from "~/ui/cn";
import { useHydrated } from "~/ui/use-hydrated";
import {
  agendaItems,
  calendarItems,
  floating,
  localHourOf,
  windowTitle,
  type CalendarAnswer,
  type CalendarData,
  type CalendarItem,
  type CalendarView,
} from "../host-calendar-view";
import { hoursOn } from "../schedule";
import { BlockDialog, type BlockPreset } from "./block-dialog";
import { CalendarAgenda } from "./calendar-agenda";
import type { GridSelection } from "./calendar-grid";
import { DatedHoursForm, type DatedPreset } from "./dated-hours-form";
import { ItemDialog } from "./item-dialog";
import { ScheduleSettingsForm, type ScheduleSettingsValues } from "./schedule-settings-form";

// FullCalendar runs in the browser only, in its own chunk (ADR 0204).
const CalendarGrid = lazy(() => import("./calendar-grid"));

export type HostCalendarPageProps = {
  title: string;
  rentalType: string;
  settings: ScheduleSettingsValues;
  view: CalendarView;
  date: string;
  today: string;
  window: { from: string; to: string; prev: string; next: string; anchor: string };
  calendar: CalendarData;
};

/** A preset for the block dialog from a selection on the grid. */
export function presetFromSelection(selection: GridSelection): BlockPreset {
  const from = localHourOf(selection.start);
  const to = localHourOf(selection.end);
  const endDate = to.slice(0, 10);
  const lastDay = to.endsWith("T00:00") ? addDays(endDate, -1) : endDate;
  return { wholeDays: selection.allDay, firstDay: from.slice(0, 10), lastDay: lastDay < from.slice(0, 10) ? from.slice(0, 10) : lastDay, from, to };
}

function dayPreset(date: string): BlockPreset {
  return { wholeDays: true, firstDay: date, lastDay: date, from: `${date}T00:00`, to: `${addDays(date, 1)}T00:00` };
}

/**
 * The host's calendar page (issue #26 point 5) under its heading: the view's toolbar
 * (previous, today, next, month or week — buttons of GET forms, so they work before the
 * script loads), 'Block dates', the calendar, the same entries as a list, the block and
 * entry dialogs, then the hours and rules and a date's own hours.
 */
export function HostCalendarPage({ title, rentalType, settings, view, date, today, window, calendar }: HostCalendarPageProps) {
  const _ = useTranslate();
  const locale = useLocale();
  const hydrated = useHydrated();
  const zone = calendar.space.timeZone;
  const items = useMemo(() => calendarItems(calendar, view, window, _), [calendar, view, window, _]);
  const listed = useMemo(() => agendaItems(items), [items]);
  const [block, setBlock] = useState<{ key: number; preset: BlockPreset } | null>(null);
  const [item, setItem] = useState<CalendarItem | null>(null);
  const blockButton = useRef<HTMLButtonElement>(null);
  const datedInput = useRef<HTMLInputElement>(null);
  const [dated, setDated] = useState<{ key: number; preset: DatedPreset }>(() => ({ key: 0, preset: datedPresetFor(calendar, today) }));
  const blockAnswer = useFetcher<CalendarAnswer>({ key: "calendar-block" }).data;
  const week = windowTitle("week", window, locale);
  const periodName = view === "month" ? windowTitle("month", window, locale) : _(msg`the week of ${week}`);
  // The zone inside the sentence, wherever the language puts it.
  const zoneNote = _(msg`times in ${zone}`).split(zone);
  const inWindow = today >= window.from && today <= window.to;

  const openBlock = useCallback((preset: BlockPreset) => setBlock((current) => ({ key: (current?.key ?? 0) + 1, preset })), []);
  const closeBlock = useCallback((open: boolean) => {
    if (!open) setBlock(null);
  }, []);
  const closeItem = useCallback(() => setItem(null), []);
  const openDated = (day: string) => {
    setDated((current) => ({ key: current.key + 1, preset: datedPresetFor(calendar, day) }));
    requestAnimationFrame(() => {
      datedInput.current?.scrollIntoView({ block: "center" });
      datedInput.current?.focus();
    });
  };

  return (
    <>
      <div className="mt-4 flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-3xl font-bold break-words text-slate-900">{_(msg`Calendar`)}</h1>
          <p className="mt-1 break-words text-slate-600">
            {title} · {zoneNote[0]}
            <span data-testid="calendar-zone">{zone}</span>
            {zoneNote[1]}
          </p>
        </div>
        <Button ref={blockButton} size="md" disabled={!hydrated} onClick={() => openBlock(dayPreset(inWindow ? today : window.from < today ? today : window.anchor))}>
          <CalendarPlus className="size-4" aria-hidden="true" /> {_(msg`Block dates`)}
        </Button>
      </div>

      <div className="mt-6 flex flex-wrap items-center justify-between gap-3" role="toolbar" aria-label={_(msg`Calendar view`)}>
        <Form method="get" className="flex items-center gap-1" preventScrollReset>
          <input type="hidden" name="view" value={view} />
          <Button type="submit" name="date" value={window.prev} variant="secondary" size="icon" aria-label={view === "month" ? _(msg`Previous month`) : _(msg`Previous week`)}>
            <ChevronLeft className="size-5 rtl:-scale-x-100" aria-hidden="true" />
          </Button>
          <Button type="submit" name="date" value={today} variant="secondary" size="sm">
            {_(msg`Today`)}
          </Button>
          <Button type="submit" name="date" value={window.next} variant="secondary" size="icon" aria-label={view === "month" ? _(msg`Next month`) : _(msg`Next week`)}>
            <ChevronRight className="size-5 rtl:-scale-x-100" aria-hidden="true" />
          </Button>
          <h2 className="ms-2 text-lg font-semibold text-slate-900" aria-live="polite" data-testid="calendar-title">
            {windowTitle(view, window, locale)}
          </h2>
        </Form>
        <Form method="get" className="flex rounded-lg border border-slate-300 p-0.5" preventScrollReset aria-label={_(msg`Show`)}>
          <input type="hidden" name="date" value={view === "month" ? (inWindow ? today : window.anchor) : window.from} />
          {(["month", "week"] as const).map((name) => (
            <button
              key={name}
              type="submit"
              name="view"
              value={name}
              aria-pressed={view === name}
              className={cn("rounded-md px-3 py-1.5 text-sm font-semibold", view === name ? "bg-slate-900 text-white" : "text-slate-700 hover:bg-slate-100")}
            >
              {name === "month" ? _(msg`Month`) : _(msg`Week`)}
            </button>
          ))}
        </Form>
      </div>

      <p className="mt-3 text-sm text-slate-600">
        {_(msg`Select days or hours on the calendar to block or unblock them, or use “Block dates”. Grey is closed; open an entry for its details.`)}
      </p>

      <div className="host-calendar mt-3" data-testid="host-calendar" data-view={view}>
        {hydrated ? (
          <Suspense fallback={<GridPlaceholder />}>
            <CalendarGrid locale={locale} view={view} date={date} items={items} now={floating(new Date().toISOString(), zone)} onSelect={(selection) => openBlock(presetFromSelection(selection))} onItem={setItem} />
          </Suspense>
        ) : (
          <GridPlaceholder />
        )}
      </div>

      <p role="status" className="sr-only">
        {blockAnswer?.ok ? _(blockAnswer.message) : ""}
      </p>

      <CalendarAgenda periodName={periodName} items={listed} dated={calendar.space.schedule.dated} notes={calendar.datedNotes} onItem={setItem} onDated={openDated} />

      <div className="mt-10 grid gap-8">
        <ScheduleSettingsForm settings={settings} rentalType={rentalType} />
        <DatedHoursForm key={dated.key} preset={dated.preset} dateRef={datedInput} />
      </div>

      {block && <BlockDialog key={block.key} preset={block.preset} timeZone={zone} open onOpenChange={closeBlock} returnFocus={blockButton} />}
      <ItemDialog item={item} onClose={closeItem} />
    </>
  );
}

function GridPlaceholder() {
  return <div className="h-[32rem] animate-pulse rounded-xl bg-slate-100" aria-hidden="true" />;
}

function datedPresetFor(calendar: CalendarData, date: string): DatedPreset {
  const own = calendar.space.schedule.dated[date];
  const ranges = own ?? hoursOn(calendar.space.schedule, date);
  return { date, mode: own === undefined ? "closed" : own.length === 0 ? "closed" : "open", ranges, note: calendar.datedNotes[date] ?? "" };
}
