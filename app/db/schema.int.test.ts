import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testEngine, type TestDatabase } from "../../tests/setup/test-database";
import { LISTING_ENUMS } from "./listing-enums";
import { bookings, spaceAvailability, spaces, users } from "./schema/index";

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

async function makeSpace() {
  const { db } = database;
  const [user] = await db
    .insert(users)
    .values({ email: `host-${crypto.randomUUID()}@example.com`, passwordHash: "x" })
    .returning();
  const [space] = await db
    .insert(spaces)
    .values({ userId: user!.id, title: "Loft", description: "A loft", type: "studio", location: "Tampa, FL", country: "United States" })
    .returning();
  return space!;
}

const at = (hour: number) => new Date(Date.UTC(2030, 0, 1, hour));

describe(`database on ${testEngine()}`, () => {
  it("applies every migration: all tables and the fee view exist", async () => {
    const result = await database.db.execute<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    const names = result.rows.map((row) => row.table_name);
    for (const table of [
      "users",
      "sessions",
      "refresh_tokens",
      "profiles",
      "spaces",
      "space_types",
      "rental_categories",
      "rental_subcategories",
      "cities",
      "reviews",
      "bookings",
      "space_availability",
      "payments",
      "payouts",
      "idempotency_keys",
      "profile_links",
      "profile_updates",
      "total_platform_fees",
    ]) {
      expect(names).toContain(table);
    }
  });

  it("rejects an overlapping calendar row for the same space and accepts adjacent ones", async () => {
    const space = await makeSpace();
    const { db } = database;
    await db.insert(spaceAvailability).values({ spaceId: space.id, kind: "blocked", startTime: at(10), endTime: at(12) });
    // Adjacent on both sides: [8,10) and [12,13) touch but do not overlap [10,12).
    await db.insert(spaceAvailability).values({ spaceId: space.id, kind: "blocked", startTime: at(8), endTime: at(10) });
    await db.insert(spaceAvailability).values({ spaceId: space.id, kind: "blocked", startTime: at(12), endTime: at(13) });
    await expect(
      db.insert(spaceAvailability).values({ spaceId: space.id, kind: "hold", startTime: at(11), endTime: at(14) }),
    ).rejects.toThrow();
    const rows = await db.select().from(spaceAvailability).where(sql`${spaceAvailability.spaceId} = ${space.id}`);
    expect(rows).toHaveLength(3);
  });

  it("lets two different spaces hold the same hours", async () => {
    const first = await makeSpace();
    const second = await makeSpace();
    const { db } = database;
    await db.insert(spaceAvailability).values({ spaceId: first.id, kind: "blocked", startTime: at(15), endTime: at(17) });
    await db.insert(spaceAvailability).values({ spaceId: second.id, kind: "blocked", startTime: at(15), endTime: at(17) });
  });

  it("refuses impossible values: end before start, unknown currency, rating out of range", async () => {
    const space = await makeSpace();
    const { db } = database;
    await expect(
      db.insert(spaceAvailability).values({ spaceId: space.id, kind: "blocked", startTime: at(5), endTime: at(4) }),
    ).rejects.toThrow();
    await expect(
      db.insert(spaces).values({ userId: space.userId, title: "t", description: "d", type: "studio", location: "x", country: "y", currency: "XYZ" as "USD" }),
    ).rejects.toThrow();
    await expect(
      db.insert(spaces).values({ userId: space.userId, title: "t", description: "d", type: "studio", location: "x", country: "y", capacity: 0 }),
    ).rejects.toThrow();
  });

  it("accepts every value of the seven listing enums and refuses any other, column by column", async () => {
    const space = await makeSpace();
    const { db } = database;
    for (const [column, values] of Object.entries(LISTING_ENUMS) as Array<[keyof typeof LISTING_ENUMS, readonly string[]]>) {
      for (const value of values) {
        await db.update(spaces).set({ [column]: value }).where(eq(spaces.id, space.id));
        const [row] = await db.select().from(spaces).where(eq(spaces.id, space.id));
        expect(row![column]).toBe(value);
      }
      await expect(
        db.update(spaces).set({ [column]: "not-a-value" }).where(eq(spaces.id, space.id)),
        `${column} accepted an unknown value`,
      ).rejects.toThrow();
    }
  });

  it("sums monthly platform fees in total_platform_fees, leaving out cancelled bookings", async () => {
    const space = await makeSpace();
    const { db } = database;
    const base = {
      userId: space.userId,
      spaceId: space.id,
      rentalAmount: 100,
      totalPrice: 110,
      platformFeePercentage: 10,
      platformFeeAmount: 10,
      currency: "USD" as const,
      payoutReleaseAt: at(20),
      createdAt: new Date(Date.UTC(2031, 4, 3)),
    };
    await db.insert(bookings).values([
      { ...base, startTime: at(1), endTime: at(2), status: "confirmed" },
      { ...base, startTime: at(2), endTime: at(3), status: "completed", platformFeeAmount: 5 },
      { ...base, startTime: at(3), endTime: at(4), status: "cancelled" },
    ]);
    const result = await database.db.execute<{ month: string; total_fees: string; total_bookings: number; currency: string }>(
      sql`select * from total_platform_fees where month = '2031-05-01T00:00:00Z'::timestamptz`,
    );
    expect(result.rows).toHaveLength(1);
    expect(Number(result.rows[0]!.total_fees)).toBe(15);
    expect(Number(result.rows[0]!.total_bookings)).toBe(2);
    expect(result.rows[0]!.currency).toBe("USD");
  });

  it("announces listing changes on the spaces_changed channel", async () => {
    const received: string[] = [];
    const unsubscribe = await database.listen("spaces_changed", (payload) => received.push(payload));
    const space = await makeSpace();
    await expect.poll(() => received.some((payload) => payload.includes(space.id)), { timeout: 5000 }).toBe(true);
    expect(JSON.parse(received.find((payload) => payload.includes(space.id))!)).toEqual({ op: "INSERT", id: space.id, visible: false, owner: space.userId });
    await unsubscribe();
  });
});
