import type { Db, Tx } from "~/lib/db.server";
import { absoluteUrl } from "~/features/mail/booking-emails.server";
import { ACCOUNT_EMAIL_MAIL, EMAIL_CHANGED_MAIL } from "~/features/mail/account-mail-texts";
import { recipientLanguage } from "~/features/mail/mail-i18n.server";
import { queueEmail } from "~/features/mail/outbox.server";
import { renderEmail } from "~/features/mail/render";

/**
 * The account e-mails of issue #29 points 1 and 2 (ADR 0240), queued in the outbox in the
 * transaction that issues the link or makes the change. They are never optional. Each is in
 * the account's saved language (ADR 0296).
 */
type Recipient = { userId: string; to: string; now: Date };

export function resetPasswordUrl(token: string): string {
  return absoluteUrl(`/reset-password?token=${encodeURIComponent(token)}`);
}

export function verifyEmailUrl(token: string): string {
  return absoluteUrl(`/verify-email?token=${encodeURIComponent(token)}`);
}

/** One of the account e-mails, in the recipient's language, with its link. */
async function accountMail(tx: Db | Tx, userId: string, text: (typeof ACCOUNT_EMAIL_MAIL)[keyof typeof ACCOUNT_EMAIL_MAIL], url: string) {
  const { t, locale } = await recipientLanguage(tx, userId);
  return renderEmail({
    subject: t(text.subject),
    heading: t(text.heading),
    paragraphs: text.paragraphs.map(t),
    action: { label: t(text.action), url },
    locale,
  });
}

export async function queuePasswordResetEmail(tx: Db | Tx, recipient: Recipient & { token: string }) {
  const mail = await accountMail(tx, recipient.userId, ACCOUNT_EMAIL_MAIL.reset, resetPasswordUrl(recipient.token));
  return queueEmail(tx, { ...mail, kind: "password_reset", to: recipient.to, userId: recipient.userId, now: recipient.now });
}

export async function queuePasswordChangedEmail(tx: Db | Tx, recipient: Recipient) {
  const mail = await accountMail(tx, recipient.userId, ACCOUNT_EMAIL_MAIL.changed, absoluteUrl("/"));
  return queueEmail(tx, { ...mail, kind: "password_changed", to: recipient.to, userId: recipient.userId, now: recipient.now });
}

/** The link that verifies an address: a new account's (`change: false`) or the new address of a change. */
export async function queueVerificationEmail(tx: Db | Tx, recipient: Recipient & { token: string; change: boolean }) {
  const text = recipient.change ? ACCOUNT_EMAIL_MAIL.change : ACCOUNT_EMAIL_MAIL.verify;
  const mail = await accountMail(tx, recipient.userId, text, verifyEmailUrl(recipient.token));
  return queueEmail(tx, { ...mail, kind: "email_verification", to: recipient.to, userId: recipient.userId, now: recipient.now });
}

/** Tells the old address that the account's address was changed. */
export async function queueEmailChangedEmail(tx: Db | Tx, recipient: Recipient & { newEmail: string }) {
  const { t, locale } = await recipientLanguage(tx, recipient.userId);
  const text = EMAIL_CHANGED_MAIL;
  const mail = renderEmail({ subject: t(text.subject), heading: t(text.heading), paragraphs: text.paragraphs(recipient.newEmail).map(t), locale });
  return queueEmail(tx, { ...mail, kind: "email_changed", to: recipient.to, userId: recipient.userId, now: recipient.now });
}
