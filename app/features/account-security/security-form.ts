import { MAX_PASSWORD_LENGTH, characterCount } from "~/features/auth/credentials";
import { z } from "~/lib/zod";

/**
 * /profile/security's texts and form schemas (issue #29 point 4, docs/product.md#account-security),
 * in one place and browser-safe: each schema runs in the browser before the submit and
 * again in the action (the one form pipeline, ADR 0060).
 */
export const SECURITY_TEXT = {
  title: "Security",
  description: "Your sessions, your password and two-step sign-in.",
  loadFailed: "Failed to load your security settings",
  profileLink: "Security: sessions, password and two-step sign-in",
  sessionsHeading: "Where you're signed in",
  sessionsIntro: "Each browser or app you signed in with. Sign out of any you don't recognise.",
  thisDevice: "This device",
  signOut: "Sign out",
  signOutEverywhere: "Sign out everywhere",
  signOutEverywhereHint: "Ends every session, this one included.",
  sessionSignedOut: "That session was signed out.",
  sessionNotFound: "That session is not one of yours, or it has already ended.",
  unknownPlace: "Place unknown",
  lastSeen: "Last active",
  signedIn: "Signed in",
  passwordHeading: "Change password",
  passwordIntro: "Your other sessions are signed out when you change it.",
  currentPassword: "Current password",
  newPassword: "New password",
  newPasswordHint: "At least 8 characters, and not a commonly used password.",
  changePassword: "Change password",
  passwordChanged: "Password changed. Your other sessions were signed out.",
  wrongPassword: "That is not your current password.",
  samePassword: "The new password must differ from the current one.",
  twoStepHeading: "Two-step sign-in",
  twoStepOff: "Add a code from an authenticator app to every sign-in, so a stolen password is not enough.",
  twoStepOn: "Signing in asks for a code from your authenticator app, or a recovery code.",
  twoStepRequiredForAdmins: "Administrators must use two-step sign-in. Set it up to use the admin dashboard.",
  setUp: "Set up two-step sign-in",
  scanIntro: "Scan this QR code with an authenticator app (such as Google Authenticator, 1Password or Authy), then enter the 6-digit code it shows.",
  secretIntro: "Can't scan it? Enter this key in the app:",
  code: "Code",
  codeHint: "The 6-digit code from your authenticator app.",
  confirm: "Turn on two-step sign-in",
  cancelSetUp: "Cancel",
  enabled: "Two-step sign-in is on.",
  recoveryHeading: "Your recovery codes",
  recoveryIntro:
    "Keep these somewhere safe. Each one signs you in once if you lose your phone. They are shown only now.",
  recoveryLeft: (count: number) => `${count} of 10 recovery codes left.`,
  disableHeading: "Turn off two-step sign-in",
  codeOrRecovery: "Code or recovery code",
  disable: "Turn off two-step sign-in",
  disabled: "Two-step sign-in is off.",
  notSetUp: "Start the set-up again: no set-up is in progress.",
  alreadyOn: "Two-step sign-in is already on.",
  notOn: "Two-step sign-in is not on.",
  wrongCode: "That code is not right. Check your authenticator app and try again.",
  codeReused: "That code was already used. Wait for the next code and enter it.",
  codeFormat: "Enter the 6-digit code from your authenticator app, or a recovery code.",
  tooManyCodes: (wait: string) => `Too many wrong codes. Try again in ${wait}.`,
  signInStepTitle: "Two-step sign-in",
  signInStepIntro: "Enter the 6-digit code from your authenticator app, or one of your recovery codes.",
  verify: "Verify",
  verifying: "Verifying…",
  pendingExpired: "The sign-in took too long. Enter your e-mail and password again.",
  back: "Back",
  dataHeading: "Your data",
  dataIntro: "Download everything Rentwell holds about you, or delete your account.",
  exportHeading: "Download my data",
  exportIntro:
    "A JSON file with your profile, listings, bookings, messages, reviews and payouts. We prepare it in the background and e-mail you a link that works for 24 hours, for you only.",
  requestExport: "Download my data",
  requestNewExport: "Prepare a new file",
  exportRequested: "We're preparing your data. We'll e-mail you a link when it's ready.",
  exportAlreadyPending: "We're already preparing your data. We'll e-mail you a link when it's ready.",
  exportTooMany: (wait: string) => `You asked for your data three times today. Try again in ${wait}.`,
  exportReady: (until: string) => `Your data is ready until ${until}.`,
  exportDownload: "Download my data",
  exportGone: "This download has expired or is not yours. Ask for a new one on the Security page.",
  exportMailSubject: "Your Rentwell data is ready",
  exportMailHeading: "Your data is ready to download",
  exportMailBody:
    "The file you asked for holds your profile, listings, bookings, messages, reviews and payouts. The link works for 24 hours, and only when you are signed in to Rentwell.",
  deleteHeading: "Delete my account",
  deleteIntro:
    "Your profile, messages and settings are erased, your listings unpublished and you are signed out everywhere. Records the law requires for money (bookings, payments, payouts) are kept without your name. This cannot be undone.",
  deleteConfirm: "I understand that this cannot be undone",
  deleteConfirmRequired: "Tick the box to confirm.",
  deleteAccount: "Delete my account",
  deleted: "Your account was deleted.",
  deleteBlockedBookings:
    "You have bookings that have not ended yet, as a guest or as a host. Cancel them (My Bookings, or your listings' calendars) or wait until they end, then delete your account.",
  deleteBlockedPayouts: "Payouts to you are still on their way. Wait until they are paid (see Payouts), then delete your account.",
  deleteBlockedBalance:
    "You still owe Rentwell money from refunds after a payout. It is taken from your next payouts; once it is settled you can delete your account.",
  deleteBlockedRefunds: "A refund or a payment dispute on one of your bookings is still open. Wait until it is settled, then delete your account.",
  deleteBlockedDeposits:
    "A security deposit is still held, or a damage claim is still open, on one of your bookings. Wait until the deposit is released or the claim is settled, then delete your account.",
  deletedMessage: "This message was deleted with its author's account.",
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

const password = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .min(1, `${label} is required`)
    .refine((value) => characterCount(value) <= MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters`);

export const changePasswordSchema = z.object({
  currentPassword: password("Current password"),
  newPassword: password("New password"),
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
    .pipe(z.string().regex(/^\d{6}$/, "Enter the 6-digit code from your authenticator app.")),
});

export const disableTwoStepSchema = z.object({
  currentPassword: password("Current password"),
  code: secondFactor,
});
export type DisableTwoStepField = keyof z.input<typeof disableTwoStepSchema>;

export const signInCodeSchema = z.object({ code: secondFactor });

export const deleteAccountSchema = z.object({
  currentPassword: password("Current password"),
  confirm: z.literal("yes", { error: SECURITY_TEXT.deleteConfirmRequired }),
});
export type DeleteAccountField = keyof z.input<typeof deleteAccountSchema>;
