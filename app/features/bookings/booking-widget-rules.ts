import type { Translate } from "~/features/i18n/translate";
import { durationRange, quoteBooking, type PricingUnit } from "./pricing";
import { addDays, gridCell, localParts, weekDays, zonedInstant, type Range } from "./slots";
import { gridHours, hourText, isWithinHours, occupiedRange, scheduledEnd, startHours, startProblem, type Schedule } from "~/features/availability/schedule";
import { formatDate } from "~/lib/dates";
import { translatable } from "~/features/i18n/translatable";

export { weekStartOf } from "./slots";
export type { Range } from "./slots";

/**
 * The booking widget's rules (docs/product.md "Booking flow" and "Booking rules"),
 * pure so that the component and its tests share them. The server decides again on
 * every request; these only keep the guest from asking for what it would refuse.
 */

export const SELECT_DATE_AND_TIME = translatable("Please select a date and time");
export const SELECT_FUTURE_TIME = translatable("Please select a future date and time");
export const SLOT_PASSED = translatable("This time slot has passed");
export const SLOT_BOOKED = translatable("This time slot is booked");
export const SLOT_CLOSED = translatable("Closed");
/** Shown on a free hour from which the chosen booking does not fit (it runs into a booking, a block or its buffers). */
export const SLOT_NOT_BOOKABLE = translatable("Not enough free time from here for this booking");

/** A busy range of the calendar (a booking, a hold or a block with the listing's buffers), and how many units or seats it takes. */
export type Busy = Range & { units?: number };

/**
 * What the widget knows of the listing's calendar: its schedule (hours, dated hours,
 * rules), how many units or seats it has, and the busy ranges of the window shown.
 */
export type Availability = { schedule: Schedule; capacity: number; busy: Busy[] };

export type UnitPrice = { unit: PricingUnit; priceMinor: number };

export type Choice = {
  unit: PricingUnit;
  date: string | null;
  start: string | null;
  quantity: number;
};

/** Why the guest cannot continue yet, or null. */
export function choiceProblem(choice: Pick<Choice, "date" | "start">, now: Date): string | null {
  if (!choice.date || !choice.start) return SELECT_DATE_AND_TIME;
  if (Date.parse(choice.start) <= now.getTime()) return SELECT_FUTURE_TIME;
  return null;
}

export type SlotOption = { label: string; start: string; disabled: boolean; reason: string | null };

/**
 * The day's start times: the listing's opening hours on that date (or its check-in time
 * for a rental by the day), each disabled with a reason when it has passed, breaks the
 * listing's rules (notice, how far ahead, ending after closing) or would take more
 * units than are free at some moment of the booking and its buffers.
 */
export function slotOptions(date: string, availability: Availability, unit: PricingUnit, quantity: number, units: number, now: Date, _?: Translate): SlotOption[] {
  const { schedule } = availability;
  // An hour the clocks skip (02:00 when they go forward) is not a start of its own.
  const real = startHours(schedule, date, unit !== "hour").filter((hour) => localParts(zonedInstant(date, hour, schedule.timeZone), schedule.timeZone).hour === hour);
  return real.map((hour) => {
    const start = zonedInstant(date, hour, schedule.timeZone);
    const reason = slotReason(availability, { start, end: scheduledEnd(schedule, new Date(start), unit, quantity).toISOString() }, unit !== "hour", units, now, _);
    return { label: hourText(hour), start, disabled: reason !== null, reason };
  });
}

/** Why one start (and its end) cannot be booked now, or null: the reason a slot option is disabled (search confirms its offers with this too). */
export function slotReason(availability: Availability, range: Range, byTheDay: boolean, units: number, now: Date, _?: Translate): string | null {
  if (Date.parse(range.start) <= now.getTime()) return SLOT_PASSED;
  const problem = startProblem(availability.schedule, { start: new Date(range.start), end: new Date(range.end), byTheDay, now }, _);
  if (problem) return problem;
  if (unitsFree(availability, range) < units) return SLOT_BOOKED;
  return null;
}

/** How many units or seats are free for all of a booking's time and its buffers. */
export function unitsFree(availability: Availability, range: Range): number {
  const occupied = occupiedRange(availability.schedule.rules, new Date(range.start), new Date(range.end));
  return Math.max(0, availability.capacity - peakUnits({ start: occupied.start.getTime(), end: occupied.end.getTime() }, availability.busy, availability.capacity));
}

/** The most units busy ranges take at one moment of [start, end) (a range without units takes them all). The peak is at the range's start or a busy range's start inside it. */
function peakUnits(range: { start: number; end: number }, busy: Busy[], capacity: number): number {
  const inside = busy
    .map((b) => ({ start: Math.max(Date.parse(b.start), range.start), end: Math.min(Date.parse(b.end), range.end), units: b.units ?? capacity }))
    .filter((b) => b.start < b.end);
  let peak = 0;
  for (const point of inside) {
    let sum = 0;
    for (const other of inside) if (other.start <= point.start && other.end > point.start) sum += other.units;
    peak = Math.max(peak, sum);
  }
  return peak;
}

/** The few words after a disabled start time in a list of times. */
export function slotNote(reason: string) {
  if (reason === SLOT_BOOKED) return translatable("booked");
  if (reason === SLOT_PASSED) return translatable("passed");
  return translatable("not bookable");
}

export type GridCell = { date: string; hour: number; start: string; end: string; disabled: boolean; reason: string | null };

/**
 * The weekly grid: 7 days × the hours the listing opens on any day; each cell is one hour
 * in the listing's zone, free when the guest's choice — its pricing unit, length and
 * units or seats (one hour and one unit by default) — could start there. Hours outside
 * the opening are 'Closed'; an hour taken for the units asked is 'booked'; a free hour
 * from which the chosen length does not fit (it would run into closing time, a booking
 * or a block) is 'Not bookable'.
 */
export function weekGrid(weekStart: string, availability: Availability, now: Date, choice: { unit: PricingUnit; quantity: number; units: number } = { unit: "hour", quantity: 1, units: 1 }, _?: Translate): { days: string[]; rows: GridCell[][] } {
  const { schedule } = availability;
  const days = weekDays(weekStart);
  const { first, last } = gridHours(schedule);
  const hours = Array.from({ length: last - first }, (_, index) => first + index);
  const rows = hours.map((hour) =>
    days.map((date) => {
      const cell = gridCell(date, hour, schedule.timeZone);
      // A cell whose hour has begun has passed: it can no longer be booked from its start.
      const reason = cellReason(availability, cell, choice, now, _);
      return { date, hour, start: cell.start, end: cell.end, disabled: reason !== null, reason };
    }),
  );
  return { days, rows };
}

function cellReason(availability: Availability, cell: Range, choice: { unit: PricingUnit; quantity: number; units: number }, now: Date, _?: Translate): string | null {
  const { schedule } = availability;
  if (Date.parse(cell.start) <= now.getTime()) return SLOT_PASSED;
  if (!isWithinHours(schedule, new Date(cell.start), new Date(cell.end))) return SLOT_CLOSED;
  if (unitsFree(availability, cell) < choice.units) return SLOT_BOOKED;
  const end = scheduledEnd(schedule, new Date(cell.start), choice.unit, choice.quantity).toISOString();
  const problem = startProblem(schedule, { start: new Date(cell.start), end: new Date(end), byTheDay: choice.unit !== "hour", now }, _);
  if (problem) return problem;
  if (unitsFree(availability, { start: cell.start, end }) < choice.units) return SLOT_NOT_BOOKABLE;
  return null;
}

export const shiftDate = addDays;

/** The busy window fetched for a grid week: from the day before it to five weeks later (inside the server's 6-week limit). */
export function busyWindow(weekStart: string): { from: string; to: string } {
  const from = new Date(Date.parse(`${shiftDate(weekStart, -1)}T00:00:00Z`));
  const to = new Date(Date.parse(`${shiftDate(weekStart, 35)}T00:00:00Z`));
  return { from: from.toISOString(), to: to.toISOString() };
}

/** Rental, fee, protection, delivery and total for the choice, from the listing's unit price (integer minor units): the server's quoteBooking. */
export function quoteChoice(
  units: UnitPrice[],
  choice: Pick<Choice, "unit" | "quantity"> & { units?: number },
  feePercent: number,
  currency: string,
  extras: { protectionBasisPoints: number | null; deliveryFeeMinor: number } = { protectionBasisPoints: null, deliveryFeeMinor: 0 },
) {
  const price = units.find((entry) => entry.unit === choice.unit)?.priceMinor ?? 0;
  return quoteBooking({ unitPriceMinor: price, quantity: choice.quantity * (choice.units ?? 1), feePercent, currency, ...extras });
}

/** Keeps a quantity inside the unit's limits. */
export function clampQuantity(quantity: number, range: { min: number; max: number }): number {
  if (!Number.isFinite(quantity)) return range.min;
  return Math.min(range.max, Math.max(range.min, Math.round(quantity)));
}

/** The Intl locale for a page's language: English keeps its day-first "en-GB" dates. */
export function dateLocale(locale?: string) {
  return !locale || locale === "en" ? "en-GB" : locale;
}

/** "Mon 24 Nov, 14:00" in the given zone (in the page's language when `locale` is given). */
export function formatInZone(iso: string, timeZone: string, options: Intl.DateTimeFormatOptions = {}, locale?: string) {
  return formatDate(iso, dateLocale(locale), {
    timeZone,
    weekday: "short",
    day: "numeric",
    month: "short",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    ...options,
  });
}

/** "Wed 9 Dec, 14:00 – 16:00", or with both dates when the range spans days, in the given zone. */
export function rangeInZone(start: string, end: string, timeZone: string, locale?: string) {
  const day = (iso: string) => formatInZone(iso, timeZone, { hour: undefined, minute: undefined }, locale);
  return day(start) === day(end)
    ? `${formatInZone(start, timeZone, {}, locale)} – ${timeInZone(end, timeZone, locale)}`
    : `${formatInZone(start, timeZone, {}, locale)} – ${formatInZone(end, timeZone, {}, locale)}`;
}

/** "14:00" in the given zone. */
export function timeInZone(iso: string, timeZone: string, locale?: string) {
  return formatDate(iso, dateLocale(locale), { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
}

export const UNIT_NAMES: Record<PricingUnit, { label: string; one: string; many: string }> = {
  hour: { label: translatable("Hourly"), one: translatable("hour"), many: "hours" },
  day: { label: translatable("Daily"), one: translatable("day"), many: "days" },
  week: { label: translatable("Weekly"), one: translatable("week"), many: "weeks" },
  month: { label: translatable("Monthly"), one: translatable("month"), many: "months" },
};

export function durationText(unit: PricingUnit, quantity: number) {
  return `${quantity} ${quantity === 1 ? UNIT_NAMES[unit].one : UNIT_NAMES[unit].many}`;
}

/** Zones offered by the display picker: the listing's, the browser's, UTC and common ones. */
export const COMMON_TIME_ZONES = [
  "UTC",
  "America/Los_Angeles",
  "America/Denver",
  "America/Chicago",
  "America/New_York",
  "America/Sao_Paulo",
  "Europe/London",
  "Europe/Paris",
  "Europe/Berlin",
  "Africa/Johannesburg",
  "Asia/Dubai",
  "Asia/Kolkata",
  "Asia/Singapore",
  "Asia/Tokyo",
  "Asia/Seoul",
  "Australia/Sydney",
  "Pacific/Auckland",
];

export function timeZoneChoices(listingZone: string, browserZone: string | null): string[] {
  return [...new Set([listingZone, ...(browserZone ? [browserZone] : []), ...COMMON_TIME_ZONES])];
}

/**
 * The choice a search result's link carries (issue #27: `?start=…&unit=hour&duration=3&seats=2`,
 * listings/card.ts `offerQuery`), so the guest does not choose again; null when it is not
 * one this listing offers. The widget still checks the start against its rules and busy ranges.
 */
export function keptChoice(params: URLSearchParams, widget: { timeZone: string; units: UnitPrice[]; capacity: number; minRentalDuration: number; maxRentalDuration: number | null }): { choice: Choice; seats: number } | null {
  const unit = widget.units.find((entry) => entry.unit === params.get("unit"))?.unit;
  const start = params.get("start") ?? "";
  const time = /^\d{4}-\d{2}-\d{2}T/.test(start) ? Date.parse(start) : Number.NaN;
  if (!unit || !Number.isFinite(time)) return null;
  const iso = new Date(time).toISOString();
  const duration = Number(params.get("duration"));
  const seats = Number(params.get("seats") ?? 1);
  return {
    choice: { unit, date: localParts(iso, widget.timeZone).date, start: iso, quantity: clampQuantity(Number.isInteger(duration) ? duration : 1, durationRange(unit, widget)) },
    seats: Number.isInteger(seats) ? Math.min(Math.max(1, seats), widget.capacity) : 1,
  };
}
