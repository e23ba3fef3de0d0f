import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { messages, rateLimitEvents } from "~/db/schema/index";
import { MESSAGE_RATE_LIMITS } from "~/features/messages/messages.server";
import type * as DbModule from "~/lib/db.server";
import { ERROR_TEXT } from "~/lib/messages";
import { createSpace } from "../../../tests/factories/listings";
import { createUser, sessionCookieFor } from "../../../tests/factories/users";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";

/**
 * The messages routes as a browser calls them: who may read and write, the "Bad input"
 * list of issue #15 (script, too long, to oneself, to a blocked user, to a nonexistent
 * conversation, floods) — a clear message or a 404, never a 500.
 */
const state = vi.hoisted(() => ({ database: undefined as undefined | { db: unknown } }));
vi.mock("~/lib/db.server", async (original) => ({
  ...(await original<typeof DbModule>()),
  getDb: async () => state.database!.db,
}));

const startRoute = await import("./start");
const conversationRoute = await import("./conversation");
const listRoute = await import("./messages");

let database: TestDatabase;
const people = {} as Record<"host" | "guest" | "stranger" | "admin", { id: string; cookie: string }>;
let spaceId: string;

const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} as never, unstable_pattern: "" }) as never;
const form = (url: string, cookie: string | null, fields: Record<string, string>) =>
  new Request(`http://localhost${url}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { cookie } : {}) },
  });
const get = (url: string, cookie: string | null) => new Request(`http://localhost${url}`, { headers: cookie ? { cookie } : {} });

type DataResult = { data?: unknown; init?: { status?: number } };
/** Runs a loader or action; a thrown Response (redirect) or data (404) is returned instead. */
async function run(fn: (a: never) => unknown, request: Request, params: Record<string, string> = {}): Promise<unknown> {
  try {
    return await fn(args(request, params));
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    if (thrown && typeof thrown === "object" && "init" in thrown) return thrown;
    throw thrown;
  }
}
const statusOf = (result: unknown) => (result instanceof Response ? result.status : ((result as DataResult).init?.status ?? 200));
const bodyOf = (result: unknown) => ((result as DataResult).init ? (result as DataResult).data : result) as Record<string, unknown>;

async function startAs(who: keyof typeof people, fields: Record<string, string>) {
  return (await run(startRoute.action, form("/messages/start", people[who].cookie, fields))) as Response;
}

async function conversationOfGuest() {
  const response = await startAs("guest", { spaceId, from: "/space/x/y" });
  expect(response.status).toBe(302);
  return response.headers.get("location")!.split("/").pop()!;
}

beforeAll(async () => {
  database = await createTestDatabase();
  state.database = database;
  for (const who of ["host", "guest", "stranger", "admin"] as const) {
    const user = await createUser(database.db, { isAdmin: who === "admin", fullName: who === "host" ? "Maya Host" : null });
    people[who] = { id: user.id, cookie: await sessionCookieFor(database.db, user.id) };
  }
  spaceId = (await createSpace(database.db, { userId: people.host.id, title: "Harbor Loft" })).id;
});
afterAll(() => database.drop());

describe("POST /messages/start", () => {
  it("opens the guest's conversation about a listing, the same one every time", async () => {
    const first = await conversationOfGuest();
    expect(await conversationOfGuest()).toBe(first);
  });

  it("refuses the host's own listing and unknown listings with a toast back where they came from; sends visitors to /", async () => {
    const own = await startAs("host", { spaceId, from: "/space/harbor-loft/tampa" });
    expect(own.status).toBe(302);
    expect(own.headers.get("location")).toBe("/space/harbor-loft/tampa");
    expect(own.headers.get("set-cookie")).toContain("rw_flash=");
    const refusals: Array<Record<string, string>> = [{ spaceId: "<script>" }, { spaceId: crypto.randomUUID() }, { bookingId: crypto.randomUUID() }, {}];
    for (const fields of refusals) {
      const refused = await startAs("guest", { ...fields, from: "//evil.example/" });
      expect(refused.status).toBe(302);
      expect(refused.headers.get("location")).toBe("/messages");
    }
    const visitor = (await run(startRoute.action, form("/messages/start", null, { spaceId }))) as Response;
    expect(visitor.headers.get("location")).toBe("/");
  });
});

describe("/messages/:conversationId", () => {
  it("shows the conversation to its two people and to admins (read-only); a stranger and a bad id get 404", async () => {
    const id = await conversationOfGuest();
    expect(bodyOf(await run(conversationRoute.loader, get(`/messages/${id}`, people.host.cookie), { conversationId: id }))).toMatchObject({
      conversation: { viewerRole: "host" },
    });
    expect(bodyOf(await run(conversationRoute.loader, get(`/messages/${id}`, people.admin.cookie), { conversationId: id }))).toMatchObject({
      conversation: { viewerRole: "admin" },
    });
    expect(statusOf(await run(conversationRoute.loader, get(`/messages/${id}`, people.stranger.cookie), { conversationId: id }))).toBe(404);
    for (const bad of ["nope", "%27%20or%201=1", crypto.randomUUID()]) {
      expect(statusOf(await run(conversationRoute.loader, get(`/messages/${bad}`, people.guest.cookie), { conversationId: bad }))).toBe(404);
    }
    // Admins and strangers cannot write.
    for (const who of ["admin", "stranger"] as const) {
      const result = await run(conversationRoute.action, form(`/messages/${id}`, people[who].cookie, { intent: "send", body: "hi" }), { conversationId: id });
      expect(statusOf(result)).toBe(404);
    }
  });

  it("sends text as written, marks it read when opened, and answers bad input with a clear message", async () => {
    const id = await conversationOfGuest();
    const send = (who: keyof typeof people, body: string) => run(conversationRoute.action, form(`/messages/${id}`, people[who].cookie, { intent: "send", body }), { conversationId: id });
    const script = `<img src=x onerror=alert(1)> <a href="javascript:alert(1)">click</a>`;
    expect(bodyOf(await send("guest", script))).toEqual({ ok: true, intent: "send" });

    const opened = bodyOf(await run(conversationRoute.loader, get(`/messages/${id}`, people.host.cookie), { conversationId: id }));
    expect(opened.markedRead).toBe(true);
    expect((opened.conversation as { messages: Array<{ body: string }> }).messages.at(-1)?.body).toBe(script);

    const empty = await send("guest", "   ");
    expect(statusOf(empty)).toBe(400);
    expect(bodyOf(empty)).toEqual({ ok: false, fieldErrors: { body: ERROR_TEXT.messageEmpty } });
    const long = await send("guest", "é".repeat(2001));
    expect(statusOf(long)).toBe(400);
    expect(bodyOf(long)).toEqual({ ok: false, fieldErrors: { body: ERROR_TEXT.messageTooLong } });
    const huge = await send("guest", "x".repeat(40_000));
    expect(statusOf(huge)).toBe(413);
    expect(bodyOf(huge)).toEqual({ ok: false, fieldErrors: { body: ERROR_TEXT.messageTooLong } });
    const count = await database.db.select().from(messages).where(eq(messages.conversationId, id));
    expect(count).toHaveLength(1);
  });

  it("blocking: the blocked guest is refused with a clear message (403) until unblocked", async () => {
    const id = await conversationOfGuest();
    const act = (who: keyof typeof people, fields: Record<string, string>) => run(conversationRoute.action, form(`/messages/${id}`, people[who].cookie, fields), { conversationId: id });
    expect(bodyOf(await act("host", { intent: "block" }))).toEqual({ ok: true, intent: "block" });
    const refused = await act("guest", { intent: "send", body: "hello?" });
    expect(statusOf(refused)).toBe(403);
    expect(bodyOf(refused)).toEqual({ ok: false, fieldErrors: {}, formError: ERROR_TEXT.messageBlockedByThem });
    expect(statusOf(await act("stranger", { intent: "block" }))).toBe(404);
    await act("host", { intent: "unblock" });
    expect(bodyOf(await act("guest", { intent: "send", body: "hello again" }))).toEqual({ ok: true, intent: "send" });
  });

  it("a flood gets 429 with the wait in words", async () => {
    const id = await conversationOfGuest();
    await database.db.delete(rateLimitEvents).where(eq(rateLimitEvents.key, `messages:${people.guest.id}`));
    const send = () => run(conversationRoute.action, form(`/messages/${id}`, people.guest.cookie, { intent: "send", body: "spam" }), { conversationId: id });
    for (let i = 0; i < MESSAGE_RATE_LIMITS[0]!.max; i += 1) expect(statusOf(await send())).toBe(200);
    const limited = await send();
    expect(statusOf(limited)).toBe(429);
    expect(bodyOf(limited).formError).toMatch(/^You are sending messages too quickly\. Please try again in /);
  });
});

describe("/messages", () => {
  it("lists the user's conversations with unread counts; visitors are sent to /", async () => {
    const list = bodyOf(await run(listRoute.loader, get("/messages", people.host.cookie)));
    expect(list.error).toBeNull();
    expect((list.conversations as Array<{ space: { title: string }; other: { name: string } }>)[0]).toMatchObject({ space: { title: "Harbor Loft" }, other: { name: "Guest" } });
    expect(bodyOf(await run(listRoute.loader, get("/messages", people.stranger.cookie))).conversations).toEqual([]);
    const visitor = (await run(listRoute.loader, get("/messages", null))) as Response;
    expect(visitor.headers.get("location")).toBe("/");
  });
});
