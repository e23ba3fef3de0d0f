import type { spaces } from "~/db/schema/listings";
import { env } from "~/lib/env.server";
import { msg, plural } from "@lingui/core/macro";
import { translatable } from "~/features/i18n/translatable";
import { english, type Translate } from "~/features/i18n/translate";
import { DURATION_LIMITS, durationRange, isDurationAllowed, type PricingUnit } from "./pricing";

/**
 * The booking domain's shared rules and words (issue #12, ADR 0104): how far ahead and
 * how long a hold lasts, who may book a listing, the platform's fee, and the messages a
 * guest sees. Every function of the domain takes `now` so tests run on a fixed clock.
 */
export const HOLD_MS = 15 * 60_000;
export const MAX_BUSY_WINDOW_MS = 42 * 24 * 3_600_000;
/** Hours after the end of a booking when the host's payout is released. */
export const PAYOUT_DELAY_MS = 24 * 3_600_000;

export const BOOKING_MESSAGES = {
  slotTaken: translatable("This time slot was just booked by someone else — please pick another"),
  priceChanged: translatable("The price has changed"),
  notFound: translatable("Space not found"),
  unavailable: translatable("Temporarily Unavailable"),
  ownListing: translatable("You cannot book your own listing"),
  dateTime: translatable("Please select a date and time"),
  future: translatable("Please select a future date and time"),
  unitsWhole: translatable("Choose how many to book, a whole number from 1"),
  /** "This listing has 3 units at one time": more units or seats asked for than the listing has. */
  tooManyUnits: (available: number, words: UnitWords, _: Translate = english) =>
    isSeats(words) ? _(msg`This listing has ${plural(available, { one: "# seat", other: "# seats" })} at one time`) : _(msg`This listing has ${plural(available, { one: "# unit", other: "# units" })} at one time`),
  noUnitsLeft: (words: UnitWords, _: Translate = english) =>
    isSeats(words) ? _(msg`No seats are left at this time — please pick another time`) : _(msg`No units are left at this time — please pick another time`),
  unitsLeft: (left: number, words: UnitWords, _: Translate = english) =>
    isSeats(words)
      ? _(msg`Only ${plural(left, { one: "# seat", other: "# seats" })} left at this time — please book fewer or pick another time`)
      : _(msg`Only ${plural(left, { one: "# unit", other: "# units" })} left at this time — please book fewer or pick another time`),
  endMismatch: translatable("The end time does not match the duration"),
  somethingWrong: translatable("Something went wrong."),
  bookingNotFound: translatable("Booking not found"),
  alreadyCancelled: translatable("This booking has already been cancelled"),
  notCancellable: translatable("Only upcoming confirmed bookings can be cancelled"),
  notChangeable: translatable("Only upcoming confirmed bookings can be changed"),
  refundChanged: translatable("The refund for this booking has changed since you opened this dialog. Please review the new amount."),
  reasonRequired: translatable("Please give a reason for the cancellation"),
  reasonTooLong: translatable("Keep the reason to 1000 characters or fewer."),
  idempotencyReuse: translatable("This request was already made with different details"),
  inFlight: translatable("This request is already being processed"),
} as const;

/** A listing's words for what is counted (`unitWords` of availability/schedule.ts): seats for an experience, else units. */
type UnitWords = { one: string; many: string };
const isSeats = (words: UnitWords) => words.one === "seat";

/** "This listing does not offer hourly pricing" (the unit's price is not set), in `_`'s language. */
export function unitNotOffered(unit: PricingUnit, _: Translate = english): string {
  switch (unit) {
    case "hour":
      return _(msg`This listing does not offer hourly pricing`);
    case "day":
      return _(msg`This listing does not offer daily pricing`);
    case "week":
      return _(msg`This listing does not offer weekly pricing`);
    case "month":
      return _(msg`This listing does not offer monthly pricing`);
  }
}

export type BookingFailure = {
  ok: false;
  status: 400 | 401 | 403 | 404 | 409 | 422;
  code: "invalid" | "price_changed" | "slot_taken" | "not_bookable" | "not_found" | "identity_required";
  error: string;
  fields?: Record<string, string>;
  price?: { rental: number; fee: number; protection?: number; delivery?: number; total: number; currency: string };
};

/** The SQLSTATE of a database error, looking through the ORM's wrappers. */
export function pgErrorCode(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}


export function feePercent() {
  return env().PLATFORM_FEE_PERCENT;
}

export function bookability(space: Pick<typeof spaces.$inferSelect, "isPublished" | "available" | "status" | "userId">, viewerId: string | null) {
  if (!space.isPublished) return "unpublished" as const;
  if (viewerId && space.userId === viewerId) return "owner" as const;
  if (!space.available || space.status !== "available") return "unavailable" as const;
  return null;
}


/** Why `duration` units of `unit` cannot be booked on the listing (its limits and the unit's), or null. */
export function durationProblem(unit: PricingUnit, duration: number, listing: { minRentalDuration: number; maxRentalDuration: number | null }, _: Translate = english): string | null {
  if (isDurationAllowed(unit, duration, listing)) return null;
  const range = durationRange(unit, listing);
  const limits = DURATION_LIMITS[unit];
  if (range.min > range.max) return notBookableBy(unit, _);
  const min = Math.max(range.min, limits.min);
  const max = Math.min(range.max, limits.max);
  // English says the unit in the plural after a range ("between 1 and 24 hours"); the plural on
  // the larger number lets a language whose noun follows that number say it its way.
  switch (unit) {
    case "hour":
      return _(msg`Duration must be between ${min} and ${plural(max, { other: "# hours" })}`);
    case "day":
      return _(msg`Duration must be between ${min} and ${plural(max, { other: "# days" })}`);
    case "week":
      return _(msg`Duration must be between ${min} and ${plural(max, { other: "# weeks" })}`);
    case "month":
      return _(msg`Duration must be between ${min} and ${plural(max, { other: "# months" })}`);
  }
}

/** "This listing cannot be booked by the hour": the listing's limits leave no length in that unit. */
function notBookableBy(unit: PricingUnit, _: Translate): string {
  switch (unit) {
    case "hour":
      return _(msg`This listing cannot be booked by the hour`);
    case "day":
      return _(msg`This listing cannot be booked by the day`);
    case "week":
      return _(msg`This listing cannot be booked by the week`);
    case "month":
      return _(msg`This listing cannot be booked by the month`);
  }
}
