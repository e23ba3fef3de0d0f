import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";

export const ADMIN_ACTIONS = ["unpublish_listing", "republish_listing", "suspend_user", "unsuspend_user", "cancel_booking", "approve_identity", "reject_identity", "hide_guest_review", "restore_guest_review", "update_setting"] as const;
export const ADMIN_TARGET_TYPES = ["space", "user", "booking", "guest_review", "setting"] as const;

/**
 * Every admin action (ADR 0151): who did what to which listing or account, when and why.
 * `target_label` keeps the listing title or e-mail as it was at the time.
 */
export const adminActions = pgTable(
  "admin_actions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    adminId: uuid("admin_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    action: text("action", { enum: ADMIN_ACTIONS }).notNull(),
    targetType: text("target_type", { enum: ADMIN_TARGET_TYPES }).notNull(),
    targetId: uuid("target_id").notNull(),
    targetLabel: text("target_label").notNull(),
    reason: text("reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("admin_actions_created_idx").on(t.createdAt, t.id),
    index("admin_actions_target_idx").on(t.targetId, t.createdAt),
    check(
      "admin_actions_action_check",
      sql`${t.action} in ('unpublish_listing', 'republish_listing', 'suspend_user', 'unsuspend_user', 'cancel_booking', 'approve_identity', 'reject_identity', 'hide_guest_review', 'restore_guest_review', 'update_setting')`,
    ),
    check("admin_actions_target_type_check", sql`${t.targetType} in ('space', 'user', 'booking', 'guest_review', 'setting')`),
  ],
);

/** The protection's default rate in basis points (8 %), and its bounds (ADR 0286). */
export const PROTECTION_PERCENT_DEFAULT = 800;
export const PROTECTION_PERCENT_MAX = 5000;

/**
 * The platform's settings an admin edits on /admin (issue #28 point 3, ADR 0286): one row
 * (`singleton`). `protection_percent` is the rate of the 'Protection' line item in basis
 * points; a hold copies it onto its booking.
 */
export const platformSettings = pgTable(
  "platform_settings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    singleton: boolean("singleton").notNull().default(true),
    protectionPercent: integer("protection_percent").notNull().default(PROTECTION_PERCENT_DEFAULT),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    unique("platform_settings_singleton_key").on(t.singleton),
    check("platform_settings_singleton_check", sql`${t.singleton}`),
    check("platform_settings_protection_percent_check", sql`${t.protectionPercent} between 0 and 5000`),
  ],
);
