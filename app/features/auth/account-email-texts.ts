/**
 * Every text of password reset and e-mail verification (issue #29 points 1 and 2, ADRs
 * 0240-0241), in one place so that they can be translated later. Browser-safe.
 */
export const ACCOUNT_EMAIL_TEXT = {
  forgotLink: "Forgot password?",
  forgotTitle: "Reset your password",
  forgotDescription: "Enter the e-mail address of your account and we will send you a link to choose a new password.",
  forgotSubmit: "Send reset link",
  forgotPending: "Sending…",
  backToSignIn: "Back to sign in",
  /** The one answer to every well-formed request, whether or not the account exists. */
  forgotSent: (email: string) =>
    `If an account exists for ${email}, we have sent it a link to reset the password. The link works once, for 1 hour. Check your spam folder if it does not arrive.`,

  resetTitle: "Choose a new password",
  resetIntro: (email: string) => `Choose a new password for ${email}. Every other device signed in to this account will be signed out.`,
  newPasswordLabel: "New password",
  newPasswordHint: "At least 8 characters, and not a commonly used password.",
  resetSubmit: "Set new password",
  resetPending: "Saving…",
  resetDone: "Your password was changed. Sign in with your new password.",
  resetDoneSignedIn: "Your password was changed. Every other device was signed out.",
  signInButton: "Sign in",
  requestNewLink: "Ask for a new link",
  passwordRequired: "Password is required",

  linkInvalid: "This link is not valid. Check that you opened the whole link from the e-mail, or ask for a new one.",
  linkExpired: "This link has expired. Ask for a new one.",
  linkUsed: "This link was already used. Ask for a new one if you still need it.",
  linkMissing: "Open the link from the e-mail we sent you. Links work once and expire.",

  verifyTitle: "Confirm your e-mail address",
  verifyIntro: (email: string) => `Confirm that ${email} is your e-mail address.`,
  verifyChangeIntro: (email: string) => `Confirm ${email} as the new e-mail address of your account. You then sign in with it.`,
  verifySubmit: "Confirm e-mail address",
  verifyPending: "Confirming…",
  continueLink: "Continue",
  verifyDone: (email: string) => `Thank you: ${email} is verified. You can now book, list spaces and receive payouts.`,
  changeDone: (email: string) => `Your e-mail address is now ${email}. Sign in with it from now on.`,

  bannerText: (email: string) =>
    `Verify your e-mail address to book, list a space or receive payouts. We sent a link to ${email}.`,
  bannerResend: "Resend",
  bannerResending: "Sending…",
  bannerResent: (email: string) => `We sent a new link to ${email}. It works for 24 hours.`,
  alreadyVerified: "Your e-mail address is already verified.",
  signInFirst: "Sign in first.",

  /** The server's answer when an unverified account tries something that needs a verified address. */
  verifyFirst: {
    book: "Verify your e-mail address before you book: open the link we sent you, or resend it from the banner at the top of the page.",
    list: "Verify your e-mail address before you publish a listing: open the link we sent you, or resend it from the banner at the top of the page.",
    payout: "Verify your e-mail address before you set up payouts: open the link we sent you, or resend it from the banner at the top of the page.",
  },

  changeEmailLegend: "E-mail address",
  verifiedBadge: "Verified",
  unverifiedBadge: "Not verified",
  changeEmailCurrent: (email: string) => `You sign in with ${email}.`,
  changeEmailPending: (email: string) => `We sent a link to ${email}. Your address changes once you open it (within 24 hours).`,
  newEmailLabel: "New e-mail address",
  currentPasswordLabel: "Current password",
  changeEmailSubmit: "Change e-mail address",
  changeEmailSubmitting: "Sending link…",
  changeEmailSent: (email: string) => `We sent a link to ${email}. Open it to confirm the change; until then you keep signing in with your current address.`,
  sameEmail: "This is already your e-mail address.",
  wrongPassword: "The current password is not correct.",

  tooMany: (what: string, wait: string) => `Too many ${what}. Please try again in ${wait}.`,
} as const;

// The e-mails' own texts (subjects, headings, paragraphs, links) are in ~/features/mail/account-mail-texts (ADR 0296).
