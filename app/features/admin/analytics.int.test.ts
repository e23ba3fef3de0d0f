import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookings, contactMessages, newsletterSubscribers } from "~/db/schema/index";
import { createSpace } from "../../../tests/factories/listings";
import { createUser } from "../../../tests/factories/users";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { contactInbox, INBOX_PAGE_SIZE, monthlyFees, platformCounts, revenueByCurrency, subscriberList } from "./analytics.server";

/** The figures of /admin on a database of known bookings (both engines). */
let database: TestDatabase;
const NOW = new Date("2031-03-15T12:00:00Z");

type Status = "confirmed" | "completed" | "cancelled" | "expired" | "pending_payment";

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  const guest = await createUser(db);
  const usd = await createSpace(db, { rating: 4.5, hourlyPrice: 10000 });
  const yen = await createSpace(db, { currency: "JPY", rating: 4.0, hourlyPrice: 8000, available: false });
  await createSpace(db, { rating: 0, isPublished: false });
  const book = (space: { id: string }, currency: "USD" | "JPY", total: number, fee: number, status: Status, createdAt: string) => ({
    userId: guest.id,
    spaceId: space.id,
    startTime: new Date("2031-04-01T10:00:00Z"),
    endTime: new Date("2031-04-01T11:00:00Z"),
    rentalAmount: total - fee,
    totalPrice: total,
    platformFeePercentage: 10,
    platformFeeAmount: fee,
    currency,
    status,
    payoutReleaseAt: new Date("2031-04-02T11:00:00Z"),
    createdAt: new Date(createdAt),
  });
  await db.insert(bookings).values([
    book(usd, "USD", 11000, 1000, "confirmed", "2031-01-10T00:00:00Z"),
    book(usd, "USD", 22000, 2000, "completed", "2031-02-10T00:00:00Z"),
    book(usd, "USD", 11000, 1000, "confirmed", "2031-02-20T00:00:00Z"),
    book(usd, "USD", 99000, 9000, "cancelled", "2031-02-21T00:00:00Z"),
    book(usd, "USD", 55000, 5000, "expired", "2031-02-22T00:00:00Z"),
    book(usd, "USD", 55000, 5000, "pending_payment", "2031-03-14T00:00:00Z"),
    book(usd, "USD", 5500, 500, "confirmed", "2031-03-01T00:00:00Z"),
    book(yen, "JPY", 8800, 800, "confirmed", "2031-02-05T00:00:00Z"),
    // Older than 12 months: in the revenue, not in the fee table.
    book(usd, "USD", 1100, 100, "confirmed", "2029-12-31T00:00:00Z"),
  ]);
  for (let i = 0; i < INBOX_PAGE_SIZE + 2; i += 1) {
    await db.insert(contactMessages).values({ name: `Sender ${i}`, email: `s${i}@example.test`, subject: "general", message: `Hello ${i}`, createdAt: new Date(Date.UTC(2031, 0, 1 + i)) });
  }
  await db.insert(newsletterSubscribers).values([{ email: "a@example.test" }, { email: "b@example.test" }]);
});
afterAll(() => database.drop());

describe("platform analytics", () => {
  it("sums paid bookings per currency, never adding yen to dollars, with growth of the last full month", async () => {
    const revenue = await revenueByCurrency(database.db, NOW);
    expect(revenue).toEqual([
      // Jan 11000; Feb 22000 + 11000 = 33000 → +200.0 %.
      { currency: "USD", revenue: 11000 + 22000 + 11000 + 5500 + 1100, bookings: 5, lastMonth: 33000, monthBefore: 11000, growth: 200 },
      // No January yen bookings: no growth to show.
      { currency: "JPY", revenue: 8800, bookings: 1, lastMonth: 8800, monthBefore: 0, growth: null },
    ]);
  });

  it("counts active spaces, profiles and the average of non-zero ratings with one decimal", async () => {
    expect(await platformCounts(database.db)).toEqual({ activeSpaces: 1, users: 1, averageRating: 4.3, ratedSpaces: 2 });
  });

  it("reads the latest 12 months of the fee view, newest first, one row per month and currency", async () => {
    expect(await monthlyFees(database.db, NOW)).toEqual([
      { month: "2031-03-01T00:00:00.000Z", totalFees: 500, totalBookings: 1, currency: "USD" },
      { month: "2031-02-01T00:00:00.000Z", totalFees: 800, totalBookings: 1, currency: "JPY" },
      { month: "2031-02-01T00:00:00.000Z", totalFees: 3000, totalBookings: 2, currency: "USD" },
      { month: "2031-01-01T00:00:00.000Z", totalFees: 1000, totalBookings: 1, currency: "USD" },
    ]);
  });

  it("keeps the monthly totals exact when a booking is cancelled, completed, or removed", async () => {
    const { db } = database;
    const [row] = await db
      .select()
      .from(bookings)
      .where(and(eq(bookings.status, "confirmed"), eq(bookings.currency, "USD"), eq(bookings.createdAt, new Date("2031-03-01T00:00:00Z"))));
    await db.update(bookings).set({ status: "completed" }).where(eq(bookings.id, row!.id));
    expect((await monthlyFees(db, NOW))[0]).toMatchObject({ totalFees: 500, totalBookings: 1 });
    await db.update(bookings).set({ status: "cancelled" }).where(eq(bookings.id, row!.id));
    expect((await monthlyFees(db, NOW)).some((fee) => fee.month === "2031-03-01T00:00:00.000Z")).toBe(false);
    expect((await revenueByCurrency(db, NOW))[0]).toMatchObject({ currency: "USD", revenue: 11000 + 22000 + 11000 + 1100, bookings: 4 });
    await db.update(bookings).set({ status: "confirmed" }).where(eq(bookings.id, row!.id));
    expect((await revenueByCurrency(db, NOW))[0]!.revenue).toBe(11000 + 22000 + 11000 + 5500 + 1100);
    const [yen] = await db.select().from(bookings).where(eq(bookings.currency, "JPY"));
    await db.delete(bookings).where(eq(bookings.id, yen!.id));
    expect((await revenueByCurrency(db, NOW)).map((revenue) => revenue.currency)).toEqual(["USD"]);
    await db.insert(bookings).values(yen!);
    expect((await revenueByCurrency(db, NOW)).map((revenue) => revenue.currency)).toEqual(["USD", "JPY"]);
  });

  it("pages contact messages and subscribers newest first with their totals", async () => {
    const first = await contactInbox(database.db, "1");
    expect(first.total).toBe(INBOX_PAGE_SIZE + 2);
    expect(first.rows[0]!.name).toBe(`Sender ${INBOX_PAGE_SIZE + 1}`);
    const second = await contactInbox(database.db, "2");
    expect(second.rows.map((row) => row.name)).toEqual(["Sender 1", "Sender 0"]);
    expect((await contactInbox(database.db, "-3")).page).toBe(1);
    const subscribers = await subscriberList(database.db, "abc");
    expect(subscribers).toMatchObject({ total: 2, page: 1 });
  });
});
