import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

/**
 * The account e-mails' texts (password reset, e-mail verification and change; issue #29
 * points 1 and 2, ADRs 0240-0241), in the recipient's language (ADR 0296). They live with
 * the mail (the `server` catalog): never sent to the browser.
 */
type AccountMail = { subject: MessageDescriptor; heading: MessageDescriptor; paragraphs: MessageDescriptor[]; action: MessageDescriptor };

export const ACCOUNT_EMAIL_MAIL = {
  reset: {
    subject: msg`Reset your Rentwell password`,
    heading: msg`Reset your password`,
    paragraphs: [
      msg`Someone asked to reset the password of the Rentwell account for this e-mail address. If it was you, open the link below and choose a new password. It works once, for 1 hour.`,
      msg`If it was not you, ignore this e-mail: your password stays as it is.`,
    ],
    action: msg`Choose a new password`,
  },
  changed: {
    subject: msg`Your Rentwell password was changed`,
    heading: msg`Your password was changed`,
    paragraphs: [
      msg`The password of your Rentwell account was just changed, and every other device signed in to it was signed out.`,
      msg`If you did not do this, reset your password now with 'Forgot password?' in the sign-in dialog, and contact our support team.`,
    ],
    action: msg`Go to Rentwell`,
  },
  verify: {
    subject: msg`Confirm your e-mail address for Rentwell`,
    heading: msg`Confirm your e-mail address`,
    paragraphs: [
      msg`Welcome to Rentwell. Confirm your e-mail address to book spaces, list your own and receive payouts. The link works once, for 24 hours.`,
      msg`If you did not create an account, ignore this e-mail.`,
    ],
    action: msg`Confirm e-mail address`,
  },
  change: {
    subject: msg`Confirm your new e-mail address for Rentwell`,
    heading: msg`Confirm your new e-mail address`,
    paragraphs: [
      msg`Someone asked to use this address for a Rentwell account. If it was you, open the link below: the account then signs in with this address. The link works once, for 24 hours.`,
      msg`If it was not you, ignore this e-mail: nothing changes.`,
    ],
    action: msg`Confirm new e-mail address`,
  },
} satisfies Record<string, AccountMail>;

/** Told to the old address once the account's address changed. */
export const EMAIL_CHANGED_MAIL = {
  subject: msg`Your Rentwell e-mail address was changed`,
  heading: msg`Your e-mail address was changed`,
  paragraphs: (newEmail: string) => [
    msg`The e-mail address of your Rentwell account was changed to ${newEmail}. From now on you sign in with that address, and our e-mails go there.`,
    msg`If you did not do this, contact our support team at once from the Contact page.`,
  ],
};
