import fc from "fast-check";
import { hoursInLanguage } from "./schedule-words";
import { i18nFor, loadAllCatalogs, translate } from "~/features/i18n/i18n";
import { english, type Translate } from "~/features/i18n/translate";
import { describe, expect, it } from "vitest";
import { slotOptions, unitsFree, weekGrid, SLOT_BOOKED, SLOT_CLOSED, type Availability } from "~/features/bookings/booking-widget-rules";
import { addDays, localParts, zonedInstant } from "~/features/bookings/slots";
import {
  DEFAULT_RULES,
  DEFAULT_WEEKLY_HOURS,
  dayProblem,
  hoursOn,
  isWithinHours,
  scheduledEnd,
  startProblem,
  weekProblem,
  type HoursRange,
  type Schedule,
} from "./schedule";

/**
 * The schedule engine against its promises (issue #26): the widget's offer and the
 * server's check are the same functions, so a start the widget offers is one the server
 * takes and the other way round, across daylight-saving changes in four zones (two
 * northern, one southern, and one with a half-hour offset and no daylight saving).
 */

const ZONES = ["America/New_York", "Europe/Paris", "Australia/Sydney", "Asia/Kolkata"] as const;
const zone = fc.constantFrom(...ZONES);
/** Dates around 2026's clock changes in those zones (and ordinary ones). */
const DST_DATES = ["2026-03-08", "2026-11-01", "2026-03-29", "2026-10-25", "2026-04-05", "2026-10-04"];
const date = fc.oneof(fc.constantFrom(...DST_DATES), fc.integer({ min: 0, max: 360 }).map((n) => addDays("2026-01-01", n)));

/** One day's valid ranges: up to three, on whole hours, not overlapping, sorted. */
const day: fc.Arbitrary<HoursRange[]> = fc
  .uniqueArray(fc.integer({ min: 0, max: 24 }), { minLength: 0, maxLength: 6 })
  .map((hours) => {
    const sorted = [...hours].sort((a, b) => a - b);
    const ranges: HoursRange[] = [];
    for (let i = 0; i + 1 < sorted.length; i += 2) ranges.push({ start: hh(sorted[i]!), end: hh(sorted[i + 1]!) });
    return ranges;
  });
const week = fc.array(day, { minLength: 7, maxLength: 7 });
const rules = fc.record({
  bufferBeforeMinutes: fc.constantFrom(0, 15, 60, 120),
  bufferAfterMinutes: fc.constantFrom(0, 30, 60),
  minNoticeMinutes: fc.constantFrom(0, 60, 120, 1440),
  maxAdvanceDays: fc.constantFrom(30, 365),
});

const hh = (hour: number) => `${String(hour).padStart(2, "0")}:00`;

function scheduleWith(timeZone: string, weekly: HoursRange[][], extra: Partial<Schedule> = {}): Schedule {
  return { timeZone, weekly, dated: {}, rules: DEFAULT_RULES, checkIn: null, checkOut: null, ...extra };
}

const NOW = new Date("2025-12-31T12:00:00.000Z");

describe("day and week checks", () => {
  it("refuses overlapping, inverted, off-the-hour and past-midnight ranges, and takes valid ones", () => {
    expect(dayProblem([{ start: "09:00", end: "12:00" }, { start: "11:00", end: "14:00" }])).toBe("Openings on one day must not overlap");
    expect(dayProblem([{ start: "12:00", end: "09:00" }])).toBe("Each opening must end after it starts");
    expect(dayProblem([{ start: "09:30", end: "12:00" }])).toBe("Use a time on the hour, from 00:00 to 24:00");
    expect(dayProblem([{ start: "22:00", end: "26:00" }])).toBe("Use a time on the hour, from 00:00 to 24:00");
    expect(dayProblem([{ start: "24:00", end: "24:00" }])).toBe("Use a time on the hour, from 00:00 to 24:00");
    expect(dayProblem([{ start: "00:00", end: "24:00" }])).toBeNull();
    expect(weekProblem(DEFAULT_WEEKLY_HOURS)).toBeNull();
    expect(weekProblem(DEFAULT_WEEKLY_HOURS.slice(0, 6))).toBe("Give hours for each of the seven days");
    expect(weekProblem("nonsense")).toBe("Give hours for each of the seven days");
    fc.assert(
      fc.property(week, (w) => {
        expect(weekProblem(w)).toBeNull();
      }),
    );
  });

  it("says the week in words, joining days with the same hours", () => {
    const weekly = [0, 1, 2, 3, 4].map(() => [{ start: "08:00", end: "18:00" }]);
    expect(hoursInLanguage([...weekly, [{ start: "10:00", end: "14:00" }], []], english)).toEqual(["Mon–Fri 08:00–18:00", "Sat 10:00–14:00", "Sun closed"]);
    expect(hoursInLanguage(DEFAULT_WEEKLY_HOURS, english)).toEqual(["Every day 09:00–21:00"]);
  });
});

describe("the widget offers exactly the starts the server takes", () => {
  it("for random hours, rules, durations and zones, across clock changes", () => {
    fc.assert(
      fc.property(zone, week, rules, date, fc.integer({ min: 1, max: 5 }), (tz, weekly, r, d, hours) => {
        const schedule = scheduleWith(tz, weekly, { rules: r });
        const availability: Availability = { schedule, capacity: 1, busy: [] };
        const offered = new Map(slotOptions(d, availability, "hour", hours, 1, NOW).map((slot) => [slot.start, slot]));
        // Every whole hour of the local day, and the skipped or repeated ones around a change.
        const dayStart = Date.parse(zonedInstant(d, 0, tz));
        const dayEnd = Date.parse(zonedInstant(addDays(d, 1), 0, tz));
        for (let ms = dayStart; ms < dayEnd; ms += 3_600_000) {
          const start = new Date(ms);
          const end = scheduledEnd(schedule, start, "hour", hours);
          const serverTakes = startProblem(schedule, { start, end, byTheDay: false, now: NOW }) === null && ms > NOW.getTime();
          const slot = offered.get(start.toISOString());
          expect(Boolean(slot && !slot.disabled), `${tz} ${start.toISOString()}`).toBe(serverTakes);
          if (serverTakes) {
            // Inside the day's hours, on the hour, far enough ahead and not too far.
            expect(isWithinHours(schedule, start, end)).toBe(true);
            expect(localParts(start, tz).minute).toBe(0);
            expect(ms).toBeGreaterThanOrEqual(NOW.getTime() + r.minNoticeMinutes * 60_000);
            expect(ms - NOW.getTime()).toBeLessThanOrEqual(r.maxAdvanceDays * 86_400_000);
          }
        }
        // No instant is offered twice (a repeated hour when clocks go back is one start).
        expect(offered.size).toBe(slotOptions(d, availability, "hour", hours, 1, NOW).length);
      }),
      { numRuns: 300 },
    );
  });

  it("a start whose booking and buffers would touch a busy range is booked; one clear of it is free", () => {
    fc.assert(
      fc.property(zone, rules, fc.integer({ min: 9, max: 18 }), fc.integer({ min: 1, max: 3 }), (tz, r, busyHour, hours) => {
        const schedule = scheduleWith(tz, DEFAULT_WEEKLY_HOURS.map(() => [{ start: "00:00", end: "24:00" }]), { rules: { ...r, minNoticeMinutes: 0, maxAdvanceDays: 365 } });
        const d = "2026-06-10";
        const busy = [{ start: zonedInstant(d, busyHour, tz), end: zonedInstant(d, busyHour + 1, tz) }];
        const availability: Availability = { schedule, capacity: 1, busy };
        for (const slot of slotOptions(d, availability, "hour", hours, 1, NOW)) {
          const start = Date.parse(slot.start) - r.bufferBeforeMinutes * 60_000;
          const end = Date.parse(slot.start) + hours * 3_600_000 + r.bufferAfterMinutes * 60_000;
          const touches = start < Date.parse(busy[0]!.end) && Date.parse(busy[0]!.start) < end;
          expect(slot.reason === SLOT_BOOKED, slot.label).toBe(touches);
        }
      }),
    );
  });

  it("dated hours replace the weekday's: a closed date offers nothing, an opened one offers its hours", () => {
    const schedule = scheduleWith("Europe/Paris", DEFAULT_WEEKLY_HOURS, { dated: { "2026-12-24": [], "2026-12-27": [{ start: "12:00", end: "15:00" }] } });
    const availability: Availability = { schedule, capacity: 1, busy: [] };
    expect(slotOptions("2026-12-24", availability, "hour", 1, 1, NOW)).toEqual([]);
    expect(slotOptions("2026-12-27", availability, "hour", 1, 1, NOW).map((slot) => [slot.label, slot.disabled])).toEqual([
      ["12:00", false],
      ["13:00", false],
      ["14:00", false],
    ]);
    // Two hours from 14:00 would run past 15:00.
    expect(slotOptions("2026-12-27", availability, "hour", 2, 1, NOW).map((slot) => slot.disabled)).toEqual([false, false, true]);
    expect(hoursOn(schedule, "2026-12-25")).toEqual([{ start: "09:00", end: "21:00" }]);
    expect(startProblem(schedule, { start: new Date(zonedInstant("2026-12-24", 10, "Europe/Paris")), end: new Date(zonedInstant("2026-12-24", 11, "Europe/Paris")), byTheDay: false, now: NOW })).toBe("The listing is closed on this date");
  });

  it("the grid marks closed hours 'Closed' and shows the hours any day opens", () => {
    const weekly = [...DEFAULT_WEEKLY_HOURS.slice(0, 5).map(() => [{ start: "08:00", end: "18:00" }]), [{ start: "10:00", end: "14:00" }], []];
    const grid = weekGrid("2026-06-08", { schedule: scheduleWith("America/New_York", weekly), capacity: 1, busy: [] }, NOW);
    expect(grid.rows.map((row) => row[0]!.hour)).toEqual([8, 9, 10, 11, 12, 13, 14, 15, 16, 17]);
    const saturday = grid.rows.map((row) => row[5]!);
    expect(saturday.filter((cell) => !cell.disabled).map((cell) => cell.hour)).toEqual([10, 11, 12, 13]);
    expect(grid.rows.every((row) => row[6]!.reason === SLOT_CLOSED)).toBe(true);
  });
});

describe("the grid and the start list agree", () => {
  it("for any hours, rules, busy ranges and choice of length and seats, a cell is free exactly when its start is offered", () => {
    const busyRange = fc.record({ day: fc.integer({ min: 0, max: 6 }), hour: fc.integer({ min: 0, max: 22 }), length: fc.integer({ min: 1, max: 4 }), units: fc.integer({ min: 1, max: 4 }) });
    fc.assert(
      fc.property(zone, week, rules, fc.array(busyRange, { maxLength: 6 }), fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 3 }), fc.constantFrom(1, 4), (tz, weekly, r, ranges, hours, units, capacity) => {
        const weekStart = "2026-03-02";
        const schedule = scheduleWith(tz, weekly, { rules: r });
        const busy = ranges.map((b) => ({ start: zonedInstant(addDays(weekStart, b.day), b.hour, tz), end: zonedInstant(addDays(weekStart, b.day), b.hour + b.length, tz), units: b.units }));
        const availability: Availability = { schedule, capacity, busy };
        const wanted = Math.min(units, capacity);
        const grid = weekGrid(weekStart, availability, NOW, { unit: "hour", quantity: hours, units: wanted });
        const startsOf = new Map<string, ReturnType<typeof slotOptions>>();
        for (const row of grid.rows) {
          for (const cell of row) {
            if (!startsOf.has(cell.date)) startsOf.set(cell.date, slotOptions(cell.date, availability, "hour", hours, wanted, NOW));
            const slot = startsOf.get(cell.date)!.find((option) => option.start === cell.start);
            // A cell the clocks skip has no start of its own; every other free cell is an offered start.
            if (!slot) expect(cell.disabled, `${tz} ${cell.start}`).toBe(true);
            else expect(cell.disabled, `${tz} ${cell.start}: ${cell.reason} / ${slot.reason}`).toBe(slot.disabled);
          }
        }
      }),
      { numRuns: 150 },
    );
  });
});

describe("check-in and check-out", () => {
  it("a rental by the day starts at check-in and ends at check-out, whatever the clocks do", () => {
    fc.assert(
      fc.property(zone, date, fc.integer({ min: 1, max: 14 }), (tz, d, days) => {
        const schedule = scheduleWith(tz, DEFAULT_WEEKLY_HOURS, { checkIn: "15:00", checkOut: "11:00" });
        const slots = slotOptions(d, { schedule, capacity: 1, busy: [] }, "day", days, 1, NOW);
        expect(slots.map((slot) => slot.label)).toEqual(["15:00"]);
        const end = scheduledEnd(schedule, new Date(slots[0]!.start), "day", days);
        expect(localParts(end, tz)).toEqual({ date: addDays(d, days), hour: 11, minute: 0 });
        const at16 = new Date(zonedInstant(d, 16, tz));
        expect(startProblem(schedule, { start: at16, end: scheduledEnd(schedule, at16, "day", days), byTheDay: true, now: NOW })).toBe("Bookings by the day start at check-in, 15:00");
      }),
    );
  });
});

describe("units and seats", () => {
  it("counts the peak of overlapping bookings, and a block takes every unit", () => {
    const schedule = scheduleWith("UTC", DEFAULT_WEEKLY_HOURS);
    const at = (hour: number) => `2026-06-10T${hh(hour)}:00.000Z`;
    const busy = [
      { start: at(10), end: at(12), units: 3 },
      { start: at(11), end: at(13), units: 4 },
      { start: at(12), end: at(14), units: 2 },
    ];
    const availability: Availability = { schedule, capacity: 12, busy };
    expect(unitsFree(availability, { start: at(10), end: at(11) })).toBe(9);
    expect(unitsFree(availability, { start: at(11), end: at(12) })).toBe(5);
    expect(unitsFree(availability, { start: at(10), end: at(14) })).toBe(5);
    expect(unitsFree(availability, { start: at(14), end: at(15) })).toBe(12);
    expect(unitsFree({ ...availability, busy: [{ start: at(16), end: at(18) }] }, { start: at(17), end: at(18) })).toBe(0);
    const options = slotOptions("2026-06-10", availability, "hour", 1, 6, NOW);
    expect(options.find((slot) => slot.label === "11:00")!.reason).toBe(SLOT_BOOKED);
    expect(options.find((slot) => slot.label === "13:00")!.disabled).toBe(false);
  });
});

describe("why a start is refused, in the guest's language (issue #31)", () => {
  const inLanguage = async (locale: "es" | "ar") => {
    const i18n = await loadAllCatalogs(locale).then(() => i18nFor(locale));
    return (text: Parameters<typeof translate>[1]) => translate(i18n, text);
  };
  const paris = (rules: Partial<Schedule["rules"]> = {}, extra: Partial<Schedule> = {}) =>
    scheduleWith("Europe/Paris", DEFAULT_WEEKLY_HOURS, { rules: { ...DEFAULT_RULES, ...rules }, ...extra });
  const at = (date: string, hour: number) => new Date(zonedInstant(date, hour, "Europe/Paris"));
  const problem = (schedule: Schedule, date: string, hour: number, _: Translate, byTheDay = false) =>
    startProblem(schedule, { start: at(date, hour), end: new Date(at(date, hour).getTime() + 3_600_000), byTheDay, now: NOW }, _);

  it("says the notice, how far ahead, the opening hours and check-in in Spanish", async () => {
    const es = await inLanguage("es");
    expect(problem(paris({ minNoticeMinutes: 180 }), "2025-12-31", 14, es)).toBe("Este anuncio requiere 3 horas de antelación antes del inicio de una reserva");
    expect(problem(paris(), "2027-06-01", 10, es)).toBe("Las reservas pueden empezar como máximo con 12 meses de antelación");
    expect(problem(paris({ maxAdvanceDays: 60 }), "2026-06-01", 10, es)).toBe("Las reservas pueden empezar como máximo con 2 meses de antelación");
    expect(problem(paris(), "2026-01-05", 6, es)).toBe("Elige una hora de inicio entre las 09:00 y las 20:00");
    expect(problem(paris({}, { checkIn: "15:00", checkOut: "11:00" }), "2026-01-05", 16, es, true)).toBe("Las reservas por días empiezan a la hora de entrada, 15:00");
  });

  it("uses Arabic's plural forms, and the grid's cells carry the translated reason", async () => {
    const ar = await inLanguage("ar");
    expect(problem(paris({ minNoticeMinutes: 120 }), "2025-12-31", 13, ar)).toBe("يتطلب هذا الإعلان إشعارًا مسبقًا مدته ساعتان قبل بدء الحجز");
    const grid = weekGrid("2026-01-05", { schedule: paris({}, { checkIn: "15:00", checkOut: "11:00" }), capacity: 1, busy: [] }, NOW, { unit: "day", quantity: 1, units: 1 }, ar);
    const reasons = new Set(grid.rows.flat().map((cell) => cell.reason));
    expect(reasons).toContain("تبدأ الحجوزات باليوم عند موعد الاستلام، 15:00");
  });

  it("keeps the product's English, byte for byte, when no language is given", () => {
    expect(startProblem(paris({ minNoticeMinutes: 90 }), { start: at("2025-12-31", 14), end: at("2025-12-31", 15), byTheDay: false, now: NOW })).toBe("This listing needs 90 minutes notice before a booking starts");
    expect(startProblem(paris({ maxAdvanceDays: 730 }), { start: at("2028-06-01", 10), end: at("2028-06-01", 11), byTheDay: false, now: NOW })).toBe("Bookings can start at most 2 years ahead");
  });
});
