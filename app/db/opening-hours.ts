/**
 * The shape of a listing's weekly opening hours (issue #26, ADR 0202), kept free of
 * imports so the schema and the migration tooling can read it. The rules that use it
 * are in app/features/availability/schedule.ts.
 */

/** One opening range, [start, end) in local wall-clock time, "HH:00" ("24:00" ends a day). */
export type HoursRange = { start: string; end: string };
/** Seven weekdays, Monday first; an empty list is a closed day. */
export type WeeklyHours = HoursRange[][];

/** Every day 09:00–21:00: starts 09:00–20:00, the slots every listing had before opening hours. */
export const DEFAULT_WEEKLY_HOURS: WeeklyHours = Array.from({ length: 7 }, () => [{ start: "09:00", end: "21:00" }]);
