import { translatable } from "~/features/i18n/translatable";
import { UUID_PATTERN } from "~/lib/uuid";
import { z } from "~/lib/zod";

/**
 * The admin's booking cancellation (issue #25 point 5), shared by the dialog and the
 * /admin action (docs/decisions/0060-form-pipeline.md): a refund choice and a reason,
 * which the guest and the host read in their e-mails and the admin log keeps.
 */
export const ADMIN_CANCEL_REFUNDS = ["full", "policy", "none"] as const;
export type AdminCancelRefund = (typeof ADMIN_CANCEL_REFUNDS)[number];

export const ADMIN_CANCEL_REASON_MAX = 1000;

export const ADMIN_CANCEL_TEXT = {
  reasonRequired: translatable("Please give a reason for the cancellation"),
  reasonTooLong: translatable("Keep the reason to 1000 characters or fewer."),
  refundRequired: translatable("Choose how much to refund."),
  invalidBooking: translatable("Booking not found"),
  bookingIdHint: translatable("The booking's id, as in the guest's or host's e-mail"),
  lookupFailed: translatable("Failed to find the booking"),
  badLookup: translatable("Enter a booking id: 36 characters like 0b8c5f0e-8a3c-4c1e-9d1f-2a7b6c5d4e3f."),
} as const;

export const adminCancelSchema = z.object({
  intent: z.literal("cancel_booking"),
  bookingId: z.string({ error: ADMIN_CANCEL_TEXT.invalidBooking }).trim().regex(UUID_PATTERN, ADMIN_CANCEL_TEXT.invalidBooking),
  refund: z.enum(ADMIN_CANCEL_REFUNDS, { error: ADMIN_CANCEL_TEXT.refundRequired }),
  reason: z.string({ error: ADMIN_CANCEL_TEXT.reasonRequired }).trim().min(1, ADMIN_CANCEL_TEXT.reasonRequired).max(ADMIN_CANCEL_REASON_MAX, ADMIN_CANCEL_TEXT.reasonTooLong),
});

export type AdminCancelField = keyof z.input<typeof adminCancelSchema>;
