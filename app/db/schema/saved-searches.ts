import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { spaces } from "./listings";

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A guest's saved /explore search (issue #27 point 6, docs/decisions/0231-saved-search-alerts.md):
 * the URL query string as given, parsed by the search module when an alert is checked.
 * At most one alert e-mail a day (`last_alerted_at`); the token deletes it from the e-mail.
 */
export const savedSearches = pgTable(
  "saved_searches",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    query: text("query").notNull(),
    label: text("label").notNull(),
    unsubscribeToken: text("unsubscribe_token").notNull(),
    lastAlertedAt: ts("last_alerted_at"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("saved_searches_user_idx").on(t.userId, t.createdAt),
    uniqueIndex("saved_searches_user_query_key").on(t.userId, t.query),
    uniqueIndex("saved_searches_token_key").on(t.unsubscribeToken),
    check("saved_searches_text_check", sql`char_length(${t.query}) <= 2000 and char_length(${t.label}) <= 200`),
  ],
);

export const SEARCH_ALERT_REASONS = ["published", "cancellation"] as const;

/**
 * Work for the `search-alerts` job: a listing was published or a booking of it was
 * cancelled (written in the same transaction as that change); the job checks the saved
 * searches against it and deletes the row.
 */
export const searchAlertChecks = pgTable(
  "search_alert_checks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    spaceId: uuid("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    reason: text("reason", { enum: SEARCH_ALERT_REASONS }).notNull(),
    /** When the job may take it; a claim pushes it forward as a lease. */
    dueAt: ts("due_at").notNull().defaultNow(),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [index("search_alert_checks_due_idx").on(t.dueAt), check("search_alert_checks_reason_check", sql`${t.reason} in ('published', 'cancellation')`)],
);
