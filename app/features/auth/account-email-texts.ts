import { msg } from "@lingui/core/macro";
import { translatable } from "~/features/i18n/translatable";
import { english, type Translate } from "~/features/i18n/translate";

/**
 * Every text of password reset and e-mail verification (issue #29 points 1 and 2, ADRs
 * 0240-0241), in one place so that they can be translated later. Browser-safe.
 * Plain texts are marked `translatable()` (shown through `_()`); a text with a value takes the
 * caller's `_` (useTranslate's, or `(text) => translate(i18n, text)` on the server; ADR 0294).
 */
export const ACCOUNT_EMAIL_TEXT = {
  forgotLink: translatable("Forgot password?"),
  forgotTitle: translatable("Reset your password"),
  forgotDescription: translatable("Enter the e-mail address of your account and we will send you a link to choose a new password."),
  forgotSubmit: translatable("Send reset link"),
  forgotPending: translatable("Sending…"),
  backToSignIn: translatable("Back to sign in"),
  /** The one answer to every well-formed request, whether or not the account exists. */
  forgotSent: (email: string, _: Translate = english) =>
    _(msg`If an account exists for ${email}, we have sent it a link to reset the password. The link works once, for 1 hour. Check your spam folder if it does not arrive.`),

  resetTitle: translatable("Choose a new password"),
  resetIntro: (email: string, _: Translate = english) => _(msg`Choose a new password for ${email}. Every other device signed in to this account will be signed out.`),
  newPasswordLabel: translatable("New password"),
  newPasswordHint: translatable("At least 8 characters, and not a commonly used password."),
  resetSubmit: translatable("Set new password"),
  resetPending: translatable("Saving…"),
  resetDone: translatable("Your password was changed. Sign in with your new password."),
  resetDoneSignedIn: translatable("Your password was changed. Every other device was signed out."),
  signInButton: translatable("Sign in"),
  requestNewLink: translatable("Ask for a new link"),
  passwordRequired: translatable("Password is required"),

  linkInvalid: translatable("This link is not valid. Check that you opened the whole link from the e-mail, or ask for a new one."),
  linkExpired: translatable("This link has expired. Ask for a new one."),
  linkUsed: translatable("This link was already used. Ask for a new one if you still need it."),
  linkMissing: translatable("Open the link from the e-mail we sent you. Links work once and expire."),

  verifyTitle: translatable("Confirm your e-mail address"),
  verifyIntro: (email: string, _: Translate = english) => _(msg`Confirm that ${email} is your e-mail address.`),
  verifyChangeIntro: (email: string, _: Translate = english) => _(msg`Confirm ${email} as the new e-mail address of your account. You then sign in with it.`),
  verifySubmit: translatable("Confirm e-mail address"),
  verifyPending: translatable("Confirming…"),
  continueLink: translatable("Continue"),
  verifyDone: (email: string, _: Translate = english) => _(msg`Thank you: ${email} is verified. You can now book, list spaces and receive payouts.`),
  changeDone: (email: string, _: Translate = english) => _(msg`Your e-mail address is now ${email}. Sign in with it from now on.`),

  // The banner shows on the home page, whose first load has only the core catalog: its
  // component (core's) translates these itself.
  bannerText: (email: string) =>
    `Verify your e-mail address to book, list a space or receive payouts. We sent a link to ${email}.`,
  bannerResend: "Resend",
  bannerResending: "Sending…",
  bannerResent: (email: string) => `We sent a new link to ${email}. It works for 24 hours.`,
  alreadyVerified: translatable("Your e-mail address is already verified."),
  signInFirst: translatable("Sign in first."),

  /** The server's answer when an unverified account tries something that needs a verified address. */
  verifyFirst: {
    book: translatable("Verify your e-mail address before you book: open the link we sent you, or resend it from the banner at the top of the page."),
    list: translatable("Verify your e-mail address before you publish a listing: open the link we sent you, or resend it from the banner at the top of the page."),
    payout: translatable("Verify your e-mail address before you set up payouts: open the link we sent you, or resend it from the banner at the top of the page."),
  },

  changeEmailLegend: translatable("E-mail address"),
  verifiedBadge: translatable("Verified"),
  unverifiedBadge: translatable("Not verified"),
  changeEmailCurrent: (email: string, _: Translate = english) => _(msg`You sign in with ${email}.`),
  changeEmailPending: (email: string, _: Translate = english) => _(msg`We sent a link to ${email}. Your address changes once you open it (within 24 hours).`),
  newEmailLabel: translatable("New e-mail address"),
  currentPasswordLabel: translatable("Current password"),
  changeEmailSubmit: translatable("Change e-mail address"),
  changeEmailSubmitting: translatable("Sending link…"),
  changeEmailSent: (email: string, _: Translate = english) => _(msg`We sent a link to ${email}. Open it to confirm the change; until then you keep signing in with your current address.`),
  sameEmail: translatable("This is already your e-mail address."),
  wrongPassword: translatable("The current password is not correct."),

  tooMany: (what: "reset" | "verify" | "change", wait: string, _: Translate = english) =>
    ({
      reset: () => _(msg`Too many password reset requests. Please try again in ${wait}.`),
      verify: () => _(msg`Too many verification e-mails. Please try again in ${wait}.`),
      change: () => _(msg`Too many e-mail address changes. Please try again in ${wait}.`),
    })[what](),
} as const;

// The e-mails' own texts (subjects, headings, paragraphs, links) are in ~/features/mail/account-mail-texts (ADR 0296).
