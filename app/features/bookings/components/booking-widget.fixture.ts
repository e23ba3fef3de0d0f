import { DEFAULT_WEEKLY_HOURS, scheduleOf } from "~/features/availability/schedule";
import type { BookingWidgetData } from "./booking-widget";

/** The booking widget's tests' fixed clock: Tuesday 10 March 2026, 11:30 in New York (EDT, two days after the change to summer time). */
export const NOW = new Date("2026-03-10T15:30:00Z");
export const ZONE = "America/New_York";

/** An hourly and daily listing in New York, open the default hours, one unit at a time. */
export const WIDGET: BookingWidgetData = {
  timeZone: ZONE,
  currency: "USD",
  units: [
    { unit: "hour", priceMinor: 2550 },
    { unit: "day", priceMinor: 15000 },
  ],
  feePercent: 10,
  minRentalDuration: 1,
  maxRentalDuration: 72,
  schedule: scheduleOf({ timezone: ZONE, openingHours: DEFAULT_WEEKLY_HOURS, checkInTime: null, checkOutTime: null, bufferBeforeMinutes: 0, bufferAfterMinutes: 0, minNoticeMinutes: 0, maxAdvanceDays: 365 }),
  capacity: 1,
  unitWords: { one: "unit", many: "units" },
};
