import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSpaces } from "../../../../tests/factories/listings";
import { createTestDatabase, type TestDatabase } from "../../../../tests/setup/test-database";
import { SITEMAP_MAX_URLS, sitemapPartXml, sitemapXml } from "./sitemap-xml.server";

let database: TestDatabase;
const SITE = "https://rentwell.example";

beforeAll(async () => {
  database = await createTestDatabase();
  await createSpaces(
    database.db,
    Array.from({ length: 130 }, (_, i) => ({ title: `Indexed Loft ${i}`, location: `Town ${i}`, createdAt: new Date(Date.UTC(2025, 0, 1, 0, i)) })),
  );
  await createSpaces(database.db, [{ title: "Hidden Draft", isPublished: false }]);
});

afterAll(async () => {
  await database.drop();
});

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);

describe("sitemap index beyond the per-file limit", () => {
  it("is one sitemap while everything fits in 50,000 URLs", async () => {
    expect(SITEMAP_MAX_URLS).toBe(50_000);
    const xml = await sitemapXml(database.db, SITE);
    expect(xml).toContain("<urlset");
    expect(locs(xml).filter((loc) => loc.includes("/space/indexed-loft-"))).toHaveLength(130);
  });

  it("becomes an index of files, each within the limit, that together list every published space once", async () => {
    const limit = 60;
    const index = await sitemapXml(database.db, SITE, limit);
    expect(index).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    expect(locs(index)).toEqual([`${SITE}/sitemaps/pages.xml`, `${SITE}/sitemaps/spaces-1.xml`, `${SITE}/sitemaps/spaces-2.xml`, `${SITE}/sitemaps/spaces-3.xml`]);

    // The Spanish sitemap's index points at the Spanish files.
    expect(locs(await sitemapXml(database.db, SITE, limit, "es"))[0]).toBe(`${SITE}/es/sitemaps/pages.xml`);
    expect(locs((await sitemapPartXml(database.db, SITE, "pages.xml", limit, "es"))!)).toContain(`${SITE}/es/about`);

    const pages = await sitemapPartXml(database.db, SITE, "pages.xml", limit);
    expect(locs(pages!)).toContain(`${SITE}/about`);
    expect(locs(pages!)).toContain(`${SITE}/tokyo`);
    expect(locs(pages!).some((loc) => loc.includes("/space/"))).toBe(false);

    const listed: string[] = [];
    for (const file of ["spaces-1.xml", "spaces-2.xml", "spaces-3.xml"]) {
      const xml = await sitemapPartXml(database.db, SITE, file, limit);
      expect(xml).toContain("<urlset");
      expect(locs(xml!).length).toBeLessThanOrEqual(limit);
      listed.push(...locs(xml!));
    }
    expect(listed).toHaveLength(130);
    expect(new Set(listed).size).toBe(130);
    expect(listed[0]).toBe(`${SITE}/space/indexed-loft-0/town-0`);
    expect(listed.some((loc) => loc.includes("hidden-draft"))).toBe(false);
  });

  it("has no file past the last one, and no other names", async () => {
    expect(await sitemapPartXml(database.db, SITE, "spaces-4.xml", 60)).toBeNull();
    expect(await sitemapPartXml(database.db, SITE, "spaces-0.xml", 60)).toBeNull();
    expect(await sitemapPartXml(database.db, SITE, "../etc/passwd", 60)).toBeNull();
  });
});
