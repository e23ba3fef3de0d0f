import { translatable } from "~/features/i18n/translatable";

/**
 * The e-mails a user can receive and which of them can be turned off on /profile
 * (ADR 0172). Booking e-mails carry receipts and always go out. Browser-safe.
 */
export const OPTIONAL_EMAIL_KINDS = ["new_message", "review_request", "review_published", "payout_sent"] as const;
export type OptionalEmailKind = (typeof OPTIONAL_EMAIL_KINDS)[number];

export const RECEIPT_EMAIL_KINDS = ["booking_confirmed", "booking_cancelled", "payment_failed"] as const;

export const EMAIL_KIND_LABELS: Record<OptionalEmailKind | (typeof RECEIPT_EMAIL_KINDS)[number], { label: string; hint: string }> = {
  booking_confirmed: { label: translatable("Booking confirmed"), hint: translatable("Your receipt when a booking is paid, and the host's notice.") },
  booking_cancelled: { label: translatable("Booking cancelled"), hint: translatable("The cancellation and the refund, to guest and host.") },
  payment_failed: { label: translatable("Payment failed"), hint: translatable("When a card payment for your booking does not go through.") },
  new_message: { label: translatable("New messages"), hint: translatable("At most one e-mail per conversation every 15 minutes.") },
  review_request: { label: translatable("Review requests"), hint: translatable("A reminder to review a space after your stay, or your guest after theirs.") },
  review_published: { label: translatable("Reviews published"), hint: translatable("When your review and the one about you are shown to everyone.") },
  payout_sent: { label: translatable("Payouts sent"), hint: translatable("When a host's earnings for a booking are paid out.") },
};

export function isOptionalEmailKind(kind: string): kind is OptionalEmailKind {
  return (OPTIONAL_EMAIL_KINDS as readonly string[]).includes(kind);
}
