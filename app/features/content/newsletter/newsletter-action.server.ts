import type { Db } from "~/lib/db.server";
import { DEFAULT_LOCALE, type Locale } from "~/lib/locales";
import { takeFormSlot } from "../form-rate-limits.server";
import { english, type Translate } from "~/features/i18n/translate";
import { parseForm } from "~/lib/forms";
import { NEWSLETTER_ERRORS, NEWSLETTER_MESSAGES, type NewsletterResult } from "./newsletter-messages";
import { newsletterSchema } from "./newsletter-schema";
import { subscribeToNewsletter } from "./subscribe.server";

/** Validates the form fields and subscribes; every outcome is a message, never a throw. */
/** `locale`: the page's language, for the confirmation e-mail (ADR 0296). */
export async function handleNewsletterForm(db: Db, form: FormData, ip: string, now: Date = new Date(), locale: Locale = DEFAULT_LOCALE, say: Translate = english): Promise<NewsletterResult> {
  const parsed = parseForm(newsletterSchema, {
    email: typeof form.get("email") === "string" ? form.get("email") : "",
    source: form.get("source"),
  });
  if (!parsed.ok) {
    const message = parsed.fieldErrors.email ?? NEWSLETTER_ERRORS.invalid;
    return { status: "invalid", message, fieldErrors: { email: message } };
  }
  // Counted even for addresses already on the list, so the box cannot be used to probe it quickly.
  const slot = await takeFormSlot(db, "newsletter", ip, say);
  if (!slot.ok) return { status: "rate-limited", message: slot.message };
  const outcome = await subscribeToNewsletter(db, parsed.data, now, locale);
  return outcome === "subscribed"
    ? { status: "subscribed", message: NEWSLETTER_MESSAGES.subscribed }
    : { status: "already-subscribed", message: NEWSLETTER_MESSAGES.alreadySubscribed };
}
