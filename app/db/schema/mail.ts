import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";

/** Every kind of e-mail the platform sends (docs/decisions/0170-email-outbox.md). */
export const EMAIL_KINDS = [
  "booking_confirmed",
  "booking_cancelled",
  "payment_failed",
  "payout_sent",
  "new_message",
  "review_request",
  // 'Your reviews are now public' (issue #28 point 5, ADR 0288); optional.
  "review_published",
  "newsletter_confirm",
  "search_alert",
  "identity_approved",
  "identity_rejected",
  // Account e-mails (issue #29 points 1 and 2, ADR 0240); always sent, never optional.
  "password_reset",
  "password_changed",
  "email_verification",
  "email_changed",
  // 'Download my data' (issue #29 point 5, ADR 0247); always sent.
  "data_export_ready",
  // Security deposits and damage claims (issue #28 point 2, ADR 0284); always sent.
  "deposit",
] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

export const EMAIL_STATUSES = ["pending", "sent", "failed"] as const;

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * E-mails waiting to be sent, written in the same transaction as the change they
 * announce and sent by the `mail-outbox` job with retries (ADR 0170).
 */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind", { enum: EMAIL_KINDS }).notNull(),
    toEmail: text("to_email").notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body").notNull(),
    headers: jsonb("headers").$type<Record<string, string>>().notNull().default({}),
    /** At most one row per key (a booking's confirmation to its guest, one review request). */
    dedupeKey: text("dedupe_key"),
    /** Groups rows that are throttled together (new-message e-mails of one conversation). */
    topic: text("topic"),
    status: text("status", { enum: EMAIL_STATUSES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    /** When the job may (re)try it; a claim pushes it forward as a lease. */
    nextAttemptAt: ts("next_attempt_at").notNull().defaultNow(),
    lastError: text("last_error"),
    sentAt: ts("sent_at"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("email_outbox_dedupe_key").on(t.dedupeKey),
    index("email_outbox_due_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index("email_outbox_topic_idx").on(t.topic, t.createdAt),
    index("email_outbox_user_idx").on(t.userId, t.createdAt),
    check("email_outbox_status_check", sql`${t.status} in ('pending', 'sent', 'failed')`),
    check(
      "email_outbox_kind_check",
      sql`${t.kind} in ('booking_confirmed', 'booking_cancelled', 'payment_failed', 'payout_sent', 'new_message', 'review_request', 'review_published', 'newsletter_confirm', 'search_alert', 'identity_approved', 'identity_rejected', 'password_reset', 'password_changed', 'email_verification', 'email_changed', 'data_export_ready')`,
    ),
  ],
);

/** The kinds a user turned off on /profile (receipts cannot be turned off; ADR 0172). */
export const emailPreferences = pgTable("email_preferences", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  disabledKinds: text("disabled_kinds").array().notNull().default([]),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});
