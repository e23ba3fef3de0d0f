import fs from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spaces, spaceTypes, users } from "~/db/schema/index";
import { runListingAction } from "~/features/hosting/listing-action.server";
import { localStorage, type MediaStorage } from "~/features/media/storage.server";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { distanceKm, GEO_MESSAGES, PUBLIC_OFFSET_M } from "./coordinates";
import { httpGeocoder, offlineGeocoder } from "./geocoder.server";

/**
 * A listing's point when the host saves it (issue #27 point 3), on both engines: geocoded
 * from the address by the offline gazetteer, or the host's pin; the public point 300–700 m
 * away; bad coordinates refused with a message and nothing stored.
 */

let database: TestDatabase;
let storage: MediaStorage;
let root: string;
let owner: string;

const AUSTIN = { lat: 30.26715, lng: -97.74306 };
const base = {
  title: "Quiet office",
  description: "Desk and Wi-Fi",
  rentalType: "space",
  type: "office",
  hourlyPrice: "25",
  currency: "USD",
  capacity: "2",
  location: "Downtown",
  country: "United States",
  streetAddress: "1 Congress Ave",
  city: "Austin",
  state: "TX",
  postalCode: "78701",
  amenities: "Wi-Fi",
  intent: "publish",
};

function form(overrides: Record<string, string> = {}) {
  const data = new FormData();
  for (const [key, value] of Object.entries({ ...base, ...overrides })) data.set(key, value);
  return data;
}

async function stored(id: string) {
  const [row] = await database.db.select().from(spaces).where(eq(spaces.id, id));
  return row!;
}

beforeAll(async () => {
  database = await createTestDatabase();
  root = await fs.mkdtemp(path.join(os.tmpdir(), "rentwell-geo-"));
  storage = localStorage(root);
  const [row] = await database.db.insert(users).values({ email: "geo-owner@example.test", passwordHash: "x", emailVerifiedAt: new Date() }).returning({ id: users.id });
  owner = row!.id;
  await database.db.insert(spaceTypes).values({ name: "office", label: "Office" });
});

afterAll(async () => {
  await database.drop();
  await fs.rm(root, { recursive: true, force: true });
});

describe("saving a listing places it", () => {
  it("geocodes the address offline when there is no pin, and keeps a public point 300–700 m away", async () => {
    const result = await runListingAction(database.db, storage, owner, form(), { mode: "create" });
    expect(result.ok).toBe(true);
    const row = await stored(result.ok ? result.id : "");
    expect(distanceKm({ lat: row.latitude!, lng: row.longitude! }, AUSTIN)).toBeLessThan(1);
    const offset = distanceKm({ lat: row.latitude!, lng: row.longitude! }, { lat: row.publicLatitude!, lng: row.publicLongitude! }) * 1000;
    expect(offset).toBeGreaterThanOrEqual(PUBLIC_OFFSET_M.min - 1);
    expect(offset).toBeLessThanOrEqual(PUBLIC_OFFSET_M.max + 1);
  });

  it("keeps the host's pin, and places it again from a new address when the pin was not moved", async () => {
    const created = await runListingAction(database.db, storage, owner, form({ latitude: "30.3", longitude: "-97.7" }), { mode: "create" });
    const id = created.ok ? created.id : "";
    expect((await stored(id)).latitude).toBe(30.3);
    expect((await stored(id)).longitude).toBe(-97.7);
    // The host drags the pin: saved as is.
    await runListingAction(database.db, storage, owner, form({ latitude: "30.31", longitude: "-97.71" }), { mode: "edit", spaceId: id });
    expect((await stored(id)).latitude).toBe(30.31);
    // The host moves to Dallas but leaves the pin where it was: placed from the new address.
    await runListingAction(database.db, storage, owner, form({ city: "Dallas", latitude: "30.31", longitude: "-97.71" }), { mode: "edit", spaceId: id });
    const moved = await stored(id);
    expect(distanceKm({ lat: moved.latitude!, lng: moved.longitude! }, { lat: 32.78306, lng: -96.80667 })).toBeLessThan(1);
  });

  it("refuses coordinates out of range or half a pin, with a message, storing nothing", async () => {
    const before = await database.db.select({ id: spaces.id }).from(spaces);
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ latitude: "91", longitude: "10" }, "latitude", GEO_MESSAGES.latitude],
      [{ latitude: "-90.5", longitude: "10" }, "latitude", GEO_MESSAGES.latitude],
      [{ latitude: "10", longitude: "180.01" }, "longitude", GEO_MESSAGES.longitude],
      [{ latitude: "1e1", longitude: "10" }, "latitude", GEO_MESSAGES.latitude],
      [{ latitude: "NaN", longitude: "10" }, "latitude", GEO_MESSAGES.latitude],
      [{ latitude: "45" }, "longitude", GEO_MESSAGES.pinPair],
    ];
    for (const [overrides, field, message] of cases) {
      const result = await runListingAction(database.db, storage, owner, form(overrides), { mode: "create" });
      expect(result.ok, JSON.stringify(overrides)).toBe(false);
      if (!result.ok) {
        expect(result.status).toBe(400);
        expect(result.fieldErrors[field as keyof typeof result.fieldErrors]).toBe(message);
      }
    }
    expect(await database.db.select({ id: spaces.id }).from(spaces)).toHaveLength(before.length);
  });
});

describe("the HTTP geocoder", () => {
  it("asks a Nominatim-compatible service with a timeout, and falls back to the gazetteer when it fails", async () => {
    const asked: string[] = [];
    let answer: (res: http.ServerResponse) => void = (res) => res.end(JSON.stringify([{ lat: "51.5", lon: "-0.12" }]));
    const server = http.createServer((req, res) => {
      asked.push(req.url ?? "");
      res.setHeader("content-type", "application/json");
      answer(res);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const coder = httpGeocoder(`http://geocoder.test:${port}/search`, {
        allowLoopback: true,
        resolve: async () => [{ address: "127.0.0.1", family: 4 }],
      });
      expect(await coder.geocodePlace("London")).toEqual({ lat: 51.5, lng: -0.12 });
      expect(asked.at(-1)).toContain("q=London");
      expect(asked.at(-1)).toContain("format=jsonv2");
      // A broken answer or an error status: the offline gazetteer answers instead.
      answer = (res) => res.end("not json");
      expect(distanceKm((await coder.geocodePlace("Chicago"))!, (await offlineGeocoder.geocodePlace("Chicago"))!)).toBeLessThan(0.01);
      answer = (res) => {
        res.statusCode = 503;
        res.end("[]");
      };
      expect(await coder.geocodeAddress({ city: "Austin", state: "TX", country: "United States" })).toEqual(await offlineGeocoder.geocodeAddress({ city: "Austin", state: "TX", country: "United States" }));
    } finally {
      server.close();
    }
  });
});
