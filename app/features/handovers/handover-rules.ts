import { dateTimeFormat } from "~/lib/dates";
import type { FieldErrors } from "~/lib/forms";
import { z } from "~/lib/zod";
import { translatable } from "~/features/i18n/translatable";

/**
 * Check-in and check-out at handover (issue #28 point 4, docs/decisions/0277-handover-records.md):
 * the rules both the form and the server run. Pure and browser-safe.
 */

export type HandoverMoment = "check_in" | "check_out";
export type HandoverRole = "guest" | "host";

/** Only these rental types change hands: a space, a service or an experience has no handover. */
export const HANDOVER_RENTAL_TYPES: readonly string[] = ["vehicle", "equipment"];

export const HANDOVER_NOTE_MAX = 2_000;
export const HANDOVER_CONDITION_MAX = 1_000;
export const HANDOVER_MAX_PHOTOS = 12;
export const ODOMETER_MAX_KM = 9_999_999;
/** Check-in opens this long before the start and closes at the end. */
export const CHECK_IN_OPENS_BEFORE_MS = 24 * 3_600_000;
/** Check-out opens at the start and closes this long after the end. */
export const CHECK_OUT_CLOSES_AFTER_MS = 3 * 24 * 3_600_000;
/** A photo must have been uploaded this recently: uploads nobody attached are swept after 24 hours. */
export const PHOTO_MAX_AGE_MS = 23 * 3_600_000;

/** The fuel gauge in eighths, as a car shows it (a battery reads the same). */
export const FUEL_LEVELS = [translatable("Empty"), "1/8", "1/4", "3/8", "1/2", "5/8", "3/4", "7/8", translatable("Full")] as const;

export const HANDOVER_TEXT = {
  moment: {
    check_in: { title: translatable("Check-in"), intro: translatable("Add photos and a note at handover."), save: translatable("Save check-in"), saved: translatable("Your check-in is saved.") },
    check_out: { title: translatable("Check-out"), intro: translatable("Add photos and a note at return."), save: translatable("Save check-out"), saved: translatable("Your check-out is saved.") },
  },
  link: translatable("Check-in & check-out"),
  note: translatable("Note"),
  odometer: translatable("Odometer (km)"),
  fuel: translatable("Fuel level"),
  fuelNone: translatable("Not recorded"),
  condition: translatable("Condition"),
  photos: translatable("Photos"),
  addPhotos: translatable("Add photos"),
  evidence: translatable("Once saved, a record cannot be changed: it is what both of you saw at handover."),
  none: translatable("Nothing recorded yet."),
  byYou: translatable("You"),
  byGuest: translatable("Guest"),
  byHost: translatable("Host"),
  theGuest: translatable("The guest"),
  theHost: translatable("The host"),
  errors: {
    signIn: translatable("Sign in to add a check-in or check-out."),
    notFound: translatable("Booking not found"),
    notHandover: translatable("Check-in and check-out are only for vehicles and equipment."),
    notConfirmed: translatable("Check-in and check-out are only for confirmed bookings."),
    checkInTooEarly: translatable("Check-in opens 24 hours before the booking starts."),
    checkInClosed: translatable("Check-in closed when the booking ended."),
    checkOutTooEarly: translatable("Check-out opens when the booking starts."),
    checkOutClosed: translatable("Check-out closed 3 days after the booking ended."),
    twice: { check_in: translatable("You have already added your check-in. It cannot be changed."), check_out: translatable("You have already added your check-out. It cannot be changed.") },
    moment: translatable("Choose check-in or check-out."),
    // The limits are written out (HANDOVER_NOTE_MAX, HANDOVER_CONDITION_MAX, ODOMETER_MAX_KM,
    // HANDOVER_MAX_PHOTOS; handover-rules.test.ts checks they agree), so each language writes
    // its number its way in the catalogs: these texts travel as strings through the form's schema.
    noteTooLong: translatable("Please keep the note under 2,000 characters."),
    conditionTooLong: translatable("Please keep the condition under 1,000 characters."),
    odometer: translatable("Enter the odometer in whole km, from 0 to 9,999,999."),
    fuel: translatable("Choose a fuel level from the list."),
    tooManyPhotos: translatable("Add at most 12 photos."),
    empty: translatable("Add a photo or a note."),
    photo: translatable("A photo could not be used. Please remove it and upload it again."),
    onlyPhotos: translatable("Only photos can be added here."),
    uploading: translatable("Wait until your photos have uploaded."),
    saveFailed: translatable("Your record could not be saved. Please try again."),
  },
} as const;

const trimmedText = (max: number, message: string) =>
  z.preprocess((value) => (typeof value === "string" ? value : ""), z.string().trim().max(max, { error: message }));

/** "12 345", "12,345" and "12345" are one reading; blank is none; anything else but whole km is refused. */
const odometer = z.preprocess(
  (value) => (typeof value === "string" ? value.replace(/[\s,\u202f]/g, "") : (value ?? "")),
  z
    .string({ error: HANDOVER_TEXT.errors.odometer })
    .regex(/^(\d{1,7})?$/, { error: HANDOVER_TEXT.errors.odometer })
    .transform((digits) => (digits === "" ? null : Number(digits))),
);

export const handoverSchema = z
  .object({
    moment: z.enum(["check_in", "check_out"], { error: HANDOVER_TEXT.errors.moment }),
    note: trimmedText(HANDOVER_NOTE_MAX, HANDOVER_TEXT.errors.noteTooLong),
    condition: trimmedText(HANDOVER_CONDITION_MAX, HANDOVER_TEXT.errors.conditionTooLong),
    odometer,
    fuel: z.preprocess(
      (value) => value ?? "",
      z
        .string({ error: HANDOVER_TEXT.errors.fuel })
        .regex(/^[0-8]?$/, { error: HANDOVER_TEXT.errors.fuel })
        .transform((digit) => (digit === "" ? null : Number(digit))),
    ),
    photos: z.preprocess(
      (value) => (value === undefined ? [] : value),
      z.array(z.string().max(500, { error: HANDOVER_TEXT.errors.photo }), { error: HANDOVER_TEXT.errors.photo }).max(HANDOVER_MAX_PHOTOS, { error: HANDOVER_TEXT.errors.tooManyPhotos }),
    ),
  })
  .superRefine((value, ctx) => {
    if (value.note === "" && value.photos.length === 0) ctx.addIssue({ code: "custom", path: ["note"], message: HANDOVER_TEXT.errors.empty });
  });

export type HandoverInput = z.output<typeof handoverSchema>;
export type HandoverField = "moment" | "note" | "condition" | "odometer" | "fuel" | "photos";
/** The form's repeated field. */
export const HANDOVER_ARRAY_FIELDS = ["photos"] as const;

export type HandoverWindowBooking = { status: string; startTime: Date; endTime: Date };

/** Why a party cannot add a record for this moment now, or null when they can. */
export function handoverBlocker(booking: HandoverWindowBooking, moment: HandoverMoment, now: Date): string | null {
  const start = booking.startTime.getTime();
  const end = booking.endTime.getTime();
  const at = now.getTime();
  if (moment === "check_in") {
    if (booking.status !== "confirmed") return HANDOVER_TEXT.errors.notConfirmed;
    if (at < start - CHECK_IN_OPENS_BEFORE_MS) return HANDOVER_TEXT.errors.checkInTooEarly;
    if (at >= end) return HANDOVER_TEXT.errors.checkInClosed;
    return null;
  }
  if (booking.status !== "confirmed" && booking.status !== "completed") return HANDOVER_TEXT.errors.notConfirmed;
  if (at < start) return HANDOVER_TEXT.errors.checkOutTooEarly;
  if (at > end + CHECK_OUT_CLOSES_AFTER_MS) return HANDOVER_TEXT.errors.checkOutClosed;
  return null;
}

/** "3/4" for 6 eighths; "Empty" and "Full" are translatable (`_(fuelText(…))`). */
export function fuelText(eighths: number | null): string | null {
  return eighths === null ? null : (FUEL_LEVELS[eighths] ?? null);
}

/** What the page's action answers for the handover form. */
export type HandoverActionData =
  | { ok: true; moment: HandoverMoment; recordId: string }
  | { ok: false; moment: HandoverMoment | null; error: string | null; fieldErrors: FieldErrors<HandoverField> | null };

/** The booking page's address, for a booking that has (or may get) handover records; null otherwise. */
export function handoverHref(booking: { id: string; status: string }, rentalType: string): string | null {
  if (!HANDOVER_RENTAL_TYPES.includes(rentalType)) return null;
  return booking.status === "confirmed" || booking.status === "completed" ? `/bookings/${booking.id}` : null;
}

/** "Tue, 9 Jun 2026, 10:05 (America/New York)": when a record was written, in the listing's zone, as booking times are shown. */
export function handoverTime(iso: string, timeZone: string, locale?: string): string {
  const format = dateTimeFormat(!locale || locale === "en" ? "en-GB" : locale, { timeZone, weekday: "short", day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  return `${format.format(new Date(iso))} (${timeZone.replace(/_/g, " ")})`;
}
