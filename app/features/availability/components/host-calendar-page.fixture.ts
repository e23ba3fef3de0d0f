import type { CalendarData } from "../host-calendar-view";
import { DEFAULT_WEEKLY_HOURS } from "../schedule";
import type { HostCalendarPageProps } from "./host-calendar-page";

/** December 2026 of a Paris listing in the host calendar's tests: a booking, a hold, a block with a note, an imported block and a closed day. */
export const CALENDAR: CalendarData = {
  space: {
    timeZone: "Europe/Paris",
    quantity: 1,
    unitWords: { one: "unit", many: "units" },
    schedule: { timeZone: "Europe/Paris", weekly: DEFAULT_WEEKLY_HOURS, dated: { "2026-12-04": [] }, rules: { bufferBeforeMinutes: 0, bufferAfterMinutes: 0, minNoticeMinutes: 0, maxAdvanceDays: 365 }, checkIn: null, checkOut: null },
  },
  bookings: [{ id: "6f1c1a52-3d0e-4c1e-9d1f-2a7b6c5d4e3f", start: "2026-12-01T09:00:00.000Z", end: "2026-12-01T11:00:00.000Z", status: "confirmed", units: 1, guestName: "Ana López" }],
  holds: [{ id: "h1", start: "2026-12-01T13:00:00.000Z", end: "2026-12-01T14:00:00.000Z", units: 1 }],
  blocks: [
    { id: "k1", start: "2026-12-01T23:00:00.000Z", end: "2026-12-02T23:00:00.000Z", note: "Painting the walls" },
    { id: "k2", start: "2026-12-09T23:00:00.000Z", end: "2026-12-11T23:00:00.000Z", note: null, imported: true },
  ],
  datedNotes: { "2026-12-04": "Family wedding" },
};

export const PROPS: HostCalendarPageProps = {
  title: "Canal studio",
  rentalType: "space",
  settings: { weekly: DEFAULT_WEEKLY_HOURS, checkInTime: null, checkOutTime: null, bufferBeforeMinutes: 0, bufferAfterMinutes: 0, minNoticeMinutes: 0, maxAdvanceDays: 365, quantity: 1 },
  view: "month",
  date: "2026-12-01",
  today: "2026-11-26",
  window: { from: "2026-11-30", to: "2027-01-10", prev: "2026-11-01", next: "2027-01-01", anchor: "2026-12-01" },
  calendar: CALENDAR,
};
