import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { bookings, payments } from "~/db/schema/bookings";
import { quoteBooking } from "~/features/bookings/pricing";
import { daySlots } from "~/features/bookings/slots";
import type * as DbModule from "~/lib/db.server";
import { createSpace } from "../../../tests/factories/listings";
import { createUser, sessionCookieFor } from "../../../tests/factories/users";
import { apiFetch } from "../../../tests/setup/api-layer";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";

/**
 * The booking JSON endpoints as a browser calls them: status codes, shapes, the
 * "Bad input" list of issue #12 over HTTP (never a 500), double clicks on pay and
 * cancel (nothing charged or refunded twice). The routes use the real clock, so
 * slots are chosen relative to today.
 */
const state = vi.hoisted(() => ({ database: undefined as undefined | { db: unknown } }));
vi.mock("~/lib/db.server", async (original) => ({
  ...(await original<typeof DbModule>()),
  getDb: async () => state.database!.db,
}));

const busyRoute = await import("./api.busy");
const confirmRoute = await import("./api.payment-confirm");
const statusRoute = await import("./api.payment-intent-status");
const icsRoute = await import("./api.booking-calendar");
const cancelRoute = await import("./api.booking-cancel");

let database: TestDatabase;
let guestCookie: string;
let strangerCookie: string;
let spaceId: string;
const TZ = "Europe/London";

const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} as never, unstable_pattern: "" }) as never;
const json = (url: string, cookie: string | null, body: unknown, headers: Record<string, string> = {}) =>
  new Request(`http://localhost${url}`, {
    method: "POST",
    body: typeof body === "string" ? body : JSON.stringify(body),
    headers: { "Content-Type": "application/json", ...(cookie ? { cookie } : {}), ...headers },
  });
const get = (url: string, cookie: string | null) => new Request(`http://localhost${url}`, { headers: cookie ? { cookie } : {} });

/** A slot `days` from today at `hour` local time, priced as the widget would. */
function bookingBody(days: number, hour: number, overrides: Record<string, unknown> = {}) {
  const date = new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  const start = daySlots(date, TZ).find((slot) => slot.label === `${String(hour).padStart(2, "0")}:00`)!.start;
  const quote = quoteBooking({ unitPriceMinor: 4000, quantity: 1, feePercent: 10, currency: "GBP" });
  return { spaceId, startTime: start, endTime: new Date(Date.parse(start) + 3_600_000).toISOString(), duration: 1, pricingUnit: "hour", amount: quote.totalMinor, currency: "GBP", ...overrides };
}

async function hold(body: unknown, cookie = guestCookie, key: string = crypto.randomUUID()) {
  const response = await apiFetch(json("/api/bookings/payment-intent", cookie, body, { "Idempotency-Key": key }));
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const card = { number: "4242 4242 4242 4242", expMonth: "12", expYear: "2034", cvc: "123", name: "Guest" };
async function pay(clientSecret: unknown, cookie = guestCookie, cardOverrides: Record<string, string> = {}) {
  const response = (await confirmRoute.action(args(json("/api/payments/confirm", cookie, { clientSecret, card: { ...card, ...cardOverrides } })))) as Response;
  return { status: response.status, body: (await response.json()) as { paymentIntent: { status: string; lastPaymentError: { message: string } | null } } };
}

beforeAll(async () => {
  database = await createTestDatabase();
  state.database = database;
  const host = await createUser(database.db);
  const guest = await createUser(database.db);
  const stranger = await createUser(database.db);
  guestCookie = await sessionCookieFor(database.db, guest.id);
  strangerCookie = await sessionCookieFor(database.db, stranger.id);
  spaceId = (await createSpace(database.db, { userId: host.id, hourlyPrice: 4000, currency: "GBP", timezone: TZ, cancellationPolicy: "flexible", streetAddress: "1 Bench Lane", city: "London", state: "London", postalCode: "E1 6AN" })).id;
});
afterAll(() => database.drop());

describe("GET /api/spaces/:spaceId/busy", () => {
  it("answers busy ranges with a short cache, 404 for unknown spaces and 400 for windows over 6 weeks", async () => {
    const from = new Date().toISOString();
    const ok = (await busyRoute.loader(args(get(`/api/spaces/${spaceId}/busy?from=${from}&to=${new Date(Date.now() + 7 * 86_400_000).toISOString()}`, null), { spaceId }))) as Response;
    expect(ok.status).toBe(200);
    expect(ok.headers.get("cache-control")).toBe("public, max-age=5");
    expect(await ok.json()).toEqual({ busy: [], dated: {} });
    const long = (await busyRoute.loader(args(get(`/api/spaces/${spaceId}/busy?from=${from}&to=${new Date(Date.now() + 43 * 86_400_000).toISOString()}`, null), { spaceId }))) as Response;
    expect(long.status).toBe(400);
    for (const bad of ["nope", "00000000-0000-4000-8000-000000000000"]) {
      const missing = (await busyRoute.loader(args(get(`/api/spaces/${bad}/busy?from=${from}&to=${new Date(Date.now() + 86_400_000).toISOString()}`, null), { spaceId: bad }))) as Response;
      expect(missing.status).toBe(404);
      expect(await missing.json()).toEqual({ error: "Space not found" });
    }
  });
});

describe("POST /api/bookings/payment-intent", () => {
  it("needs a signed-in JSON request", async () => {
    expect((await hold(bookingBody(3, 10), null as never)).status).toBe(401);
    const malformed = await apiFetch(json("/api/bookings/payment-intent", guestCookie, "{not json"));
    expect(malformed.status).toBe(400);
    const huge = await apiFetch(json("/api/bookings/payment-intent", guestCookie, { pad: "x".repeat(10_000) }));
    expect(huge.status).toBe(413);
  });

  it("returns the contract's shape, and one hold for a double click with one Idempotency-Key", async () => {
    const key = crypto.randomUUID();
    const body = bookingBody(3, 11);
    const [a, b] = await Promise.all([hold(body, guestCookie, key), hold(body, guestCookie, key)]);
    const answered = [a, b].filter((r) => r.status === 200);
    expect(answered.length).toBeGreaterThanOrEqual(1);
    for (const r of [a, b]) expect(r.status).toBeLessThan(500);
    expect(answered[0]!.body).toMatchObject({ rental: 4000, total: 4400, currency: "GBP", platformFee: { percentage: 10, amount: 400 } });
    expect(String(answered[0]!.body.clientSecret)).toMatch(/^pi_\w+_secret_\w+$/);
    const rows = await database.db.select().from(bookings).where(eq(bookings.startTime, new Date(body.startTime)));
    expect(rows).toHaveLength(1);
  });

  it("sweeps the issue's bad input over HTTP: clear 4xx answers, never a 500", async () => {
    const cases: [string, unknown, number, string?][] = [
      ["past", bookingBody(-2, 10), 422, "Please select a future date and time"],
      ["years ahead", bookingBody(800, 10), 422, "Bookings can start at most 12 months ahead"],
      ["duration 25 h", bookingBody(4, 10, { duration: 25 }), 422],
      ["duration 1.5", bookingBody(4, 10, { duration: 1.5 }), 400, "Duration must be a whole number"],
      ["slot 21:00", bookingBody(4, 20, { startTime: new Date(Date.parse(bookingBody(4, 20).startTime) + 3_600_000).toISOString(), endTime: undefined }), 422, "Please pick a start time between 09:00 and 20:00"],
      ["unpriced option", bookingBody(4, 10, { pricingUnit: "week", duration: 1 }), 422, "This listing does not offer weekly pricing"],
      ["forged amount", bookingBody(4, 10, { amount: 1 }), 409, "The price has changed"],
      ["forged currency", bookingBody(4, 10, { currency: "USD" }), 409, "The price has changed"],
      ["unknown space", bookingBody(4, 10, { spaceId: "00000000-0000-4000-8000-000000000000" }), 404],
      ["array body", [1, 2, 3], 400],
      ["null body", null, 400],
    ];
    for (const [label, body, status, message] of cases) {
      const result = await hold(body);
      expect(result.status, label).toBe(status);
      if (message) expect(result.body.error, label).toBe(message);
    }
    expect((await hold(bookingBody(4, 10, { amount: 7 }))).body.price).toEqual({ rental: 4000, fee: 400, protection: 0, delivery: 0, total: 4400, currency: "GBP" });
  });
});

describe("paying, the confirmation page's call, the calendar file and cancelling", () => {
  it("charges once for a double click, confirms, serves the .ics, and refunds once for a double cancel", async () => {
    const { body: held } = await hold(bookingBody(5, 14));
    const secret = held.clientSecret as string;
    const bookingId = held.bookingId as string;

    expect((await pay(secret, guestCookie, { expYear: "19" })).body.paymentIntent).toMatchObject({ status: "requires_payment_method", lastPaymentError: { message: "Your card's expiration year is in the past." } });
    expect((await pay(secret, strangerCookie)).status).toBe(404);
    const [first, second] = await Promise.all([pay(secret), pay(secret)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(first.body.paymentIntent.status).toBe("succeeded");
    expect(second.body.paymentIntent.status).toBe("succeeded");
    expect((await database.db.select().from(payments).where(eq(payments.bookingId, bookingId))).map((p) => p.status)).toEqual(["succeeded"]);

    const outcome = (await statusRoute.loader(args(get(`/api/payments/intent?client_secret=${secret}`, guestCookie)))) as Response;
    expect(await outcome.json()).toMatchObject({ status: "succeeded", outcome: "confirmed", booking: { id: bookingId, status: "confirmed", total: 4400 } });
    for (const [cookie, query] of [[strangerCookie, secret], [guestCookie, "pi_forged"], [null, secret]] as const) {
      const refused = (await statusRoute.loader(args(get(`/api/payments/intent?client_secret=${query}`, cookie)))) as Response;
      expect(refused.status).toBe(404);
      expect(await refused.json()).toEqual({ error: "Something went wrong." });
    }

    const ics = (await icsRoute.loader(args(get(`/api/bookings/${bookingId}/calendar.ics`, guestCookie), { bookingId }))) as Response;
    expect(ics.headers.get("content-type")).toMatch(/^text\/calendar/);
    const text = await ics.text();
    expect(text).toContain("BEGIN:VEVENT");
    expect(text).toMatch(/DTSTART:\d{8}T\d{6}Z/);
    expect(text).toContain("1 Bench Lane");
    expect(((await icsRoute.loader(args(get(`/api/bookings/${bookingId}/calendar.ics`, strangerCookie), { bookingId }))) as Response).status).toBe(404);

    const cancelWith = (cookie: string, body: unknown) => cancelRoute.action(args(json(`/api/bookings/${bookingId}/cancel`, cookie, body), { bookingId })) as Promise<Response>;
    const cancel = (cookie: string) => cancelWith(cookie, {});
    expect((await cancel(strangerCookie)).status).toBe(404);
    // Bad input and a stale quote change nothing: a 400, and a 409 carrying the refund the stored terms give now.
    const bad = await cancelWith(guestCookie, { expectedRefund: "lots" });
    expect([bad.status, await bad.json()]).toEqual([400, { error: "expectedRefund must be a whole number of minor units" }]);
    const stale = await cancelWith(guestCookie, { expectedRefund: 1 });
    expect(stale.status).toBe(409);
    expect(await stale.json()).toMatchObject({ quote: { refundMinor: 4000 } });
    const answers = await Promise.all([cancel(guestCookie), cancel(guestCookie)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const ledger = await database.db.select().from(payments).where(eq(payments.bookingId, bookingId));
    expect(ledger.filter((p) => p.status === "refunded").map((p) => p.amount)).toEqual([4000]);
    expect(((await icsRoute.loader(args(get(`/api/bookings/${bookingId}/calendar.ics`, guestCookie), { bookingId }))) as Response).status).toBe(404);
  });
});
