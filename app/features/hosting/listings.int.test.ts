import { eq } from "drizzle-orm";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { rentalCategories, rentalSubcategories, spaces, spaceTypes, users } from "~/db/schema/index";
import { localStorage, type MediaStorage } from "~/features/media/storage.server";
import { storeMedia } from "~/features/media/upload.server";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { ADDRESS_REQUIRED_MESSAGE, type ListingInput, parseListingForm } from "./listing-form";
import {
  addSpaceType,
  createSpace,
  getOwnerSpace,
  HostingError,
  listCategories,
  listOwnerSpaces,
  listSpaceTypes,
  setAvailability,
  setPublished,
  updateSpace,
} from "./listings.server";

let database: TestDatabase;
let storage: MediaStorage;
let mediaRoot: string;
let owner: string;
let stranger: string;

const address = { streetAddress: "1 Main St", city: "Austin", state: "TX", postalCode: "78701" };

function input(overrides: Record<string, string | string[]> = {}): ListingInput {
  const data = new FormData();
  const fields: Record<string, string | string[]> = {
    title: "Sunny loft",
    description: "Bright",
    rentalType: "space",
    type: "photo-studio",
    hourlyPrice: "40",
    capacity: "4",
    location: "Austin",
    country: "United States",
    amenities: "Wi-Fi, Parking",
    intent: "draft",
    ...overrides,
  };
  for (const [key, value] of Object.entries(fields)) {
    if (Array.isArray(value)) for (const item of value) data.append(key, item);
    else data.set(key, value);
  }
  const result = parseListingForm(data);
  if (!result.success) throw new Error(JSON.stringify(result.error.issues));
  return result.data;
}

async function expectHostingError(promise: Promise<unknown>, status: number, message?: string) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HostingError);
  expect((error as HostingError).status).toBe(status);
  if (message) expect((error as HostingError).message).toBe(message);
}

async function png() {
  return sharp({ create: { width: 40, height: 30, channels: 3, background: "#3a7" } }).png().toBuffer();
}

beforeAll(async () => {
  database = await createTestDatabase();
  const [a, b] = await database.db
    .insert(users)
    .values([
      { email: "host@example.test", passwordHash: "x", emailVerifiedAt: new Date() },
      { email: "other@example.test", passwordHash: "x", emailVerifiedAt: new Date() },
    ])
    .returning({ id: users.id });
  owner = a!.id;
  stranger = b!.id;
  await database.db.insert(spaceTypes).values({ name: "photo-studio", label: "Photo Studio" });
});

afterAll(async () => {
  await database.drop();
  await fs.rm(mediaRoot, { recursive: true, force: true });
});

beforeEach(async () => {
  mediaRoot = await fs.mkdtemp(path.join(os.tmpdir(), "rentwell-media-"));
  storage = localStorage(mediaRoot);
});

describe("createSpace", () => {
  it("creates an available, unpublished draft without an address", async () => {
    const { id } = await createSpace(database.db, storage, owner, input());
    const row = await getOwnerSpace(database.db, owner, id);
    expect(row).toMatchObject({ available: true, isPublished: false, amenities: ["Wi-Fi", "Parking"], dailyPrice: null });
    expect(row.depositAmount).toBe(0);
    expect(row.deliveryFee).toBe(0);
  });

  it("publishes with a full address and refuses without one, saving nothing", async () => {
    const before = (await listOwnerSpaces(database.db, owner)).total;
    const incomplete = { ...input({ intent: "publish", ...address }), postalCode: null };
    await expectHostingError(createSpace(database.db, storage, owner, incomplete), 400, ADDRESS_REQUIRED_MESSAGE);
    expect((await listOwnerSpaces(database.db, owner)).total).toBe(before);
    const { id } = await createSpace(database.db, storage, owner, input({ intent: "publish", ...address }));
    expect((await getOwnerSpace(database.db, owner, id)).isPublished).toBe(true);
  });

  it("refuses an unknown space type and a subcategory of another category", async () => {
    await expectHostingError(createSpace(database.db, storage, owner, input({ type: "castle" })), 400);
    const [c1, c2] = await database.db
      .insert(rentalCategories)
      .values([
        { name: "cat-a", label: "A", displayOrder: 2 },
        { name: "cat-b", label: "B", displayOrder: 1 },
      ])
      .returning({ id: rentalCategories.id });
    const [sub] = await database.db
      .insert(rentalSubcategories)
      .values({ categoryId: c2!.id, name: "sub", label: "Sub" })
      .returning({ id: rentalSubcategories.id });
    await expectHostingError(
      createSpace(database.db, storage, owner, input({ categoryId: c1!.id, subcategoryId: sub!.id })),
      400,
    );
    const ok = await createSpace(database.db, storage, owner, input({ categoryId: c2!.id, subcategoryId: sub!.id }));
    expect((await getOwnerSpace(database.db, owner, ok.id)).subcategoryId).toBe(sub!.id);
    const categories = await listCategories(database.db);
    expect(categories.map((c) => c.name)).toEqual(["cat-b", "cat-a"]);
    expect(categories[0]!.subcategories.map((s) => s.name)).toEqual(["sub"]);
  });

  it("a double-submitted form (same token) creates one listing", async () => {
    const token = "8d3c8f36-1f9f-4d3c-9f43-2a8f3c7b6e11";
    const before = (await listOwnerSpaces(database.db, owner)).total;
    const [a, b] = await Promise.all([
      createSpace(database.db, storage, owner, input({ formToken: token, title: "Once" })),
      createSpace(database.db, storage, owner, input({ formToken: token, title: "Once" })),
    ]);
    expect(a.id).toBe(b.id);
    expect([a.duplicate, b.duplicate].sort()).toEqual([false, true]);
    expect((await listOwnerSpaces(database.db, owner)).total).toBe(before + 1);
  });

  it("refuses media that are not the user's own uploads", async () => {
    const theirs = await storeMedia(storage, stranger, "a.png", await png(), { kind: "image", format: "png" });
    await expectHostingError(createSpace(database.db, storage, owner, input({ images: [theirs.url] })), 403);
    await expectHostingError(createSpace(database.db, storage, owner, input({ images: ["https://evil.test/x.webp"] })), 400);
    await expectHostingError(
      createSpace(database.db, storage, owner, input({ images: [`/media/${owner}/AAAAAAAAAAAAAAAAAAAAAA.webp`] })),
      400,
    );
  });
});

describe("ownership", () => {
  it("another user's listing is not found for reads and writes, and nothing changes", async () => {
    const { id } = await createSpace(database.db, storage, owner, input({ title: "Mine" }));
    await expectHostingError(getOwnerSpace(database.db, stranger, id), 404);
    await expectHostingError(updateSpace(database.db, storage, stranger, id, input({ title: "Hacked" })), 404);
    await expectHostingError(setAvailability(database.db, stranger, id, false), 404);
    await expectHostingError(setPublished(database.db, stranger, id, true), 404);
    await expectHostingError(getOwnerSpace(database.db, owner, "not-a-uuid"), 404);
    const [row] = await database.db.select().from(spaces).where(eq(spaces.id, id));
    expect(row).toMatchObject({ title: "Mine", available: true, isPublished: false });
    expect((await listOwnerSpaces(database.db, stranger)).spaces.map((s) => s.id)).not.toContain(id);
  });
});

describe("toggles", () => {
  it("a listing that requires a waiver without its text cannot be published from the toggle (ADR 0279)", async () => {
    const { id } = await createSpace(database.db, storage, owner, input({ ...address }));
    // As a listing from before the waiver's text existed.
    await database.db.update(spaces).set({ waiverRequired: true, waiverText: null }).where(eq(spaces.id, id));
    await expectHostingError(setPublished(database.db, owner, id, true), 400, "Add the waiver's text that guests must accept, or turn off 'Waiver required'.");
    expect((await getOwnerSpace(database.db, owner, id)).isPublished).toBe(false);
    await database.db.update(spaces).set({ waiverText: "I take part at my own risk." }).where(eq(spaces.id, id));
    await setPublished(database.db, owner, id, true);
    expect((await getOwnerSpace(database.db, owner, id)).isPublished).toBe(true);
  });

  it("availability and publishing are independent; publishing obeys the address rule", async () => {
    const { id } = await createSpace(database.db, storage, owner, input());
    await expectHostingError(setPublished(database.db, owner, id, true), 400, ADDRESS_REQUIRED_MESSAGE);
    expect((await getOwnerSpace(database.db, owner, id)).isPublished).toBe(false);
    await setAvailability(database.db, owner, id, false);
    let row = await getOwnerSpace(database.db, owner, id);
    expect(row).toMatchObject({ available: false, isPublished: false });
    await updateSpace(database.db, storage, owner, id, input({ ...address }));
    await setPublished(database.db, owner, id, true);
    row = await getOwnerSpace(database.db, owner, id);
    expect(row).toMatchObject({ available: false, isPublished: true });
    await setAvailability(database.db, owner, id, true);
    await setPublished(database.db, owner, id, false);
    expect(await getOwnerSpace(database.db, owner, id)).toMatchObject({ available: true, isPublished: false });
  });
});

describe("updateSpace and media", () => {
  it("keeps, appends and reorders media, and deletes removed files from storage", async () => {
    const first = await storeMedia(storage, owner, "a.png", await png(), { kind: "image", format: "png" });
    const second = await storeMedia(storage, owner, "b.png", await png(), { kind: "image", format: "png" });
    const { id } = await createSpace(database.db, storage, owner, input({ images: [first.url, second.url] }));
    const key = (url: string) => storage.keyFromUrl(url)!;
    expect(await storage.exists(key(first.url))).toBe(true);
    const third = await storeMedia(storage, owner, "c.png", await png(), { kind: "image", format: "png" });
    const { removedMedia } = await updateSpace(
      database.db,
      storage,
      owner,
      id,
      input({ images: [second.url, third.url], title: "Edited" }),
    );
    expect(removedMedia).toEqual([first.url]);
    const row = await getOwnerSpace(database.db, owner, id);
    expect(row.images).toEqual([second.url, third.url]);
    expect(row.title).toBe("Edited");
    expect(await storage.exists(key(first.url))).toBe(false);
    expect(await storage.exists(key((first as { cardUrl: string }).cardUrl))).toBe(false);
    expect(await storage.exists(key(second.url))).toBe(true);
  });

  it("a removed photo that another of the owner's listings still shows stays in storage", async () => {
    const shared = await storeMedia(storage, owner, "shared.png", await png(), { kind: "image", format: "png" });
    const a = await createSpace(database.db, storage, owner, input({ title: "A", images: [shared.url] }));
    const b = await createSpace(database.db, storage, owner, input({ title: "B", images: [shared.url] }));
    await updateSpace(database.db, storage, owner, a.id, input({ title: "A", images: [] }));
    const key = storage.keyFromUrl(shared.url)!;
    expect(await storage.exists(key)).toBe(true);
    expect(await storage.exists(storage.keyFromUrl((shared as { cardUrl: string }).cardUrl)!)).toBe(true);
    // Once the last listing lets go of it, it is deleted.
    await updateSpace(database.db, storage, owner, b.id, input({ title: "B", images: [] }));
    expect(await storage.exists(key)).toBe(false);
  });

  it("keeps media the listing already had even when they are not uploads (demo images)", async () => {
    const { id } = await createSpace(database.db, storage, owner, input());
    await database.db.update(spaces).set({ images: ["/demo/listing-1.webp"] }).where(eq(spaces.id, id));
    await updateSpace(database.db, storage, owner, id, input({ images: ["/demo/listing-1.webp"] }));
    expect((await getOwnerSpace(database.db, owner, id)).images).toEqual(["/demo/listing-1.webp"]);
  });

  it("an update that fails validation changes nothing", async () => {
    const { id } = await createSpace(database.db, storage, owner, input({ title: "Stable" }));
    await expectHostingError(
      updateSpace(database.db, storage, owner, id, { ...input({ intent: "publish", ...address }), city: null }),
      400,
      ADDRESS_REQUIRED_MESSAGE,
    );
    expect((await getOwnerSpace(database.db, owner, id)).title).toBe("Stable");
  });
});

describe("space types", () => {
  it("adds a type once and lists types in created order", async () => {
    const added = await addSpaceType(database.db, { name: "rooftop", label: "Rooftop" });
    expect(added.created).toBe(true);
    const again = await addSpaceType(database.db, { name: "rooftop", label: "Rooftop" });
    expect(again).toMatchObject({ id: added.id, created: false });
    const types = await listSpaceTypes(database.db);
    expect(types.map((t) => t.name)).toEqual(["photo-studio", "rooftop"]);
  });
});
