import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { bookings } from "~/db/schema/bookings";
import type { Dashboard } from "~/features/dashboard/dashboard.server";
import { HOST_CANCEL_TEXT } from "~/features/dashboard/host-cancel-form";
import type * as DbModule from "~/lib/db.server";
import { bookingScenario } from "../../../tests/factories/bookings";
import { createUser, sessionCookieFor } from "../../../tests/factories/users";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";

/**
 * A host cancels a booking of their listing from /dashboard (issue #25 point 5), through
 * the route's action as the server calls it: the guest is refunded in full, service fee
 * included; someone else's booking is 404, a booking that has started 409, and a missing
 * reason 400 with the message, changing nothing. The dashboard shows the refund before
 * and the host's cancellation count after.
 */
const state = vi.hoisted(() => {
  // Requests name their own "now" (X-Test-Now), as the browser journeys do (ADR 0095).
  process.env.TEST_CLOCK = "1";
  return { database: undefined as undefined | { db: unknown } };
});
vi.mock("~/lib/db.server", async (original) => ({
  ...(await original<typeof DbModule>()),
  getDb: async () => state.database!.db,
}));

const route = await import("./dashboard");

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

async function post(cookie: string, fields: Record<string, string>, now?: Date): Promise<Outcome> {
  const request = new Request("http://localhost/dashboard", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie, ...(now ? { "x-test-now": now.toISOString() } : {}) },
    body: new URLSearchParams(fields).toString(),
  });
  try {
    return unwrap(await route.action({ request, params: {}, context: {}, unstable_pattern: "" } as never));
  } catch (thrown) {
    return unwrap(thrown);
  }
}

async function load(cookie: string): Promise<Dashboard> {
  const request = new Request("http://localhost/dashboard", { headers: { cookie } });
  const result = unwrap(await route.loader({ request, params: {}, context: {}, unstable_pattern: "" } as never));
  expect(result.status).toBe(200);
  return (result.body as { dashboard: Dashboard }).dashboard;
}

/** A paid two-hour booking `days` days from now, at 10:00 in New York. */
async function paidBooking(days: number) {
  const s = await bookingScenario(database.db, { now: new Date().toISOString() });
  const date = new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  const hold = await s.book(s.guest, { date, hour: 10, hours: 2 });
  expect(await s.pay(s.guest, hold.clientSecret)).toMatchObject({ ok: true });
  return { s, bookingId: hold.bookingId, hostCookie: await sessionCookieFor(database.db, s.host.id) };
}

describe("POST /dashboard intent=host_cancel", () => {
  it("cancels the host's upcoming booking and refunds the guest in full, service fee included", async () => {
    const { s, bookingId, hostCookie } = await paidBooking(5);
    const before = await load(hostCookie);
    const row = before.recentBookings.find((item) => item.id === bookingId)!;
    const booked = await s.booking(bookingId);
    expect(row).toMatchObject({ role: "host", status: "confirmed", hostCancelRefund: booked.totalPrice });
    expect(booked.totalPrice).toBe(booked.rentalAmount + booked.platformFeeAmount);
    expect(before.host.cancelledByHost).toBe(0);

    const answer = await post(hostCookie, { intent: "host_cancel", bookingId, reason: "  The studio is flooded  " });
    expect(answer).toEqual({ status: 200, body: { ok: true, refundMinor: booked.totalPrice } });

    const after = await s.booking(bookingId);
    expect(after).toMatchObject({ status: "cancelled", cancelledBy: "host", cancellationReason: "The studio is flooded", refundAmount: booked.totalPrice });
    expect(await s.calendar()).toHaveLength(0);

    const dashboard = await load(hostCookie);
    expect(dashboard.host.cancelledByHost).toBe(1);
    expect(dashboard.recentBookings.find((item) => item.id === bookingId)).toMatchObject({
      status: "cancelled",
      cancelledBy: "host",
      refund: booked.totalPrice,
      hostCancelRefund: null,
    });
    // A second click cancels nothing more.
    expect(await post(hostCookie, { intent: "host_cancel", bookingId, reason: "again" })).toMatchObject({ status: 409 });
  });

  it("answers another host (or the guest) with 404 and changes nothing", async () => {
    const { s, bookingId } = await paidBooking(6);
    const stranger = await createUser(database.db);
    for (const cookie of [await sessionCookieFor(database.db, stranger.id), await sessionCookieFor(database.db, s.guest.id)]) {
      const answer = await post(cookie, { intent: "host_cancel", bookingId, reason: "Not mine" });
      expect(answer).toMatchObject({ status: 404, body: { ok: false, error: "Booking not found" } });
    }
    expect(await s.booking(bookingId)).toMatchObject({ status: "confirmed", cancelledBy: null, refundAmount: null });
    // The guest sees no Cancel of the host's kind on their own dashboard.
    const guestRow = (await load(await sessionCookieFor(database.db, s.guest.id))).recentBookings.find((item) => item.id === bookingId);
    expect(guestRow).toMatchObject({ role: "guest", hostCancelRefund: null });
  });

  it("refuses a booking that has started with 409", async () => {
    const { s, bookingId, hostCookie } = await paidBooking(3);
    const booked = await s.booking(bookingId);
    const started = new Date(booked.startTime.getTime() + 30 * 60_000);
    const answer = await post(hostCookie, { intent: "host_cancel", bookingId, reason: "Too late" }, started);
    expect(answer).toMatchObject({ status: 409, body: { ok: false, error: "Only upcoming confirmed bookings can be cancelled" } });
    expect(await s.booking(bookingId)).toMatchObject({ status: "confirmed", refundAmount: null });
  });

  it("refuses an empty or too long reason with 400 and the message, and changes nothing", async () => {
    const { s, bookingId, hostCookie } = await paidBooking(4);
    for (const reason of [null, "", "   \n "]) {
      const fields: Record<string, string> = { intent: "host_cancel", bookingId, ...(reason === null ? {} : { reason }) };
      const answer = await post(hostCookie, fields);
      expect(answer).toEqual({
        status: 400,
        body: { ok: false, error: HOST_CANCEL_TEXT.reasonRequired, fieldErrors: { reason: HOST_CANCEL_TEXT.reasonRequired } },
      });
    }
    expect(HOST_CANCEL_TEXT.reasonRequired).toBe("Please give a reason for the cancellation");
    const long = await post(hostCookie, { intent: "host_cancel", bookingId, reason: "x".repeat(1001) });
    expect(long).toMatchObject({ status: 400, body: { fieldErrors: { reason: HOST_CANCEL_TEXT.reasonTooLong } } });
    const badId = await post(hostCookie, { intent: "host_cancel", bookingId: "not-an-id", reason: "Flooded" });
    expect(badId).toMatchObject({ status: 400 });
    expect(await s.booking(bookingId)).toMatchObject({ status: "confirmed", cancelledBy: null, cancellationReason: null, refundAmount: null });
    const [row] = await database.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, bookingId));
    expect(row?.status).toBe("confirmed");
  });

  it("sends a signed-out visitor to / and changes nothing", async () => {
    const { s, bookingId } = await paidBooking(7);
    const request = new Request("http://localhost/dashboard", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "host_cancel", bookingId, reason: "x" }).toString(),
    });
    const thrown = await route.action({ request, params: {}, context: {}, unstable_pattern: "" } as never).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("location")).toBe("/");
    expect(await s.booking(bookingId)).toMatchObject({ status: "confirmed" });
  });
});
