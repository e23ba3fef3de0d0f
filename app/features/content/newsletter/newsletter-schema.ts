import { z } from "~/lib/zod";
import { NEWSLETTER_ERRORS } from "./newsletter-messages";

export const NEWSLETTER_SOURCES = ["footer", "blog", "page"] as const;

/** One schema for the newsletter form and its action. */
export const newsletterSchema = z.object({
  email: z
    .string({ error: NEWSLETTER_ERRORS.required })
    .trim()
    .min(1, NEWSLETTER_ERRORS.required)
    .max(254, NEWSLETTER_ERRORS.tooLong)
    .pipe(z.email(NEWSLETTER_ERRORS.invalid)),
  source: z.enum(NEWSLETTER_SOURCES).catch("page"),
});

export type NewsletterInput = z.infer<typeof newsletterSchema>;

