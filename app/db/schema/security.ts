import { sql } from "drizzle-orm";
import { bigint, check, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";

/**
 * Two-step sign-in with an authenticator app (issue #29 point 4, ADR 0246). One row per
 * user who started setting it up; `enabled_at` is null until a first code confirmed it.
 * The TOTP secret is stored encrypted (AES-256-GCM under a key derived from the session
 * secret); `last_used_step` is the newest 30-second step whose code was accepted, so a
 * code is never accepted twice.
 */
export const twoStepCredentials = pgTable("two_step_credentials", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  secretEncrypted: text("secret_encrypted").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  enabledAt: timestamp("enabled_at", { withTimezone: true }),
  lastUsedStep: bigint("last_used_step", { mode: "number" }),
});

/** The ten single-use recovery codes of a user with two-step sign-in, as SHA-256 hashes. */
export const twoStepRecoveryCodes = pgTable(
  "two_step_recovery_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("two_step_recovery_codes_user_idx").on(t.userId)],
);

/**
 * 'Download my data' (issue #29 point 5, ADR 0247): one row per request. The
 * `data-exports` job builds the JSON into `content` (private: only the owner's download
 * route reads it), e-mails the link and sets `expires_at` a day later; the content is
 * dropped once it expires.
 */
export const dataExports = pgTable(
  "data_exports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["pending", "ready", "expired"] }).notNull().default("pending"),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp("ready_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    content: text("content"),
  },
  (t) => [
    index("data_exports_user_idx").on(t.userId, t.requestedAt),
    index("data_exports_pending_idx").on(t.requestedAt).where(sql`${t.status} = 'pending'`),
    check("data_exports_status_check", sql`${t.status} in ('pending', 'ready', 'expired')`),
  ],
);
