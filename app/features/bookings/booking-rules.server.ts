import type { spaces } from "~/db/schema/listings";
import { env } from "~/lib/env.server";
import { translatable } from "~/features/i18n/translatable";
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
  tooManyUnits: (available: string) => `This listing has ${available} at one time`,
  noUnitsLeft: (many: string) => `No ${many} are left at this time — please pick another time`,
  unitsLeft: (left: string) => `Only ${left} left at this time — please book fewer or pick another time`,
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

export const UNIT_NAMES: Record<PricingUnit, [string, string]> = {
  hour: ["hour", "hours"],
  day: ["day", "days"],
  week: ["week", "weeks"],
  month: ["month", "months"],
};

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
export function durationProblem(unit: PricingUnit, duration: number, listing: { minRentalDuration: number; maxRentalDuration: number | null }): string | null {
  if (isDurationAllowed(unit, duration, listing)) return null;
  const { min, max } = durationRange(unit, listing);
  const limits = DURATION_LIMITS[unit];
  return min > max
    ? `This listing cannot be booked by the ${UNIT_NAMES[unit][0]}`
    : `Duration must be between ${Math.max(min, limits.min)} and ${Math.min(max, limits.max)} ${UNIT_NAMES[unit][1]}`;
}
