import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages, rateLimitEvents } from "~/db/schema/index";
import { LiveHub } from "~/features/realtime/live-hub.server";
import type { LiveEvent } from "~/features/realtime/live-event";
import { ERROR_TEXT, NOT_FOUND_TEXT } from "~/lib/messages";
import { bookingScenario } from "../../../tests/factories/bookings";
import { createSpace } from "../../../tests/factories/listings";
import { createUser } from "../../../tests/factories/users";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import {
  countUnreadConversations,
  listConversations,
  loadConversation,
  markConversationRead,
  MESSAGE_RATE_LIMITS,
  sendMessage,
  setBlocked,
  startConversation,
} from "./messages.server";

/** Guest–host messages on both engines (TEST_DB_ENGINE=postgres for PostgreSQL). */
let database: TestDatabase;
const NOW = new Date("2026-06-01T12:00:00.000Z");
const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

async function world() {
  const db = database.db;
  const host = await createUser(db, { fullName: "Maya Host" });
  const guest = await createUser(db, { fullName: "Gus Guest" });
  const stranger = await createUser(db);
  const space = await createSpace(db, { userId: host.id, title: "Harbor Loft" });
  const started = await startConversation(db, { userId: guest.id, spaceId: space.id, now: NOW });
  if (!started.ok) throw new Error(started.error);
  return { db, host, guest, stranger, space, conversationId: started.conversationId };
}

describe("conversations", () => {
  it("finds or creates one conversation per guest and listing; a host cannot contact themselves", async () => {
    const w = await world();
    const again = await startConversation(w.db, { userId: w.guest.id, spaceId: w.space.id, now: at(1) });
    expect(again).toEqual({ ok: true, conversationId: w.conversationId });
    expect(await startConversation(w.db, { userId: w.host.id, spaceId: w.space.id, now: NOW })).toMatchObject({ ok: false, status: 400, error: ERROR_TEXT.messageToSelf });
    expect(await startConversation(w.db, { userId: w.guest.id, spaceId: "not-a-uuid", now: NOW })).toMatchObject({ ok: false, status: 404 });
    expect(await startConversation(w.db, { userId: w.guest.id, spaceId: crypto.randomUUID(), now: NOW })).toMatchObject({ ok: false, status: 404 });
    const draft = await createSpace(w.db, { userId: w.host.id, isPublished: false });
    expect(await startConversation(w.db, { userId: w.guest.id, spaceId: draft.id, now: NOW })).toMatchObject({ ok: false, status: 404 });
  });

  it("opens a booking's conversation for its guest and its host, and nobody else", async () => {
    const s = await bookingScenario(database.db, { now: NOW.toISOString() });
    const hold = await s.book(s.guest, { date: "2026-06-10", hour: 10 });
    const byGuest = await startConversation(database.db, { userId: s.guest.id, bookingId: hold.bookingId, now: NOW });
    const byHost = await startConversation(database.db, { userId: s.host.id, bookingId: hold.bookingId, now: NOW });
    expect(byGuest.ok && byHost.ok && byGuest.conversationId === byHost.conversationId).toBe(true);
    expect(await startConversation(database.db, { userId: s.otherGuest.id, bookingId: hold.bookingId, now: NOW })).toMatchObject({ ok: false, status: 404 });
    const view = await loadConversation(database.db, { conversationId: byGuest.ok ? byGuest.conversationId : "", viewer: { id: s.host.id, isAdmin: false } });
    expect(view).toMatchObject({ viewerRole: "host", bookingId: hold.bookingId });
  });

  it("only the two participants read a conversation, admins read it too, anyone else gets nothing", async () => {
    const w = await world();
    const admin = await createUser(w.db, { isAdmin: true });
    expect(await loadConversation(w.db, { conversationId: w.conversationId, viewer: { id: w.guest.id, isAdmin: false } })).toMatchObject({ viewerRole: "guest" });
    expect(await loadConversation(w.db, { conversationId: w.conversationId, viewer: { id: w.host.id, isAdmin: false } })).toMatchObject({ viewerRole: "host" });
    expect(await loadConversation(w.db, { conversationId: w.conversationId, viewer: { id: admin.id, isAdmin: true } })).toMatchObject({ viewerRole: "admin" });
    expect(await loadConversation(w.db, { conversationId: w.conversationId, viewer: { id: w.stranger.id, isAdmin: false } })).toBeNull();
    expect(await loadConversation(w.db, { conversationId: "<script>", viewer: { id: w.guest.id, isAdmin: false } })).toBeNull();
    // An admin reads but cannot write; a stranger cannot write either.
    expect(await sendMessage(w.db, { conversationId: w.conversationId, senderId: admin.id, body: "hi", now: NOW })).toMatchObject({ ok: false, status: 404, error: NOT_FOUND_TEXT.conversation });
    expect(await sendMessage(w.db, { conversationId: w.conversationId, senderId: w.stranger.id, body: "hi", now: NOW })).toMatchObject({ ok: false, status: 404 });
    expect(await sendMessage(w.db, { conversationId: crypto.randomUUID(), senderId: w.guest.id, body: "hi", now: NOW })).toMatchObject({ ok: false, status: 404 });
  });
});

describe("sending and reading", () => {
  it("stores text as given, counts unread per conversation and for the header, and clears on read", async () => {
    const w = await world();
    const script = `<script>alert("x")</script> see https://example.com`;
    expect(await sendMessage(w.db, { conversationId: w.conversationId, senderId: w.guest.id, body: "Is the loft free on Friday?", now: at(1) })).toMatchObject({ ok: true });
    expect(await sendMessage(w.db, { conversationId: w.conversationId, senderId: w.guest.id, body: script, now: at(2) })).toMatchObject({ ok: true });
    expect(await countUnreadConversations(w.db, w.host.id)).toBe(1);
    expect(await countUnreadConversations(w.db, w.guest.id)).toBe(0);
    const [summary] = await listConversations(w.db, w.host.id);
    expect(summary).toMatchObject({ id: w.conversationId, unreadCount: 2, other: { name: "Gus Guest", role: "guest" }, space: { title: "Harbor Loft" }, lastMessage: { body: script, fromMe: false } });

    expect(await markConversationRead(w.db, { conversationId: w.conversationId, userId: w.host.id, now: at(3) })).toBe(true);
    expect(await markConversationRead(w.db, { conversationId: w.conversationId, userId: w.host.id, now: at(3) })).toBe(false);
    expect(await countUnreadConversations(w.db, w.host.id)).toBe(0);

    await sendMessage(w.db, { conversationId: w.conversationId, senderId: w.host.id, body: "Yes, from 9 AM.", now: at(4) });
    expect(await countUnreadConversations(w.db, w.guest.id)).toBe(1);
    const view = await loadConversation(w.db, { conversationId: w.conversationId, viewer: { id: w.guest.id, isAdmin: false } });
    expect(view?.messages.map((m) => m.body)).toEqual(["Is the loft free on Friday?", script, "Yes, from 9 AM."]);
  });

  it("lists conversations newest activity first", async () => {
    const w = await world();
    const second = await createSpace(w.db, { userId: w.host.id, title: "Garden Studio" });
    const other = await startConversation(w.db, { userId: w.guest.id, spaceId: second.id, now: NOW });
    if (!other.ok) throw new Error(other.error);
    // Opened but still empty: the guest sees them, the host does not yet.
    expect((await listConversations(w.db, w.guest.id)).map((c) => c.lastMessage)).toEqual([null, null]);
    expect(await listConversations(w.db, w.host.id)).toEqual([]);
    await sendMessage(w.db, { conversationId: w.conversationId, senderId: w.guest.id, body: "first", now: at(10) });
    await sendMessage(w.db, { conversationId: other.conversationId, senderId: w.guest.id, body: "second", now: at(20) });
    expect((await listConversations(w.db, w.host.id)).map((c) => c.space.title)).toEqual(["Garden Studio", "Harbor Loft"]);
    await sendMessage(w.db, { conversationId: w.conversationId, senderId: w.host.id, body: "reply", now: at(30) });
    expect((await listConversations(w.db, w.guest.id)).map((c) => c.space.title)).toEqual(["Harbor Loft", "Garden Studio"]);
  });

  it("refuses empty and over-long messages with a clear message and stores nothing", async () => {
    const w = await world();
    expect(await sendMessage(w.db, { conversationId: w.conversationId, senderId: w.guest.id, body: "   ", now: NOW })).toMatchObject({ ok: false, status: 400, error: ERROR_TEXT.messageEmpty, field: "body" });
    expect(await sendMessage(w.db, { conversationId: w.conversationId, senderId: w.guest.id, body: "x".repeat(2001), now: NOW })).toMatchObject({ ok: false, status: 400, error: ERROR_TEXT.messageTooLong });
    expect(await sendMessage(w.db, { conversationId: w.conversationId, senderId: w.guest.id, body: 42, now: NOW })).toMatchObject({ ok: false, status: 400 });
    expect(await sendMessage(w.db, { conversationId: w.conversationId, senderId: w.guest.id, body: "x".repeat(2000), now: NOW })).toMatchObject({ ok: true });
    expect(await sendMessage(w.db, { conversationId: w.conversationId, senderId: w.guest.id, body: "nul\u0000byte", now: NOW })).toMatchObject({ ok: true });
    const rows = await w.db.select().from(messages).where(eq(messages.conversationId, w.conversationId));
    expect(rows.map((row) => row.body.length)).toEqual([2000, 7]);
  });

  it("a blocked user cannot message the blocker until unblocked; the blocker is told to unblock", async () => {
    const w = await world();
    expect(await setBlocked(w.db, { conversationId: w.conversationId, userId: w.host.id, blocked: true, now: NOW })).toEqual({ ok: true });
    expect(await setBlocked(w.db, { conversationId: w.conversationId, userId: w.host.id, blocked: true, now: NOW })).toEqual({ ok: true });
    expect(await sendMessage(w.db, { conversationId: w.conversationId, senderId: w.guest.id, body: "hello?", now: NOW })).toMatchObject({ ok: false, status: 403, error: ERROR_TEXT.messageBlockedByThem });
    expect(await sendMessage(w.db, { conversationId: w.conversationId, senderId: w.host.id, body: "hello", now: NOW })).toMatchObject({ ok: false, status: 403, error: ERROR_TEXT.messageBlockedByYou });
    expect(await loadConversation(w.db, { conversationId: w.conversationId, viewer: { id: w.guest.id, isAdmin: false } })).toMatchObject({ blockedByThem: true, blockedByMe: false });
    expect(await setBlocked(w.db, { conversationId: w.conversationId, userId: w.stranger.id, blocked: true, now: NOW })).toMatchObject({ ok: false, status: 404 });
    await setBlocked(w.db, { conversationId: w.conversationId, userId: w.host.id, blocked: false, now: NOW });
    expect(await sendMessage(w.db, { conversationId: w.conversationId, senderId: w.guest.id, body: "hello again", now: NOW })).toMatchObject({ ok: true });
  });

  it("limits each sender's rate and answers with the wait in words", async () => {
    const w = await world();
    const max = MESSAGE_RATE_LIMITS[0]!.max;
    for (let i = 0; i < max; i += 1) {
      expect(await sendMessage(w.db, { conversationId: w.conversationId, senderId: w.guest.id, body: `m${i}`, now: NOW })).toMatchObject({ ok: true });
    }
    const refused = await sendMessage(w.db, { conversationId: w.conversationId, senderId: w.guest.id, body: "one more", now: NOW });
    expect(refused).toMatchObject({ ok: false, status: 429 });
    expect(!refused.ok && refused.error).toMatch(/^You are sending messages too quickly\. Please try again in \d+ (seconds?|minute)\.$/);
    // The other side is not affected.
    expect(await sendMessage(w.db, { conversationId: w.conversationId, senderId: w.host.id, body: "fine", now: NOW })).toMatchObject({ ok: true });
    await w.db.delete(rateLimitEvents).where(eq(rateLimitEvents.key, `messages:${w.guest.id}`));
  });
});

describe("live notification", () => {
  it("announces a new message to the two participants' streams only", async () => {
    const w = await world();
    const hub = new LiveHub(async () => database);
    const open = async (userId: string) => {
      const abort = new AbortController();
      const response = await hub.stream(new Request("http://test/api/live", { signal: abort.signal }), ["messages"], { client: userId, userId });
      const reader = response.body!.getReader();
      const decoder = new TextDecoder();
      const events: LiveEvent[] = [];
      let buffer = "";
      const done = (async () => {
        for (;;) {
          const { value, done: finished } = await reader.read();
          if (finished) return;
          buffer += decoder.decode(value, { stream: true });
          for (const line of buffer.split("\n")) if (line.startsWith("data: ")) events.push(JSON.parse(line.slice(6)) as LiveEvent);
          buffer = buffer.slice(buffer.lastIndexOf("\n") + 1);
        }
      })();
      return { events, close: async () => (abort.abort(), await done) };
    };
    const host = await open(w.host.id);
    const stranger = await open(w.stranger.id);
    try {
      const sent = await sendMessage(w.db, { conversationId: w.conversationId, senderId: w.guest.id, body: "live?", now: NOW });
      expect(sent.ok).toBe(true);
      await expect.poll(() => host.events).toEqual([{ topic: "messages", op: "INSERT", id: String(sent.ok && sent.message.id), conversationId: w.conversationId }]);
      expect(stranger.events).toEqual([]);
    } finally {
      await host.close();
      await stranger.close();
      await hub.close();
    }
  });
});
