import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { spaces } from "./listings";

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A guest's wishlists (issue #27 point 5, docs/decisions/0230-wishlists.md): one default
 * list made on the first save, and named lists. `share_token` set means anyone with the
 * link /wishlists/shared/{token} can read the list; null means private.
 */
export const wishlists = pgTable(
  "wishlists",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    isDefault: boolean("is_default").notNull().default(false),
    shareToken: text("share_token"),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("wishlists_user_idx").on(t.userId, t.createdAt),
    uniqueIndex("wishlists_user_name_key").on(t.userId, sql`lower(${t.name})`),
    uniqueIndex("wishlists_default_key").on(t.userId).where(sql`${t.isDefault}`),
    uniqueIndex("wishlists_share_token_key").on(t.shareToken),
    check("wishlists_name_check", sql`char_length(${t.name}) between 1 and 50`),
  ],
);

/** A listing saved in a wishlist (once per list). */
export const wishlistItems = pgTable(
  "wishlist_items",
  {
    wishlistId: uuid("wishlist_id")
      .notNull()
      .references(() => wishlists.id, { onDelete: "cascade" }),
    spaceId: uuid("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.wishlistId, t.spaceId] }), index("wishlist_items_space_idx").on(t.spaceId)],
);
