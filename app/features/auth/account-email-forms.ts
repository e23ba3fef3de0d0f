import { translatable } from "~/features/i18n/translatable";
import { z } from "~/lib/zod";
import { ACCOUNT_EMAIL_TEXT } from "./account-email-texts";
import { characterCount, credentialsSchema, MAX_PASSWORD_LENGTH } from "./credentials";

/**
 * The forms of password reset and e-mail verification (ADRs 0240-0241): one schema each,
 * run in the browser before the submit and again on the server (the form pipeline, ADR
 * 0060). The new-password rule (length, common passwords) is checked on the server.
 */
const email = credentialsSchema.shape.email;

const password = z
  .string({ error: ACCOUNT_EMAIL_TEXT.passwordRequired })
  .min(1, ACCOUNT_EMAIL_TEXT.passwordRequired)
  .refine((value) => characterCount(value) <= MAX_PASSWORD_LENGTH, translatable("Password must be at most 128 characters"));

export const forgotPasswordSchema = z.object({ email });
export const resetPasswordSchema = z.object({ password });
export const changeEmailSchema = z.object({ newEmail: email, currentPassword: password });

export type ChangeEmailField = keyof z.input<typeof changeEmailSchema>;
