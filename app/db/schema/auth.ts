import { sql } from "drizzle-orm";
import type { Locale } from "../../lib/locales";
import { bigserial, check, index, inet, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
    /** Set while an admin has suspended the account (ADR 0151): no sign-in, no session. */
    suspendedAt: timestamp("suspended_at", { withTimezone: true }),
    suspensionReason: text("suspension_reason"),
    /**
     * When the user proved they read mail at `email` (issue #29 point 2, ADR 0241). Null:
     * they may browse and message but not book, publish a listing or be paid.
     */
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    /**
     * The member's language (issue #31 point 3, ADR 0296): the page's language without a URL
     * prefix, and every e-mail's. Set from the language menu while signed in and at sign-up.
     */
    preferredLanguage: text("preferred_language").$type<Locale>(),
  },
  (t) => [
    uniqueIndex("users_email_lower_key").on(sql`lower(${t.email})`),
    check("users_preferred_language_check", sql`${t.preferredLanguage} in ('en', 'es', 'fr', 'ja', 'ar')`),
  ],
);

/** One row per sign-in: the refresh-token family. */
export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    userAgent: text("user_agent"),
    ip: inet("ip"),
    /** Set at sign-in and on each refresh-token rotation, not on every request (ADR 0245). */
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    /** ISO 3166-1 alpha-2 country of the sign-in's client when known (a trusted CDN's header, ADR 0245). */
    country: text("country"),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId)],
);

/** Refresh tokens are stored only as hashes; `parent` links a rotation chain. */
export const refreshTokens = pgTable(
  "refresh_tokens",
  {
    hash: text("hash").primaryKey(),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    parent: text("parent"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("refresh_tokens_session_id_idx").on(t.sessionId)],
);

/**
 * Events counted by rate limiters (failed sign-ins, contact form, newsletter).
 * Kept in the database so that several server processes share one count.
 */
export const rateLimitEvents = pgTable(
  "rate_limit_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    scope: text("scope").notNull(),
    key: text("key").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("rate_limit_events_lookup_idx").on(t.scope, t.key, t.createdAt)],
);

/**
 * Single-use links sent by e-mail (ADR 0240): password reset (1 hour), e-mail verification
 * (24 hours) and a change of address (the new address is in `email` until it is confirmed).
 * Only the SHA-256 of the random token is stored; `used_at` makes a link single-use.
 */
export const emailTokens = pgTable(
  "email_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose").notNull(),
    tokenHash: text("token_hash").notNull(),
    /** The address the link was sent to (for `email_change`, the new address). */
    email: text("email").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("email_tokens_token_hash_key").on(t.tokenHash),
    index("email_tokens_user_purpose_idx").on(t.userId, t.purpose),
    check("email_tokens_purpose_check", sql`${t.purpose} in ('password_reset', 'email_verification', 'email_change')`),
  ],
);
