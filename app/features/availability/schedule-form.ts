import { translatable } from "~/features/i18n/translatable";
import { z } from "~/lib/zod";
import { dayProblem, hourOf, isRangeShape, RULE_LIMITS, weekProblem, type HoursRange, type WeeklyHours } from "./schedule";

/**
 * The host's availability forms (issue #26), one zod schema each, run in the browser and
 * again in the action (the one form pipeline, ADR 0060): the listing's hours and rules,
 * a block or an unblock of a range, and a date's own hours.
 */

const FIELD_MESSAGES = {
  whole: translatable("Enter a whole number"),
  buffer: `Buffers are from 0 to ${RULE_LIMITS.buffer.max / 60} hours`,
  notice: `Notice is from 0 to ${RULE_LIMITS.notice.max / 1440} days`,
  advance: `Choose from ${RULE_LIMITS.advance.min} to ${RULE_LIMITS.advance.max} days ahead`,
  quantity: `Choose from ${RULE_LIMITS.quantity.min} to ${RULE_LIMITS.quantity.max}`,
  checkTimes: translatable("Give both check-in and check-out, or neither"),
  checkIn: translatable("Check-in is a time on the hour, 00:00 to 23:00"),
  checkOut: translatable("Check-out is a time on the hour, 00:00 to 24:00"),
  localTime: translatable("Choose a date and a time on the hour"),
  rangeOrder: translatable("The end must be after the start"),
  rangeLength: translatable("Block at most 366 days at once"),
  note: translatable("Keep the note to 500 characters or fewer"),
  date: translatable("Choose a date"),
} as const;

const wholeIn = (min: number, max: number, message: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,7}$/, FIELD_MESSAGES.whole)
    .transform(Number)
    .pipe(z.number().int().min(min, message).max(max, message));

/** A JSON field the editor keeps (the week's or a date's ranges), parsed and checked. */
const jsonField = <T>(check: (value: unknown) => string | null) =>
  z.string().transform((text, ctx) => {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      value = undefined;
    }
    const problem = value === undefined ? translatable("Hours could not be read") : check(value);
    if (problem) {
      ctx.addIssue({ code: "custom", message: problem });
      return z.NEVER;
    }
    return value as T;
  });

const optionalHour = (message: string, max: number) =>
  z
    .string()
    .trim()
    .refine((value) => value === "" || (hourOf(value) !== null && hourOf(value)! <= max), message)
    .transform((value) => (value === "" ? null : value));

export const scheduleSettingsSchema = z
  .object({
    weekly: jsonField<WeeklyHours>(weekProblem),
    checkInTime: optionalHour(FIELD_MESSAGES.checkIn, 23),
    checkOutTime: optionalHour(FIELD_MESSAGES.checkOut, 24),
    bufferBeforeMinutes: wholeIn(RULE_LIMITS.buffer.min, RULE_LIMITS.buffer.max, FIELD_MESSAGES.buffer),
    bufferAfterMinutes: wholeIn(RULE_LIMITS.buffer.min, RULE_LIMITS.buffer.max, FIELD_MESSAGES.buffer),
    minNoticeMinutes: wholeIn(RULE_LIMITS.notice.min, RULE_LIMITS.notice.max, FIELD_MESSAGES.notice),
    maxAdvanceDays: wholeIn(RULE_LIMITS.advance.min, RULE_LIMITS.advance.max, FIELD_MESSAGES.advance),
    quantity: wholeIn(RULE_LIMITS.quantity.min, RULE_LIMITS.quantity.max, FIELD_MESSAGES.quantity),
  })
  .superRefine((value, ctx) => {
    if ((value.checkInTime === null) !== (value.checkOutTime === null)) ctx.addIssue({ code: "custom", path: ["checkInTime"], message: FIELD_MESSAGES.checkTimes });
  });

export type ScheduleSettings = z.output<typeof scheduleSettingsSchema>;
export type ScheduleSettingsField = keyof z.input<typeof scheduleSettingsSchema>;

/** The host's private note on a block or a date (empty: none). */
const privateNote = z
  .string()
  .trim()
  .max(500, FIELD_MESSAGES.note)
  .optional()
  .transform((value) => (value ? value : null));

/** A local date and hour in the listing's zone: "2026-12-24T00:00". */
const localDateTime = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:00$/, FIELD_MESSAGES.localTime)
  .refine((value) => {
    const [date, time] = value.split("T") as [string, string];
    const [y, m, d] = date.split("-").map(Number) as [number, number, number];
    const check = new Date(Date.UTC(y, m - 1, d));
    return check.getUTCMonth() === m - 1 && check.getUTCDate() === d && hourOf(time) !== null && hourOf(time)! < 24 && y >= 2000 && y <= 2100;
  }, FIELD_MESSAGES.localTime);

/** Block or unblock [from, to) in the listing's zone; the note is private to the host. */
export const blockSchema = z
  .object({
    from: localDateTime,
    to: localDateTime,
    note: privateNote,
  })
  .superRefine((value, ctx) => {
    if (value.to <= value.from) ctx.addIssue({ code: "custom", path: ["to"], message: FIELD_MESSAGES.rangeOrder });
    else if (Date.parse(`${value.to}:00Z`) - Date.parse(`${value.from}:00Z`) > 366 * 86_400_000) ctx.addIssue({ code: "custom", path: ["to"], message: FIELD_MESSAGES.rangeLength });
  });

export type BlockInput = z.output<typeof blockSchema>;
export type BlockField = keyof z.input<typeof blockSchema>;

const dayRanges = (value: unknown) => (Array.isArray(value) && value.every(isRangeShape) ? dayProblem(value) : translatable("Hours could not be read"));

/** A date's own hours (`hours` "[]" closes it), or `clear` to go back to the weekday's. */
export const datedHoursSchema = z.object({
  date: z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, FIELD_MESSAGES.date)
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), FIELD_MESSAGES.date),
  hours: jsonField<HoursRange[]>(dayRanges).optional(),
  note: privateNote,
});

export type DatedHoursInput = z.output<typeof datedHoursSchema>;
