import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { profiles } from "~/db/schema/index";
import { bookingScenario } from "../../../tests/factories/bookings";
import { createSpace } from "../../../tests/factories/listings";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { DASHBOARD_LISTINGS, loadDashboard, RECENT_BOOKINGS } from "./dashboard.server";

/** /dashboard's figures after real bookings (hold, pay, cancel) on both engines. */
let database: TestDatabase;
const NOW = "2026-06-01T12:00:00.000Z";

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

describe("the dashboard", () => {
  it("counts a guest's paid bookings, active and upcoming ones, and a host's listings and bookings received", async () => {
    const s = await bookingScenario(database.db, { now: NOW });
    await database.db.update(profiles).set({ fullName: "Gina Guest" }).where(eq(profiles.id, s.guest.id));
    const first = await s.book(s.guest, { date: "2026-06-10", hour: 10, hours: 2 });
    await s.pay(s.guest, first.clientSecret);
    const second = await s.book(s.guest, { date: "2026-06-11", hour: 10 });
    await s.pay(s.guest, second.clientSecret);
    const third = await s.book(s.guest, { date: "2026-06-12", hour: 10 });
    await s.pay(s.guest, third.clientSecret);
    expect((await s.cancel(s.guest, third.bookingId)).ok).toBe(true);
    // An abandoned checkout is not a booking.
    await s.book(s.otherGuest, { date: "2026-06-13", hour: 10 });
    await createSpace(database.db, { userId: s.host.id, isPublished: false, title: "Host's draft" });

    const guest = await loadDashboard(database.db, s.guest.id, s.now);
    expect(guest.guest).toEqual({ bookingsMade: 2, activeBookings: 2, upcomingBookings: 2 });
    expect(guest.host).toEqual({ activeListings: 0, totalListings: 0, bookingsReceived: 0, cancelledByHost: 0 });
    // All three were made at the scenario's one instant, so their order is not asserted.
    expect(guest.recentBookings.map((row) => `${row.role} ${row.status}`).sort()).toEqual(["guest cancelled", "guest confirmed", "guest confirmed"]);
    expect(guest.recentBookings.find((row) => row.id === second.bookingId)).toMatchObject({ amount: 5500, currency: "USD", space: { title: s.space.title } });
    expect(guest.listings).toEqual([]);

    const host = await loadDashboard(database.db, s.host.id, s.now);
    expect(host.guest).toEqual({ bookingsMade: 0, activeBookings: 0, upcomingBookings: 0 });
    expect(host.host).toEqual({ activeListings: 1, totalListings: 2, bookingsReceived: 2, cancelledByHost: 0 });
    expect(host.recentBookings).toHaveLength(3);
    // The host may cancel an upcoming booking, refunding everything the guest paid (issue #25).
    expect(host.recentBookings.find((row) => row.id === second.bookingId)).toMatchObject({ role: "host", guestName: "Gina Guest", amount: 5000, hostCancelRefund: 5500 });
    expect(host.recentBookings.find((row) => row.id === third.bookingId)).toMatchObject({ status: "cancelled", cancelledBy: "guest", hostCancelRefund: null });
    // The guest never gets the host's Cancel.
    expect(guest.recentBookings.every((row) => row.hostCancelRefund === null)).toBe(true);
    expect(host.listings.map((row) => row.title)).toEqual(["Host's draft", s.space.title]);

    // A week later the bookings have started: still active (confirmed), no longer upcoming.
    const later = await loadDashboard(database.db, s.guest.id, new Date("2026-06-20T00:00:00Z"));
    expect(later.guest).toEqual({ bookingsMade: 2, activeBookings: 2, upcomingBookings: 0 });
    // …and the host can no longer cancel them.
    const hostLater = await loadDashboard(database.db, s.host.id, new Date("2026-06-20T00:00:00Z"));
    expect(hostLater.recentBookings.map((row) => row.hostCancelRefund)).toEqual([null, null, null]);
  });

  it(`shows at most ${RECENT_BOOKINGS} recent bookings and ${DASHBOARD_LISTINGS} listings, and nothing for a new member`, async () => {
    const s = await bookingScenario(database.db, { now: NOW });
    for (let day = 10; day < 17; day += 1) {
      const hold = await s.book(s.guest, { date: `2026-06-${day}`, hour: 9 });
      await s.pay(s.guest, hold.clientSecret);
    }
    for (let i = 0; i < 4; i += 1) await createSpace(database.db, { userId: s.host.id });
    const host = await loadDashboard(database.db, s.host.id, s.now);
    expect(host.recentBookings).toHaveLength(RECENT_BOOKINGS);
    expect(host.listings).toHaveLength(DASHBOARD_LISTINGS);
    expect(host.host.bookingsReceived).toBe(7);
    const fresh = await loadDashboard(database.db, s.otherGuest.id, s.now);
    expect(fresh).toEqual({
      guest: { bookingsMade: 0, activeBookings: 0, upcomingBookings: 0 },
      host: { activeListings: 0, totalListings: 0, bookingsReceived: 0, cancelledByHost: 0 },
      recentBookings: [],
      listings: [],
    });
  });
});
