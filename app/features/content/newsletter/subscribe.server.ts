import crypto from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import { newsletterSubscribers } from "~/db/schema/content";
import { absoluteUrl } from "~/features/mail/booking-emails.server";
import { queueEmail, throttled } from "~/features/mail/outbox.server";
import { mailLanguage } from "~/features/mail/mail-i18n.server";
import { newsletterConfirmMail } from "~/features/mail/more-emails.server";
import { DEFAULT_LOCALE, type Locale } from "~/lib/locales";
import type { Db, Tx } from "~/lib/db.server";
import type { NewsletterInput } from "./newsletter-schema";

/** A confirmation e-mail to one address at most every 15 minutes (the box cannot spam an inbox). */
const CONFIRMATION_RESEND_MS = 15 * 60_000;

export function newsletterTokenHash(token: string): string {
  return crypto.createHash("sha256").update(token).digest("base64url");
}

/**
 * Double opt-in (ADR 0173): stores the address unconfirmed with a token and queues
 * the confirmation e-mail in the same transaction; only the link confirms it. The
 * unique index on lower(email), not a prior read, decides who is new. An address
 * that signed up but never confirmed gets a fresh link (at most every 15 minutes).
 */
/** `locale`: the page's language, which the confirmation e-mail is written in (ADR 0296). */
export async function subscribeToNewsletter(db: Db, input: NewsletterInput, now: Date = new Date(), locale: Locale = DEFAULT_LOCALE): Promise<"subscribed" | "already-subscribed"> {
  return db.transaction(async (tx) => {
    const token = crypto.randomBytes(32).toString("base64url");
    const inserted = await tx
      .insert(newsletterSubscribers)
      .values({ email: input.email, source: input.source, tokenHash: newsletterTokenHash(token), createdAt: now })
      .onConflictDoNothing()
      .returning({ id: newsletterSubscribers.id });
    if (inserted[0]) {
      await queueConfirmation(tx, input.email, token, now, locale);
      return "subscribed";
    }
    const [existing] = await tx
      .select({ id: newsletterSubscribers.id, email: newsletterSubscribers.email, confirmedAt: newsletterSubscribers.confirmedAt })
      .from(newsletterSubscribers)
      .where(sql`lower(${newsletterSubscribers.email}) = lower(${input.email})`)
      .for("update");
    if (!existing || existing.confirmedAt) return "already-subscribed";
    if (!(await throttled(tx, confirmationTopic(existing.email), CONFIRMATION_RESEND_MS, now))) {
      await tx.update(newsletterSubscribers).set({ tokenHash: newsletterTokenHash(token) }).where(eq(newsletterSubscribers.id, existing.id));
      await queueConfirmation(tx, existing.email, token, now, locale);
    }
    // The answer does not tell whether the address has confirmed (ADR 0021's texts stay).
    return "already-subscribed";
  });
}

const confirmationTopic = (email: string) => `newsletter-confirm:${email.toLowerCase()}`;

async function queueConfirmation(tx: Tx, email: string, token: string, now: Date, locale: Locale) {
  const confirmUrl = absoluteUrl(`/newsletter/confirm?token=${encodeURIComponent(token)}`);
  const unsubscribeUrl = absoluteUrl(`/newsletter/unsubscribe?token=${encodeURIComponent(token)}`);
  // The texts are in ~/features/mail/more-emails.server.
  const mail = newsletterConfirmMail(await mailLanguage(locale), { confirmUrl, unsubscribeUrl });
  await queueEmail(tx, {
    ...mail,
    kind: "newsletter_confirm",
    to: email,
    topic: confirmationTopic(email),
    headers: { "List-Unsubscribe": `<${unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
    now,
  });
}

export type TokenOutcome = "confirmed" | "unsubscribed" | "invalid";

/** The link in the e-mail: confirms the subscription (once; a second click changes nothing). */
export async function confirmNewsletter(db: Db, token: string, now: Date): Promise<TokenOutcome> {
  if (!token || token.length > 200) return "invalid";
  const hash = newsletterTokenHash(token);
  const [row] = await db.select({ id: newsletterSubscribers.id }).from(newsletterSubscribers).where(eq(newsletterSubscribers.tokenHash, hash));
  if (!row) return "invalid";
  await db
    .update(newsletterSubscribers)
    .set({ confirmedAt: now })
    .where(and(eq(newsletterSubscribers.id, row.id), isNull(newsletterSubscribers.confirmedAt)));
  return "confirmed";
}

/** List-Unsubscribe (one click, RFC 8058) and the footer link: removes the address. */
export async function unsubscribeNewsletter(db: Db, token: string): Promise<TokenOutcome> {
  if (!token || token.length > 200) return "invalid";
  const deleted = await db.delete(newsletterSubscribers).where(eq(newsletterSubscribers.tokenHash, newsletterTokenHash(token))).returning({ id: newsletterSubscribers.id });
  return deleted.length > 0 ? "unsubscribed" : "invalid";
}

export async function isConfirmed(db: Db, email: string): Promise<boolean> {
  const [row] = await db
    .select({ confirmedAt: newsletterSubscribers.confirmedAt })
    .from(newsletterSubscribers)
    .where(sql`lower(${newsletterSubscribers.email}) = lower(${email})`);
  return Boolean(row?.confirmedAt);
}
