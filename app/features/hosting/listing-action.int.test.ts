import { count, eq } from "drizzle-orm";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spaces, spaceTypes, users } from "~/db/schema/index";
import { localStorage, type MediaStorage } from "~/features/media/storage.server";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { runListingAction } from "./listing-action.server";
import { ADDRESS_REQUIRED_MESSAGE } from "./listing-form";

let database: TestDatabase;
let storage: MediaStorage;
let root: string;
let owner: string;
let stranger: string;

const base = {
  title: "Quiet office",
  description: "Desk and Wi-Fi",
  rentalType: "space",
  type: "office",
  hourlyPrice: "25",
  currency: "USD",
  capacity: "2",
  location: "Austin",
  country: "United States",
  amenities: "Wi-Fi",
  intent: "draft",
};

function form(overrides: Record<string, string> = {}) {
  const data = new FormData();
  for (const [key, value] of Object.entries({ ...base, ...overrides })) data.set(key, value);
  return data;
}

async function spaceCount() {
  const [row] = await database.db.select({ n: count() }).from(spaces);
  return row!.n;
}

beforeAll(async () => {
  database = await createTestDatabase();
  root = await fs.mkdtemp(path.join(os.tmpdir(), "rentwell-action-"));
  storage = localStorage(root);
  const rows = await database.db
    .insert(users)
    .values([
      { email: "owner@example.test", passwordHash: "x", emailVerifiedAt: new Date() },
      { email: "stranger@example.test", passwordHash: "x", emailVerifiedAt: new Date() },
    ])
    .returning({ id: users.id });
  owner = rows[0]!.id;
  stranger = rows[1]!.id;
  await database.db.insert(spaceTypes).values({ name: "office", label: "Office" });
});

afterAll(async () => {
  await database.drop();
  await fs.rm(root, { recursive: true, force: true });
});

describe("listing actions with bad input", () => {
  const cases: Array<[string, Record<string, string>, string, RegExp]> = [
    ["missing title", { title: "" }, "title", /Title is required/],
    ["10 000-character title", { title: "x".repeat(10_000) }, "title", /at most 120/],
    ["negative price", { hourlyPrice: "-3" }, "hourlyPrice", /cannot be negative/],
    ["absurd price", { hourlyPrice: "5000000" }, "hourlyPrice", /1,000,000/],
    ["malformed price", { hourlyPrice: "12,50€" }, "hourlyPrice", /must be a number/],
    ["capacity 0", { capacity: "0" }, "capacity", /at least 1/],
    ["unknown currency", { currency: "XYZ" }, "currency", /supported currencies/],
    ["unknown space type", { type: "castle" }, "type", /space type/],
    ["malformed category", { categoryId: "1 OR 1=1" }, "categoryId", /valid category/],
    ["a waiver without its text", { waiverRequired: "on", waiverText: "  " }, "waiverText", /Add the waiver's text that guests must accept/],
    ["a 10 001-character waiver", { waiverRequired: "on", waiverText: "x".repeat(10_001) }, "waiverText", /at most 10000/],
  ];
  for (const [name, overrides, field, message] of cases) {
    it(`${name}: a message next to the field, nothing stored`, async () => {
      const before = await spaceCount();
      const result = await runListingAction(database.db, storage, owner, form(overrides), { mode: "create" });
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.status).toBe(400);
      expect(result.fieldErrors[field as keyof typeof result.fieldErrors]).toMatch(message);
      expect(result.formError).toMatch(/Failed to create listing|space type/);
      expect(await spaceCount()).toBe(before);
    });
  }

  it("publishing without an address shows the documented message and stores nothing", async () => {
    const before = await spaceCount();
    const result = await runListingAction(database.db, storage, owner, form({ intent: "publish" }), { mode: "create" });
    expect(result).toMatchObject({ ok: false, status: 400, formError: ADDRESS_REQUIRED_MESSAGE });
    expect(await spaceCount()).toBe(before);
  });

  it("stores HTML and script as plain text", async () => {
    const result = await runListingAction(database.db, storage, owner, form({ title: "<img src=x onerror=alert(1)>" }), { mode: "create" });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const [row] = await database.db.select({ title: spaces.title }).from(spaces).where(eq(spaces.id, result.id));
    expect(row!.title).toBe("<img src=x onerror=alert(1)>");
  });

  it("editing another user's listing fails with 404 and changes nothing", async () => {
    const created = await runListingAction(database.db, storage, owner, form({ title: "Owner's" }), { mode: "create" });
    if (!created.ok) throw new Error("setup failed");
    const result = await runListingAction(database.db, storage, stranger, form({ title: "Taken over" }), { mode: "edit", spaceId: created.id });
    expect(result).toMatchObject({ ok: false, status: 404 });
    const [row] = await database.db.select({ title: spaces.title, userId: spaces.userId }).from(spaces).where(eq(spaces.id, created.id));
    expect(row).toEqual({ title: "Owner's", userId: owner });
  });

  it("a user id in the form body is ignored: the listing belongs to the signed-in user", async () => {
    const result = await runListingAction(database.db, storage, owner, form({ userId: stranger, user_id: stranger }), { mode: "create" });
    if (!result.ok) throw new Error("create failed");
    const [row] = await database.db.select({ userId: spaces.userId }).from(spaces).where(eq(spaces.id, result.id));
    expect(row!.userId).toBe(owner);
  });

  it("saves every host-editable Space field of docs/product.md#listing-fields as typed", async () => {
    const result = await runListingAction(
      database.db,
      storage,
      owner,
      form({
        rentalType: "vehicle",
        dailyPrice: "150",
        weeklyPrice: "900.5",
        monthlyPrice: "",
        yearlyPrice: "30000",
        currency: "EUR",
        depositRequired: "on",
        depositAmount: "250",
        insuranceRequired: "on",
        licenseRequired: "on",
        waiverRequired: "on",
        waiverText: "I ride at my own risk.",
        brand: "Honda",
        model: "TRX 250",
        year: "2022",
        condition: "excellent",
        locationType: "mobile",
        deliveryAvailable: "on",
        deliveryFee: "",
        pickupAvailable: "on",
        ageRestriction: "18",
        minRentalDuration: "2",
        maxRentalDuration: "48",
        safetyEquipmentIncluded: "Helmet, Gloves",
        streetAddress: "1 Main St",
        unitNumber: "B",
        city: "Tampa",
        state: "FL",
        postalCode: "33602",
        metaDescription: "ATV rental",
        metaKeywords: "atv, quad",
        timezone: "America/New_York",
        cancellationPolicy: "strict",
        status: "maintenance",
        intent: "publish",
      }),
      { mode: "create" },
    );
    if (!result.ok) throw new Error(result.formError);
    const [row] = await database.db.select().from(spaces).where(eq(spaces.id, result.id));
    expect(row).toMatchObject({
      userId: owner,
      rentalType: "vehicle",
      // Minor units (cents), converted from the form's text exactly.
      hourlyPrice: 2500,
      dailyPrice: 15000,
      weeklyPrice: 90050,
      monthlyPrice: null,
      yearlyPrice: 3000000,
      currency: "EUR",
      capacity: 2,
      amenities: ["Wi-Fi"],
      depositRequired: true,
      depositAmount: 25000,
      insuranceRequired: true,
      licenseRequired: true,
      waiverRequired: true,
      waiverText: "I ride at my own risk.",
      brand: "Honda",
      model: "TRX 250",
      year: 2022,
      condition: "excellent",
      locationType: "mobile",
      deliveryAvailable: true,
      deliveryFee: 0,
      pickupAvailable: true,
      ageRestriction: 18,
      minRentalDuration: 2,
      maxRentalDuration: 48,
      safetyEquipmentIncluded: ["Helmet", "Gloves"],
      streetAddress: "1 Main St",
      unitNumber: "B",
      city: "Tampa",
      state: "FL",
      postalCode: "33602",
      metaDescription: "ATV rental",
      metaKeywords: ["atv", "quad"],
      timezone: "America/New_York",
      cancellationPolicy: "strict",
      status: "maintenance",
      available: true,
      isPublished: true,
      featured: false,
    });
  });
});
