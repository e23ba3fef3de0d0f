import { msg } from "@lingui/core/macro";
import { eq } from "drizzle-orm";
import { users } from "~/db/schema/auth";
import { profiles } from "~/db/schema/profiles";
import type { Tx } from "~/lib/db.server";
import { absoluteUrl } from "./booking-emails.server";
import { recipientLanguage } from "./mail-i18n.server";
import { queueEmail, throttled, type QueueResult } from "./outbox.server";
import { renderEmail } from "./render";

/** At most one "new message" e-mail per conversation and recipient in this window (issue #15). */
export const NEW_MESSAGE_EMAIL_WINDOW_MS = 15 * 60_000;

/**
 * The recipient of a message hears about it by e-mail, at most once per conversation
 * every 15 minutes. For the messages feature: call it in the transaction that stores
 * the message. The excerpt is shown as text (escaped in the HTML part).
 */
export async function queueNewMessageEmail(
  tx: Tx,
  input: { conversationId: string; recipientId: string; senderId: string; excerpt: string; conversationPath: string; now: Date },
): Promise<QueueResult> {
  const person = (id: string) => tx.select({ email: users.email, name: profiles.fullName }).from(users).leftJoin(profiles, eq(profiles.id, users.id)).where(eq(users.id, id));
  const [[recipient], [author]] = await Promise.all([person(input.recipientId), person(input.senderId)]);
  if (!recipient) return { queued: false, reason: "duplicate" };
  const topic = `new-message:${input.conversationId}:${input.recipientId}`;
  if (await throttled(tx, topic, NEW_MESSAGE_EMAIL_WINDOW_MS, input.now)) return { queued: false, reason: "throttled" };
  // In the recipient's language (ADR 0296).
  const lang = await recipientLanguage(tx, input.recipientId);
  const { t } = lang;
  const sender = author?.name?.trim() || t(msg`Someone`);
  const name = recipient.name?.trim() || t(msg({ message: "there", comment: "Greeting without a name: 'Hi {name},' becomes 'Hi there,'" }));
  const excerpt = input.excerpt.length > 300 ? `${input.excerpt.slice(0, 299)}…` : input.excerpt;
  const mail = renderEmail({
    subject: t(msg`New message from ${sender}`),
    heading: t(msg`${sender} sent you a message`),
    paragraphs: [t(msg`Hi ${name},`), t(msg`“${excerpt}”`)],
    action: { label: t(msg`Read and reply`), url: absoluteUrl(input.conversationPath) },
    footer: t(msg`You get at most one e-mail per conversation every 15 minutes. You can turn these e-mails off in the notification settings of your profile.`),
    locale: lang.locale,
  });
  return queueEmail(tx, { ...mail, kind: "new_message", to: recipient.email, userId: input.recipientId, topic, now: input.now });
}
