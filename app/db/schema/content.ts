import { sql } from "drizzle-orm";
import { check, index, inet, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    source: text("source"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Double opt-in: set only by the link in the confirmation e-mail (ADR 0173). */
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    /** SHA-256 of the token in the confirmation and unsubscribe links. */
    tokenHash: text("token_hash"),
  },
  (t) => [
    uniqueIndex("newsletter_subscribers_email_lower_key").on(sql`lower(${t.email})`),
    index("newsletter_subscribers_created_idx").on(t.createdAt, t.id),
    uniqueIndex("newsletter_subscribers_token_key").on(t.tokenHash),
  ],
);

export const CONTACT_SUBJECTS = ["general", "support", "billing", "partnership"] as const;

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    subject: text("subject", { enum: CONTACT_SUBJECTS }).notNull(),
    message: text("message").notNull(),
    ip: inet("ip"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("contact_messages_created_idx").on(t.createdAt),
    check("contact_messages_subject_check", sql`${t.subject} in ('general', 'support', 'billing', 'partnership')`),
  ],
);
