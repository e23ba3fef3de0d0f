import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { users } from "~/db/schema/auth";
import { guestReviews } from "~/db/schema/reviews";
import { createReview } from "~/features/reviews/reviews.server";
import { ERROR_TEXT } from "~/lib/messages";
import type * as DbModule from "~/lib/db.server";
import { bookingScenario } from "../../../tests/factories/bookings";
import { sessionCookieFor } from "../../../tests/factories/users";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";

/**
 * The review, answer and notification-settings endpoints as the browser calls them:
 * every bad input of issue #15 is a clear message with a 4xx, never a 500, and stores
 * nothing. The routes read the clock from X-Test-Now (TEST_CLOCK=1).
 */
const state = vi.hoisted(() => ({ database: undefined as undefined | { db: unknown } }));
vi.mock("~/lib/db.server", async (original) => ({
  ...(await original<typeof DbModule>()),
  getDb: async () => state.database!.db,
}));
vi.stubEnv("TEST_CLOCK", "1");

const reviewRoute = await import("./api.booking-review");
const replyRoute = await import("./api.review-reply");
const settingsRoute = await import("../account/api.notification-settings");

let database: TestDatabase;
const NOW = "2026-06-01T12:00:00.000Z";
const AFTER_STAY = "2026-06-10T18:00:00.000Z";

beforeAll(async () => {
  database = await createTestDatabase();
  state.database = database;
});
afterAll(() => database.drop());

const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} as never, unstable_pattern: "" }) as never;
const form = (url: string, cookie: string | null, fields: Record<string, string | string[]>, now = AFTER_STAY) => {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) for (const item of [value].flat()) body.append(key, item);
  return new Request(`http://localhost${url}`, { method: "POST", body, headers: { "X-Test-Now": now, ...(cookie ? { cookie } : {}) } });
};

async function call(route: { action: (args: never) => unknown }, request: Request, params: Record<string, string> = {}) {
  const result = (await route.action(args(request, params))) as { data: unknown; init: ResponseInit | null } | Response;
  if (result instanceof Response) return { status: result.status, body: await result.json() };
  return { status: result.init?.status ?? 200, body: result.data as Record<string, unknown> };
}

describe("POST /api/bookings/:id/review", () => {
  it("answers every bad input with a message and accepts one review", async () => {
    const s = await bookingScenario(database.db, { now: NOW });
    const hold = await s.book(s.guest, { date: "2026-06-10", hour: 10, hours: 2 });
    await s.pay(s.guest, hold.clientSecret);
    const guest = await sessionCookieFor(database.db, s.guest.id);
    const other = await sessionCookieFor(database.db, s.otherGuest.id);
    const post = (cookie: string | null, fields: Record<string, string>, now?: string, bookingId = hold.bookingId) =>
      call(reviewRoute, form(`/api/bookings/${bookingId}/review`, cookie, fields, now), { bookingId });

    expect((await post(null, { rating: "5" })).status).toBe(401);
    expect(await post(guest, { rating: "0" })).toEqual({ status: 400, body: { ok: false, error: null, fieldErrors: { rating: ERROR_TEXT.reviewRating } } });
    expect((await post(guest, { rating: "6" })).body).toMatchObject({ fieldErrors: { rating: ERROR_TEXT.reviewRating } });
    expect((await post(guest, { rating: "5", comment: "x".repeat(2001) })).body).toMatchObject({ fieldErrors: { comment: ERROR_TEXT.reviewTooLong } });
    expect(await post(guest, { rating: "5" }, "2026-06-10T15:00:00.000Z")).toMatchObject({ status: 409, body: { error: ERROR_TEXT.reviewNotEnded } });
    expect(await post(other, { rating: "5" })).toMatchObject({ status: 404, body: { error: ERROR_TEXT.reviewBookingNotFound } });
    expect(await post(guest, { rating: "5" }, undefined, "../../etc")).toMatchObject({ status: 404 });
    expect(await post(guest, { rating: "5", comment: "<img src=x onerror=alert(1)>" })).toEqual({ status: 200, body: { ok: true, error: null, fieldErrors: null } });
    expect(await post(guest, { rating: "4" })).toMatchObject({ status: 409, body: { error: ERROR_TEXT.reviewTwice } });
  });

  it("lets the listing's host review the guest through the same endpoint: bad input is a message, nothing is stored (ADR 0272)", async () => {
    const s = await bookingScenario(database.db, { now: NOW });
    const hold = await s.book(s.guest, { date: "2026-06-10", hour: 10, hours: 2 });
    await s.pay(s.guest, hold.clientSecret);
    const host = await sessionCookieFor(database.db, s.host.id);
    const other = await sessionCookieFor(database.db, s.otherGuest.id);
    const post = (cookie: string | null, fields: Record<string, string>, now?: string) =>
      call(reviewRoute, form(`/api/bookings/${hold.bookingId}/review`, cookie, fields, now), { bookingId: hold.bookingId });
    const stored = () => database.db.select().from(guestReviews).where(eq(guestReviews.bookingId, hold.bookingId));

    for (const rating of ["0", "6", "x", "", "4.5"]) {
      expect(await post(host, { rating, comment: "Fine" })).toEqual({ status: 400, body: { ok: false, error: null, fieldErrors: { rating: ERROR_TEXT.reviewRating } } });
    }
    expect(await post(host, { rating: "5", comment: "x".repeat(10_000) })).toEqual({ status: 400, body: { ok: false, error: null, fieldErrors: { comment: ERROR_TEXT.reviewTooLong } } });
    expect(await post(host, { rating: "5" }, "2026-06-10T15:00:00.000Z")).toMatchObject({ status: 409, body: { error: ERROR_TEXT.reviewNotEnded } });
    expect(await post(host, { rating: "5" }, "2026-06-25T17:00:00.000Z")).toMatchObject({ status: 409, body: { error: ERROR_TEXT.reviewWindowClosed } });
    expect(await post(other, { rating: "5" })).toMatchObject({ status: 404, body: { error: ERROR_TEXT.reviewBookingNotFound } });
    expect(await stored()).toEqual([]);

    expect(await post(host, { rating: "4", comment: "Tidy, on time." })).toEqual({ status: 200, body: { ok: true, error: null, fieldErrors: null } });
    expect(await stored()).toMatchObject([{ rating: 4, comment: "Tidy, on time.", guestId: s.guest.id, authorId: s.host.id }]);
    expect(await post(host, { rating: "2" })).toMatchObject({ status: 409, body: { error: ERROR_TEXT.guestReviewTwice } });
    expect(await stored()).toHaveLength(1);
  });
});

describe("POST /api/reviews/:id/reply", () => {
  it("lets only the owner answer, once", async () => {
    const s = await bookingScenario(database.db, { now: NOW });
    const hold = await s.book(s.guest, { date: "2026-06-10", hour: 10 });
    await s.pay(s.guest, hold.clientSecret);
    const created = await createReview(database.db, { userId: s.guest.id, bookingId: hold.bookingId, review: { rating: 5, comment: null }, now: new Date(AFTER_STAY) });
    if (!created.ok) throw new Error(created.error);
    const { reviewId } = created;
    const host = await sessionCookieFor(database.db, s.host.id);
    const guest = await sessionCookieFor(database.db, s.guest.id);
    const reply = (cookie: string, text: string, id = reviewId) => call(replyRoute, form(`/api/reviews/${id}/reply`, cookie, { reply: text }), { reviewId: id });
    expect(await reply(host, "   ")).toMatchObject({ status: 400, body: { fieldErrors: { reply: ERROR_TEXT.replyEmpty } } });
    expect(await reply(guest, "Me too")).toMatchObject({ status: 404, body: { error: ERROR_TEXT.replyNotFound } });
    expect(await reply(host, "Thanks", "0")).toMatchObject({ status: 404 });
    expect(await reply(host, "Thanks!")).toMatchObject({ status: 200, body: { ok: true } });
    expect(await reply(host, "Again")).toMatchObject({ status: 409, body: { error: ERROR_TEXT.replyTwice } });
  });
});

describe("/api/notification-settings", () => {
  it("reads and saves the optional kinds; unknown kinds are refused", async () => {
    const s = await bookingScenario(database.db, { now: NOW });
    const cookie = await sessionCookieFor(database.db, s.guest.id);
    const read = async () => {
      const result = (await settingsRoute.loader(args(new Request("http://localhost/api/notification-settings", { headers: { cookie } })))) as { data: unknown };
      return result.data;
    };
    expect(await read()).toEqual({ enabled: ["new_message", "review_request", "review_published", "payout_sent"], language: "en", saved: false, error: null });
    expect(await call(settingsRoute, form("/api/notification-settings", cookie, { enabled: ["payout_sent"] }))).toEqual({
      status: 200,
      body: { enabled: ["payout_sent"], language: "en", saved: true, error: null },
    });
    // The e-mails' language (ADR 0296): saved with the form, checked against the five.
    expect(await call(settingsRoute, form("/api/notification-settings", cookie, { enabled: ["payout_sent"], language: "ja" }))).toMatchObject({
      status: 200,
      body: { enabled: ["payout_sent"], language: "ja", saved: true },
    });
    const [saved] = await database.db.select({ language: users.preferredLanguage }).from(users).where(eq(users.id, s.guest.id));
    expect(saved!.language).toBe("ja");
    expect(await call(settingsRoute, form("/api/notification-settings", cookie, { enabled: ["payout_sent"], language: "de" }))).toMatchObject({ status: 400 });
    expect(await call(settingsRoute, form("/api/notification-settings", cookie, { enabled: ["booking_confirmed"] }))).toMatchObject({
      status: 400,
      body: { enabled: ["payout_sent"], error: ERROR_TEXT.saveNotificationSettings },
    });
    expect(await call(settingsRoute, form("/api/notification-settings", cookie, {}))).toMatchObject({ status: 200, body: { enabled: [] } });
    expect((await call(settingsRoute, form("/api/notification-settings", null, {}))).status).toBe(401);
  });
});
