import { translatable } from "~/features/i18n/translatable";
import { z } from "~/lib/zod";

/**
 * The sign-in dialog's fields (docs/product.md#sign-in: e-mail required and well-formed, password
 * required). One schema checks them in the browser and again in the actions.
 */
export const MAX_EMAIL_LENGTH = 254;
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;

/** Characters as people count them (code points), not UTF-16 units. */
export function characterCount(text: string): number {
  return Array.from(text).length;
}

export const credentialsSchema = z.object({
  email: z
    .string({ error: translatable("E-mail is required") })
    .trim()
    .min(1, translatable("E-mail is required"))
    .max(MAX_EMAIL_LENGTH, translatable("E-mail must be at most 254 characters"))
    .pipe(z.email(translatable("Enter a valid e-mail address")))
    .transform((email) => email.toLowerCase()),
  password: z
    .string({ error: translatable("Password is required") })
    .min(1, translatable("Password is required"))
    // Characters are code points, as in the new-password rule: an emoji counts once.
    .refine((password) => characterCount(password) <= MAX_PASSWORD_LENGTH, translatable("Password must be at most 128 characters")),
});

export type Credentials = z.infer<typeof credentialsSchema>;

export type CredentialField = keyof Credentials;
export type FieldErrors = Partial<Record<CredentialField, string>>;


/** What the sign-in and sign-up actions answer with. */
export type AuthActionResult =
  | { ok: true }
  | {
      ok: false;
      error: string;
      fieldErrors?: FieldErrors;
      retryAfterSeconds?: number;
      /** The password was right and two-step sign-in is on: send a code with this token (ADR 0246). */
      twoStep?: { token: string };
    };
