import { eq } from "drizzle-orm";
import { users } from "~/db/schema/auth";
import { profiles } from "~/db/schema/profiles";
import type { Tx } from "~/lib/db.server";
import { absoluteUrl } from "./booking-emails.server";
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
  const sender = author?.name?.trim() || "Someone";
  const excerpt = input.excerpt.length > 300 ? `${input.excerpt.slice(0, 299)}…` : input.excerpt;
  const mail = renderEmail({
    subject: `New message from ${sender}`,
    heading: `${sender} sent you a message`,
    paragraphs: [`Hi ${recipient.name?.trim() || "there"},`, `“${excerpt}”`],
    action: { label: "Read and reply", url: absoluteUrl(input.conversationPath) },
    footer: "You get at most one e-mail per conversation every 15 minutes. You can turn these e-mails off in the notification settings of your profile.",
  });
  return queueEmail(tx, { ...mail, kind: "new_message", to: recipient.email, userId: input.recipientId, topic, now: input.now });
}
