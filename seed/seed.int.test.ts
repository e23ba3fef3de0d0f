import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cities, profiles, rentalSubcategories, spaces } from "~/db/schema/index";
import { env } from "~/lib/env.server";
import { createTestDatabase, type TestDatabase } from "../tests/setup/test-database";
import { seed, seedIfEmpty, type SeedSummary } from "./seed.server";

const PUBLIC_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "public");

const CATCH_ALL_SLUGS = [
  "tokyo", "new-york", "london", "paris", "shanghai", "dubai", "singapore", "los-angeles", "berlin", "sydney",
  "hong-kong", "seoul", "toronto", "melbourne", "amsterdam", "mumbai", "barcelona", "mexico-city", "sao-paulo", "bangkok",
];
const US_ROUTE_SLUGS = [
  "new-york", "los-angeles", "chicago", "houston", "phoenix", "philadelphia", "san-antonio", "san-diego", "dallas", "san-jose", "riverview",
];
const SHORTCUT_SUBCATEGORIES = ["photo-studio", "atv-dirtbike", "power-tools", "water-sports", "camera-photo", "yard-garden"];
const SEEDED_TABLES = ["users", "profiles", "rental_categories", "rental_subcategories", "space_types", "cities", "spaces", "reviews"];

/** Row count and a content fingerprint of every table the seed writes. */
async function snapshot(database: TestDatabase): Promise<Record<string, { rows: number; digest: string }>> {
  const result: Record<string, { rows: number; digest: string }> = {};
  for (const table of SEEDED_TABLES) {
    const rows = await database.db.execute<{ rows: number; digest: string }>(
      sql`select count(*)::int as rows, coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as digest from ${sql.identifier(table)} as t`,
    );
    const row = rows.rows[0];
    if (!row) throw new Error(`no snapshot for ${table}`);
    result[table] = { rows: Number(row.rows), digest: row.digest };
  }
  return result;
}

describe("demo seed", () => {
  let database: TestDatabase;
  let summary: SeedSummary;
  let afterFirst: Awaited<ReturnType<typeof snapshot>>;

  beforeAll(async () => {
    database = await createTestDatabase();
    expect(await seedIfEmpty(database.db)).toBe(true);
    afterFirst = await snapshot(database);
    summary = await seed(database.db);
  }, 120_000);

  afterAll(async () => {
    await database?.drop();
  });

  it("is idempotent: a second run leaves exactly the same rows", { timeout: 60_000 }, async () => {
    expect(await snapshot(database)).toEqual(afterFirst);
    expect(await seedIfEmpty(database.db)).toBe(false);
    expect(await snapshot(database)).toEqual(afterFirst);
  });

  it("reports what it loaded", { timeout: 60_000 }, () => {
    expect(afterFirst.users?.rows).toBe(summary.users);
    expect(afterFirst.spaces?.rows).toBe(summary.spaces);
    expect(afterFirst.cities?.rows).toBe(summary.cities);
    expect(afterFirst.reviews?.rows).toBe(summary.reviews);
    expect(summary.spaces).toBeGreaterThanOrEqual(90);
    expect(summary.reviews).toBeGreaterThanOrEqual(200);
  });

  it("has at least 80 published listings across all five rental types", { timeout: 60_000 }, async () => {
    const rows = await database.db
      .select({ rentalType: spaces.rentalType, published: spaces.isPublished, available: spaces.available, status: spaces.status })
      .from(spaces);
    expect(rows.filter((row) => row.published).length).toBeGreaterThanOrEqual(80);
    expect(new Set(rows.filter((row) => row.published).map((row) => row.rentalType))).toEqual(
      new Set(["space", "vehicle", "equipment", "service", "experience"]),
    );
    expect(rows.filter((row) => !row.published).length).toBeGreaterThanOrEqual(3);
    expect(rows.filter((row) => row.published && !row.available).length).toBeGreaterThanOrEqual(3);
    expect(new Set(rows.map((row) => row.status))).toEqual(new Set(["available", "rented", "maintenance"]));
  });

  it("has more than six published listings inside and outside the United States", { timeout: 60_000 }, async () => {
    const rows = await database.db.select({ country: spaces.country }).from(spaces).where(sql`${spaces.isPublished}`);
    expect(rows.filter((row) => row.country === "United States").length).toBeGreaterThan(6);
    expect(rows.filter((row) => row.country !== "United States").length).toBeGreaterThan(6);
    for (const country of ["Japan", "Indonesia", "Australia", "United Kingdom", "France", "Greece", "United Arab Emirates", "Canada"]) {
      expect(rows.some((row) => row.country === country), country).toBe(true);
    }
  });

  it("gives every published listing a full address, a price or 'on request', and a matching rating", { timeout: 60_000 }, async () => {
    const rows = await database.db.select().from(spaces).where(sql`${spaces.isPublished}`);
    for (const row of rows) {
      expect([row.streetAddress, row.city, row.state, row.postalCode].every(Boolean), row.title).toBe(true);
    }
    expect(rows.filter((row) => [row.hourlyPrice, row.dailyPrice, row.weeklyPrice, row.monthlyPrice].every((p) => p === null)).length).toBeGreaterThanOrEqual(1);
    const ratings = await database.db.execute<{ id: string; mean: string | null; n: number }>(
      sql`select s.id, round(avg(r.rating)::numeric, 2)::text as mean, count(r.id)::int as n from spaces s left join reviews r on r.space_id = s.id group by s.id`,
    );
    const byId = new Map(ratings.rows.map((row) => [row.id, row]));
    for (const row of rows) {
      const stats = byId.get(row.id);
      expect(row.reviewCount, row.title).toBe(Number(stats?.n ?? 0));
      expect(row.rating, row.title).toBe(stats?.mean === null || stats?.mean === undefined ? 0 : Number(stats.mean));
    }
    expect(rows.some((row) => row.reviewCount === 0)).toBe(true);
  });

  it("has a city row with four highlights for every city page", { timeout: 60_000 }, async () => {
    const rows = await database.db.select().from(cities);
    const bySlug = new Map(rows.map((row) => [row.slug, row]));
    for (const slug of new Set([...CATCH_ALL_SLUGS, ...US_ROUTE_SLUGS])) {
      const city = bySlug.get(slug);
      expect(city, slug).toBeDefined();
      expect(city?.highlights, slug).toHaveLength(4);
      expect(city?.popularAreas, slug).toHaveLength(3);
      expect(city?.description.length, slug).toBeGreaterThan(80);
    }
  });

  it("has listings for every fixed US city route", { timeout: 60_000 }, async () => {
    const rows = await database.db.select({ location: spaces.location, city: spaces.city }).from(spaces).where(sql`${spaces.isPublished}`);
    const names: Record<string, string> = {
      "new-york": "New York", "los-angeles": "Los Angeles", chicago: "Chicago", houston: "Houston", phoenix: "Phoenix",
      philadelphia: "Philadelphia", "san-antonio": "San Antonio", "san-diego": "San Diego", dallas: "Dallas",
    };
    for (const [slug, name] of Object.entries(names)) {
      expect(rows.filter((row) => row.city === name && row.location.includes(name)).length, slug).toBeGreaterThanOrEqual(3);
    }
    const sanJose = rows.filter((row) => /san jose|santa clara county/i.test(row.location));
    expect(sanJose.length).toBeGreaterThanOrEqual(3);
    expect(sanJose.some((row) => /santa clara county/i.test(row.location))).toBe(true);
    expect(rows.filter((row) => /riverview/i.test(row.location)).length).toBeGreaterThanOrEqual(3);
  });

  it("has the six category-browser shortcut subcategories", { timeout: 60_000 }, async () => {
    const rows = await database.db.select({ name: rentalSubcategories.name }).from(rentalSubcategories);
    const names = rows.map((row) => row.name);
    for (const name of SHORTCUT_SUBCATEGORIES) expect(names).toContain(name);
  });

  it("makes the configured admin e-mails admins, and leaves some hosts without a profile", { timeout: 60_000 }, async () => {
    const admins = await database.db.execute<{ email: string; is_admin: boolean | null }>(
      sql`select u.email, p.is_admin from users u left join profiles p on p.id = u.id`,
    );
    const byEmail = new Map(admins.rows.map((row) => [row.email.toLowerCase(), row.is_admin]));
    expect(env().ADMIN_EMAILS.length).toBeGreaterThanOrEqual(2);
    for (const email of env().ADMIN_EMAILS) expect(byEmail.get(email), email).toBe(true);
    expect(admins.rows.filter((row) => row.is_admin === null).length).toBeGreaterThanOrEqual(1);
    expect(byEmail.has("guest@rentwell.test")).toBe(true);
  });

  it("only references local demo images that exist in public/demo", { timeout: 60_000 }, async () => {
    const urls: string[] = [];
    for (const row of await database.db.select({ images: spaces.images }).from(spaces)) urls.push(...row.images);
    for (const row of await database.db.select().from(cities)) urls.push(row.heroImage, ...row.popularAreas.map((area) => area.image));
    for (const row of await database.db.select({ avatar: profiles.avatarUrl, banner: profiles.bannerUrl }).from(profiles)) {
      if (row.avatar) urls.push(row.avatar);
      if (row.banner) urls.push(row.banner);
    }
    expect(urls.length).toBeGreaterThan(100);
    for (const url of new Set(urls)) {
      expect(url.startsWith("/demo/"), url).toBe(true);
      expect(fs.existsSync(path.join(PUBLIC_DIR, url)), url).toBe(true);
    }
    expect(fs.existsSync(path.join(PUBLIC_DIR, "demo", "fallback.webp"))).toBe(true);
  });
});
