import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "~/db/schema/auth";
import { cities } from "~/db/schema/catalog";
import { contactMessages, newsletterSubscribers } from "~/db/schema/content";
import { spaces } from "~/db/schema/listings";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { handleContactForm } from "./contact/contact-action.server";
import { handleNewsletterForm } from "./newsletter/newsletter-action.server";
import { FETCH_SPACES_FAILED, loadSampleSpaces } from "./sample-spaces.server";
import { renderRobotsTxt, renderSitemapXml, sitemapEntries } from "./sitemap/sitemap-xml.server";

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.drop();
});

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
}

describe("contact form", () => {
  it("stores a valid message, with HTML kept verbatim as text", async () => {
    const message = "<script>alert('x')</script> Can I book a studio for Friday?";
    const result = await handleContactForm(
      database.db,
      form({ name: "Ana Lima", email: "ana@example.com", subject: "billing", message }),
      "203.0.113.9",
    );
    expect(result).toEqual({ status: "sent", name: "Ana Lima", subject: "billing", body: message });
    const rows = await database.db.select().from(contactMessages).where(eq(contactMessages.email, "ana@example.com"));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: "Ana Lima", subject: "billing", message, ip: "203.0.113.9" });
  });

  it("removes control characters PostgreSQL cannot store instead of failing", async () => {
    const result = await handleContactForm(
      database.db,
      form({ name: "Nul\u0000Name", email: "nul@example.com", subject: "support", message: "Before\u0000after\r\nnext line" }),
      "203.0.113.10",
    );
    expect(result).toMatchObject({ status: "sent", name: "Nul Name", body: "Beforeafter\nnext line" });
    const rows = await database.db.select().from(contactMessages).where(eq(contactMessages.email, "nul@example.com"));
    expect(rows.map((row) => row.message)).toEqual(["Beforeafter\nnext line"]);
  });

  it("a repeated submission of the same message says it was already received and stores it once", async () => {
    const fields = { name: "Rita Repeat", email: "Rita@Example.com", subject: "support", message: "My booking page shows the wrong date." };
    const first = await handleContactForm(database.db, form(fields), "203.0.113.20");
    expect(first.status).toBe("sent");
    // A refresh after posting, or the same text from the address in another letter case.
    const again = await handleContactForm(database.db, form({ ...fields, email: "rita@example.COM" }), "203.0.113.20");
    expect(again).toEqual({ status: "already-sent", name: "Rita Repeat", subject: "support", body: fields.message });
    // A different message, or the same text under another subject, is new.
    expect((await handleContactForm(database.db, form({ ...fields, message: "And the wrong time." }), "203.0.113.20")).status).toBe("sent");
    expect((await handleContactForm(database.db, form({ ...fields, subject: "billing" }), "203.0.113.20")).status).toBe("sent");
    const rows = await database.db
      .select({ subject: contactMessages.subject, message: contactMessages.message })
      .from(contactMessages)
      .where(sql`lower(${contactMessages.email}) = 'rita@example.com'`);
    expect(rows).toHaveLength(3);
  });

  it("identical messages submitted at the same moment are stored once", async () => {
    const fields = { name: "Dora Double", email: "dora@example.com", subject: "general", message: "Double-clicked send." };
    const results = await Promise.all([1, 2, 3].map((n) => handleContactForm(database.db, form(fields), `203.0.113.${30 + n}`)));
    expect(results.map((result) => result.status).sort()).toEqual(["already-sent", "already-sent", "sent"]);
    const rows = await database.db.select().from(contactMessages).where(eq(contactMessages.email, "dora@example.com"));
    expect(rows).toHaveLength(1);
  });

  it("stores nothing for invalid or oversized input and says why", async () => {
    const before = await database.db.select({ n: sql<number>`count(*)::int` }).from(contactMessages);
    const result = await handleContactForm(
      database.db,
      form({ name: "", email: "nope", subject: "legal", message: "x".repeat(100_000) }),
      "203.0.113.9",
    );
    expect(result.status).toBe("invalid");
    if (result.status !== "invalid") return;
    expect(result.fieldErrors.name).toBe("Please enter your name.");
    expect(result.fieldErrors.email).toBe("Please enter a valid e-mail address.");
    expect(result.fieldErrors.subject).toBe("Please choose a subject.");
    expect(result.fieldErrors.message).toMatch(/too long/);
    const after = await database.db.select({ n: sql<number>`count(*)::int` }).from(contactMessages);
    expect(after[0]!.n).toBe(before[0]!.n);
  });
});

describe("newsletter", () => {
  it("subscribes once and de-duplicates case-insensitively", async () => {
    const first = await handleNewsletterForm(database.db, form({ email: "Reader@Example.com", source: "footer" }), "198.51.100.1");
    expect(first.status).toBe("subscribed");
    const again = await handleNewsletterForm(database.db, form({ email: "  reader@EXAMPLE.com", source: "blog" }), "198.51.100.1");
    expect(again).toEqual({ status: "already-subscribed", message: "You're already subscribed with this e-mail address." });
    const rows = await database.db
      .select()
      .from(newsletterSubscribers)
      .where(sql`lower(${newsletterSubscribers.email}) = 'reader@example.com'`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: "Reader@Example.com", source: "footer" });
  });

  it("rejects a malformed address without storing it", async () => {
    const result = await handleNewsletterForm(database.db, form({ email: "<b>hi</b>" }), "198.51.100.1");
    expect(result).toMatchObject({ status: "invalid", fieldErrors: { email: "Please enter a valid e-mail address." } });
    const rows = await database.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, "<b>hi</b>"));
    expect(rows).toHaveLength(0);
  });
});

describe("rate limits", () => {
  it("a sixth contact message from one IP within 10 minutes is refused and not stored; other IPs are unaffected", async () => {
    const ip = "192.0.2.77";
    const send = (n: number, from = ip) =>
      handleContactForm(
        database.db,
        form({ name: `Sender ${n}`, email: "limit@example.com", subject: "general", message: `Message ${n}` }),
        from,
      );
    for (let n = 1; n <= 5; n += 1) expect((await send(n)).status).toBe("sent");
    const refused = await send(6);
    expect(refused).toEqual({ status: "rate-limited", message: expect.stringMatching(/Too many submissions.*try again in \d+ minutes/) });
    expect((await send(7, "192.0.2.78")).status).toBe("sent");
    // Re-sending a message already received is answered as such, not refused.
    expect((await send(1)).status).toBe("already-sent");
    const stored = await database.db.select().from(contactMessages).where(eq(contactMessages.email, "limit@example.com"));
    expect(stored.map((row) => row.name).sort()).toEqual(["Sender 1", "Sender 2", "Sender 3", "Sender 4", "Sender 5", "Sender 7"]);
  });

  it("the newsletter box allows 10 sign-ups an hour per IP, then says to wait", async () => {
    const ip = "192.0.2.99";
    for (let n = 1; n <= 10; n += 1) {
      const result = await handleNewsletterForm(database.db, form({ email: `batch${n}@example.com` }), ip);
      expect(result.status).toBe("subscribed");
    }
    const refused = await handleNewsletterForm(database.db, form({ email: "batch11@example.com" }), ip);
    expect(refused.status).toBe("rate-limited");
    expect(refused.message).toMatch(/Too many submissions/);
    const rows = await database.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, "batch11@example.com"));
    expect(rows).toHaveLength(0);
  });
});

describe("'See It In Action' sample", () => {
  it("shows the six newest published, available spaces, never drafts or unavailable ones", async () => {
    const [host] = await database.db
      .insert(users)
      .values({ email: "sample-host@example.com", passwordHash: "x" })
      .returning({ id: users.id });
    const base = { userId: host!.id, description: "d", type: "photo-studio", country: "United States", location: "Austin, TX" };
    const at = (day: number) => new Date(Date.UTC(2030, 0, day));
    await database.db.insert(spaces).values([
      ...Array.from({ length: 7 }, (_, n) => ({ ...base, title: `Sample ${n + 1}`, isPublished: true, createdAt: at(n + 1) })),
      { ...base, title: "Newest Draft", isPublished: false, createdAt: at(20) },
      { ...base, title: "Newest Unavailable", isPublished: true, available: false, createdAt: at(21) },
    ]);
    const result = await loadSampleSpaces(async () => database.db);
    expect(result.error).toBeNull();
    expect(result.spaces.map((space) => space.title)).toEqual(["Sample 7", "Sample 6", "Sample 5", "Sample 4", "Sample 3", "Sample 2"]);
  });

  it("says 'Failed to fetch spaces' instead of failing the page when the database is down", async () => {
    const result = await loadSampleSpaces(async () => {
      throw new Error("connect ECONNREFUSED 127.0.0.1:5432");
    });
    expect(result).toEqual({ spaces: [], error: FETCH_SPACES_FAILED });
    expect(FETCH_SPACES_FAILED).toBe("Failed to fetch spaces");
  });
});

describe("sitemap.xml", () => {
  it("lists public pages, city pages, blog posts and published spaces with lastmod", async () => {
    const [host] = await database.db
      .insert(users)
      .values({ email: "host@example.com", passwordHash: "x" })
      .returning({ id: users.id });
    const base = { userId: host!.id, description: "d", type: "photo-studio", country: "United States" };
    const [published] = await database.db
      .insert(spaces)
      .values({
        ...base,
        title: "Sunny Loft & Studio",
        location: "Tampa, FL",
        isPublished: true,
        updatedAt: new Date("2026-02-03T10:00:00Z"),
      })
      .returning({ id: spaces.id });
    await database.db.insert(spaces).values({ ...base, title: "Secret Draft", location: "Tampa, FL", isPublished: false });
    // Two published listings with one title and location: the older owns the bare address.
    const [older] = await database.db
      .insert(spaces)
      .values({ ...base, title: "Twin Studio", location: "Tampa, FL", isPublished: true, createdAt: new Date("2025-05-01T00:00:00Z") })
      .returning({ id: spaces.id });
    const [newer] = await database.db
      .insert(spaces)
      .values({ ...base, title: "Twin  Studio!", location: "Tampa FL", isPublished: true, createdAt: new Date("2025-06-01T00:00:00Z") })
      .returning({ id: spaces.id });
    const city = { country: "United States", description: "d", metaDescription: "d" };
    await database.db.insert(cities).values([
      { ...city, slug: "tampa", name: "Tampa", title: "Tampa", heroImage: "/demo/city-tampa.webp", seoTitle: "Tampa", createdAt: new Date("2026-01-05T00:00:00Z") },
      { ...city, slug: "tokyo", name: "Tokyo", title: "Tokyo", heroImage: "/demo/city-tokyo.webp", seoTitle: "Tokyo", createdAt: new Date("2026-01-06T00:00:00Z") },
    ]);

    const xml = renderSitemapXml("https://rentwell.example", await sitemapEntries(database.db));
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
    for (const path of ["/", "/how-it-works", "/blog", "/help", "/about", "/terms", "/sitemap", "/contact"]) {
      expect(xml).toContain(`<loc>https://rentwell.example${path}</loc>`);
    }
    expect(xml).toContain("<loc>https://rentwell.example/blog/future-of-space-rental-2025</loc>");
    expect(xml).toContain("<loc>https://rentwell.example/blog/maximize-space-earnings</loc>");
    expect(xml).toContain("<loc>https://rentwell.example/tokyo</loc>");
    expect(xml).toContain("<loc>https://rentwell.example/riverview</loc>");
    expect(xml).toContain("<loc>https://rentwell.example/newsletter</loc>");
    // A city with no page of its own is listed at /cities/{slug}; one with a route only there.
    expect(xml).toContain("<loc>https://rentwell.example/cities/tampa</loc><lastmod>2026-01-05</lastmod>");
    expect(xml).toContain("<loc>https://rentwell.example/tokyo</loc><lastmod>2026-01-06</lastmod>");
    expect(xml).not.toContain("/cities/tokyo");
    // Spaces at their canonical address, the one the space page declares.
    expect(xml).toContain("<loc>https://rentwell.example/space/sunny-loft-studio/tampa-fl</loc><lastmod>2026-02-03</lastmod>");
    expect(xml).not.toContain(published!.id);
    expect(xml).toContain("<loc>https://rentwell.example/space/twin-studio/tampa-fl</loc>");
    expect(xml).toContain(`<loc>https://rentwell.example/space/twin-studio/tampa-fl?id=${newer!.id}</loc>`);
    expect(xml).not.toContain(older!.id);
    expect(xml).not.toContain("secret-draft");
    expect(xml).not.toContain("/dashboard");
    // Each URL once, even though new-york is both a fixed route and a catch-all slug.
    expect(xml.match(/<loc>https:\/\/rentwell\.example\/new-york<\/loc>/g)).toHaveLength(1);
    expect(xml.match(/<url>/g)!.length).toBeGreaterThan(15 + 9 + 20);
    expect(xml).toMatch(/<\/urlset>\n$/);
  });

  it("robots.txt points to the absolute sitemap URL of every language", () => {
    const robots = renderRobotsTxt("https://rentwell.example");
    expect(robots).toContain("Sitemap: https://rentwell.example/sitemap.xml");
    for (const locale of ["es", "fr", "ja", "ar"]) expect(robots).toContain(`Sitemap: https://rentwell.example/${locale}/sitemap.xml`);
  });

  it("has a sitemap per language, each page with its other languages as hreflang alternates", async () => {
    const xml = renderSitemapXml("https://rentwell.example", await sitemapEntries(database.db), "es");
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    expect(xml).toContain("<loc>https://rentwell.example/es</loc>");
    expect(xml).toContain("<loc>https://rentwell.example/es/how-it-works</loc>");
    expect(xml).not.toContain("<loc>https://rentwell.example/how-it-works</loc>");
    const aboutEntry = xml.split("\n").find((line) => line.includes("<loc>https://rentwell.example/es/about</loc>"))!;
    for (const [lang, href] of [
      ["en", "https://rentwell.example/about"],
      ["fr", "https://rentwell.example/fr/about"],
      ["ar", "https://rentwell.example/ar/about"],
      ["x-default", "https://rentwell.example/about"],
    ]) {
      expect(aboutEntry).toContain(`<xhtml:link rel="alternate" hreflang="${lang}" href="${href}"/>`);
    }
  });
});
