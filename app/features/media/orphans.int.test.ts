import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spaces, users } from "~/db/schema/index";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { deleteUnattachedUpload, sweepOrphanedMedia } from "./orphans.server";
import { localStorage, type MediaStorage } from "./storage.server";
import { storeMedia } from "./upload.server";

let database: TestDatabase;
let root: string;
let storage: MediaStorage;
let owner: string;
let other: string;

const image = async () =>
  storeMedia(storage, owner, "p.png", await sharp({ create: { width: 20, height: 20, channels: 3, background: "#000" } }).png().toBuffer(), {
    kind: "image",
    format: "png",
  });

beforeAll(async () => {
  database = await createTestDatabase();
  root = await fs.mkdtemp(path.join(os.tmpdir(), "rentwell-orphans-"));
  storage = localStorage(root);
  const rows = await database.db
    .insert(users)
    .values([
      { email: "a@example.test", passwordHash: "x" },
      { email: "b@example.test", passwordHash: "x" },
    ])
    .returning({ id: users.id });
  owner = rows[0]!.id;
  other = rows[1]!.id;
});

afterAll(async () => {
  await database.drop();
  await fs.rm(root, { recursive: true, force: true });
});

describe("unattached uploads", () => {
  it("the uploader's remove deletes a fresh upload but never an attached file or someone else's", async () => {
    const fresh = await image();
    const attached = await image();
    await database.db.insert(spaces).values({
      userId: owner,
      title: "t",
      description: "d",
      type: "studio",
      location: "x",
      country: "y",
      images: [attached.url],
    });
    expect(await deleteUnattachedUpload(database.db, storage, other, fresh.url)).toBe(false);
    expect(await storage.exists(storage.keyFromUrl(fresh.url)!)).toBe(true);
    expect(await deleteUnattachedUpload(database.db, storage, owner, attached.url)).toBe(false);
    expect(await storage.exists(storage.keyFromUrl(attached.url)!)).toBe(true);
    expect(await deleteUnattachedUpload(database.db, storage, owner, fresh.url)).toBe(true);
    expect(await storage.exists(storage.keyFromUrl(fresh.url)!)).toBe(false);
  });

  it("the sweeper deletes day-old uploads no listing uses, and keeps attached ones", async () => {
    const orphan = await image();
    const [row] = await database.db.select({ images: spaces.images }).from(spaces).limit(1);
    const attachedUrl = row!.images[0]!;
    const tomorrow = new Date(Date.now() + 25 * 60 * 60 * 1000);
    expect(await sweepOrphanedMedia(database.db, storage, new Date())).toBe(0);
    const deleted = await sweepOrphanedMedia(database.db, storage, tomorrow);
    expect(deleted).toBe(2); // the orphan and its card size
    expect(await storage.exists(storage.keyFromUrl(orphan.url)!)).toBe(false);
    expect(await storage.exists(storage.keyFromUrl(attachedUrl)!)).toBe(true);
  });
});
