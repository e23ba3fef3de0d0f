import { translatable } from "~/features/i18n/translatable";

/**
 * The newsletter box's texts, marked `translatable()` (in the `core` catalog: the box is in
 * every page's footer; show them with `_(text)`). Kept free of zod so the footer (on every page) does not
 * ship the validator: the box loads `newsletterSchema` on its first submit.
 */
export const NEWSLETTER_ERRORS = {
  required: translatable("Please enter your e-mail address."),
  tooLong: translatable("That e-mail address is too long."),
  invalid: translatable("Please enter a valid e-mail address."),
} as const;

export const NEWSLETTER_MESSAGES = {
  subscribed: translatable("Thanks for subscribing! Please confirm with the link we just sent to your e-mail address; then you'll get our latest posts and rental tips by e-mail."),
  alreadySubscribed: translatable("You're already subscribed with this e-mail address."),
} as const;

/** The pages the links in the confirmation e-mail open (ADR 0173). */
export const NEWSLETTER_LINK_TEXT = {
  confirmHeading: translatable("Confirm your subscription"),
  confirmButton: translatable("Confirm my subscription"),
  confirmed: translatable("You're subscribed. Thank you for confirming your e-mail address!"),
  unsubscribeHeading: translatable("Unsubscribe from the newsletter"),
  unsubscribeButton: translatable("Unsubscribe"),
  unsubscribed: translatable("You have been unsubscribed. You will not get the newsletter any more."),
  invalid: translatable("This link is no longer valid. Subscribe again from the box below."),
} as const;

export type NewsletterResult =
  | { status: "subscribed"; message: string }
  | { status: "already-subscribed"; message: string }
  | { status: "invalid"; message: string; fieldErrors: { email?: string } }
  | { status: "rate-limited"; message: string };
