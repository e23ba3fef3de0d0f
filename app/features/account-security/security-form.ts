import { msg } from "@lingui/core/macro";
import { english, type Translate } from "~/features/i18n/translate";
import { MAX_PASSWORD_LENGTH, characterCount } from "~/features/auth/credentials";
import { translatable } from "~/features/i18n/translatable";
import { z } from "~/lib/zod";

/**
 * /profile/security's texts and form schemas (issue #29 point 4, docs/product.md#account-security),
 * in one place and browser-safe: each schema runs in the browser before the submit and
 * again in the action (the one form pipeline, ADR 0060).
 */
export const SECURITY_TEXT = {
  title: translatable("Security"),
  description: translatable("Your sessions, your password and two-step sign-in."),
  loadFailed: translatable("Failed to load your security settings"),
  profileLink: translatable("Security: sessions, password and two-step sign-in"),
  sessionsHeading: translatable("Where you're signed in"),
  sessionsIntro: translatable("Each browser or app you signed in with. Sign out of any you don't recognise."),
  thisDevice: translatable("This device"),
  signOut: translatable("Sign out"),
  signOutEverywhere: translatable("Sign out everywhere"),
  signOutEverywhereHint: translatable("Ends every session, this one included."),
  sessionSignedOut: translatable("That session was signed out."),
  sessionNotFound: translatable("That session is not one of yours, or it has already ended."),
  unknownPlace: translatable("Place unknown"),
  lastSeen: translatable("Last active"),
  signedIn: translatable("Signed in"),
  passwordHeading: translatable("Change password"),
  passwordIntro: translatable("Your other sessions are signed out when you change it."),
  currentPassword: translatable("Current password"),
  newPassword: translatable("New password"),
  newPasswordHint: translatable("At least 8 characters, and not a commonly used password."),
  changePassword: translatable("Change password"),
  passwordChanged: translatable("Password changed. Your other sessions were signed out."),
  wrongPassword: translatable("That is not your current password."),
  samePassword: translatable("The new password must differ from the current one."),
  twoStepHeading: translatable("Two-step sign-in"),
  twoStepOff: translatable("Add a code from an authenticator app to every sign-in, so a stolen password is not enough."),
  twoStepOn: translatable("Signing in asks for a code from your authenticator app, or a recovery code."),
  twoStepRequiredForAdmins: translatable("Administrators must use two-step sign-in. Set it up to use the admin dashboard."),
  setUp: translatable("Set up two-step sign-in"),
  scanIntro: translatable("Scan this QR code with an authenticator app (such as Google Authenticator, 1Password or Authy), then enter the 6-digit code it shows."),
  secretIntro: translatable("Can't scan it? Enter this key in the app:"),
  code: translatable("Code"),
  codeHint: translatable("The 6-digit code from your authenticator app."),
  confirm: translatable("Turn on two-step sign-in"),
  cancelSetUp: translatable("Cancel"),
  enabled: translatable("Two-step sign-in is on."),
  recoveryHeading: translatable("Your recovery codes"),
  recoveryIntro:
    translatable("Keep these somewhere safe. Each one signs you in once if you lose your phone. They are shown only now."),
  recoveryLeft: (count: number, _: Translate = english) => _(msg`${count} of 10 recovery codes left.`),
  disableHeading: translatable("Turn off two-step sign-in"),
  codeOrRecovery: translatable("Code or recovery code"),
  disable: translatable("Turn off two-step sign-in"),
  disabled: translatable("Two-step sign-in is off."),
  notSetUp: translatable("Start the set-up again: no set-up is in progress."),
  alreadyOn: translatable("Two-step sign-in is already on."),
  notOn: translatable("Two-step sign-in is not on."),
  wrongCode: translatable("That code is not right. Check your authenticator app and try again."),
  codeReused: translatable("That code was already used. Wait for the next code and enter it."),
  codeFormat: translatable("Enter the 6-digit code from your authenticator app, or a recovery code."),
  tooManyCodes: (wait: string, _: Translate = english) => _(msg`Too many wrong codes. Try again in ${wait}.`),
  signInStepTitle: translatable("Two-step sign-in"),
  signInStepIntro: translatable("Enter the 6-digit code from your authenticator app, or one of your recovery codes."),
  verify: translatable("Verify"),
  verifying: translatable("Verifying…"),
  pendingExpired: translatable("The sign-in took too long. Enter your e-mail and password again."),
  back: translatable("Back"),
  dataHeading: translatable("Your data"),
  dataIntro: translatable("Download everything Rentwell holds about you, or delete your account."),
  exportHeading: translatable("Download my data"),
  exportIntro:
    translatable("A JSON file with your profile, listings, bookings, messages, reviews and payouts. We prepare it in the background and e-mail you a link that works for 24 hours, for you only."),
  requestExport: translatable("Download my data"),
  requestNewExport: translatable("Prepare a new file"),
  exportRequested: translatable("We're preparing your data. We'll e-mail you a link when it's ready."),
  exportAlreadyPending: translatable("We're already preparing your data. We'll e-mail you a link when it's ready."),
  exportTooMany: (wait: string, _: Translate = english) => _(msg`You asked for your data three times today. Try again in ${wait}.`),
  exportReady: (until: string, _: Translate = english) => _(msg`Your data is ready until ${until}.`),
  exportDownload: translatable("Download my data"),
  exportGone: translatable("This download has expired or is not yours. Ask for a new one on the Security page."),
  exportMailSubject: "Your Rentwell data is ready",
  exportMailHeading: "Your data is ready to download",
  exportMailBody:
    "The file you asked for holds your profile, listings, bookings, messages, reviews and payouts. The link works for 24 hours, and only when you are signed in to Rentwell.",
  deleteHeading: translatable("Delete my account"),
  deleteIntro:
    translatable("Your profile, messages and settings are erased, your listings unpublished and you are signed out everywhere. Records the law requires for money (bookings, payments, payouts) are kept without your name. This cannot be undone."),
  deleteConfirm: translatable("I understand that this cannot be undone"),
  deleteConfirmRequired: translatable("Tick the box to confirm."),
  deleteAccount: translatable("Delete my account"),
  deleted: translatable("Your account was deleted."),
  deleteBlockedBookings:
    translatable("You have bookings that have not ended yet, as a guest or as a host. Cancel them (My Bookings, or your listings' calendars) or wait until they end, then delete your account."),
  deleteBlockedPayouts: translatable("Payouts to you are still on their way. Wait until they are paid (see Payouts), then delete your account."),
  deleteBlockedBalance:
    translatable("You still owe Rentwell money from refunds after a payout. It is taken from your next payouts; once it is settled you can delete your account."),
  deleteBlockedRefunds: translatable("A refund or a payment dispute on one of your bookings is still open. Wait until it is settled, then delete your account."),
  deleteBlockedDeposits:
    translatable("A security deposit is still held, or a damage claim is still open, on one of your bookings. Wait until the deposit is released or the claim is settled, then delete your account."),
  deletedMessage: translatable("This message was deleted with its author's account."),
} as const;

export const SECURITY_INTENTS = [
  "sign-out-session",
  "sign-out-everywhere",
  "change-password",
  "two-step-start",
  "two-step-cancel",
  "two-step-confirm",
  "two-step-disable",
  "export-request",
  "delete-account",
] as const;
export type SecurityIntent = (typeof SECURITY_INTENTS)[number];

const password = (required: string) =>
  z
    .string({ error: required })
    .min(1, required)
    .refine((value) => characterCount(value) <= MAX_PASSWORD_LENGTH, translatable("Password must be at most 128 characters"));

export const changePasswordSchema = z.object({
  currentPassword: password(translatable("Current password is required")),
  newPassword: password(translatable("New password is required")),
});
export type ChangePasswordField = keyof z.input<typeof changePasswordSchema>;

/** A 6-digit code or a recovery code (10 letters and digits, with or without its dash). */
const secondFactor = z
  .string({ error: SECURITY_TEXT.codeFormat })
  .trim()
  .min(1, SECURITY_TEXT.codeFormat)
  .max(32, SECURITY_TEXT.codeFormat);

export const totpCodeSchema = z.object({
  code: z
    .string({ error: SECURITY_TEXT.codeHint })
    .transform((value) => value.replace(/\s/g, ""))
    .pipe(z.string().regex(/^\d{6}$/, translatable("Enter the 6-digit code from your authenticator app."))),
});

export const disableTwoStepSchema = z.object({
  currentPassword: password(translatable("Current password is required")),
  code: secondFactor,
});
export type DisableTwoStepField = keyof z.input<typeof disableTwoStepSchema>;

export const signInCodeSchema = z.object({ code: secondFactor });

export const deleteAccountSchema = z.object({
  currentPassword: password(translatable("Current password is required")),
  confirm: z.literal("yes", { error: SECURITY_TEXT.deleteConfirmRequired }),
});
export type DeleteAccountField = keyof z.input<typeof deleteAccountSchema>;
