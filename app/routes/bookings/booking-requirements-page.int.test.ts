import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { bookings } from "~/db/schema/index";
import { createBookingHold } from "~/features/bookings/hold.server";
import { listMyBookings } from "~/features/bookings/queries.server";
import { loadDashboard } from "~/features/dashboard/dashboard.server";
import type * as DbModule from "~/lib/db.server";
import { bookingScenario } from "../../../tests/factories/bookings";
import { sessionCookieFor } from "../../../tests/factories/users";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";

/**
 * Who sees what a guest gave for a listing's checkout requirements (issue #28 point 3, ADR 0279)
 * on /bookings/:bookingId: the guest all of it; the host the licence, the age and the waiver's
 * acceptance once the booking is confirmed, never the date of birth; nobody else anything.
 * On PGlite, and on PostgreSQL with TEST_DB_ENGINE=postgres.
 */
const state = vi.hoisted(() => ({ database: undefined as undefined | { db: unknown } }));
vi.mock("~/lib/db.server", async (original) => ({
  ...(await original<typeof DbModule>()),
  getDb: async () => state.database!.db,
}));
const page = await import("./booking-page");

let database: TestDatabase;
const WAIVER = "I take part at my own risk.";

beforeAll(async () => {
  database = await createTestDatabase();
  state.database = database;
});
afterAll(() => database.drop());

const args = (cookie: string, bookingId: string) =>
  ({ request: new Request(`http://localhost/bookings/${bookingId}`, { headers: { cookie } }), params: { bookingId }, context: {} as never, unstable_pattern: "" }) as never;

/** A booking of a listing asking all three, held with the guest's answers (not yet paid). */
async function held() {
  const s = await bookingScenario(database.db, { now: "2026-06-01T12:00:00.000Z", listing: { ageRestriction: 21, licenseRequired: true, waiverRequired: true, waiverText: WAIVER } });
  const body = s.request({ date: "2026-06-10", hour: 10, hours: 2 }, { dateOfBirth: "1990-04-02", licenceNumber: "SMITH901029JJ9", licenceCountry: "GB", licenceExpiry: "2031-01-31", waiverAccepted: true });
  const hold = await createBookingHold(database.db, { userId: s.guest.id, body, idempotencyKey: null, now: s.now, clientIp: "198.51.100.23" });
  if (!hold.ok) throw new Error(hold.error);
  const cookies = {
    guest: await sessionCookieFor(database.db, s.guest.id),
    host: await sessionCookieFor(database.db, s.host.id),
    stranger: await sessionCookieFor(database.db, s.otherGuest.id),
  };
  return { s, hold, cookies };
}

describe("checkout requirements on the booking page", () => {
  it("shows nothing while the booking waits for its payment, to either side", async () => {
    const { hold, cookies } = await held();
    for (const cookie of [cookies.guest, cookies.host]) {
      await expect(page.loader(args(cookie, hold.bookingId))).rejects.toMatchObject({ init: { status: 404 } });
    }
  });

  it("once confirmed: the guest sees all they gave, the host the licence, the age and the waiver's acceptance, a stranger nothing", async () => {
    const { s, hold, cookies } = await held();
    await s.pay(s.guest, hold.clientSecret);
    expect((await s.booking(hold.bookingId)).status).toBe("confirmed");

    const guest = await page.loader(args(cookies.guest, hold.bookingId));
    expect(guest.requirements).toEqual({
      dateOfBirth: "1990-04-02",
      ageAtStart: 36,
      licence: { number: "SMITH901029JJ9", country: "GB", countryName: "United Kingdom", expiry: "2031-01-31" },
      waiver: { text: WAIVER, acceptedAt: "2026-06-01T12:00:00.000Z", acceptedIp: "198.51.100.23" },
      insurance: null,
      fulfilment: null,
      erased: false,
    });

    const host = await page.loader(args(cookies.host, hold.bookingId));
    expect(host.role).toBe("host");
    expect(host.requirements).toEqual({ ...guest.requirements, dateOfBirth: null });

    await expect(page.loader(args(cookies.stranger, hold.bookingId))).rejects.toMatchObject({ init: { status: 404 } });

    // Both lists link to the page as 'Checkout details' (a space: no handover link leads there).
    const mine = await listMyBookings(database.db, { userId: s.guest.id, page: 1, pageSize: 10, now: s.now });
    expect(mine.items.map((row) => [row.handoverHref, row.requirementsHref])).toEqual([[null, `/bookings/${hold.bookingId}`]]);
    const dashboard = await loadDashboard(database.db, s.host.id, s.now);
    expect(dashboard.recentBookings.map((row) => row.requirementsHref)).toEqual([`/bookings/${hold.bookingId}`]);
  });

  it("a cancelled booking's details leave the host's page; the guest keeps theirs", async () => {
    const { s, hold, cookies } = await held();
    await s.pay(s.guest, hold.clientSecret);
    await database.db.update(bookings).set({ status: "cancelled" }).where(eq(bookings.id, hold.bookingId));
    expect((await page.loader(args(cookies.host, hold.bookingId))).requirements).toBeNull();
    expect((await page.loader(args(cookies.guest, hold.bookingId))).requirements?.waiver?.acceptedIp).toBe("198.51.100.23");
  });

  it("a booking of a listing without requirements has none to show", async () => {
    const s = await bookingScenario(database.db, { now: "2026-06-01T12:00:00.000Z" });
    const hold = await s.book(s.guest, { date: "2026-06-10", hour: 10 });
    await s.pay(s.guest, hold.clientSecret);
    expect((await page.loader(args(await sessionCookieFor(database.db, s.guest.id), hold.bookingId))).requirements).toBeNull();
    const mine = await listMyBookings(database.db, { userId: s.guest.id, page: 1, pageSize: 10, now: s.now });
    expect(mine.items.map((row) => row.requirementsHref)).toEqual([null]);
  });
});
