import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { providerCalls } from "~/db/schema/bookings";
import { REQUEST_TEXT } from "~/features/bookings/request-rules";
import { OUTCOME_TEXTS } from "~/features/bookings/components/payment-outcome-view";
import { sweepExpiredRequests } from "~/features/bookings/requests.server";
import { startConversation } from "~/features/messages/messages.server";
import { requestAnswerPath } from "~/features/bookings/request-links.server";
import type * as DbModule from "~/lib/db.server";
import { bookingScenario } from "../../../tests/factories/bookings";
import { sessionCookieFor } from "../../../tests/factories/users";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";

/**
 * /requests/:bookingId (issue #28, ADR 0280, 0282) through the route as the server calls
 * it: the host's signed link opens the page (a GET answers nothing), Accept posts and
 * confirms once, an expired request is refused with its message and nothing moved, a
 * reason too long is 422 with the field, and anyone but the host gets 404.
 */
const state = vi.hoisted(() => {
  process.env.TEST_CLOCK = "1";
  return { database: undefined as undefined | { db: unknown } };
});
vi.mock("~/lib/db.server", async (original) => ({
  ...(await original<typeof DbModule>()),
  getDb: async () => state.database!.db,
}));

const route = await import("./request-answer");
const conversationRoute = await import("../messages/conversation");
const confirmationRoute = await import("./booking-confirmation");
const myBookingsRoute = await import("../account/my-bookings");

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  state.database = database;
});
afterAll(() => database.drop());

type Outcome = { status: number; body: unknown };
function unwrap(value: unknown): Outcome {
  if (value && typeof value === "object" && "type" in value && (value as { type: string }).type === "DataWithResponseInit") {
    const { data, init } = value as unknown as { data: unknown; init: { status?: number } | null };
    return { status: init?.status ?? 200, body: data };
  }
  if (value instanceof Response) return { status: value.status, body: null };
  return { status: 200, body: value };
}

const HOUR = 3_600_000;

async function requested() {
  const now = new Date(Date.now() + 60_000);
  const s = await bookingScenario(database.db, { now: now.toISOString(), listing: { bookingMode: "request" } });
  const day = new Date(now.getTime() + 5 * 24 * HOUR).toISOString().slice(0, 10);
  const hold = await s.hold(s.guest, s.request({ date: day, hour: 10 }, { message: "Hello, may I?" }));
  if (!hold.ok) throw new Error(hold.error);
  await s.pay(s.guest, hold.clientSecret);
  const hostCookie = await sessionCookieFor(database.db, s.host.id);
  const guestCookie = await sessionCookieFor(database.db, s.guest.id);
  const call = async (method: "GET" | "POST", cookie: string, fields: Record<string, string> = {}, at = s.now, path = `/requests/${hold.bookingId}`) => {
    const request = new Request(`http://localhost${path}`, {
      method,
      headers: { cookie, "x-test-now": at.toISOString(), ...(method === "POST" ? { "content-type": "application/x-www-form-urlencoded" } : {}) },
      ...(method === "POST" ? { body: new URLSearchParams(fields).toString() } : {}),
    });
    const args = { request, params: { bookingId: hold.bookingId }, context: {}, unstable_pattern: "" } as never;
    try {
      return unwrap(method === "GET" ? await route.loader(args) : await route.action(args));
    } catch (thrown) {
      return unwrap(thrown);
    }
  };
  const captures = async () => (await database.db.select().from(providerCalls).where(eq(providerCalls.bookingId, hold.bookingId))).filter((c) => c.kind === "capture_intent");
  return { s, hold, hostCookie, guestCookie, call, captures };
}

describe("/requests/:bookingId", () => {
  it("the e-mail's signed link opens the page for the host and answers nothing; Accept confirms once; a second Accept is 409", async () => {
    const r = await requested();
    const page = await r.call("GET", r.hostCookie, {}, r.s.now, requestAnswerPath(r.hold.bookingId, r.s.host.id));
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ fromEmail: true, request: { status: "requested", message: "Hello, may I?", expired: false } });
    expect(await r.captures()).toEqual([]);

    const accepted = await r.call("POST", r.hostCookie, { intent: "accept", bookingId: r.hold.bookingId });
    expect(accepted).toMatchObject({ status: 200, body: { ok: true, status: "confirmed" } });
    const again = await r.call("POST", r.hostCookie, { intent: "accept", bookingId: r.hold.bookingId });
    expect(again).toMatchObject({ status: 409, body: { ok: false, error: REQUEST_TEXT.answered } });
    expect(await r.captures()).toHaveLength(1);
  });

  it("accepting an expired request: 409 'This request has expired.', nothing captured", async () => {
    const r = await requested();
    const late = new Date(r.s.now.getTime() + 25 * HOUR);
    const refused = await r.call("POST", r.hostCookie, { intent: "accept", bookingId: r.hold.bookingId }, late);
    expect(refused).toMatchObject({ status: 409, body: { ok: false, error: REQUEST_TEXT.expired } });
    expect(await r.captures()).toEqual([]);
    expect((await r.s.booking(r.hold.bookingId)).status).toBe("requested");
  });

  it("bad input: a reason too long is 422 with the field; another user is 404; nothing changes", async () => {
    const r = await requested();
    const long = await r.call("POST", r.hostCookie, { intent: "decline", bookingId: r.hold.bookingId, reason: "x".repeat(501) });
    expect(long).toMatchObject({ status: 422, body: { ok: false, fieldErrors: { reason: REQUEST_TEXT.reasonTooLong } } });
    expect((await r.call("POST", r.guestCookie, { intent: "accept", bookingId: r.hold.bookingId })).status).toBe(404);
    expect((await r.call("GET", r.guestCookie)).status).toBe(404);
    expect((await r.s.booking(r.hold.bookingId)).status).toBe("requested");
    const declined = await r.call("POST", r.hostCookie, { intent: "decline", bookingId: r.hold.bookingId, reason: "Booked privately" });
    expect(declined).toMatchObject({ status: 200, body: { ok: true, status: "declined" } });
  });
});

describe("the conversation with the guest (issue #28: the host answers from the conversation too)", () => {
  async function conversationOf(r: Awaited<ReturnType<typeof requested>>) {
    const started = await startConversation(database.db as never, { userId: r.s.guest.id, bookingId: r.hold.bookingId, now: r.s.now });
    if (!started.ok) throw new Error(started.error);
    return async (cookie: string, at = r.s.now) => {
      const request = new Request(`http://localhost/messages/${started.conversationId}`, { headers: { cookie, "x-test-now": at.toISOString() } });
      const args = { request, params: { conversationId: started.conversationId }, context: {}, unstable_pattern: "" } as never;
      return (await conversationRoute.loader(args)) as { requests: { bookingId: string; expiresAt: string }[]; now: string };
    };
  }

  it("shows the open request (with its expiry, for the countdown) to the host only; the conversation's Decline closes it and it is gone", async () => {
    const r = await requested();
    const open = await conversationOf(r);
    const host = await open(r.hostCookie);
    expect(host.requests).toHaveLength(1);
    expect(host.requests[0]).toMatchObject({ bookingId: r.hold.bookingId, guestName: expect.any(String), message: "Hello, may I?" });
    expect(new Date(host.requests[0]!.expiresAt).getTime()).toBeGreaterThan(r.s.now.getTime());
    expect((await open(r.guestCookie)).requests).toEqual([]);

    // The buttons post to /requests/:bookingId, the one action.
    const declined = await r.call("POST", r.hostCookie, { intent: "decline", bookingId: r.hold.bookingId });
    expect(declined).toMatchObject({ status: 200, body: { ok: true, status: "declined" } });
    expect((await open(r.hostCookie)).requests).toEqual([]);
  });

  it("an expired request is no longer shown, and an accepted one leaves", async () => {
    const r = await requested();
    const open = await conversationOf(r);
    expect((await open(r.hostCookie, new Date(r.s.now.getTime() + 25 * HOUR))).requests).toEqual([]);
    expect(await r.call("POST", r.hostCookie, { intent: "accept", bookingId: r.hold.bookingId })).toMatchObject({ status: 200, body: { ok: true } });
    expect((await open(r.hostCookie)).requests).toEqual([]);
  });
});

describe("the guest's confirmation page after the request closed (issue #28)", () => {
  async function confirmationPage(r: Awaited<ReturnType<typeof requested>>, at: Date) {
    const url = `http://localhost/booking-confirmation?payment_intent_client_secret=${encodeURIComponent(r.hold.clientSecret)}`;
    const request = new Request(url, { headers: { cookie: r.guestCookie, "x-test-now": at.toISOString() } });
    return confirmationRoute.loader({ request, params: {}, context: {}, unstable_pattern: "" } as never);
  }
  async function confirmationFor(r: Awaited<ReturnType<typeof requested>>, at: Date) {
    return (await confirmationPage(r, at)).outcome;
  }

  it("offers the guest the withdrawal of an open request, carried out by My Bookings' action; then it reads withdrawn (ADR 0290)", async () => {
    const r = await requested();
    const open = await confirmationPage(r, r.s.now);
    const booking = await r.s.booking(r.hold.bookingId);
    expect(open).toMatchObject({
      outcome: "requested",
      request: { bookingId: r.hold.bookingId, spaceTitle: r.s.space.title, startTime: booking.startTime.toISOString(), endTime: booking.endTime.toISOString(), timeZone: r.s.space.timezone },
    });
    const withdraw = new Request("http://localhost/my-bookings", {
      method: "POST",
      headers: { cookie: r.guestCookie, "x-test-now": r.s.now.toISOString(), "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "withdraw", bookingId: r.hold.bookingId }).toString(),
    });
    expect(unwrap(await myBookingsRoute.action({ request: withdraw, params: {}, context: {}, unstable_pattern: "" } as never))).toMatchObject({ status: 200, body: { ok: true } });
    expect(await confirmationPage(r, r.s.now)).toMatchObject({ outcome: "withdrawn", request: null });
  });

  it("says the request is sent while it is open, and that the host declined it after a decline", async () => {
    const r = await requested();
    expect(await confirmationFor(r, r.s.now)).toBe("requested");
    await r.call("POST", r.hostCookie, { intent: "decline", bookingId: r.hold.bookingId, reason: "Booked privately" });
    const outcome = await confirmationFor(r, r.s.now);
    expect(outcome).toBe("declined");
    expect(OUTCOME_TEXTS[outcome].title).toBe("The host declined your request.");
  });

  it("says the request expired and the card was not charged after the clock expired it", async () => {
    const r = await requested();
    const late = new Date(r.s.now.getTime() + 25 * HOUR);
    const swept = await sweepExpiredRequests(database.db as never, late);
    expect(swept.expired).toContain(r.hold.bookingId);
    const outcome = await confirmationFor(r, late);
    expect(outcome).toBe("request_expired");
    expect(OUTCOME_TEXTS[outcome].body).toBe("Your request expired: the host did not answer in time. Your card was not charged.");
  });
});

describe("My Bookings: the guest's requests (issue #28)", () => {
  const myBookings = async (r: Awaited<ReturnType<typeof requested>>, method: "GET" | "POST", cookie: string, fields: Record<string, string> = {}) => {
    const request = new Request("http://localhost/my-bookings", {
      method,
      headers: { cookie, "x-test-now": r.s.now.toISOString(), ...(method === "POST" ? { "content-type": "application/x-www-form-urlencoded" } : {}) },
      ...(method === "POST" ? { body: new URLSearchParams(fields).toString() } : {}),
    });
    const args = { request, params: {}, context: {}, unstable_pattern: "" } as never;
    return unwrap(method === "GET" ? await myBookingsRoute.loader(args) : await myBookingsRoute.action(args));
  };
  const rowOf = async (r: Awaited<ReturnType<typeof requested>>) => {
    const page = (await myBookings(r, "GET", r.guestCookie)).body as { items: { id: string; status: string; request: unknown }[] };
    return page.items.find((item) => item.id === r.hold.bookingId);
  };

  it("lists an open request with its expiry; the guest withdraws it (the host cannot through this page); then it reads withdrawn", async () => {
    const r = await requested();
    const row = await rowOf(r);
    expect(row).toMatchObject({ status: "requested", request: { state: "open", expiresAt: expect.any(String) } });

    expect(await myBookings(r, "POST", r.hostCookie, { intent: "withdraw", bookingId: r.hold.bookingId })).toMatchObject({ status: 404, body: { ok: false } });
    expect((await r.s.booking(r.hold.bookingId)).status).toBe("requested");

    expect(await myBookings(r, "POST", r.guestCookie, { intent: "withdraw", bookingId: r.hold.bookingId })).toMatchObject({ status: 200, body: { ok: true } });
    expect(await r.s.booking(r.hold.bookingId)).toMatchObject({ status: "cancelled", endedReason: "request_withdrawn" });
    expect(await rowOf(r)).toMatchObject({ request: { state: "withdrawn" } });
    // A second withdrawal is refused with a message, not a 500.
    const again = await myBookings(r, "POST", r.guestCookie, { intent: "withdraw", bookingId: r.hold.bookingId });
    expect(again.status).toBe(409);
    expect(await r.call("POST", r.hostCookie, { intent: "accept", bookingId: r.hold.bookingId })).toMatchObject({ status: 409 });
  });

  it("lists a declined request as declined", async () => {
    const r = await requested();
    await r.call("POST", r.hostCookie, { intent: "decline", bookingId: r.hold.bookingId });
    expect(await rowOf(r)).toMatchObject({ status: "declined", request: { state: "declined", expiresAt: null } });
  });
});
