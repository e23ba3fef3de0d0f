import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";

export const profiles = pgTable(
  "profiles",
  {
    id: uuid("id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    fullName: text("full_name"),
    avatarUrl: text("avatar_url"),
    bannerUrl: text("banner_url"),
    bio: text("bio"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    isAdmin: boolean("is_admin").notNull().default(false),
    responseRate: integer("response_rate").notNull().default(95),
    responseTime: text("response_time").notNull().default("within an hour"),
    website: text("website"),
    location: text("location"),
    instagram: text("instagram"),
    twitter: text("twitter"),
    facebook: text("facebook"),
    linkedin: text("linkedin"),
    youtube: text("youtube"),
    tiktok: text("tiktok"),
    stripeAccountId: text("stripe_account_id"),
    stripeOnboardingComplete: boolean("stripe_onboarding_complete").notNull().default(false),
  },
  (t) => [check("profiles_response_rate_range", sql`${t.responseRate} between 0 and 100`)],
);

export const profileLinks = pgTable(
  "profile_links",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    profileId: uuid("profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    url: text("url").notNull(),
    icon: text("icon"),
    displayOrder: integer("display_order").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("profile_links_profile_idx").on(t.profileId, t.displayOrder)],
);

export const PROFILE_UPDATE_TYPES = ["general", "space_update", "announcement", "feature_highlight"] as const;

export const profileUpdates = pgTable(
  "profile_updates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    profileId: uuid("profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    content: text("content").notNull(),
    type: text("type", { enum: PROFILE_UPDATE_TYPES }).notNull().default("general"),
    isPinned: boolean("is_pinned").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("profile_updates_profile_idx").on(t.profileId, t.isPinned, t.createdAt),
    check(
      "profile_updates_type_check",
      sql`${t.type} in ('general', 'space_update', 'announcement', 'feature_highlight')`,
    ),
  ],
);
