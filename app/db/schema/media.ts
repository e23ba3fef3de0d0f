import { bigint, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";

/**
 * Every uploaded file, for the per-user upload quota and the sweep of files never
 * attached to a listing (docs/decisions/0085-upload-quotas.md). A row is written, under
 * a per-user lock, before the file is stored; the sweep removes rows (and unattached
 * files) after the grace period.
 */
export const mediaUploads = pgTable(
  "media_uploads",
  {
    key: text("key").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    kind: text("kind", { enum: ["image", "video"] }).notNull(),
    bytes: bigint("bytes", { mode: "number" }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("media_uploads_user_created_idx").on(t.userId, t.createdAt), index("media_uploads_created_idx").on(t.createdAt)],
);
