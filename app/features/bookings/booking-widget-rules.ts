import { quoteBooking, type PricingUnit } from "./pricing";
import { addDays, bookingEnd, daySlots, GRID_FIRST_HOUR, GRID_LAST_HOUR, gridCell, overlaps, weekDays, type Range } from "./slots";
import { formatDate } from "~/lib/dates";

export { weekStartOf } from "./slots";
export type { Range } from "./slots";

/**
 * The booking widget's rules (docs/product.md "Booking flow" and "Booking rules"),
 * pure so that the component and its tests share them. The server decides again on
 * every request; these only keep the guest from asking for what it would refuse.
 */

export const SELECT_DATE_AND_TIME = "Please select a date and time";
export const SELECT_FUTURE_TIME = "Please select a future date and time";
export const SLOT_PASSED = "This time slot has passed";
export const SLOT_BOOKED = "This time slot is booked";

/** Grid rows: one per hour cell from 09:00 to 21:00 (the last cell is 20:00–21:00). */
export const GRID_HOURS = Array.from({ length: GRID_LAST_HOUR - GRID_FIRST_HOUR }, (_, index) => GRID_FIRST_HOUR + index);
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

/** The day's start times (09:00–20:00 in the listing's zone); past ones and those whose booking would overlap a busy range are disabled. */
export function slotOptions(
  date: string,
  timeZone: string,
  unit: PricingUnit,
  quantity: number,
  busy: Range[],
  now: Date,
): SlotOption[] {
  return daySlots(date, timeZone).map((slot) => {
    const reason = slotReason({ start: slot.start, end: bookingEnd(slot.start, unit, quantity, timeZone) }, busy, now);
    return { label: slot.label, start: slot.start, disabled: reason !== null, reason };
  });
}

function slotReason(range: Range, busy: Range[], now: Date): string | null {
  if (Date.parse(range.start) <= now.getTime()) return SLOT_PASSED;
  if (overlaps(range, busy)) return SLOT_BOOKED;
  return null;
}

export type GridCell = { date: string; hour: number; start: string; end: string; disabled: boolean; reason: string | null };

/** The weekly grid: 7 days × the grid hours; each cell is one hour in the listing's zone. */
export function weekGrid(weekStart: string, timeZone: string, busy: Range[], now: Date): { days: string[]; rows: GridCell[][] } {
  const days = weekDays(weekStart);
  const rows = GRID_HOURS.map((hour) =>
    days.map((date) => {
      const cell = gridCell(date, hour, timeZone);
      // A cell whose hour has begun has passed: it can no longer be booked from its start.
      const reason = slotReason(cell, busy, now);
      return { date, hour, start: cell.start, end: cell.end, disabled: reason !== null, reason };
    }),
  );
  return { days, rows };
}

export const shiftDate = addDays;

/** The busy window fetched for a grid week: from the day before it to five weeks later (inside the server's 6-week limit). */
export function busyWindow(weekStart: string): { from: string; to: string } {
  const from = new Date(Date.parse(`${shiftDate(weekStart, -1)}T00:00:00Z`));
  const to = new Date(Date.parse(`${shiftDate(weekStart, 35)}T00:00:00Z`));
  return { from: from.toISOString(), to: to.toISOString() };
}

/** Rental, fee and total for the choice, from the listing's unit price (integer minor units). */
export function quoteChoice(units: UnitPrice[], choice: Pick<Choice, "unit" | "quantity">, feePercent: number, currency: string) {
  const price = units.find((entry) => entry.unit === choice.unit)?.priceMinor ?? 0;
  return quoteBooking({ unitPriceMinor: price, quantity: choice.quantity, feePercent, currency });
}

/** Keeps a quantity inside the unit's limits. */
export function clampQuantity(quantity: number, range: { min: number; max: number }): number {
  if (!Number.isFinite(quantity)) return range.min;
  return Math.min(range.max, Math.max(range.min, Math.round(quantity)));
}

/** "Mon 24 Nov, 14:00" in the given zone. */
export function formatInZone(iso: string, timeZone: string, options: Intl.DateTimeFormatOptions = {}) {
  return formatDate(iso, "en-GB", {
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
export function rangeInZone(start: string, end: string, timeZone: string) {
  const day = (iso: string) => formatInZone(iso, timeZone, { hour: undefined, minute: undefined });
  return day(start) === day(end) ? `${formatInZone(start, timeZone)} – ${timeInZone(end, timeZone)}` : `${formatInZone(start, timeZone)} – ${formatInZone(end, timeZone)}`;
}

/** "14:00" in the given zone. */
export function timeInZone(iso: string, timeZone: string) {
  return formatDate(iso, "en-GB", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
}

export const UNIT_NAMES: Record<PricingUnit, { label: string; one: string; many: string }> = {
  hour: { label: "Hourly", one: "hour", many: "hours" },
  day: { label: "Daily", one: "day", many: "days" },
  week: { label: "Weekly", one: "week", many: "weeks" },
  month: { label: "Monthly", one: "month", many: "months" },
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
