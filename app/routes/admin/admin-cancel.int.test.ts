import { formatMinor } from "~/lib/money";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { adminActions } from "~/db/schema/index";
import { ADMIN_CANCEL_TEXT } from "~/features/admin/booking-cancel-form";
import type { AdminBooking } from "~/features/admin/components/booking-panel";
import { ADMIN_ONLY } from "~/features/admin/guard.server";
import type * as DbModule from "~/lib/db.server";
import { bookingScenario } from "../../../tests/factories/bookings";
import { createUser, sessionCookieFor } from "../../../tests/factories/users";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";

/**
 * An admin finds a booking on /admin and cancels it with a refund choice and a reason
 * (issue #25 point 5), through the route's loader and action as the server calls them:
 * each choice refunds what the panel quoted, the moderation log has the row, the host's
 * cancellation count shows, and anyone else gets 403 with nothing changed.
 */
const state = vi.hoisted(() => ({ database: undefined as undefined | { db: unknown } }));
vi.mock("~/lib/db.server", async (original) => ({
  ...(await original<typeof DbModule>()),
  getDb: async () => state.database!.db,
}));

const admin = await import("./admin");

let database: TestDatabase;
let adminId: string;
let adminCookie: string;
beforeAll(async () => {
  database = await createTestDatabase();
  state.database = database;
  adminId = (await createUser(database.db, { isAdmin: true, fullName: "Ada Admin" })).id;
  adminCookie = await sessionCookieFor(database.db, adminId);
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

async function post(cookie: string | null, fields: Record<string, string>): Promise<Outcome> {
  const request = new Request("http://localhost/admin", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...(cookie ? { cookie } : {}) },
    body: new URLSearchParams(fields).toString(),
  });
  try {
    return unwrap(await admin.action({ request, params: {}, context: {}, unstable_pattern: "" } as never));
  } catch (thrown) {
    return unwrap(thrown);
  }
}

type Page = { booking: AdminBooking | null; bookingQuery: string; log: { action: string; targetLabel: string; reason: string | null; adminEmail: string }[] };
async function load(query: string): Promise<Page> {
  const request = new Request(`http://localhost/admin${query}`, { headers: { cookie: adminCookie } });
  return (await admin.loader({ request, params: {}, context: {}, unstable_pattern: "" } as never)) as unknown as Page;
}

/** Three paid two-hour bookings of one strict-policy listing, 3, 4 and 5 days ahead. */
async function world() {
  const s = await bookingScenario(database.db, { now: new Date().toISOString(), listing: { cancellationPolicy: "strict" } });
  const ids: string[] = [];
  for (const days of [3, 4, 5]) {
    const date = new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const hold = await s.book(s.guest, { date, hour: 10, hours: 2 });
    expect(await s.pay(s.guest, hold.clientSecret)).toMatchObject({ ok: true });
    ids.push(hold.bookingId);
  }
  return { s, ids };
}

describe("/admin: cancel a booking", () => {
  it("finds a booking by id with its listing, guest, total, status and the host's cancellation count", async () => {
    const { s, ids } = await world();
    await s.cancelAsHost(ids[0]!, "Double booked elsewhere");
    const page = await load(`?booking=${ids[1]}`);
    const booked = await s.booking(ids[1]!);
    expect(page.booking).toMatchObject({
      id: ids[1],
      status: "confirmed",
      total: booked.totalPrice,
      policy: "strict",
      space: { title: s.space.title },
      guest: { email: s.guest.email },
      host: { cancellations: 1 },
      quotes: { full: booked.totalPrice, none: 0 },
    });
    expect(page.booking!.quotes!.policy).toBeGreaterThanOrEqual(0);
    expect(page.booking!.quotes!.policy).toBeLessThan(booked.totalPrice);

    // A cancelled one shows who cancelled it and why, and has no refund choices.
    expect((await load(`?booking=${ids[0]}`)).booking).toMatchObject({ status: "cancelled", cancelledBy: "host", cancellationReason: "Double booked elsewhere", quotes: null });
    expect((await load(`?booking=${crypto.randomUUID()}`)).booking).toBeNull();
    expect((await load("?booking=not-an-id")).booking).toBeNull();
  });

  it("cancels with each refund choice, refunds what the panel quoted, and logs each action", async () => {
    const { s, ids } = await world();
    const choices = ["full", "policy", "none"] as const;
    for (const [index, refund] of choices.entries()) {
      const id = ids[index]!;
      const quoted = (await load(`?booking=${id}`)).booking!.quotes![refund];
      const answer = await post(adminCookie, { intent: "cancel_booking", bookingId: id, refund, reason: `Fraud check ${refund}` });
      expect(answer).toEqual({ status: 200, body: { ok: true, refundMinor: quoted } });
      expect(await s.booking(id)).toMatchObject({ status: "cancelled", cancelledBy: "admin", cancellationReason: `Fraud check ${refund}`, refundAmount: quoted });
      const [logged] = await database.db
        .select()
        .from(adminActions)
        .where(and(eq(adminActions.targetId, id), eq(adminActions.action, "cancel_booking")));
      expect(logged).toMatchObject({ adminId, targetType: "booking" });
      // The log reads as a person would say it: the reason, the refund chosen and its amount.
      const words = { full: "full refund", policy: "refund by policy", none: "no refund" }[refund];
      expect(logged!.reason).toBe(`Fraud check ${refund} — ${words}, ${formatMinor(quoted, s.space.currency)}`);
      expect(logged!.targetLabel).toContain(s.space.title);
    }
    const full = await s.booking(ids[0]!);
    expect(full.refundAmount).toBe(full.totalPrice);
    expect((await s.booking(ids[2]!)).refundAmount).toBe(0);
    expect(await s.calendar()).toHaveLength(0);

    // The page's log lists them; an admin cancellation does not count against the host.
    const page = await load("");
    expect(page.log.filter((row) => row.action === "cancel_booking" && row.targetLabel.includes(s.space.title))).toHaveLength(3);
    expect((await load(`?booking=${ids[0]}`)).booking!.host.cancellations).toBe(0);

    // Cancelling again is refused.
    expect(await post(adminCookie, { intent: "cancel_booking", bookingId: ids[0]!, refund: "full", reason: "again" })).toMatchObject({ status: 409 });
  });

  it("refuses a missing reason or refund choice with 400 and changes nothing", async () => {
    const { s, ids } = await world();
    const id = ids[0]!;
    expect(await post(adminCookie, { intent: "cancel_booking", bookingId: id, refund: "full", reason: "  " })).toMatchObject({
      status: 400,
      body: { ok: false, error: ADMIN_CANCEL_TEXT.reasonRequired, fieldErrors: { reason: ADMIN_CANCEL_TEXT.reasonRequired } },
    });
    expect(await post(adminCookie, { intent: "cancel_booking", bookingId: id, reason: "Fraud" })).toMatchObject({
      status: 400,
      body: { fieldErrors: { refund: ADMIN_CANCEL_TEXT.refundRequired } },
    });
    expect(await post(adminCookie, { intent: "cancel_booking", bookingId: id, refund: "half", reason: "Fraud" })).toMatchObject({ status: 400 });
    expect(await post(adminCookie, { intent: "cancel_booking", bookingId: crypto.randomUUID(), refund: "full", reason: "Fraud" })).toMatchObject({ status: 404 });
    expect(await s.booking(id)).toMatchObject({ status: "confirmed", refundAmount: null, cancelledBy: null });
    expect(await database.db.select().from(adminActions).where(eq(adminActions.targetId, id))).toHaveLength(0);
  });

  it("answers a non-admin (host, guest) and a signed-out caller with 403 and changes nothing", async () => {
    const { s, ids } = await world();
    const id = ids[0]!;
    for (const cookie of [await sessionCookieFor(database.db, s.host.id), await sessionCookieFor(database.db, s.guest.id), null]) {
      const answer = await post(cookie, { intent: "cancel_booking", bookingId: id, refund: "full", reason: "I say so" });
      expect(answer).toEqual({ status: 403, body: { ok: false, error: ADMIN_ONLY } });
    }
    expect(await s.booking(id)).toMatchObject({ status: "confirmed", refundAmount: null, cancelledBy: null });
    expect(await database.db.select().from(adminActions).where(eq(adminActions.targetId, id))).toHaveLength(0);
  });
});
