import { TZDate } from "@date-fns/tz";
import { type PricingUnit, UNIT_HOURS } from "./pricing";

/**
 * Slots in the listing's time zone. Every conversion between a wall-clock time
 * in a zone and an instant goes through @date-fns/tz (ADR 0101): no offset is
 * ever computed by hand, so daylight-saving days (23 or 25 hours) come out right.
 * Times cross the wire as ISO 8601 UTC strings.
 */

/** Start-time slots run from 09:00 to 20:00 local time; the weekly grid shows hours 9–21. */
export const FIRST_SLOT_HOUR = 9;
export const LAST_SLOT_HOUR = 20;
export const GRID_FIRST_HOUR = 9;
export const GRID_LAST_HOUR = 21;

const HOUR_MS = 3_600_000;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

export type Range = { start: string; end: string };

function parseDate(date: string): [number, number, number] {
  const match = DATE_RE.exec(date);
  if (!match) throw new RangeError(`Invalid date: ${date}`);
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = new Date(Date.UTC(y, m - 1, d));
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== m - 1 || check.getUTCDate() !== d) {
    throw new RangeError(`Invalid date: ${date}`);
  }
  return [y, m, d];
}

const pad = (n: number) => String(n).padStart(2, "0");

/**
 * Instants already worked out: a zone's rules do not change while the process runs, and
 * the space page's weekly grid asks for the same couple of hundred wall-clock times on
 * every render (TZDate's offset lookups were 14 % of its server time: bench/README.md).
 * Bounded, since dates and zones come from requests.
 */
const MAX_INSTANTS = 20_000;
const instants = new Map<string, string>();

/** The instant of a wall-clock time in a zone, as ISO UTC. */
export function zonedInstant(date: string, hour: number, timeZone: string, minute = 0): string {
  const key = `${date}|${hour}|${minute}|${timeZone}`;
  const known = instants.get(key);
  if (known !== undefined) return known;
  const [y, m, d] = parseDate(date);
  const instant = new Date(new TZDate(y, m - 1, d, hour, minute, 0, 0, timeZone).getTime()).toISOString();
  if (instants.size >= MAX_INSTANTS) instants.clear();
  instants.set(key, instant);
  return instant;
}

const wallTimes = new Map<string, { date: string; hour: number; minute: number }>();

/**
 * The wall-clock date, hour and minute of an instant in a zone. Remembered, like
 * `zonedInstant`: the schedule engine asks for the same few instants on every booking
 * attempt and every grid (TZDate's offset lookup is most of their cost).
 */
export function localParts(instant: Date | string, timeZone: string): { date: string; hour: number; minute: number } {
  const ms = new Date(instant).getTime();
  const key = `${ms}|${timeZone}`;
  const known = wallTimes.get(key);
  if (known !== undefined) return known;
  const local = new TZDate(ms, timeZone);
  const parts = Object.freeze({
    date: `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`,
    hour: local.getHours(),
    minute: local.getMinutes(),
  });
  if (wallTimes.size >= MAX_INSTANTS) wallTimes.clear();
  wallTimes.set(key, parts);
  return parts;
}

/** Today's date in the zone. */
export function todayIn(timeZone: string, now: Date): string {
  return localParts(now, timeZone).date;
}

/** The calendar date `days` after `date` (plain calendar arithmetic, no zone involved). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = parseDate(date);
  const next = new Date(Date.UTC(y, m - 1, d + days));
  return `${next.getUTCFullYear()}-${pad(next.getUTCMonth() + 1)}-${pad(next.getUTCDate())}`;
}

/** Hours in the local day (23 or 25 on daylight-saving changes). */
export function dayLengthHours(date: string, timeZone: string): number {
  return (Date.parse(zonedInstant(addDays(date, 1), 0, timeZone)) - Date.parse(zonedInstant(date, 0, timeZone))) / HOUR_MS;
}

/** The day's start-time slots, 09:00 to 20:00 local time. */
export function daySlots(date: string, timeZone: string): { label: string; start: string }[] {
  const slots = [];
  for (let hour = FIRST_SLOT_HOUR; hour <= LAST_SLOT_HOUR; hour++) {
    slots.push({ label: `${pad(hour)}:00`, start: zonedInstant(date, hour, timeZone) });
  }
  return slots;
}

/** The seven dates of the week starting at `weekStart`. */
export function weekDays(weekStart: string): string[] {
  return Array.from({ length: 7 }, (_, i) => addDays(weekStart, i));
}

/** One grid cell: the local hour `hour` to `hour + 1` on `date`. */
export function gridCell(date: string, hour: number, timeZone: string): Range {
  return { start: zonedInstant(date, hour, timeZone), end: zonedInstant(date, hour + 1, timeZone) };
}

/** Whether `a` overlaps any busy range (half-open: a range ending at 10:00 does not overlap one starting at 10:00). */
export function overlaps(a: Range, busy: Range[]): boolean {
  const start = Date.parse(a.start);
  const end = Date.parse(a.end);
  return busy.some((b) => Date.parse(b.start) < end && start < Date.parse(b.end));
}

/**
 * The end of a booking: `quantity` units of elapsed time after the start (a day
 * is 24 h, a week 168 h, a month 720 h), so a daily booking that crosses a
 * daylight-saving change ends an hour earlier or later on the wall clock. The
 * zone is part of the signature so callers state which calendar they mean; the
 * result is the same instant in every zone.
 */
export function bookingEnd(start: string, unit: PricingUnit, quantity: number, _timeZone: string): string {
  return new Date(Date.parse(start) + quantity * UNIT_HOURS[unit] * HOUR_MS).toISOString();
}

/** The Monday on or before `date`. */
export function weekStartOf(date: string): string {
  const [y, m, d] = parseDate(date);
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay(); // 0 = Sunday
  return addDays(date, -((weekday + 6) % 7));
}
