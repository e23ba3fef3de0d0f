/**
 * The newsletter box's texts and a light browser-side pre-check. Kept free of zod so
 * the footer (on every page) does not ship the validator; the action still validates
 * everything with `newsletterSchema`.
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
  | { status: "invalid"; message: string; fieldError: string }
  | { status: "rate-limited"; message: string };

/** The same first checks as the schema: a message, or null when it looks like an address. */
export function precheckEmail(raw: unknown): string | null {
  const email = typeof raw === "string" ? raw.trim() : "";
  if (email.length === 0) return NEWSLETTER_ERRORS.required;
  if (email.length > 254) return NEWSLETTER_ERRORS.tooLong;
  if (!/^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[a-z]{2,}$/i.test(email)) return NEWSLETTER_ERRORS.invalid;
  return null;
}
