import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type * as BookingsModule from "~/features/bookings/queries.server";
import type * as DbModule from "~/lib/db.server";
import { ERROR_TEXT } from "~/lib/messages";
import { listingTranslations } from "~/db/schema/listing-translations";
import { bookingScenario } from "../../../tests/factories/bookings";
import { sessionCookieFor } from "../../../tests/factories/users";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";

/**
 * /my-bookings' loader as the page gets it: ten bookings a page with the page count the
 * pager shows, a page number out of range or not a number, and the spec's
 * 'Failed to fetch bookings' when the database cannot answer.
 */
const state = vi.hoisted(() => ({ database: undefined as undefined | { db: unknown }, broken: false }));
vi.mock("~/lib/db.server", async (original) => ({
  ...(await original<typeof DbModule>()),
  getDb: async () => state.database!.db,
}));
// The session check still works; the bookings query is what fails.
vi.mock("~/features/bookings/queries.server", async (original) => {
  const actual = await original<typeof BookingsModule>();
  return {
    ...actual,
    listMyBookings: (...args: Parameters<typeof actual.listMyBookings>) => {
      if (state.broken) return Promise.reject(new Error("connection refused"));
      return actual.listMyBookings(...args);
    },
  };
});

const route = await import("./my-bookings");

let database: TestDatabase;
let cookie: string;
let otherCookie: string;
let scenario: Awaited<ReturnType<typeof bookingScenario>>;
const bookingIds: string[] = [];

type Page = { error: string | null; items: { startTime: string }[]; page: number; pageCount: number; total: number };
async function load(query: string): Promise<{ status: number; body: Page }> {
  const request = new Request(`http://localhost/my-bookings${query}`, { headers: { cookie } });
  const result = (await route.loader({ request, params: {}, context: {} as never, unstable_pattern: "" } as never)) as unknown;
  // An error answer is React Router's data() with a status; a normal one is the object itself.
  if (result && typeof result === "object" && "init" in result && "data" in result) {
    const wrapped = result as { data: Page; init: { status?: number } | null };
    return { status: wrapped.init?.status ?? 200, body: wrapped.data };
  }
  return { status: 200, body: result as Page };
}

beforeAll(async () => {
  database = await createTestDatabase();
  state.database = database;
  // Twelve paid bookings on twelve days, made now, starting within the next weeks.
  const now = new Date();
  const s = await bookingScenario(database.db, { now: now.toISOString() });
  scenario = s;
  for (let day = 2; day < 14; day++) {
    const date = new Date(now.getTime() + day * 86_400_000).toISOString().slice(0, 10);
    const hold = await s.book(s.guest, { date, hour: 10 });
    const paid = await s.pay(s.guest, hold.clientSecret);
    expect(paid).toMatchObject({ ok: true });
    bookingIds.push(hold.bookingId);
  }
  cookie = await sessionCookieFor(database.db, s.guest.id);
  otherCookie = await sessionCookieFor(database.db, s.otherGuest.id);
}, 60_000);
afterAll(() => database.drop());

describe("GET /my-bookings", () => {
  it("shows ten bookings a page, latest start first, and the page count for the pager", async () => {
    const first = await load("");
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ error: null, page: 1, pageCount: 2, total: 12 });
    expect(first.body.items).toHaveLength(10);
    const starts = first.body.items.map((item) => item.startTime);
    expect([...starts].sort().reverse()).toEqual(starts);

    const second = await load("?page=2");
    expect(second.body).toMatchObject({ page: 2, pageCount: 2 });
    expect(second.body.items).toHaveLength(2);
    expect(second.body.items[0]!.startTime < starts.at(-1)!).toBe(true);
  });

  it("reads a page number that is not a whole number as the first page", async () => {
    for (const query of ["?page=abc", "?page=0", "?page=-3", "?page=1.5"]) {
      const answer = await load(query);
      expect(answer.status, query).toBe(200);
      expect(answer.body.page, query).toBe(1);
      expect(answer.body.items, query).toHaveLength(10);
    }
  });

  it("names each listing by its host's title in the page's language (issue #31 point 5, ADR 0295); the link stays the original's", async () => {
    await database.db.insert(listingTranslations).values({ spaceId: scenario.space.id, locale: "es", title: "Estudio del puerto", description: "…" });
    try {
      type Items = { items: Array<{ space: { title: string; href: string } }> };
      const request = (path: string) => ({ request: new Request(`http://localhost${path}`, { headers: { cookie } }), params: {}, context: {} as never, unstable_pattern: "" }) as never;
      const spanish = (await route.loader(request("/es/my-bookings"))) as unknown as Items;
      expect(spanish.items).toHaveLength(10);
      for (const item of spanish.items) expect(item.space).toMatchObject({ title: "Estudio del puerto", href: expect.stringContaining(`/space/`) });
      expect(spanish.items[0]!.space.href).not.toContain("estudio");
      const english = (await route.loader(request("/my-bookings"))) as unknown as Items;
      expect(english.items[0]!.space.title).toBe(scenario.space.title);
    } finally {
      await database.db.delete(listingTranslations);
    }
  });

  it("says 'Failed to fetch bookings' with a 500 when the database cannot answer", async () => {
    state.broken = true;
    try {
      const answer = await load("");
      expect(answer.status).toBe(500);
      expect(answer.body).toMatchObject({ error: ERROR_TEXT.fetchBookings, items: [] });
      expect(ERROR_TEXT.fetchBookings).toBe("Failed to fetch bookings");
    } finally {
      state.broken = false;
    }
  });
});

/** POST /my-bookings as a form, as the 'Change time' dialog sends it; the answer's status and body. */
async function post(fields: Record<string, string>, as: string | null, prefix = "") {
  const request = new Request(`http://localhost${prefix}/my-bookings`, { method: "POST", body: new URLSearchParams(fields), headers: as ? { cookie: as } : {} });
  try {
    const result = (await route.action({ request, params: {}, context: {} as never, unstable_pattern: "" } as never)) as unknown;
    if (result && typeof result === "object" && "init" in result && "data" in result) {
      const wrapped = result as { data: Record<string, unknown>; init: { status?: number } | null };
      return { status: wrapped.init?.status ?? 200, body: wrapped.data };
    }
    return { status: 200, body: result as Record<string, unknown> };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, body: { location: thrown.headers.get("location") } };
    throw thrown;
  }
}

describe("POST /my-bookings intent=reschedule ('Change time', issue #26)", () => {
  const zoned = (daysAhead: number) => {
    const date = new Date(Date.now() + daysAhead * 86_400_000).toISOString().slice(0, 10);
    return scenario.request({ date, hour: 10 }).startTime;
  };

  it("refuses a signed-out visitor, a malformed time and someone else's booking, changing nothing", async () => {
    const bookingId = bookingIds[8]!;
    const before = (await scenario.booking(bookingId)).startTime.toISOString();
    expect(await post({ intent: "reschedule", bookingId, startTime: zoned(20) }, null)).toEqual({ status: 302, body: { location: "/" } });
    expect(await post({ intent: "reschedule", bookingId, startTime: "next tuesday" }, cookie)).toMatchObject({ status: 400, body: { ok: false, error: "Choose a new start time" } });
    expect(await post({ intent: "reschedule", bookingId, startTime: zoned(20) }, otherCookie)).toMatchObject({ status: 404, body: { ok: false, error: "Booking not found" } });
    expect(await post({ intent: "reschedule", bookingId: "not-a-booking", startTime: zoned(20) }, cookie)).toMatchObject({ status: 404 });
    expect((await scenario.booking(bookingId)).startTime.toISOString()).toBe(before);
  });

  it("moves the guest's own booking and answers the new time", async () => {
    const bookingId = bookingIds[8]!;
    const startTime = zoned(21);
    const moved = await post({ intent: "reschedule", bookingId, startTime }, cookie);
    expect(moved).toMatchObject({ status: 200, body: { ok: true, moved: { startTime } } });
    expect((await scenario.booking(bookingId)).startTime.toISOString()).toBe(startTime);
  });

  it("another length answers the change's checkout (ADR 0205): paid, it replaces the booking", async () => {
    const bookingId = bookingIds[9]!;
    const startTime = zoned(22);
    expect(await post({ intent: "reschedule", bookingId, startTime, duration: "0" }, cookie)).toMatchObject({ status: 400 });
    expect(await post({ intent: "reschedule", bookingId, startTime, duration: "500" }, cookie)).toMatchObject({ status: 400, body: { ok: false, error: "Duration must be between 1 and 24 hours" } });
    // The same refusal on the Spanish and Arabic pages, the unit in each language's plural (issue #31).
    expect(await post({ intent: "reschedule", bookingId, startTime, duration: "500" }, cookie, "/es")).toMatchObject({ status: 400, body: { error: "La duración debe estar entre 1 y 24 horas" } });
    expect(await post({ intent: "reschedule", bookingId, startTime, duration: "500" }, cookie, "/ar")).toMatchObject({ status: 400, body: { error: "يجب أن تتراوح المدة بين 1 و24 ساعة" } });
    const answer = await post({ intent: "reschedule", bookingId, startTime, duration: "3" }, cookie);
    expect(answer).toMatchObject({ status: 200, body: { ok: true, checkout: { startTime, total: 16500, rental: 15000, currency: "USD", stripeKey: null } } });
    const checkout = answer.body.checkout as { bookingId: string; clientSecret: string };
    expect((await scenario.booking(bookingId)).status).toBe("confirmed");
    const paid = await scenario.pay(scenario.guest, checkout.clientSecret);
    expect(paid).toMatchObject({ ok: true });
    expect((await scenario.booking(bookingId)).status).toBe("cancelled");
    expect((await scenario.booking(checkout.bookingId)).status).toBe("confirmed");
  });
});
