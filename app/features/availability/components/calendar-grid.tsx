import FullCalendar from "@fullcalendar/react";
import dayGridPlugin from "@fullcalendar/react/daygrid";
import interactionPlugin from "@fullcalendar/react/interaction";
import classicTheme from "@fullcalendar/react/themes/classic";
import timeGridPlugin from "@fullcalendar/react/timegrid";
import type { EventInput } from "@fullcalendar/react";
import arLocale from "@fullcalendar/react/locales/ar";
import esLocale from "@fullcalendar/react/locales/es";
import frLocale from "@fullcalendar/react/locales/fr";
import jaLocale from "@fullcalendar/react/locales/ja";
import { useMemo } from "react";
import type { CalendarItem, CalendarView } from "../host-calendar-view";

/** The selection the host made, as floating wall times of the listing (see host-calendar-view.ts). */
export type GridSelection = { start: Date; end: Date; allDay: boolean };

/** Each kind's colour (blocks are striped too, host-calendar.css; background kinds are shaded lightly). */
const COLORS = { booking: "#0d8472", hold: "#64748b", block: "#9f1239", closed: "#94a3b8", special: "#f59e0b" } as const;

/** Blocks of an imported calendar: the block's stripes in slate, since the host does not own them. */
const IMPORTED_COLOR = "#475569";

/**
 * FullCalendar's own words ("+2 more") and direction per page language; English as before
 * (en-GB). Arabic's hours and day numbers in Latin digits, as the rest of the page writes them.
 */
const LOCALES = { es: esLocale, fr: frLocale, ja: jaLocale, ar: { ...arLocale, code: "ar-u-nu-latn" } } as const;

const TIME_FORMAT = { hour: "2-digit", minute: "2-digit", hourCycle: "h23" } as const;

/**
 * FullCalendar (v7) showing one month (day grid) or one week (time grid, one row an hour)
 * of the listing. It is given floating wall times and the UTC zone, so it shows the
 * listing's clock (host-calendar-view.ts). It is loaded only in the browser (the page
 * lazy-loads this module): its timers would outlive a server render. Entries are focusable
 * and open with Enter (`eventInteractive`); the page's own toolbar moves between views.
 */
export default function CalendarGrid({
  locale = "en",
  view,
  date,
  items,
  now,
  onSelect,
  onItem,
}: {
  /** The page's language (useLocale). */
  locale?: string;
  view: CalendarView;
  date: string;
  items: CalendarItem[];
  now: string;
  onSelect: (selection: GridSelection) => void;
  onItem: (item: CalendarItem) => void;
}) {
  const byId = useMemo(() => new Map(items.map((item) => [item.id, item])), [items]);
  const events = useMemo<EventInput[]>(
    () =>
      items.map((item) => ({
        id: item.id,
        title: item.title,
        start: item.start,
        end: item.end,
        allDay: item.allDay ?? false,
        display: item.background ? "background" : "auto",
        className: `rw-cal-${item.kind}`,
        color: item.imported ? IMPORTED_COLOR : COLORS[item.kind],
        interactive: !item.background,
        extendedProps: { timeless: item.timeless === true },
      })),
    [items],
  );
  return (
    <FullCalendar
      key={`${view}-${date}`}
      plugins={[classicTheme, dayGridPlugin, timeGridPlugin, interactionPlugin]}
      initialView={view === "week" ? "timeGridWeek" : "dayGridMonth"}
      initialDate={date}
      timeZone="UTC"
      now={now}
      locales={Object.values(LOCALES)}
      locale={locale in LOCALES ? LOCALES[locale as keyof typeof LOCALES].code : "en-GB"}
      // Arabic right to left: the days run from the right, as its text does.
      direction={locale === "ar" ? "rtl" : "ltr"}
      firstDay={1}
      fixedWeekCount
      headerToolbar={false}
      height="auto"
      selectable
      selectMirror
      unselectAuto
      eventInteractive
      allDaySlot={false}
      slotDuration="01:00"
      snapDuration="01:00"
      slotHeaderFormat={TIME_FORMAT}
      eventTimeFormat={TIME_FORMAT}
      displayEventEnd
      dayMaxEvents={3}
      nowIndicator={view === "week"}
      scrollTime="08:00"
      events={events}
      // A whole-day block in the week view: its title alone, not "00:00 – 00:00".
      eventContent={(arg) => (arg.event.extendedProps.timeless ? <div className="fc-event-title">{arg.event.title}</div> : undefined)}
      select={(info) => onSelect({ start: info.start, end: info.end, allDay: info.allDay })}
      eventClick={(info) => {
        info.jsEvent.preventDefault();
        const item = byId.get(info.event.id);
        if (item) onItem(item);
      }}
    />
  );
}
