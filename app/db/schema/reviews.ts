import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { bookings } from "./bookings";
import { spaces } from "./listings";

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** Guests' reviews of a listing; the listing keeps `rating` and `review_count` in step (ADR 0171). */
export const reviews = pgTable(
  "reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    spaceId: uuid("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    rating: integer("rating").notNull(),
    comment: text("comment"),
    /** The stay it reviews: set on every review written through a booking ('Verified stay'; ADR 0171). */
    bookingId: uuid("booking_id").references(() => bookings.id, { onDelete: "set null" }),
    hostReply: text("host_reply"),
    hostRepliedAt: ts("host_replied_at"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("reviews_space_idx").on(t.spaceId, t.createdAt),
    uniqueIndex("reviews_booking_key").on(t.bookingId),
    check("reviews_rating_check", sql`${t.rating} between 1 and 5`),
    check("reviews_text_length_check", sql`char_length(${t.comment}) <= 2000 and char_length(${t.hostReply}) <= 2000`),
  ],
);
