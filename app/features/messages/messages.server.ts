import { msg } from "@lingui/core/macro";
import { and, desc, eq, gt, inArray, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { bookings, conversationParticipants, conversations, messages, profiles, spaces, userBlocks } from "~/db/schema/index";
import { consumeRateLimit, formatRetryAfter, type RateLimit } from "~/features/security/rate-limit.server";
import { CHANNEL_OF_TOPIC } from "~/features/realtime/live-event";
import { spacePath } from "~/features/listings/slug";
import { queueNewMessageEmail } from "~/features/mail/message-emails.server";
import { hostDisplayName } from "~/features/profiles/public-profile";
import type { Db, Tx } from "~/lib/db.server";
import { ERROR_TEXT, NOT_FOUND_TEXT } from "~/lib/messages";
import { isUuid } from "~/lib/uuid";
import { messageSchema } from "./message-schema";
import { english, type Translate } from "~/features/i18n/translate";
import { translatable } from "~/features/i18n/translatable";

/**
 * Guest–host messages (docs/product.md#messages, docs/decisions/0160-guest-host-messages.md).
 * One conversation per guest and listing; every message goes through `sendMessage`, one
 * transaction that stores it, updates both participants' unread counts and activity, and
 * notifies the live hub (NOTIFY or the broker's publish, after the commit, to every server process).
 */

/** Per sender, across every conversation: a person typing never meets it; a script does (ADR 0160). */
export const MESSAGE_RATE_LIMITS: RateLimit[] = [
  { max: 10, windowMs: 60_000 },
  { max: 200, windowMs: 24 * 60 * 60_000 },
];

/** The newest messages a conversation page shows. */
export const CONVERSATION_PAGE_SIZE = 200;
/** The conversations /messages lists. */
export const CONVERSATION_LIST_LIMIT = 100;

export type Failure = { ok: false; status: 400 | 403 | 404 | 429; error: string; field?: "body" };

export function tooManyMessagesText(retryAfterSeconds: number, _: Translate = english) {
  const wait = formatRetryAfter(retryAfterSeconds, _);
  return _(msg`You are sending messages too quickly. Please try again in ${wait}.`);
}

const notFound: Failure = { ok: false, status: 404, error: NOT_FOUND_TEXT.conversation };

type ConversationRow = typeof conversations.$inferSelect;

async function openConversation(
  db: Db,
  values: { spaceId: string; guestId: string; hostId: string; bookingId: string | null; starterId: string; now: Date },
): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(conversations)
      .values({ spaceId: values.spaceId, guestId: values.guestId, hostId: values.hostId, bookingId: values.bookingId, createdAt: values.now, lastMessageAt: values.now })
      .onConflictDoUpdate({
        target: [conversations.spaceId, conversations.guestId],
        set: { bookingId: sql`coalesce(excluded.booking_id, ${conversations.bookingId})` },
      })
      .returning({ id: conversations.id, lastMessageAt: conversations.lastMessageAt });
    // The one who opened it lists it at once; the other side lists it from the first message on.
    await tx
      .insert(conversationParticipants)
      .values({ conversationId: row!.id, userId: values.starterId, lastMessageAt: row!.lastMessageAt })
      .onConflictDoNothing();
    return row!.id;
  });
}

/**
 * Finds or creates the conversation a user asked for: about a listing (`spaceId`, the user is
 * the guest) or about a booking (`bookingId`, the user is its guest or the listing's host).
 */
export async function startConversation(
  db: Db,
  input: { userId: string; spaceId?: unknown; bookingId?: unknown; now: Date },
): Promise<{ ok: true; conversationId: string } | Failure> {
  if (isUuid(input.bookingId)) {
    const [booking] = await db
      .select({ id: bookings.id, guestId: bookings.userId, spaceId: bookings.spaceId, hostId: spaces.userId })
      .from(bookings)
      .innerJoin(spaces, eq(spaces.id, bookings.spaceId))
      .where(eq(bookings.id, input.bookingId));
    if (!booking || (booking.guestId !== input.userId && booking.hostId !== input.userId)) return { ok: false, status: 404, error: translatable("Booking not found") };
    if (booking.guestId === booking.hostId) return { ok: false, status: 400, error: ERROR_TEXT.messageToSelf };
    const conversationId = await openConversation(db, { ...booking, bookingId: booking.id, starterId: input.userId, now: input.now });
    return { ok: true, conversationId };
  }
  if (!isUuid(input.spaceId)) return { ok: false, status: 404, error: ERROR_TEXT.messageNoListing };
  const [space] = await db
    .select({ id: spaces.id, hostId: spaces.userId, isPublished: spaces.isPublished })
    .from(spaces)
    .where(eq(spaces.id, input.spaceId));
  if (!space) return { ok: false, status: 404, error: ERROR_TEXT.messageNoListing };
  if (space.hostId === input.userId) return { ok: false, status: 400, error: ERROR_TEXT.messageToSelf };
  if (!space.isPublished) return { ok: false, status: 404, error: ERROR_TEXT.messageNoListing };
  const conversationId = await openConversation(db, { spaceId: space.id, guestId: input.userId, hostId: space.hostId, bookingId: null, starterId: input.userId, now: input.now });
  return { ok: true, conversationId };
}

/** The conversation `viewer` may read (a participant, or an admin reading for an abuse report), else null. */
async function readableConversation(db: Db | Tx, conversationId: unknown, viewer: { id: string; isAdmin: boolean }): Promise<ConversationRow | null> {
  if (!isUuid(conversationId)) return null;
  const [row] = await db.select().from(conversations).where(eq(conversations.id, conversationId));
  if (!row) return null;
  if (row.guestId === viewer.id || row.hostId === viewer.id || viewer.isAdmin) return row;
  return null;
}

async function blockBetween(db: Db | Tx, me: string, other: string) {
  const rows = await db
    .select({ blockerId: userBlocks.blockerId })
    .from(userBlocks)
    .where(
      or(and(eq(userBlocks.blockerId, me), eq(userBlocks.blockedId, other)), and(eq(userBlocks.blockerId, other), eq(userBlocks.blockedId, me))),
    );
  return { byMe: rows.some((row) => row.blockerId === me), byThem: rows.some((row) => row.blockerId === other) };
}

export type SentMessage = { id: number; conversationId: string; senderId: string; body: string; createdAt: Date };

/**
 * Sends one message: validates it (≤ 2 000 characters, not empty), checks that the sender
 * takes part in the conversation and is not blocked, counts it against the sender's rate
 * limit, then in ONE transaction stores it, bumps the recipient's unread count and both
 * sides' activity, and announces `messages_changed` to the two participants (live_publish).
 * The e-mail outbox hook goes inside that transaction (see the comment there).
 */
export async function sendMessage(
  db: Db,
  input: { conversationId: unknown; senderId: string; body: unknown; now: Date; say?: Translate },
): Promise<{ ok: true; message: SentMessage } | Failure> {
  const parsed = messageSchema.safeParse({ body: input.body });
  if (!parsed.success) return { ok: false, status: 400, error: parsed.error.issues[0]?.message ?? ERROR_TEXT.messageEmpty, field: "body" };
  const conversation = await readableConversation(db, input.conversationId, { id: input.senderId, isAdmin: false });
  if (!conversation) return notFound;
  const recipientId = conversation.guestId === input.senderId ? conversation.hostId : conversation.guestId;
  const blocks = await blockBetween(db, input.senderId, recipientId);
  if (blocks.byThem) return { ok: false, status: 403, error: ERROR_TEXT.messageBlockedByThem };
  if (blocks.byMe) return { ok: false, status: 403, error: ERROR_TEXT.messageBlockedByYou };
  const slot = await consumeRateLimit(db, { key: `messages:${input.senderId}`, limits: MESSAGE_RATE_LIMITS });
  if (!slot.ok) return { ok: false, status: 429, error: tooManyMessagesText(slot.retryAfterSeconds, input.say) };

  const message = await db.transaction((tx) => storeMessage(tx, { conversation, senderId: input.senderId, recipientId, body: parsed.data.body, now: input.now, email: true }));
  return { ok: true, message };
}

/**
 * One message stored (sendMessage's transaction, and a request to book's message posted
 * with its authorisation): the row, both sides' unread counts and activity, the live hub's
 * notice, and, with `email`, the recipient's "new message" e-mail.
 */
async function storeMessage(
  tx: Tx,
  input: { conversation: Pick<ConversationRow, "id" | "guestId" | "hostId">; senderId: string; recipientId: string; body: string; now: Date; email: boolean },
) {
  const { conversation, recipientId } = input;
  const [row] = await tx.insert(messages).values({ conversationId: conversation.id, senderId: input.senderId, body: input.body, createdAt: input.now }).returning();
  await tx.update(conversations).set({ lastMessageAt: input.now }).where(eq(conversations.id, conversation.id));
  // Both sides' rows (created on the first message): the recipient has one more unread, the sender has read it all.
  const participant = conversationParticipants;
  await tx
    .insert(participant)
    .values([
      { conversationId: conversation.id, userId: recipientId, unreadCount: 1, lastMessageAt: input.now },
      { conversationId: conversation.id, userId: input.senderId, unreadCount: 0, lastReadAt: input.now, lastMessageAt: input.now },
    ])
    .onConflictDoUpdate({
      target: [participant.conversationId, participant.userId],
      set: {
        unreadCount: sql`case when excluded.unread_count = 0 then 0 else ${participant.unreadCount} + 1 end`,
        lastReadAt: sql`coalesce(excluded.last_read_at, ${participant.lastReadAt})`,
        lastMessageAt: sql`excluded.last_message_at`,
      },
    });
  const payload = JSON.stringify({ op: "INSERT", id: String(row!.id), conversationId: conversation.id, participants: [conversation.guestId, conversation.hostId] });
  // NOTIFY, or the outbox row the relay publishes to the broker after the commit (migration 0026).
  await tx.execute(sql`select live_publish(${CHANNEL_OF_TOPIC.messages}, ${payload})`);
  // The recipient's "new message" e-mail (at most one per conversation every 15 minutes),
  // queued in this transaction so a rolled-back message never sends one (ADR 0170).
  if (input.email) {
    await queueNewMessageEmail(tx, { conversationId: conversation.id, recipientId, senderId: input.senderId, excerpt: input.body, conversationPath: `/messages/${conversation.id}`, now: input.now });
  }
  return row!;
}

/**
 * A request to book's message (issue #28, ADR 0280), posted from the guest into the
 * guest–host conversation of the listing (made, and tied to the booking, if need be) in
 * the transaction that records the authorisation. No "new message" e-mail: the request's
 * own e-mail carries it. Returns the conversation's id.
 */
export async function postRequestMessage(tx: Tx, input: { bookingId: string; spaceId: string; guestId: string; hostId: string; body: string; now: Date }): Promise<string> {
  const [conversation] = await tx
    .insert(conversations)
    .values({ spaceId: input.spaceId, guestId: input.guestId, hostId: input.hostId, bookingId: input.bookingId, createdAt: input.now, lastMessageAt: input.now })
    .onConflictDoUpdate({ target: [conversations.spaceId, conversations.guestId], set: { bookingId: input.bookingId } })
    .returning({ id: conversations.id, guestId: conversations.guestId, hostId: conversations.hostId });
  await storeMessage(tx, { conversation: conversation!, senderId: input.guestId, recipientId: input.hostId, body: input.body, now: input.now, email: false });
  return conversation!.id;
}

/** Marks every message of the conversation read for `userId`; true when something was unread. */
export async function markConversationRead(db: Db, input: { conversationId: string; userId: string; now: Date }): Promise<boolean> {
  const rows = await db
    .update(conversationParticipants)
    .set({ unreadCount: 0, lastReadAt: input.now })
    .where(
      and(
        eq(conversationParticipants.conversationId, input.conversationId),
        eq(conversationParticipants.userId, input.userId),
        gt(conversationParticipants.unreadCount, 0),
      ),
    )
    .returning({ userId: conversationParticipants.userId });
  return rows.length > 0;
}

/** How many of the user's conversations have unread messages: the header badge (one partial index). */
export async function countUnreadConversations(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(conversationParticipants)
    .where(and(eq(conversationParticipants.userId, userId), gt(conversationParticipants.unreadCount, 0)));
  return row?.count ?? 0;
}

const otherProfile = alias(profiles, "other_profile");

export type ConversationSummary = {
  id: string;
  unreadCount: number;
  lastMessageAt: string;
  space: { title: string; href: string };
  other: { name: string; avatarUrl: string | null; role: "guest" | "host" };
  lastMessage: { body: string; fromMe: boolean } | null;
};

/** The user's conversations, newest activity first, with unread counts and the last message (the other side's from the first message on). */
/** The user's newest conversations: their own rows first (the recent index, at most the limit), then the details. */
export function listConversationsQuery(db: Db, userId: string) {
  const mine = db.$with("mine").as(
    db
      .select({ conversationId: conversationParticipants.conversationId, unreadCount: conversationParticipants.unreadCount, lastMessageAt: conversationParticipants.lastMessageAt })
      .from(conversationParticipants)
      .where(eq(conversationParticipants.userId, userId))
      .orderBy(desc(conversationParticipants.lastMessageAt))
      .limit(CONVERSATION_LIST_LIMIT),
  );
  return db
    .with(mine)
    .select({
      id: conversations.id,
      guestId: conversations.guestId,
      unreadCount: mine.unreadCount,
      lastMessageAt: mine.lastMessageAt,
      spaceId: spaces.id,
      spaceTitle: spaces.title,
      spaceLocation: spaces.location,
      otherName: otherProfile.fullName,
      otherAvatar: otherProfile.avatarUrl,
    })
    .from(mine)
    .innerJoin(conversations, eq(conversations.id, mine.conversationId))
    .innerJoin(spaces, eq(spaces.id, conversations.spaceId))
    .leftJoin(
      otherProfile,
      eq(otherProfile.id, sql`case when ${conversations.guestId} = ${userId} then ${conversations.hostId} else ${conversations.guestId} end`),
    )
    .orderBy(desc(mine.lastMessageAt));
}

export async function listConversations(db: Db, userId: string): Promise<ConversationSummary[]> {
  const rows = await listConversationsQuery(db, userId);
  const last = await lastMessages(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => {
    const message = last.get(row.id);
    const otherRole = row.guestId === userId ? "host" : "guest";
    return {
      id: row.id,
      unreadCount: row.unreadCount,
      lastMessageAt: row.lastMessageAt.toISOString(),
      space: { title: row.spaceTitle, href: spacePath({ id: row.spaceId, title: row.spaceTitle, location: row.spaceLocation }) },
      other: { name: personName(row.otherName, otherRole), avatarUrl: row.otherAvatar, role: otherRole },
      lastMessage: message ? { body: message.body.slice(0, 140), fromMe: message.senderId === userId } : null,
    };
  });
}

async function lastMessages(db: Db, conversationIds: string[]) {
  if (conversationIds.length === 0) return new Map<string, { body: string; senderId: string }>();
  const rows = await db
    .selectDistinctOn([messages.conversationId], { conversationId: messages.conversationId, body: messages.body, senderId: messages.senderId })
    .from(messages)
    .where(inArray(messages.conversationId, conversationIds))
    .orderBy(messages.conversationId, desc(messages.id));
  return new Map(rows.map((row) => [row.conversationId, row]));
}

function personName(fullName: string | null, role: "guest" | "host") {
  return role === "host" ? hostDisplayName(fullName) : fullName?.trim() || "Guest";
}

export type ConversationView = {
  id: string;
  viewerRole: "guest" | "host" | "admin";
  space: { title: string; href: string };
  bookingId: string | null;
  guest: { id: string; name: string; avatarUrl: string | null };
  host: { id: string; name: string; avatarUrl: string | null };
  /** The user on the other side (for the viewer who takes part). */
  otherId: string;
  blockedByMe: boolean;
  blockedByThem: boolean;
  messages: Array<{ id: number; senderId: string; body: string; createdAt: string }>;
};

/** One conversation for a participant or an admin (read-only); null for anyone else or an unknown id. */
export async function loadConversation(db: Db, input: { conversationId: unknown; viewer: { id: string; isAdmin: boolean } }): Promise<ConversationView | null> {
  const conversation = await readableConversation(db, input.conversationId, input.viewer);
  if (!conversation) return null;
  const viewerRole = conversation.guestId === input.viewer.id ? "guest" : conversation.hostId === input.viewer.id ? "host" : "admin";
  const otherId = viewerRole === "host" ? conversation.guestId : conversation.hostId;
  const [[space], people, rows, blocks] = await Promise.all([
    db.select({ id: spaces.id, title: spaces.title, location: spaces.location }).from(spaces).where(eq(spaces.id, conversation.spaceId)),
    db
      .select({ id: profiles.id, fullName: profiles.fullName, avatarUrl: profiles.avatarUrl })
      .from(profiles)
      .where(inArray(profiles.id, [conversation.guestId, conversation.hostId])),
    db
      .select({ id: messages.id, senderId: messages.senderId, body: messages.body, createdAt: messages.createdAt })
      .from(messages)
      .where(eq(messages.conversationId, conversation.id))
      .orderBy(desc(messages.id))
      .limit(CONVERSATION_PAGE_SIZE),
    viewerRole === "admin" ? Promise.resolve({ byMe: false, byThem: false }) : blockBetween(db, input.viewer.id, otherId),
  ]);
  const person = (id: string, role: "guest" | "host") => {
    const profile = people.find((row) => row.id === id);
    return { id, name: personName(profile?.fullName ?? null, role), avatarUrl: profile?.avatarUrl ?? null };
  };
  return {
    id: conversation.id,
    viewerRole,
    space: { title: space!.title, href: spacePath(space!) },
    bookingId: conversation.bookingId,
    guest: person(conversation.guestId, "guest"),
    host: person(conversation.hostId, "host"),
    otherId,
    blockedByMe: blocks.byMe,
    blockedByThem: blocks.byThem,
    messages: rows.reverse().map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
  };
}

/** Block (or unblock) the other participant of a conversation the user takes part in. */
export async function setBlocked(
  db: Db,
  input: { conversationId: unknown; userId: string; blocked: boolean; now: Date },
): Promise<{ ok: true } | Failure> {
  const conversation = await readableConversation(db, input.conversationId, { id: input.userId, isAdmin: false });
  if (!conversation) return notFound;
  const otherId = conversation.guestId === input.userId ? conversation.hostId : conversation.guestId;
  if (input.blocked) {
    await db.insert(userBlocks).values({ blockerId: input.userId, blockedId: otherId, createdAt: input.now }).onConflictDoNothing();
  } else {
    await db.delete(userBlocks).where(and(eq(userBlocks.blockerId, input.userId), eq(userBlocks.blockedId, otherId)));
  }
  return { ok: true };
}
