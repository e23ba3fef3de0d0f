import { translatable } from "~/features/i18n/translatable";
import { UUID_PATTERN } from "~/lib/uuid";
import { z } from "~/lib/zod";

/**
 * The host's "Cancel booking" form on /dashboard (issue #25 point 5), shared by the
 * dialog and the dashboard action (docs/decisions/0060-form-pipeline.md). The reason is
 * required: the guest reads it in the cancellation e-mail.
 */
export const HOST_CANCEL_REASON_MAX = 1000;

export const HOST_CANCEL_TEXT = {
  /** The same words as the booking domain's refusal of an empty reason. */
  reasonRequired: translatable("Please give a reason for the cancellation"),
  // HOST_CANCEL_REASON_MAX written out: one translatable literal.
  reasonTooLong: translatable("Keep the reason to 1000 characters or fewer."),
  invalidBooking: translatable("Booking not found"),
} as const;

export const hostCancelSchema = z.object({
  intent: z.literal("host_cancel"),
  bookingId: z.string({ error: HOST_CANCEL_TEXT.invalidBooking }).trim().regex(UUID_PATTERN, HOST_CANCEL_TEXT.invalidBooking),
  reason: z.string({ error: HOST_CANCEL_TEXT.reasonRequired }).trim().min(1, HOST_CANCEL_TEXT.reasonRequired).max(HOST_CANCEL_REASON_MAX, HOST_CANCEL_TEXT.reasonTooLong),
});

export type HostCancelField = keyof z.input<typeof hostCancelSchema>;
