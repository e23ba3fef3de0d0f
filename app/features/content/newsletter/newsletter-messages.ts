/**
 * The newsletter box's texts. Kept free of zod so the footer (on every page) does not
 * ship the validator: the box loads `newsletterSchema` on its first submit.
 */
export const NEWSLETTER_ERRORS = {
  required: "Please enter your e-mail address.",
  tooLong: "That e-mail address is too long.",
  invalid: "Please enter a valid e-mail address.",
} as const;

export const NEWSLETTER_MESSAGES = {
  subscribed: "Thanks for subscribing! You'll get our latest posts and rental tips by e-mail.",
  alreadySubscribed: "You're already subscribed with this e-mail address.",
} as const;

export type NewsletterResult =
  | { status: "subscribed"; message: string }
  | { status: "already-subscribed"; message: string }
  | { status: "invalid"; message: string; fieldErrors: { email?: string } }
  | { status: "rate-limited"; message: string };
