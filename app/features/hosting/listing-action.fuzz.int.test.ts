import { count, eq } from "drizzle-orm";
import fc from "fast-check";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spaces, spaceTypes } from "~/db/schema/index";
import { localStorage, type MediaStorage } from "~/features/media/storage.server";
import { createUser } from "../../../tests/factories/users";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { runListingAction } from "./listing-action.server";
import { CURRENCIES, MAX_PRICE } from "./listing-form";

/**
 * Fuzzing the create and edit actions with hostile form bodies: whatever arrives,
 * the answer is a listing saved exactly as validated, or a 4xx with a message and
 * nothing stored or changed. Never a 500.
 */

let database: TestDatabase;
let storage: MediaStorage;
let root: string;
let owner: string;
let stranger: string;
let existingId: string;

const valid: Record<string, string> = {
  title: "Fuzz loft",
  description: "Bright",
  rentalType: "space",
  type: "loft",
  hourlyPrice: "30",
  currency: "USD",
  capacity: "4",
  location: "Austin",
  country: "United States",
  amenities: "Wi-Fi",
  intent: "draft",
};

const FIELDS = [
  ...Object.keys(valid),
  "dailyPrice",
  "weeklyPrice",
  "monthlyPrice",
  "yearlyPrice",
  "depositAmount",
  "deliveryFee",
  "minRentalDuration",
  "maxRentalDuration",
  "ageRestriction",
  "year",
  "categoryId",
  "subcategoryId",
  "timezone",
  "cancellationPolicy",
  "condition",
  "locationType",
  "streetAddress",
  "city",
  "state",
  "postalCode",
  "brand",
  "metaKeywords",
  "safetyEquipmentIncluded",
  "images",
  "videos",
  "formToken",
  "userId",
  "user_id",
  "id",
  "isPublished",
  "available",
];

/** Values that break naive code: SQL and LIKE metacharacters, huge, unicode, numbers of every odd shape. */
const nasty = fc.oneof(
  fc.constantFrom(
    "",
    " ",
    "%",
    "_",
    "'",
    "\\",
    "'; drop table spaces; --",
    "<script>alert(1)</script>",
    "x".repeat(10_000),
    "a\u0000b",
    "\u001b[31m",
    "\uD800",
    "🏠🚐⛺",
    "Zürich — Ελλάδα — 東京",
    "-1",
    "-0",
    "0",
    "0.001",
    "1.005",
    "999999.99",
    "1000000",
    "1000000.01",
    "1e6",
    "1e309",
    "-1e309",
    "NaN",
    "Infinity",
    "0x10",
    "12,50",
    "1 000",
    "null",
    "undefined",
    "true",
    "[]",
    "{}",
    "00000000-0000-0000-0000-000000000000",
    "/media/../../etc/passwd",
    "https://evil.example/x.webp",
    "Europe/Nowhere",
    "publish",
    "draft",
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 30 }),
  fc.double({ noNaN: false }).map(String),
  fc.integer().map(String),
);

const body = fc.dictionary(fc.constantFrom(...FIELDS), nasty, { maxKeys: 8 });

function form(overrides: Record<string, string>) {
  const data = new FormData();
  for (const [key, value] of Object.entries({ ...valid, ...overrides })) data.append(key, value);
  return data;
}

async function spaceCount() {
  const [row] = await database.db.select({ n: count() }).from(spaces);
  return row!.n;
}

beforeAll(async () => {
  database = await createTestDatabase();
  root = await fs.mkdtemp(path.join(os.tmpdir(), "rentwell-fuzz-"));
  storage = localStorage(root);
  owner = (await createUser(database.db)).id;
  stranger = (await createUser(database.db)).id;
  await database.db.insert(spaceTypes).values({ name: "loft", label: "Loft" });
  const created = await runListingAction(database.db, storage, owner, form({}), { mode: "create" });
  if (!created.ok) throw new Error("setup failed");
  existingId = created.id;
});

afterAll(async () => {
  await database.drop();
  await fs.rm(root, { recursive: true, force: true });
});

function expectSaneRow(row: typeof spaces.$inferSelect) {
  expect(row.userId).toBe(owner);
  expect(row.title.length).toBeGreaterThan(0);
  expect(row.title.length).toBeLessThanOrEqual(120);
  expect(row.title.includes("\u0000")).toBe(false);
  expect(row.capacity).toBeGreaterThanOrEqual(1);
  expect(CURRENCIES).toContain(row.currency);
  for (const price of [row.hourlyPrice, row.dailyPrice, row.weeklyPrice, row.monthlyPrice, row.yearlyPrice, row.depositAmount, row.deliveryFee]) {
    if (price === null) continue;
    expect(price).toBeGreaterThanOrEqual(0);
    expect(Number.isSafeInteger(price)).toBe(true); // minor units
    expect(price).toBeLessThanOrEqual(MAX_PRICE * (row.currency === "JPY" || row.currency === "KRW" ? 1 : 100));
  }
  expect(row.amenities.length).toBeGreaterThan(0);
  expect(row.images).toEqual([]);
  expect(row.videos).toEqual([]);
}

describe("fuzzing the listing action", () => {
  it("create: a saved, sane listing of the signed-in user, or a 4xx that stores nothing", async () => {
    await fc.assert(
      fc.asyncProperty(body, async (overrides) => {
        const before = await spaceCount();
        const result = await runListingAction(database.db, storage, owner, form(overrides), { mode: "create" });
        if (result.ok) {
          const [row] = await database.db.select().from(spaces).where(eq(spaces.id, result.id));
          expectSaneRow(row!);
          // A publish only goes through with the full address.
          if (row!.isPublished) expect([row!.streetAddress, row!.city, row!.state, row!.postalCode].every(Boolean)).toBe(true);
        } else {
          expect(result.status).toBeGreaterThanOrEqual(400);
          expect(result.status).toBeLessThan(500);
          expect(result.formError.length).toBeGreaterThan(0);
          expect(await spaceCount()).toBe(before);
        }
      }),
      { numRuns: 120, seed: 20261123 },
    );
  });

  it("edit: the owner's listing is saved sane or left exactly as it was; a stranger changes nothing", async () => {
    await fc.assert(
      fc.asyncProperty(body, async (overrides) => {
        const [before] = await database.db.select().from(spaces).where(eq(spaces.id, existingId));
        const theirs = await runListingAction(database.db, storage, stranger, form(overrides), { mode: "edit", spaceId: existingId });
        expect(theirs.ok).toBe(false);
        if (!theirs.ok) expect([400, 404]).toContain(theirs.status);
        const [untouched] = await database.db.select().from(spaces).where(eq(spaces.id, existingId));
        expect(untouched).toEqual(before);

        const mine = await runListingAction(database.db, storage, owner, form(overrides), { mode: "edit", spaceId: existingId });
        const [after] = await database.db.select().from(spaces).where(eq(spaces.id, existingId));
        if (mine.ok) {
          expectSaneRow(after!);
        } else {
          expect(mine.status).toBeGreaterThanOrEqual(400);
          expect(mine.status).toBeLessThan(500);
          expect(after).toEqual(before);
        }
      }),
      { numRuns: 80, seed: 20261124 },
    );
  });

  it("text fields take any string (control characters, lone surrogates, SQL and LIKE metacharacters) without a 500", async () => {
    const text = fc.oneof(nasty, fc.string({ unit: "binary", minLength: 1, maxLength: 100 }));
    const textFields = fc.record(
      {
        title: text,
        description: text,
        location: text,
        country: text,
        amenities: text,
        brand: text,
        city: text,
        metaKeywords: text,
        safetyEquipmentIncluded: text,
      },
      { requiredKeys: [] },
    );
    let saved = 0;
    await fc.assert(
      fc.asyncProperty(textFields, async (overrides) => {
        const before = await spaceCount();
        const result = await runListingAction(database.db, storage, owner, form(overrides), { mode: "create" });
        if (result.ok) {
          saved += 1;
          const [row] = await database.db.select().from(spaces).where(eq(spaces.id, result.id));
          expectSaneRow(row!);
        } else {
          expect(result.status).toBe(400);
          expect(await spaceCount()).toBe(before);
        }
      }),
      { numRuns: 150, seed: 20261125 },
    );
    // The property must have exercised the database, not only the validator.
    expect(saved).toBeGreaterThan(30);
  });

  it("keeps the exact text of unicode, quotes and markup", async () => {
    const title = `Zürich 'loft' \\ 100% <b>_bold_</b> 🏠`;
    const result = await runListingAction(database.db, storage, owner, form({ title, amenities: "Wi-Fi, <i>café</i> ,  ,%" }), { mode: "create" });
    if (!result.ok) throw new Error(result.formError);
    const [row] = await database.db.select().from(spaces).where(eq(spaces.id, result.id));
    expect(row!.title).toBe(title);
    expect(row!.amenities).toEqual(["Wi-Fi", "<i>café</i>", "%"]);
  });

  it("drops control characters such as NUL instead of failing", async () => {
    const result = await runListingAction(database.db, storage, owner, form({ title: "Nul\u0000 byte\u001b loft", amenities: "a\u0000b" }), { mode: "create" });
    if (!result.ok) throw new Error(result.formError);
    const [row] = await database.db.select().from(spaces).where(eq(spaces.id, result.id));
    expect(row!.title).toBe("Nul byte loft");
    expect(row!.amenities).toEqual(["ab"]);
  });

  it("refuses numbers that are not plain decimals", async () => {
    const huge = await runListingAction(database.db, storage, owner, form({ hourlyPrice: "1e309" }), { mode: "create" });
    expect(huge.ok).toBe(false);
    if (!huge.ok) expect(huge.fieldErrors.hourlyPrice).toBe("Hourly rate cannot be more than 1,000,000");
    for (const hourlyPrice of ["0x10", "Infinity", "12,50", "1 000"]) {
      const result = await runListingAction(database.db, storage, owner, form({ hourlyPrice }), { mode: "create" });
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.fieldErrors.hourlyPrice).toBe("Hourly rate must be a number");
    }
  });
});
