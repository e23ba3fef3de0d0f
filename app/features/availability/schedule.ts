import { msg, plural } from "@lingui/core/macro";
import { translatable } from "~/features/i18n/translatable";
import { english, type Translate } from "~/features/i18n/translate";
import { durationText } from "./texts";
import type { HoursRange, WeeklyHours } from "~/db/opening-hours";
import { addDays, localParts, zonedInstant } from "~/features/bookings/slots";

/**
 * When a listing can be rented (issue #26, ADR 0202): weekly opening hours in the
 * listing's time zone, dated hours that replace a weekday's on one date, and the booking
 * rules (buffers, notice, how far ahead). Pure, so the booking widget, the host's forms,
 * the server's checks and the property tests all use these same functions. Calendar rows
 * (bookings, holds, blocks) are not here: they are the database's (space_availability).
 *
 * Times of day are "HH:00" strings on whole hours (the booking grid is hourly); a range
 * may end at "24:00". A range never crosses midnight: a night opening is two ranges on
 * two days, and ranges of consecutive days that meet at midnight join.
 */

export { DEFAULT_WEEKLY_HOURS, type HoursRange, type WeeklyHours } from "~/db/opening-hours";

export const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;
export const WEEKDAY_SHORT = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"] as const;


/** The booking rules a host sets, besides hours (minutes and days, integers). */
export type BookingRules = {
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  minNoticeMinutes: number;
  maxAdvanceDays: number;
};

export const DEFAULT_RULES: BookingRules = { bufferBeforeMinutes: 0, bufferAfterMinutes: 0, minNoticeMinutes: 0, maxAdvanceDays: 365 };

/** The limits the server enforces on every rule (and the form shows). */
export const RULE_LIMITS = {
  buffer: { min: 0, max: 24 * 60 },
  notice: { min: 0, max: 90 * 24 * 60 },
  advance: { min: 1, max: 730 },
  quantity: { min: 1, max: 1000 },
  rangesPerDay: 4,
} as const;

/** A listing's whole schedule, as the engine needs it. */
export type Schedule = {
  timeZone: string;
  weekly: WeeklyHours;
  /** Dates whose hours replace their weekday's (an empty list closes the date). */
  dated: Record<string, HoursRange[]>;
  rules: BookingRules;
  /** Daily and longer rentals start at check-in and end at check-out ("HH:00"), or, when null, at any opening hour for whole 24-hour days. */
  checkIn: string | null;
  checkOut: string | null;
};

export const SCHEDULE_MESSAGES = {
  time: translatable("Use a time on the hour, from 00:00 to 24:00"),
  order: translatable("Each opening must end after it starts"),
  overlap: translatable("Openings on one day must not overlap"),
  // RULE_LIMITS.rangesPerDay written out: one translatable literal.
  tooMany: translatable("At most 4 openings a day"),
  week: translatable("Give hours for each of the seven days"),
  closedDay: translatable("The listing is closed on this date"),
  startBetween: (first: string, last: string, _: Translate = english) => _(msg`Please pick a start time between ${first} and ${last}`),
  startWithin: (hours: string, _: Translate = english) => _(msg`Please pick a start time within the opening hours (${hours})`),
  endsAfterClose: translatable("This booking would run past the listing's opening hours: pick an earlier start or a shorter time"),
  notice: (minutes: number, _: Translate = english) => {
    const notice = durationText(_, minutes);
    return _(msg`This listing needs ${notice} notice before a booking starts`);
  },
  advance: (days: number, _: Translate = english) => {
    const ahead = advanceText(days, _);
    return _(msg`Bookings can start at most ${ahead} ahead`);
  },
  checkIn: (time: string, _: Translate = english) => _(msg`Bookings by the day start at check-in, ${time}`),
} as const;

const TIME_RE = /^(\d{2}):00$/;

/** The hour of an "HH:00" time (0–24), or null when it is not one. */
export function hourOf(time: string): number | null {
  const match = TIME_RE.exec(time);
  if (!match) return null;
  const hour = Number(match[1]);
  return hour >= 0 && hour <= 24 ? hour : null;
}

export const hourText = (hour: number) => `${String(hour).padStart(2, "0")}:00`;

/** Why one day's ranges are not valid, or null. Ranges are kept as given (the form sorts them). */
export function dayProblem(ranges: readonly HoursRange[]): string | null {
  if (ranges.length > RULE_LIMITS.rangesPerDay) return SCHEDULE_MESSAGES.tooMany;
  const hours: [number, number][] = [];
  for (const range of ranges) {
    const start = hourOf(range.start);
    const end = hourOf(range.end);
    if (start === null || end === null || start === 24) return SCHEDULE_MESSAGES.time;
    if (end <= start) return SCHEDULE_MESSAGES.order;
    hours.push([start, end]);
  }
  hours.sort((a, b) => a[0] - b[0]);
  for (let i = 1; i < hours.length; i++) if (hours[i]![0] < hours[i - 1]![1]) return SCHEDULE_MESSAGES.overlap;
  return null;
}

/** A day's ranges sorted by start. */
export function sortedDay(ranges: readonly HoursRange[]): HoursRange[] {
  return [...ranges].sort((a, b) => hourOf(a.start)! - hourOf(b.start)!);
}

/** Monday = 0 … Sunday = 6, for a calendar date. */
export function weekdayIndex(date: string): number {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
}

/** The ranges of one date: its dated hours if it has them, else its weekday's. */
export function hoursOn(schedule: Pick<Schedule, "weekly" | "dated">, date: string): HoursRange[] {
  return schedule.dated[date] ?? schedule.weekly[weekdayIndex(date)] ?? [];
}

type Interval = [number, number];

/**
 * The open intervals (epoch ms, half-open) of the dates `from`..`to` inclusive, merged,
 * so a range ending at 24:00 joins the next day's range from 00:00. Hours that do not
 * exist on a daylight-saving day (02:00 when clocks go forward) come out as the instant
 * the zone gives them, and a range is never negative.
 */
export function openIntervals(schedule: Pick<Schedule, "weekly" | "dated" | "timeZone">, from: string, to: string): Interval[] {
  const intervals: Interval[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) {
    for (const range of sortedDay(hoursOn(schedule, date))) {
      const start = Date.parse(wallInstant(date, hourOf(range.start)!, schedule.timeZone));
      const end = Date.parse(wallInstant(date, hourOf(range.end)!, schedule.timeZone));
      if (end > start) intervals.push([start, end]);
    }
  }
  return merge(intervals);
}

/** The instant of a local hour (24 is the next day's midnight). */
function wallInstant(date: string, hour: number, timeZone: string): string {
  return hour === 24 ? zonedInstant(addDays(date, 1), 0, timeZone) : zonedInstant(date, hour, timeZone);
}

function merge(intervals: Interval[]): Interval[] {
  intervals.sort((a, b) => a[0] - b[0]);
  const merged: Interval[] = [];
  for (const interval of intervals) {
    const last = merged[merged.length - 1];
    if (last && interval[0] <= last[1]) last[1] = Math.max(last[1], interval[1]);
    else merged.push([interval[0], interval[1]]);
  }
  return merged;
}

/** Whether [start, end) lies inside one open interval of the listing. */
export function isWithinHours(schedule: Pick<Schedule, "weekly" | "dated" | "timeZone">, start: Date, end: Date): boolean {
  const from = addDays(localParts(start, schedule.timeZone).date, -1);
  const to = addDays(localParts(end, schedule.timeZone).date, 1);
  return openIntervals(schedule, from, to).some(([open, close]) => open <= start.getTime() && end.getTime() <= close);
}

/** Whether the listing is open at the instant `start` (for a rental by the day or longer, the start is what must be open). */
export function isOpenAt(schedule: Pick<Schedule, "weekly" | "dated" | "timeZone">, start: Date): boolean {
  return isWithinHours(schedule, start, new Date(start.getTime() + 1));
}

/**
 * The start hours a guest may pick on a date, before calendar rows and rules: every whole
 * hour inside an opening (a booking by the hour must also end inside it, which
 * `startProblem` checks per duration), or only check-in when the listing has one and the
 * rental is by the day or longer.
 */
export function startHours(schedule: Schedule, date: string, byTheDay: boolean): number[] {
  const ranges = hoursOn(schedule, date);
  if (byTheDay && schedule.checkIn) {
    const checkIn = hourOf(schedule.checkIn)!;
    return ranges.length > 0 ? [checkIn] : [];
  }
  const hours = new Set<number>();
  for (const range of ranges) for (let hour = hourOf(range.start)!; hour < hourOf(range.end)!; hour++) hours.add(hour);
  return [...hours].sort((a, b) => a - b);
}

/** Every hour any day of the week (or a dated day) is open, for the widget's grid rows. */
export function gridHours(schedule: Pick<Schedule, "weekly" | "dated">): { first: number; last: number } {
  let first = 24;
  let last = 0;
  for (const ranges of [...schedule.weekly, ...Object.values(schedule.dated)]) {
    for (const range of ranges) {
      first = Math.min(first, hourOf(range.start)!);
      last = Math.max(last, hourOf(range.end)!);
    }
  }
  return first < last ? { first, last } : { first: 9, last: 21 };
}

/**
 * The end of a booking: by the hour, `quantity` hours later; by the day or longer with a
 * check-out time, at check-out on the date `quantity` days (weeks of 7, months of 30)
 * after the start's; otherwise `quantity` units of elapsed time (a day is 24 h).
 */
export function scheduledEnd(schedule: Pick<Schedule, "checkIn" | "checkOut" | "timeZone">, start: Date, unit: "hour" | "day" | "week" | "month", quantity: number): Date {
  const hours = { hour: 1, day: 24, week: 168, month: 720 }[unit];
  if (unit === "hour" || !schedule.checkIn || !schedule.checkOut) return new Date(start.getTime() + quantity * hours * 3_600_000);
  const days = (hours / 24) * quantity;
  const date = addDays(localParts(start, schedule.timeZone).date, days);
  return new Date(wallInstant(date, hourOf(schedule.checkOut)!, schedule.timeZone));
}

/** The range a booking keeps from others: its own time plus the buffers before and after. */
export function occupiedRange(rules: Pick<BookingRules, "bufferBeforeMinutes" | "bufferAfterMinutes">, start: Date, end: Date): { start: Date; end: Date } {
  return { start: new Date(start.getTime() - rules.bufferBeforeMinutes * 60_000), end: new Date(end.getTime() + rules.bufferAfterMinutes * 60_000) };
}

/**
 * Why a start (and its end) breaks the listing's hours or rules at `now`, or null. The
 * calendar rows (bookings, holds, blocks) are checked apart: by the widget against the
 * busy ranges, by the database under the listing's lock.
 */
export function startProblem(schedule: Schedule, input: { start: Date; end: Date; byTheDay: boolean; now: Date }, _: Translate = english): string | null {
  const { start, end, byTheDay, now } = input;
  const { rules } = schedule;
  if (start.getTime() < now.getTime() + rules.minNoticeMinutes * 60_000) {
    return rules.minNoticeMinutes > 0 ? SCHEDULE_MESSAGES.notice(rules.minNoticeMinutes, _) : null;
  }
  if (start.getTime() - now.getTime() > rules.maxAdvanceDays * 86_400_000) return SCHEDULE_MESSAGES.advance(rules.maxAdvanceDays, _);
  const local = localParts(start, schedule.timeZone);
  const starts = startHours(schedule, local.date, byTheDay);
  if (starts.length === 0) return SCHEDULE_MESSAGES.closedDay;
  // The wall-clock hour must exist and map back to this instant (no skipped or repeated hour).
  const exists = local.minute === 0 && zonedInstant(local.date, local.hour, schedule.timeZone) === start.toISOString();
  if (!exists || !starts.includes(local.hour)) {
    if (byTheDay && schedule.checkIn) return SCHEDULE_MESSAGES.checkIn(schedule.checkIn, _);
    const contiguous = starts[starts.length - 1]! - starts[0]! === starts.length - 1;
    return contiguous ? SCHEDULE_MESSAGES.startBetween(hourText(starts[0]!), hourText(starts[starts.length - 1]!), _) : SCHEDULE_MESSAGES.startWithin(sortedDay(hoursOn(schedule, local.date)).map((r) => `${r.start}–${r.end}`).join(", "), _);
  }
  if (!byTheDay && !isWithinHours(schedule, start, end)) return SCHEDULE_MESSAGES.endsAfterClose;
  return null;
}

/** How far ahead bookings may start: "12 months" for a year, whole months, else days. */
function advanceText(days: number, _: Translate): string {
  if (days % 365 === 0) {
    const months = (days / 365) * 12;
    const years = days / 365;
    return years === 1 ? _(msg`${plural(months, { one: "# month", other: "# months" })}`) : _(msg`${plural(years, { one: "# year", other: "# years" })}`);
  }
  if (days % 30 === 0) {
    const months = days / 30;
    return _(msg`${plural(months, { one: "# month", other: "# months" })}`);
  }
  return _(msg`${plural(days, { one: "# day", other: "# days" })}`);
}

/** Whether a value read from the database or a form is a week of valid hours; the week's problem, or null. */
export function weekProblem(value: unknown): string | null {
  if (!Array.isArray(value) || value.length !== 7) return SCHEDULE_MESSAGES.week;
  for (const day of value) {
    if (!Array.isArray(day) || !day.every(isRangeShape)) return SCHEDULE_MESSAGES.time;
    const problem = dayProblem(day);
    if (problem) return problem;
  }
  return null;
}

export function isRangeShape(value: unknown): value is HoursRange {
  return typeof value === "object" && value !== null && typeof (value as HoursRange).start === "string" && typeof (value as HoursRange).end === "string";
}

/** The columns of a listing that make its schedule (a `spaces` row has them all). */
export type ScheduleColumns = {
  timezone: string;
  openingHours: WeeklyHours;
  checkInTime: string | null;
  checkOutTime: string | null;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  minNoticeMinutes: number;
  maxAdvanceDays: number;
};

/** A listing's schedule from its row and the dated hours read for the dates in question. */
export function scheduleOf(space: ScheduleColumns, dated: Record<string, HoursRange[]> = {}): Schedule {
  return {
    timeZone: space.timezone,
    weekly: space.openingHours,
    dated,
    rules: {
      bufferBeforeMinutes: space.bufferBeforeMinutes,
      bufferAfterMinutes: space.bufferAfterMinutes,
      minNoticeMinutes: space.minNoticeMinutes,
      maxAdvanceDays: space.maxAdvanceDays,
    },
    checkIn: space.checkInTime,
    checkOut: space.checkOutTime,
  };
}

/** What one of a listing's `quantity` is called: experiences sell seats, everything else units. */
export function unitWords(rentalType: string): { one: string; many: string } {
  return rentalType === "experience" ? { one: "seat", many: "seats" } : { one: "unit", many: "units" };
}

export const countText = (n: number, words: { one: string; many: string }) => `${n} ${n === 1 ? words.one : words.many}`;
