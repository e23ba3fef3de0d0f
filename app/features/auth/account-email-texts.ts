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

/** The e-mails (subjects, headings, paragraphs, links). */
export const ACCOUNT_EMAIL_MAIL = {
  reset: {
    subject: "Reset your Rentwell password",
    heading: "Reset your password",
    paragraphs: [
      "Someone asked to reset the password of the Rentwell account for this e-mail address. If it was you, open the link below and choose a new password. It works once, for 1 hour.",
      "If it was not you, ignore this e-mail: your password stays as it is.",
    ],
    action: "Choose a new password",
  },
  changed: {
    subject: "Your Rentwell password was changed",
    heading: "Your password was changed",
    paragraphs: [
      "The password of your Rentwell account was just changed, and every other device signed in to it was signed out.",
      "If you did not do this, reset your password now with 'Forgot password?' in the sign-in dialog, and contact our support team.",
    ],
    action: "Go to Rentwell",
  },
  verify: {
    subject: "Confirm your e-mail address for Rentwell",
    heading: "Confirm your e-mail address",
    paragraphs: [
      "Welcome to Rentwell. Confirm your e-mail address to book spaces, list your own and receive payouts. The link works once, for 24 hours.",
      "If you did not create an account, ignore this e-mail.",
    ],
    action: "Confirm e-mail address",
  },
  change: {
    subject: "Confirm your new e-mail address for Rentwell",
    heading: "Confirm your new e-mail address",
    paragraphs: [
      "Someone asked to use this address for a Rentwell account. If it was you, open the link below: the account then signs in with this address. The link works once, for 24 hours.",
      "If it was not you, ignore this e-mail: nothing changes.",
    ],
    action: "Confirm new e-mail address",
  },
  changedNotice: {
    subject: "Your Rentwell e-mail address was changed",
    heading: "Your e-mail address was changed",
    paragraphs: (newEmail: string) => [
      `The e-mail address of your Rentwell account was changed to ${newEmail}. From now on you sign in with that address, and our e-mails go there.`,
      "If you did not do this, contact our support team at once from the Contact page.",
    ],
  },
} as const;
