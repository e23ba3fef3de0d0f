import { and, asc, desc, eq, gt, ilike, inArray, ne, or, type SQL } from "drizzle-orm";
import { spaceTypes } from "~/db/schema/catalog";
import { spaceLocationCounts, spaces } from "~/db/schema/listings";
import { spaceCardColumns } from "~/features/listings/card-columns.server";
import type { SpaceCardData } from "~/features/listings/card";
import type { Db } from "~/lib/db.server";
import { regionCountries, USA } from "./regions";
import {
  EXPLORE_PAGE_SIZE,
  HOME_SEARCH_LIMIT,
  HOME_SECTION_LIMIT,
  escapeLike,
  type ExploreSearch,
} from "./search-params";

/**
 * Every public list of listings. Only published listings are public; all
 * filtering, ordering and paging happens in SQL (ADR 0043). Equality filters
 * (published, type) and the newest-first order are served by b-tree indexes;
 * substring filters (ILIKE '%term%') by the trigram GIN indexes of migration
 * 0002. A list with a substring or country filter first looks only at the
 * newest rows of the b-tree order (a "window"), which finds common terms after
 * reading a few hundred rows; when the window holds too few matches, the same
 * filter runs over the whole table, where the trigram indexes find rare terms.
 */

const published = eq(spaces.isPublished, true);
const newestFirst = [desc(spaces.createdAt), desc(spaces.id)] as const;
/** Rows of the newest-first order a windowed search reads before falling back to the indexes. */
export const SEARCH_WINDOW = 2_000;

type Column = Parameters<typeof ilike>[0];
type MatchColumns = { title: Column; description: Column; location: Column; country: Column };
type Match = (columns: MatchColumns) => SQL | undefined;

function contains(column: Column, text: string) {
  return ilike(column, `%${escapeLike(text)}%`);
}

const cardKeys = Object.keys(spaceCardColumns) as Array<keyof typeof spaceCardColumns>;

/** The newest `limit` published listings meeting `base` (index-served) and `match` (row filters). */
async function newest(db: Db, { base, match, limit }: { base: SQL[]; match?: Match; limit: number }): Promise<SpaceCardData[]> {
  const where = and(published, ...base);
  const direct = (extra?: SQL) =>
    db
      .select(spaceCardColumns)
      .from(spaces)
      .where(extra ? and(where, extra) : where)
      .orderBy(...newestFirst)
      .limit(limit) as Promise<SpaceCardData[]>;
  const filter = match?.(spaces);
  if (!match || !filter) return direct();

  const recent = db
    .select({ ...spaceCardColumns, description: spaces.description, createdAt: spaces.createdAt })
    .from(spaces)
    .where(where)
    .orderBy(...newestFirst)
    .limit(Math.max(SEARCH_WINDOW, limit * 10))
    .as("recent");
  const rows = (await db
    .select(Object.fromEntries(cardKeys.map((key) => [key, recent[key]])) as unknown as typeof spaceCardColumns)
    .from(recent)
    .where(match(recent))
    .orderBy(desc(recent.createdAt), desc(recent.id))
    .limit(limit)) as SpaceCardData[];
  // Enough matches among the newest rows: they are the newest matches overall.
  if (rows.length >= limit) return rows;
  return direct(filter);
}

/** Home search (spec §2): text over title, location or country, one category; the first 9. */
export function searchHome(db: Db, { q, category }: { q: string; category: string }) {
  return newest(db, {
    base: category ? [eq(spaces.type, category)] : [],
    match: q ? (c) => or(contains(c.title, q), contains(c.location, q), contains(c.country, q)) : undefined,
    limit: HOME_SEARCH_LIMIT,
  });
}

/** 'Featured Spaces in the USA': the first 6, and whether there are more. */
export async function featuredUsa(db: Db) {
  const rows = await newest(db, { base: [eq(spaces.country, USA)], limit: HOME_SECTION_LIMIT + 1 });
  return { spaces: rows.slice(0, HOME_SECTION_LIMIT), hasMore: rows.length > HOME_SECTION_LIMIT };
}

/** 'International Spaces': the region's countries, or without a region every non-US listing; the first 6. */
export function internationalSpaces(db: Db, region: string | null) {
  const countries = regionCountries(region);
  return newest(db, {
    base: [],
    match: (c) => (countries ? inArray(c.country as typeof spaces.country, [...countries]) : ne(c.country as typeof spaces.country, USA)),
    limit: HOME_SECTION_LIMIT,
  });
}

/**
 * /explore: text over title and description, type, location (contains), newest
 * first. "Load more" pages (ADR 0044): page N shows the first N × 12; one extra
 * row tells whether there is more.
 */
export async function searchExplore(db: Db, { q, type, location, page }: ExploreSearch) {
  const limit = page * EXPLORE_PAGE_SIZE;
  const rows = await newest(db, {
    base: type ? [eq(spaces.type, type)] : [],
    match:
      q || location
        ? (c) => and(q ? or(contains(c.title, q), contains(c.description, q)) : undefined, location ? contains(c.location, location) : undefined)
        : undefined,
    limit: limit + 1,
  });
  return { spaces: rows.slice(0, limit), hasMore: rows.length > limit };
}

/** Categories for the filters: space types, oldest first (spec §7). */
export function listSpaceTypes(db: Db) {
  return db.select({ name: spaceTypes.name, label: spaceTypes.label }).from(spaceTypes).orderBy(asc(spaceTypes.createdAt), asc(spaceTypes.name));
}

export const LOCATION_LIST_LIMIT = 40;

/**
 * The explore page's location list: the locations with the most published
 * listings. It reads the per-location counts a trigger keeps in
 * `space_location_counts` (ADR 0043), so it never counts the spaces table and
 * a new location shows up as soon as its first listing is published.
 */
export function listLocations(db: Db) {
  return db
    .select({ location: spaceLocationCounts.location, count: spaceLocationCounts.published })
    .from(spaceLocationCounts)
    .where(gt(spaceLocationCounts.published, 0))
    .orderBy(desc(spaceLocationCounts.published), asc(spaceLocationCounts.location))
    .limit(LOCATION_LIST_LIMIT);
}
