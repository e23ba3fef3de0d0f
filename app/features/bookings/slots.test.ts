import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PRICING_UNITS, UNIT_HOURS } from "./pricing";
import {
  addDays,
  bookingEnd,
  dayLengthHours,
  daySlots,
  gridCell,
  localParts,
  overlaps,
  todayIn,
  weekDays,
  weekStartOf,
} from "./slots";

const ZONES = ["America/New_York", "Europe/London", "Australia/Sydney", "Asia/Tokyo"] as const;
const zone = fc.constantFrom(...ZONES);
/** Any date from 2024 to 2030. */
const date = fc.integer({ min: 0, max: 365 * 7 }).map((n) => addDays("2024-01-01", n));

describe("daySlots", () => {
  it("gives twelve slots 09:00-20:00 whose instants read back as those local hours, on every day in every zone", () => {
    fc.assert(
      fc.property(date, zone, (d, tz) => {
        const slots = daySlots(d, tz);
        expect(slots.map((s) => s.label)).toEqual(Array.from({ length: 12 }, (_, i) => `${String(9 + i).padStart(2, "0")}:00`));
        slots.forEach((slot, i) => {
          expect(localParts(slot.start, tz)).toEqual({ date: d, hour: 9 + i, minute: 0 });
          if (i > 0) expect(Date.parse(slot.start) - Date.parse(slots[i - 1]!.start)).toBe(3_600_000);
        });
      }),
    );
  });

  it("lays out daylight-saving days of 23 and 25 hours correctly", () => {
    // New York springs forward 2026-03-08 and falls back 2026-11-01.
    expect(dayLengthHours("2026-03-08", "America/New_York")).toBe(23);
    expect(daySlots("2026-03-08", "America/New_York")[0]!.start).toBe("2026-03-08T13:00:00.000Z"); // EDT, UTC-4
    expect(daySlots("2026-03-07", "America/New_York")[0]!.start).toBe("2026-03-07T14:00:00.000Z"); // EST, UTC-5
    expect(dayLengthHours("2026-11-01", "America/New_York")).toBe(25);
    expect(daySlots("2026-11-01", "America/New_York")[0]!.start).toBe("2026-11-01T14:00:00.000Z");
    // London: 2026-03-29 (23 h), 2026-10-25 (25 h).
    expect(dayLengthHours("2026-03-29", "Europe/London")).toBe(23);
    expect(dayLengthHours("2026-10-25", "Europe/London")).toBe(25);
    expect(daySlots("2026-03-29", "Europe/London")[0]!.start).toBe("2026-03-29T08:00:00.000Z");
    // Sydney (southern hemisphere): 2026-04-05 is 25 h, 2026-10-04 is 23 h.
    expect(dayLengthHours("2026-04-05", "Australia/Sydney")).toBe(25);
    expect(dayLengthHours("2026-10-04", "Australia/Sydney")).toBe(23);
    expect(daySlots("2026-10-04", "Australia/Sydney")[0]!.start).toBe("2026-10-03T22:00:00.000Z"); // AEDT, UTC+11
    // Tokyo has no daylight saving.
    expect(dayLengthHours("2026-03-08", "Asia/Tokyo")).toBe(24);
    expect(daySlots("2026-03-08", "Asia/Tokyo")[0]!.start).toBe("2026-03-08T00:00:00.000Z");
  });

  it("every local day is 23, 24 or 25 hours long", () => {
    fc.assert(
      fc.property(date, zone, (d, tz) => {
        expect([23, 24, 25]).toContain(dayLengthHours(d, tz));
      }),
    );
  });
});

describe("todayIn", () => {
  it("is the zone's calendar date, which can differ from UTC's", () => {
    const now = new Date("2026-01-01T16:00:00.000Z");
    expect(todayIn("Asia/Tokyo", now)).toBe("2026-01-02");
    expect(todayIn("America/New_York", now)).toBe("2026-01-01");
    expect(todayIn("Australia/Sydney", new Date("2026-01-01T12:59:59.000Z"))).toBe("2026-01-01");
    expect(todayIn("Australia/Sydney", new Date("2026-01-01T13:00:00.000Z"))).toBe("2026-01-02");
  });
});

describe("weekly grid", () => {
  it("weekDays gives seven consecutive dates across month and year ends", () => {
    expect(weekDays("2026-12-28")).toEqual(["2026-12-28", "2026-12-29", "2026-12-30", "2026-12-31", "2027-01-01", "2027-01-02", "2027-01-03"]);
    expect(weekStartOf("2026-03-08")).toBe("2026-03-02");
  });

  it("grid cells are one local hour: 60 minutes except where the clock jumps", () => {
    fc.assert(
      fc.property(date, zone, fc.integer({ min: 9, max: 21 }), (d, tz, hour) => {
        const cell = gridCell(d, hour, tz);
        expect(localParts(cell.start, tz)).toEqual({ date: d, hour, minute: 0 });
        expect(Date.parse(cell.end) - Date.parse(cell.start)).toBe(3_600_000);
      }),
    );
  });
});

describe("overlaps", () => {
  it("treats ranges as half-open and matches interval arithmetic", () => {
    const r = (a: number, b: number) => ({ start: new Date(a * 3_600_000).toISOString(), end: new Date(b * 3_600_000).toISOString() });
    expect(overlaps(r(10, 11), [r(11, 12)])).toBe(false);
    expect(overlaps(r(10, 12), [r(11, 12)])).toBe(true);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 1, max: 10 }), fc.integer({ min: 0, max: 100 }), fc.integer({ min: 1, max: 10 }), (a, la, b, lb) => {
        expect(overlaps(r(a, a + la), [r(b, b + lb)])).toBe(a < b + lb && b < a + la);
      }),
    );
  });
});

describe("bookingEnd", () => {
  it("adds elapsed hours, so a day across a DST change ends an hour off on the wall clock", () => {
    const start = daySlots("2026-03-07", "America/New_York")[0]!.start; // 09:00 EST
    const end = bookingEnd(start, "day", 1, "America/New_York");
    expect(Date.parse(end) - Date.parse(start)).toBe(24 * 3_600_000);
    expect(localParts(end, "America/New_York")).toEqual({ date: "2026-03-08", hour: 10, minute: 0 });
    fc.assert(
      fc.property(date, zone, fc.constantFrom(...PRICING_UNITS), fc.integer({ min: 1, max: 30 }), (d, tz, u, q) => {
        const s = daySlots(d, tz)[0]!.start;
        expect(Date.parse(bookingEnd(s, u, q, tz)) - Date.parse(s)).toBe(q * UNIT_HOURS[u] * 3_600_000);
      }),
    );
  });
});
