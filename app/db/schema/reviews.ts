import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
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
    /**
     * Double-blind (issue #28 point 5, ADR 0272): shown to others from this moment — the end
     * of the review window, or when the host's review of the same booking is written,
     * whichever is first. Visibility is `published_at <= now` at query time.
     */
    publishedAt: ts("published_at").notNull().defaultNow(),
    /** Whether the listing's rating and review_count include it (set once it is published; ADR 0272). */
    counted: boolean("counted").notNull().default(true),
  },
  (t) => [
    index("reviews_space_idx").on(t.spaceId, t.createdAt),
    index("reviews_uncounted_idx").on(t.publishedAt).where(sql`not ${t.counted}`),
    index("reviews_published_idx").on(t.publishedAt),
    uniqueIndex("reviews_booking_key").on(t.bookingId),
    check("reviews_rating_check", sql`${t.rating} between 1 and 5`),
    check("reviews_text_length_check", sql`char_length(${t.comment}) <= 2000 and char_length(${t.hostReply}) <= 2000`),
  ],
);

/**
 * Hosts' reviews of a guest after a stay (issue #28 point 5, ADR 0272): one per booking,
 * shown on the guest's profile once published (same double-blind rule as `reviews`).
 */
export const guestReviews = pgTable(
  "guest_reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    guestId: uuid("guest_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    rating: integer("rating").notNull(),
    comment: text("comment"),
    createdAt: ts("created_at").notNull().defaultNow(),
    publishedAt: ts("published_at").notNull(),
    /** Hidden by an admin (ADR 0289): shown to nobody while set; `hidden_reason` says why. */
    hiddenAt: ts("hidden_at"),
    hiddenReason: text("hidden_reason"),
  },
  (t) => [
    uniqueIndex("guest_reviews_booking_key").on(t.bookingId),
    index("guest_reviews_guest_idx").on(t.guestId, t.publishedAt),
    index("guest_reviews_published_idx").on(t.publishedAt),
    check("guest_reviews_rating_check", sql`${t.rating} between 1 and 5`),
    check("guest_reviews_text_length_check", sql`char_length(${t.comment}) <= 2000`),
    check("guest_reviews_hidden_reason_check", sql`(${t.hiddenAt} is null) = (${t.hiddenReason} is null) and char_length(${t.hiddenReason}) <= 500`),
  ],
);
