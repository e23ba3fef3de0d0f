import { sql } from "drizzle-orm";
import { bigserial, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { bookings } from "./bookings";
import { spaces } from "./listings";

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A conversation between a guest and the host about one listing (one per guest and
 * listing), optionally tied to the guest's latest booking of it (docs/decisions/0160-guest-host-messages.md).
 */
export const conversations = pgTable(
  "conversations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    spaceId: uuid("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    bookingId: uuid("booking_id").references(() => bookings.id, { onDelete: "set null" }),
    guestId: uuid("guest_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    hostId: uuid("host_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: ts("created_at").notNull().defaultNow(),
    lastMessageAt: ts("last_message_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("conversations_space_guest_key").on(t.spaceId, t.guestId),
    index("conversations_booking_idx").on(t.bookingId),
    // The host's response rate and time (ADR 0254): their conversations of the last 90 days.
    index("conversations_host_created_idx").on(t.hostId, t.createdAt),
    check("conversations_two_people_check", sql`${t.guestId} <> ${t.hostId}`),
  ],
);

/** One message: plain text, shown as text (never HTML). */
export const messages = pgTable(
  "messages",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    senderId: uuid("sender_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    body: text("body").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("messages_conversation_idx").on(t.conversationId, t.id),
    check("messages_body_length_check", sql`char_length(${t.body}) between 1 and 2000`),
  ],
);

/**
 * Each participant's side of a conversation: their unread count and the conversation's last
 * activity, so "my conversations, newest first" and "how many are unread" are one index each.
 */
export const conversationParticipants = pgTable(
  "conversation_participants",
  {
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    unreadCount: integer("unread_count").notNull().default(0),
    lastReadAt: ts("last_read_at"),
    lastMessageAt: ts("last_message_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: "conversation_participants_pkey", columns: [t.conversationId, t.userId] }),
    index("conversation_participants_recent_idx").on(t.userId, t.lastMessageAt.desc()),
    index("conversation_participants_unread_idx").on(t.userId).where(sql`${t.unreadCount} > 0`),
    check("conversation_participants_unread_check", sql`${t.unreadCount} >= 0`),
  ],
);

/** `blockerId` does not want messages from `blockedId`. */
export const userBlocks = pgTable(
  "user_blocks",
  {
    blockerId: uuid("blocker_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    blockedId: uuid("blocked_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: "user_blocks_pkey", columns: [t.blockerId, t.blockedId] }),
    check("user_blocks_not_self_check", sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);
