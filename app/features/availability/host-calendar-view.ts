import type { Translate } from "~/features/i18n/translate";
import { setupI18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { translate } from "~/features/i18n/i18n";
import { translatable } from "~/features/i18n/translatable";
import { addDays, localParts, weekStartOf } from "~/features/bookings/slots";
import { hourOf, hourText, hoursOn, sortedDay, type HoursRange, type Schedule } from "./schedule";

/**
 * The host's calendar page (issue #26 point 5), the parts that are plain data: which dates
 * a view shows, and the listing's bookings, holds, blocks and hours as calendar events.
 *
 * Everything is in the listing's time zone, whatever the browser's. The calendar component
 * is given wall-clock times as "floating" ISO strings without an offset and told its zone
 * is UTC, so it does no zone arithmetic of its own: a daylight-saving day of the listing
 * shows as the listing's clocks show it, and no browser zone can shift or drop an hour.
 * What the host selects comes back the same way, as the listing's local "YYYY-MM-DDTHH:00"
 * that the block form sends (`blockSchema`).
 */

export type CalendarView = "month" | "week";

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

export function isDate(value: unknown): value is string {
  if (typeof value !== "string" || !DATE_RE.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(value) && value >= "2000-01-01" && value <= "2100-12-31";
}

/** The first of the month of a date. */
export const monthStartOf = (date: string) => `${date.slice(0, 7)}-01`;

/** The first of the month `months` after the month of `date`. */
export function addMonths(date: string, months: number): string {
  const [y, m] = date.split("-").map(Number) as [number, number];
  const next = new Date(Date.UTC(y, m - 1 + months, 1));
  return `${next.getUTCFullYear()}-${String(next.getUTCMonth() + 1).padStart(2, "0")}-01`;
}

/**
 * What a view of `date` shows: a month is the six weeks from the Monday on or before its
 * first (as the calendar lays it out), a week is Monday to Sunday. `prev` and `next` are
 * the dates of the neighbouring views.
 */
export function viewWindow(view: CalendarView, date: string): { from: string; to: string; prev: string; next: string; anchor: string } {
  if (view === "week") {
    const from = weekStartOf(date);
    return { from, to: addDays(from, 6), prev: addDays(from, -7), next: addDays(from, 7), anchor: from };
  }
  const first = monthStartOf(date);
  const from = weekStartOf(first);
  return { from, to: addDays(from, 41), prev: addMonths(first, -1), next: addMonths(first, 1), anchor: first };
}

/** The view and date a page's search parameters ask for, with today (in the listing's zone) when none or a bad one is given. */
export function readView(params: URLSearchParams, today: string): { view: CalendarView; date: string } {
  const view = params.get("view") === "week" ? "week" : "month";
  const asked = params.get("date");
  return { view, date: isDate(asked) ? asked : today };
}

/** "2026-03-29T02:00:00": an instant as the listing's wall clock shows it, without an offset. */
export function floating(iso: string, timeZone: string): string {
  const { date, hour, minute } = localParts(iso, timeZone);
  return `${date}T${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}:00`;
}

/** The listing's local "YYYY-MM-DDTHH:00" of a floating date the calendar gives back (its hour, minutes dropped). */
export function localHourOf(value: Date): string {
  return `${value.toISOString().slice(0, 13)}:00`;
}

/** Rounds a floating wall time outwards to whole hours: down for a start, up for an end. */
export function wholeHour(wall: string, direction: "down" | "up"): string {
  const date = wall.slice(0, 10);
  const hour = Number(wall.slice(11, 13));
  const minute = Number(wall.slice(14, 16));
  if (direction === "down" || minute === 0) return `${date}T${wall.slice(11, 13)}:00`;
  return hour === 23 ? `${addDays(date, 1)}T00:00` : `${date}T${String(hour + 1).padStart(2, "0")}:00`;
}

/** The closed hours of one date: the complement of its openings within the day. */
export function closedRanges(ranges: readonly HoursRange[]): HoursRange[] {
  const closed: HoursRange[] = [];
  let hour = 0;
  for (const range of sortedDay(ranges)) {
    const start = hourOf(range.start)!;
    const end = hourOf(range.end)!;
    if (start > hour) closed.push({ start: hourText(hour), end: hourText(start) });
    hour = Math.max(hour, end);
  }
  if (hour < 24) closed.push({ start: hourText(hour), end: hourText(24) });
  return closed;
}

export type { Translate };
const englishI18n = setupI18n({ locale: "en", messages: { en: {} } });
const english: Translate = (text) => translate(englishI18n, text);

/** "10:00–14:00, 16:00–20:00", or "Closed". */
export const rangesText = (ranges: readonly HoursRange[], _: Translate = english) =>
  ranges.length === 0 ? _(CLOSED) : sortedDay(ranges).map((range) => `${range.start}–${range.end}`).join(", ");

/** The data the page has for the window (the loader's `getHostCalendar`). */
export type CalendarData = {
  space: { timeZone: string; quantity: number; unitWords: { one: string; many: string }; schedule: Schedule };
  bookings: { id: string; start: string; end: string; status: string; units: number; guestName: string | null }[];
  holds: { id: string; start: string; end: string; units: number }[];
  /** `imported`: a block from an imported calendar (calendar sync), which only its source changes. */
  blocks: { id: string; start: string; end: string; note: string | null; imported?: boolean }[];
  datedNotes: Record<string, string | null>;
};

export type EventKind = "booking" | "hold" | "block" | "closed" | "special";

/** One thing the calendar shows; `start` and `end` are floating wall times (dates for all-day ones). */
export type CalendarItem = {
  id: string;
  kind: EventKind;
  title: string;
  start: string;
  end: string;
  allDay?: boolean;
  /** Whole days in the week view: drawn over the hours, titled without "00:00 – 00:00". */
  timeless?: boolean;
  background?: boolean;
  /** The row it stands for: a booking's or a block's id. */
  refId?: string;
  note?: string | null;
  units?: number;
  /** A block from an imported calendar: shown, not unblocked here. */
  imported?: boolean;
};

export const HOLD_TITLE = translatable("Checkout in progress");
const CLOSED = translatable("Closed");
const CLOSED_DATED = translatable("Closed (this date's hours)");
const BLOCKED = translatable("Blocked");
const GUEST = translatable("Guest");

/** "Ana Lopez", "Guest"; with the units or seats when the listing has several. */
export function bookingTitle(
  booking: Pick<CalendarData["bookings"][number], "guestName" | "units">,
  space: Pick<CalendarData["space"], "quantity" | "unitWords">,
  _: Translate = english,
): string {
  const name = booking.guestName?.trim() || _(GUEST);
  if (space.quantity <= 1) return name;
  return `${name} · ${booking.units} ${booking.units === 1 ? space.unitWords.one : space.unitWords.many}`;
}

export const IMPORTED_TITLE = translatable("Blocked by an imported calendar");

export const blockTitle = (note: string | null, imported = false, _: Translate = english) => {
  const text = note?.trim();
  return imported ? _(IMPORTED_TITLE) : text ? _(msg`Blocked: ${text}`) : _(BLOCKED);
};

/**
 * The view's events: bookings, holds and blocks, then the hours shaded in the background —
 * in the week view every closed hour, in the month view the dates closed all day; dates with
 * their own hours are marked in both.
 */
export function calendarItems(data: CalendarData, view: CalendarView, window: { from: string; to: string }, _: Translate = english): CalendarItem[] {
  const zone = data.space.timeZone;
  const items: CalendarItem[] = [];
  for (const booking of data.bookings) {
    items.push({ id: `booking-${booking.id}`, kind: "booking", title: bookingTitle(booking, data.space, _), start: floating(booking.start, zone), end: floating(booking.end, zone), refId: booking.id, units: booking.units });
  }
  for (const hold of data.holds) {
    items.push({ id: `hold-${hold.id}`, kind: "hold", title: _(HOLD_TITLE), start: floating(hold.start, zone), end: floating(hold.end, zone), units: hold.units });
  }
  for (const block of data.blocks) {
    const start = floating(block.start, zone);
    const end = floating(block.end, zone);
    // Whole days in the month view are a bar over the days, without "00:00 – 00:00".
    // In the week view they cover the hours and say no time.
    const midnights = start.endsWith("T00:00:00") && end.endsWith("T00:00:00");
    const imported = block.imported === true;
    const whole = !midnights ? {} : view === "month" ? { allDay: true } : { timeless: true };
    items.push({ id: `block-${block.id}`, kind: "block", title: blockTitle(block.note, imported, _), start, end, refId: block.id, note: block.note, ...(imported ? { imported } : {}), ...whole });
  }
  const { schedule } = data.space;
  for (let date = window.from; date <= window.to; date = addDays(date, 1)) {
    const ranges = hoursOn(schedule, date);
    const special = date in schedule.dated;
    if (view === "month") {
      if (special) items.push({ id: `special-${date}`, kind: "special", title: hoursTitle(rangesText(ranges, _), _), start: date, end: addDays(date, 1), allDay: true, background: true });
      else if (ranges.length === 0) items.push({ id: `closed-${date}`, kind: "closed", title: _(CLOSED), start: date, end: addDays(date, 1), allDay: true, background: true });
      continue;
    }
    for (const closed of closedRanges(ranges)) {
      const end = closed.end === "24:00" ? `${addDays(date, 1)}T00:00:00` : `${date}T${closed.end}:00`;
      items.push({ id: `closed-${date}-${closed.start}`, kind: "closed", title: special ? _(CLOSED_DATED) : _(CLOSED), start: `${date}T${closed.start}:00`, end, background: true });
    }
  }
  return items;
}

const hoursTitle = (ranges: string, _: Translate) => _(msg`Hours: ${ranges}`);

/** The booking, hold and block items of the window in time order, for the list under the calendar. */
export function agendaItems(items: readonly CalendarItem[]): CalendarItem[] {
  return items.filter((item) => !item.background).sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : a.kind.localeCompare(b.kind)));
}

/**
 * The calendar's dates in the page's language (English: en-GB, "Wed 9 Dec", as before), on
 * the listing's wall clock: always 24-hour, Latin digits.
 */
const formats = new Map<string, Intl.DateTimeFormat>();
function format(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}:${JSON.stringify(options)}`;
  let made = formats.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat(calendarLocale(locale), { timeZone: "UTC", ...options });
    formats.set(key, made);
  }
  return made;
}

/** The Intl locale of the calendar's dates: English as en-GB (day before month), Arabic with Latin digits. */
export function calendarLocale(locale: string): string {
  return locale === "en" ? "en-GB" : locale === "ar" ? "ar-u-nu-latn" : locale;
}
const wallFormat = (locale: string) => format(locale, { weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
const dayFormat = (locale: string) => format(locale, { weekday: "short", day: "numeric", month: "short", year: "numeric" });
const shortDay = (locale: string) => format(locale, { weekday: "short", day: "numeric", month: "short" });
const monthFormat = (locale: string) => format(locale, { month: "long", year: "numeric" });

const asUtc = (wall: string) => new Date(`${wall.length === 10 ? `${wall}T00:00:00` : wall.slice(0, 16) + ":00"}Z`);

/** "Wed 9 Dec, 14:00 – 16:00", "Thu 24 Dec, 12:00 – Sun 27 Dec, 10:00", or whole days "Thu 24 Dec – Sat 26 Dec, all day", from floating wall times. */
export function wallRangeText(start: string, end: string, locale = "en", _: Translate = english): string {
  const midnight = (wall: string) => wall.length === 10 || wall.slice(11, 16) === "00:00";
  if (midnight(start) && midnight(end)) {
    const first = start.slice(0, 10);
    const last = addDays(end.slice(0, 10), -1);
    const day = shortDay(locale).format(asUtc(first));
    if (last <= first) return _(msg`${day}, all day`);
    const lastDay = shortDay(locale).format(asUtc(last));
    return _(msg`${day} – ${lastDay}, all day`);
  }
  const from = wallFormat(locale).format(asUtc(start));
  if (start.slice(0, 10) === end.slice(0, 10)) return `${from} – ${end.slice(11, 16)}`;
  return `${from} – ${wallFormat(locale).format(asUtc(end))}`;
}

/** "Thu, 24 Dec 2026". */
export const dayText = (date: string, locale = "en") => dayFormat(locale).format(asUtc(date));

/** "December 2026", or "23 – 29 Nov 2026" for a week. */
export function windowTitle(view: CalendarView, window: { from: string; to: string; anchor: string }, locale = "en"): string {
  if (view === "month") return monthFormat(locale).format(asUtc(window.anchor));
  const from = asUtc(window.from);
  const to = asUtc(window.to);
  if (locale !== "en") return format(locale, { day: "numeric", month: "short", year: "numeric" }).formatRange(from, to);
  const sameMonth = window.from.slice(0, 7) === window.to.slice(0, 7);
  const start = format(locale, { day: "numeric", ...(sameMonth ? {} : { month: "short" }) }).format(from);
  return `${start} – ${format(locale, { day: "numeric", month: "short", year: "numeric" }).format(to)}`;
}

/** The intents of the calendar page's action. */
export type CalendarIntent = "settings" | "block" | "unblock" | "dated";

/** What the calendar page's action answers each of its forms. */
export type CalendarAnswer =
  | { ok: true; intent: CalendarIntent; message: string }
  | { ok: false; intent: CalendarIntent | null; error?: string; fieldErrors: Record<string, string | undefined> };

export const CALENDAR_MESSAGES = {
  settings: translatable("Hours and rules saved."),
  block: translatable("Time blocked."),
  unblock: (changed: number) => (changed === 0 ? translatable("There was nothing blocked in that time.") : translatable("Time unblocked.")),
  dated: translatable("Hours for the date saved."),
  datedCleared: translatable("The date has its usual hours again."),
  generic: translatable("Something went wrong; nothing was changed. Please try again."),
  notFound: translatable("Listing not found"),
} as const;
