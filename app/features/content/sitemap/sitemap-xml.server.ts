import { asc, count, desc, eq, sql } from "drizzle-orm";
import { cities } from "~/db/schema/catalog";
import { spaces } from "~/db/schema/listings";
import type { Db } from "~/lib/db.server";
import { absoluteUrl } from "~/lib/seo";
import { DEFAULT_LOCALE, LOCALES, localizedPath, type Locale } from "~/lib/locales";
import { slugSql } from "~/db/slug-sql";
import { spacePath } from "~/features/listings/slug";
import { allPosts } from "../blog/blog";
import { CATCH_ALL_CITY_SLUGS } from "~/features/cities/known-cities";
import { PUBLIC_PAGES, US_CITY_ROUTES } from "./site-pages";

/** The sitemap protocol allows 50,000 URLs per file; spaces get what the rest leaves. */
export const SITEMAP_MAX_URLS = 50_000;

export type SitemapEntry = { path: string; lastmod: string; priority?: number };

function day(value: Date | string) {
  return (typeof value === "string" ? new Date(value) : value).toISOString().slice(0, 10);
}

function escapeXml(text: string) {
  return text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * A city's page of its own: the fixed US route or the catch-all /{slug}; the
 * data-driven /cities/{slug} only for a city that has neither, so no city is listed
 * twice under the same title.
 */
export function primaryCityPaths(dbSlugs: readonly string[]) {
  const paths = new Set<string>([...US_CITY_ROUTES.map((city) => city.path), ...CATCH_ALL_CITY_SLUGS.map((slug) => `/${slug}`)]);
  const dataDriven = dbSlugs.filter((slug) => !paths.has(`/${slug}`)).map((slug) => `/cities/${slug}`);
  return { routed: [...paths], dataDriven };
}

/**
 * Published spaces by their canonical address, the one the space page declares
 * (features/listings/space-detail.server.ts): the oldest published listing with a
 * given title and location slug owns the bare /space/{title}/{location}; any other
 * listing sharing that slug pair is addressed with ?id=. Newest edits first.
 */
async function publishedSpaceEntries(
  db: Db,
  limit: number,
  { offset = 0, order = "newest" }: { offset?: number; order?: "newest" | "stable" } = {},
): Promise<SitemapEntry[]> {
  if (limit <= 0) return [];
  const ranked = db
    .select({
      id: spaces.id,
      title: spaces.title,
      location: spaces.location,
      updatedAt: spaces.updatedAt,
      createdAt: spaces.createdAt,
      rank: sql<number>`row_number() over (partition by ${slugSql(spaces.title)}, ${slugSql(spaces.location)} order by ${spaces.createdAt}, ${spaces.id})`.as("rank"),
    })
    .from(spaces)
    .where(eq(spaces.isPublished, true))
    .as("ranked");
  // One file of a sitemap index pages by creation, so that a listing stays in its file
  // as others are added or edited; a single sitemap lists the newest edits first.
  const ordering = order === "stable" ? [asc(ranked.createdAt), asc(ranked.id)] : [desc(ranked.updatedAt), asc(ranked.id)];
  const rows = await db
    .select()
    .from(ranked)
    .orderBy(...ordering)
    .limit(limit)
    .offset(offset);
  return rows.map((row) => {
    const path = spacePath(row);
    return {
      path: Number(row.rank) === 1 ? path.slice(0, path.indexOf("?")) : path,
      lastmod: day(row.updatedAt),
      priority: 0.8,
    };
  });
}

/** Every public page, city page and blog post, each once. */
async function pageEntries(db: Db): Promise<Map<string, SitemapEntry>> {
  const entries = new Map<string, SitemapEntry>();
  const add = (entry: SitemapEntry) => {
    if (!entries.has(entry.path)) entries.set(entry.path, entry);
  };
  for (const page of PUBLIC_PAGES) add(page);
  for (const post of allPosts()) add({ path: `/blog/${post.slug}`, lastmod: post.updated ?? post.date, priority: 0.6 });

  const cityRows = await db.select({ slug: cities.slug, createdAt: cities.createdAt }).from(cities).orderBy(cities.slug).limit(1000);
  const cityDates = new Map(cityRows.map((row) => [row.slug, day(row.createdAt)]));
  const fallback = PUBLIC_PAGES[0]!.lastmod;
  const { routed, dataDriven } = primaryCityPaths(cityRows.map((row) => row.slug));
  for (const path of routed) add({ path, lastmod: cityDates.get(path.slice(1)) ?? fallback, priority: 0.7 });
  for (const path of dataDriven) add({ path, lastmod: cityDates.get(path.slice("/cities/".length)) ?? fallback, priority: 0.6 });

  return entries;
}

/** Every public page, city page, blog post and published space (never drafts), each once, up to `maxUrls`. */
export async function sitemapEntries(db: Db, maxUrls = SITEMAP_MAX_URLS): Promise<SitemapEntry[]> {
  const entries = await pageEntries(db);
  for (const entry of await publishedSpaceEntries(db, maxUrls - entries.size)) {
    if (!entries.has(entry.path)) entries.set(entry.path, entry);
  }
  return [...entries.values()];
}

async function publishedSpaceCount(db: Db) {
  const [row] = await db.select({ total: count() }).from(spaces).where(eq(spaces.isPublished, true));
  return Number(row?.total ?? 0);
}

/**
 * GET /sitemap.xml: one sitemap while everything fits in one file (50,000 URLs);
 * beyond that a sitemap index pointing at /sitemaps/pages.xml and
 * /sitemaps/spaces-{n}.xml, each within the limit (docs/decisions/0094-sitemap-index.md).
 */
export async function sitemapXml(db: Db, siteUrl: string, maxUrls = SITEMAP_MAX_URLS, locale: Locale = DEFAULT_LOCALE): Promise<string> {
  const pages = await pageEntries(db);
  const total = await publishedSpaceCount(db);
  if (pages.size + total <= maxUrls) return renderSitemapXml(siteUrl, await sitemapEntries(db, maxUrls), locale);
  const files: { path: string; lastmod?: string }[] = [{ path: "/sitemaps/pages.xml", lastmod: newest([...pages.values()]) }];
  for (let part = 1; part <= Math.ceil(total / maxUrls); part++) files.push({ path: `/sitemaps/spaces-${part}.xml` });
  const items = files.map(
    (file) =>
      `<sitemap><loc>${escapeXml(absoluteUrl(siteUrl, localizedPath(locale, file.path)))}</loc>${file.lastmod ? `<lastmod>${file.lastmod}</lastmod>` : ""}</sitemap>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join("\n")}\n</sitemapindex>\n`;
}

/** One file of the sitemap index (`pages.xml`, `spaces-{n}.xml`), or null when there is no such file. */
export async function sitemapPartXml(
  db: Db,
  siteUrl: string,
  file: string,
  maxUrls = SITEMAP_MAX_URLS,
  locale: Locale = DEFAULT_LOCALE,
): Promise<string | null> {
  if (file === "pages.xml") return renderSitemapXml(siteUrl, [...(await pageEntries(db)).values()], locale);
  const match = /^spaces-([1-9][0-9]{0,5})\.xml$/.exec(file);
  if (!match) return null;
  const part = Number(match[1]);
  const entries = await publishedSpaceEntries(db, maxUrls, { offset: (part - 1) * maxUrls, order: "stable" });
  return entries.length > 0 ? renderSitemapXml(siteUrl, entries, locale) : null;
}

function newest(entries: readonly SitemapEntry[]) {
  return entries.reduce((latest, entry) => (entry.lastmod > latest ? entry.lastmod : latest), "");
}

/**
 * A sitemap in one language (ADR 0293): each page at its address in `locale` (/es/…), with
 * the page in every language and x-default (English) as `hreflang` alternates, as the
 * page's own <head> declares them.
 */
export function renderSitemapXml(siteUrl: string, entries: readonly SitemapEntry[], locale: Locale = DEFAULT_LOCALE) {
  const link = (hreflang: string, path: string) => `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeXml(absoluteUrl(siteUrl, path))}"/>`;
  const urls = entries.map((entry) => {
    const priority = entry.priority === undefined ? "" : `<priority>${entry.priority.toFixed(1)}</priority>`;
    const alternates = [...LOCALES.map((other) => link(other, localizedPath(other, entry.path))), link("x-default", entry.path)].join("");
    return `<url><loc>${escapeXml(absoluteUrl(siteUrl, localizedPath(locale, entry.path)))}</loc><lastmod>${entry.lastmod}</lastmod>${priority}${alternates}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join("\n")}\n</urlset>\n`;
}

export function renderRobotsTxt(siteUrl: string) {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /dashboard",
    "Disallow: /profile",
    "Disallow: /my-listings",
    "Disallow: /my-bookings",
    "Disallow: /payouts",
    "Disallow: /edit-listing/",
    "Disallow: /create-listing",
    "Disallow: /booking-confirmation",
    "Disallow: /admin",
    "Disallow: /api/",
    "",
    // One sitemap per language (ADR 0293): /sitemap.xml in English, /es/sitemap.xml in Spanish, …
    ...LOCALES.map((locale) => `Sitemap: ${absoluteUrl(siteUrl, localizedPath(locale, "/sitemap.xml"))}`),
    "",
  ].join("\n");
}
