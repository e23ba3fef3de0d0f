import type { FieldErrors } from "~/lib/forms";
import { ERROR_TEXT } from "~/lib/messages";
import { z } from "~/lib/zod";

/**
 * Who may review what, and when (docs/product.md#booking, ADR 0171). Browser-safe:
 * /my-bookings and the review dialog use the same rules as the server.
 */
export const REVIEW_WINDOW_MS = 14 * 24 * 3_600_000;

/** When a review of a stay that ended at `endTime` is published at the latest: the window's end (ADR 0272). */
export const reviewDeadline = (endTime: Date) =>
  new Date(endTime.getTime() + REVIEW_WINDOW_MS);
export const REVIEW_TEXT_MAX = 2_000;
export const REVIEWS_PAGE_SIZE = 10;

/** "24 June 2026": when a hidden review is shown at the latest (UTC, as the window is counted; ADR 0272). */
export function reviewDateText(date: Date | string, locale = "en-GB"): string {
  return new Date(date).toLocaleDateString(locale === "en" ? "en-GB" : locale, {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
}

export type ReviewableBooking = { status: string; endTime: Date };

/** Why a booking cannot be reviewed now, or null when it can. */
export function reviewBlocker(
  booking: ReviewableBooking,
  now: Date,
): string | null {
  if (booking.status === "cancelled") return ERROR_TEXT.reviewCancelled;
  if (booking.status !== "confirmed" && booking.status !== "completed")
    return ERROR_TEXT.reviewBookingNotFound;
  if (booking.endTime.getTime() > now.getTime())
    return ERROR_TEXT.reviewNotEnded;
  if (now.getTime() - booking.endTime.getTime() > REVIEW_WINDOW_MS)
    return ERROR_TEXT.reviewWindowClosed;
  return null;
}

export const reviewSchema = z.object({
  rating: z.coerce
    .number({ error: ERROR_TEXT.reviewRating })
    .int({ error: ERROR_TEXT.reviewRating })
    .min(1, { error: ERROR_TEXT.reviewRating })
    .max(5, { error: ERROR_TEXT.reviewRating }),
  comment: z
    .string()
    .trim()
    .max(REVIEW_TEXT_MAX, { error: ERROR_TEXT.reviewTooLong })
    .optional()
    .transform((value) => (value ? value : null)),
});
export type ReviewInput = z.infer<typeof reviewSchema>;

export const replySchema = z.object({
  reply: z
    .string({ error: ERROR_TEXT.replyEmpty })
    .trim()
    .min(1, { error: ERROR_TEXT.replyEmpty })
    .max(REVIEW_TEXT_MAX, { error: ERROR_TEXT.replyTooLong }),
});

/** What the review and answer endpoints answer (the dialogs read it). */
export type ReviewActionData =
  | { ok: true; error: null; fieldErrors: null }
  | {
      ok: false;
      error: string | null;
      fieldErrors: FieldErrors<"rating" | "comment"> | null;
    };
export type ReplyActionData =
  | { ok: true; error: null; fieldErrors: null }
  | {
      ok: false;
      error: string | null;
      fieldErrors: FieldErrors<"reply"> | null;
    };
