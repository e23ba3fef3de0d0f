import { translatable } from "~/features/i18n/translatable";
import type { FieldErrors } from "~/lib/forms";
import { z } from "~/lib/zod";

export const CONTACT_SUBJECT_OPTIONS = [
  { value: "general", label: translatable("General Inquiry") },
  { value: "support", label: translatable("Customer Support") },
  { value: "billing", label: translatable("Billing Question") },
  { value: "partnership", label: translatable("Partnership") },
] as const;

export type ContactSubject = (typeof CONTACT_SUBJECT_OPTIONS)[number]["value"];

export const CONTACT_LIMITS = { name: 100, email: 254, message: 5000 } as const;

const SUBJECTS = CONTACT_SUBJECT_OPTIONS.map((option) => option.value) as [
  ContactSubject,
  ...ContactSubject[],
];

/**
 * Control characters a person cannot type into the form. PostgreSQL text cannot hold
 * NUL at all, so they are removed before validation rather than failing the insert.
 * A one-line name loses line breaks and tabs too (turned into spaces); a message keeps them.
 */
// eslint-disable-next-line no-control-regex
const CONTROL_IN_LINE = /[\u0000-\u001F\u007F]+/g;
// eslint-disable-next-line no-control-regex
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]+/g;

export function cleanLine(value: string) {
  return value.replace(CONTROL_IN_LINE, " ");
}

export function cleanText(value: string) {
  return value.replace(/\r\n?/g, "\n").replace(CONTROL_IN_TEXT, "");
}

/** One schema for the contact form (browser) and its action (server). */
export const contactSchema = z.object({
  name: z
    .string({ error: translatable("Please enter your name.") })
    .overwrite(cleanLine)
    .trim()
    .min(1, translatable("Please enter your name."))
    .max(
      CONTACT_LIMITS.name,
      translatable("Your name can be at most 100 characters."),
    ),
  email: z
    .string({ error: translatable("Please enter your e-mail address.") })
    .trim()
    .min(1, translatable("Please enter your e-mail address."))
    .max(CONTACT_LIMITS.email, translatable("That e-mail address is too long."))
    .pipe(z.email(translatable("Please enter a valid e-mail address."))),
  subject: z.enum(SUBJECTS, {
    error: translatable("Please choose a subject."),
  }),
  message: z
    .string({ error: translatable("Please enter a message.") })
    .overwrite(cleanText)
    .trim()
    .min(1, translatable("Please enter a message."))
    .max(
      CONTACT_LIMITS.message,
      // prettier-ignore
      translatable("Your message is too long: please keep it under 5,000 characters."),
    ),
});

export type ContactInput = z.infer<typeof contactSchema>;
export type ContactFieldErrors = FieldErrors<keyof ContactInput>;

export function isContactSubject(
  value: string | null | undefined,
): value is ContactSubject {
  return SUBJECTS.includes(value as ContactSubject);
}
