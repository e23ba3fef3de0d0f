import { describe, expect, it } from "vitest";
import { blockFormValues } from "./block-form";
import { agendaItems, calendarItems, closedRanges, floating, readView, viewWindow, wallRangeText, wholeHour, type CalendarData } from "./host-calendar-view";
import { DEFAULT_WEEKLY_HOURS } from "./schedule";

const DATA: CalendarData = {
  space: {
    timeZone: "Europe/Paris",
    quantity: 3,
    unitWords: { one: "unit", many: "units" },
    schedule: {
      timeZone: "Europe/Paris",
      weekly: DEFAULT_WEEKLY_HOURS.map((day, index) => (index === 6 ? [] : day)),
      dated: { "2026-03-27": [{ start: "12:00", end: "16:00" }] },
      rules: { bufferBeforeMinutes: 0, bufferAfterMinutes: 0, minNoticeMinutes: 0, maxAdvanceDays: 365 },
      checkIn: null,
      checkOut: null,
    },
  },
  bookings: [{ id: "b1", start: "2026-03-29T08:00:00.000Z", end: "2026-03-29T10:00:00.000Z", status: "confirmed", units: 2, guestName: "Ana López" }],
  holds: [{ id: "h1", start: "2026-03-28T09:00:00.000Z", end: "2026-03-28T10:00:00.000Z", units: 1 }],
  blocks: [{ id: "k1", start: "2026-03-24T23:00:00.000Z", end: "2026-03-26T23:00:00.000Z", note: "Painting" }],
  datedNotes: { "2026-03-27": "Late start" },
};

describe("the host's calendar views", () => {
  it("shows six weeks from the Monday before the 1st for a month, Monday to Sunday for a week", () => {
    expect(viewWindow("month", "2026-03-15")).toEqual({ from: "2026-02-23", to: "2026-04-05", prev: "2026-02-01", next: "2026-04-01", anchor: "2026-03-01" });
    expect(viewWindow("week", "2026-03-29")).toEqual({ from: "2026-03-23", to: "2026-03-29", prev: "2026-03-16", next: "2026-03-30", anchor: "2026-03-23" });
    expect(viewWindow("month", "2026-12-31")).toMatchObject({ prev: "2026-11-01", next: "2027-01-01" });
  });

  it("reads the view from the address, with today for a missing or bad date", () => {
    expect(readView(new URLSearchParams("view=week&date=2026-02-30"), "2026-01-05")).toEqual({ view: "week", date: "2026-01-05" });
    expect(readView(new URLSearchParams("view=year&date=2026-02-28"), "2026-01-05")).toEqual({ view: "month", date: "2026-02-28" });
  });

  it("gives wall-clock times of the listing's zone across a daylight-saving change", () => {
    // 29 March 2026: Paris goes from UTC+1 to UTC+2 at 02:00.
    expect(floating("2026-03-29T00:30:00.000Z", "Europe/Paris")).toBe("2026-03-29T01:30:00");
    expect(floating("2026-03-29T01:00:00.000Z", "Europe/Paris")).toBe("2026-03-29T03:00:00");
    expect(floating("2026-10-25T00:30:00.000Z", "Europe/Paris")).toBe("2026-10-25T02:30:00");
    expect(floating("2026-10-25T01:30:00.000Z", "Europe/Paris")).toBe("2026-10-25T02:30:00");
  });

  it("shades the closed hours of each date in the week view and the closed dates in the month view", () => {
    expect(closedRanges([{ start: "09:00", end: "12:00" }, { start: "14:00", end: "24:00" }])).toEqual([
      { start: "00:00", end: "09:00" },
      { start: "12:00", end: "14:00" },
    ]);
    expect(closedRanges([])).toEqual([{ start: "00:00", end: "24:00" }]);
    const week = calendarItems(DATA, "week", { from: "2026-03-23", to: "2026-03-29" });
    expect(week.filter((item) => item.id.startsWith("closed-2026-03-29"))).toEqual([
      expect.objectContaining({ kind: "closed", start: "2026-03-29T00:00:00", end: "2026-03-30T00:00:00", background: true }),
    ]);
    expect(week.filter((item) => item.id.startsWith("closed-2026-03-27")).map((item) => [item.start, item.end])).toEqual([
      ["2026-03-27T00:00:00", "2026-03-27T12:00:00"],
      ["2026-03-27T16:00:00", "2026-03-28T00:00:00"],
    ]);
    const month = calendarItems(DATA, "month", { from: "2026-03-23", to: "2026-03-29" });
    expect(month.filter((item) => item.background).map((item) => [item.kind, item.start, item.title])).toEqual([
      ["special", "2026-03-27", "Hours: 12:00–16:00"],
      ["closed", "2026-03-29", "Closed"],
    ]);
  });

  it("lists the booking with the guest's name and units, the hold and the block with its note, in time order", () => {
    const items = agendaItems(calendarItems(DATA, "month", { from: "2026-03-23", to: "2026-03-29" }));
    expect(items.map((item) => [item.kind, item.title, item.start])).toEqual([
      ["block", "Blocked: Painting", "2026-03-25T00:00:00"],
      ["hold", "Checkout in progress", "2026-03-28T10:00:00"],
      ["booking", "Ana López · 2 units", "2026-03-29T10:00:00"],
    ]);
    expect(items[0]).toMatchObject({ allDay: true, end: "2026-03-27T00:00:00" });
    // The week view draws the same block over the hours, without a time.
    const week = calendarItems(DATA, "week", { from: "2026-03-23", to: "2026-03-29" }).find((item) => item.kind === "block");
    expect(week).toMatchObject({ timeless: true, start: "2026-03-25T00:00:00", end: "2026-03-27T00:00:00" });
    expect(week?.allDay).toBeUndefined();
  });

  it("says ranges in words and rounds an entry outwards to whole hours for an unblock", () => {
    expect(wallRangeText("2026-03-29T10:00:00", "2026-03-29T12:00:00")).toBe("Sun 29 Mar, 10:00 – 12:00");
    expect(wallRangeText("2026-12-24T00:00:00", "2026-12-27T00:00:00")).toBe("Thu 24 Dec – Sat 26 Dec, all day");
    expect(wallRangeText("2026-12-24T00:00:00", "2026-12-25T00:00:00")).toBe("Thu 24 Dec, all day");
    expect(wholeHour("2026-03-29T10:30:00", "down")).toBe("2026-03-29T10:00");
    expect(wholeHour("2026-03-29T23:30:00", "up")).toBe("2026-03-30T00:00");
    expect(wholeHour("2026-03-29T12:00:00", "up")).toBe("2026-03-29T12:00");
  });

  it("turns whole days of the block form into 00:00 of the first day to 00:00 after the last", () => {
    const form = new FormData();
    form.set("wholeDays", "on");
    form.set("firstDay", "2026-12-24");
    form.set("lastDay", "2026-12-26");
    form.set("note", " Closed 24–26 Dec ");
    expect(blockFormValues(form)).toEqual({ from: "2026-12-24T00:00", to: "2026-12-27T00:00", note: "Closed 24–26 Dec" });
    form.set("lastDay", "not a date");
    expect(blockFormValues(form)).toMatchObject({ to: "not a date" });
  });
});
