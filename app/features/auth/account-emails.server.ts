import type { Db, Tx } from "~/lib/db.server";
import { absoluteUrl } from "~/features/mail/booking-emails.server";
import { queueEmail } from "~/features/mail/outbox.server";
import { renderEmail } from "~/features/mail/render";
import { ACCOUNT_EMAIL_MAIL } from "./account-email-texts";

/**
 * The account e-mails of issue #29 points 1 and 2 (ADR 0240), queued in the outbox in the
 * transaction that issues the link or makes the change. They are never optional.
 */
type Recipient = { userId: string; to: string; now: Date };

export function resetPasswordUrl(token: string): string {
  return absoluteUrl(`/reset-password?token=${encodeURIComponent(token)}`);
}

export function verifyEmailUrl(token: string): string {
  return absoluteUrl(`/verify-email?token=${encodeURIComponent(token)}`);
}

export async function queuePasswordResetEmail(tx: Db | Tx, recipient: Recipient & { token: string }) {
  const text = ACCOUNT_EMAIL_MAIL.reset;
  const mail = renderEmail({
    subject: text.subject,
    heading: text.heading,
    paragraphs: [...text.paragraphs],
    action: { label: text.action, url: resetPasswordUrl(recipient.token) },
  });
  return queueEmail(tx, { ...mail, kind: "password_reset", to: recipient.to, userId: recipient.userId, now: recipient.now });
}

export async function queuePasswordChangedEmail(tx: Db | Tx, recipient: Recipient) {
  const text = ACCOUNT_EMAIL_MAIL.changed;
  const mail = renderEmail({ subject: text.subject, heading: text.heading, paragraphs: [...text.paragraphs], action: { label: text.action, url: absoluteUrl("/") } });
  return queueEmail(tx, { ...mail, kind: "password_changed", to: recipient.to, userId: recipient.userId, now: recipient.now });
}

/** The link that verifies an address: a new account's (`change: false`) or the new address of a change. */
export async function queueVerificationEmail(tx: Db | Tx, recipient: Recipient & { token: string; change: boolean }) {
  const text = recipient.change ? ACCOUNT_EMAIL_MAIL.change : ACCOUNT_EMAIL_MAIL.verify;
  const mail = renderEmail({
    subject: text.subject,
    heading: text.heading,
    paragraphs: [...text.paragraphs],
    action: { label: text.action, url: verifyEmailUrl(recipient.token) },
  });
  return queueEmail(tx, { ...mail, kind: "email_verification", to: recipient.to, userId: recipient.userId, now: recipient.now });
}

/** Tells the old address that the account's address was changed. */
export async function queueEmailChangedEmail(tx: Db | Tx, recipient: Recipient & { newEmail: string }) {
  const text = ACCOUNT_EMAIL_MAIL.changedNotice;
  const mail = renderEmail({ subject: text.subject, heading: text.heading, paragraphs: text.paragraphs(recipient.newEmail) });
  return queueEmail(tx, { ...mail, kind: "email_changed", to: recipient.to, userId: recipient.userId, now: recipient.now });
}
