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
 * (published, type, country) and the newest-first order are served by b-tree
 * indexes, substring filters (ILIKE '%term%') by the trigram GIN indexes of
 * migration 0002. Each list is one query and PostgreSQL picks the plan: for a
 * common term it walks the newest-first index and stops after one page, for a
 * rare one it combines the trigram indexes. (An earlier version first searched
 * the newest 2 000 rows and fell back to the whole table; measured at 100 000
 * listings that only added a query, so it is gone.)
 */

const published = eq(spaces.isPublished, true);
const newestFirst = [desc(spaces.createdAt), desc(spaces.id)] as const;

function contains(column: Parameters<typeof ilike>[0], text: string) {
  return ilike(column, `%${escapeLike(text)}%`);
}

/** The newest `limit` published listings meeting every condition. */
function newest(db: Db, { where, limit }: { where: Array<SQL | undefined>; limit: number }): Promise<SpaceCardData[]> {
  return db
    .select(spaceCardColumns)
    .from(spaces)
    .where(and(published, ...where))
    .orderBy(...newestFirst)
    .limit(limit) as Promise<SpaceCardData[]>;
}

/** Home search (docs/product.md#home): text over title, location or country, one category; the first 9. */
export function searchHome(db: Db, { q, category }: { q: string; category: string }) {
  return newest(db, {
    where: [category ? eq(spaces.type, category) : undefined, q ? or(contains(spaces.title, q), contains(spaces.location, q), contains(spaces.country, q)) : undefined],
    limit: HOME_SEARCH_LIMIT,
  });
}

/** 'Featured Spaces in the USA': the first 6, and whether there are more. */
export async function featuredUsa(db: Db) {
  const rows = await newest(db, { where: [eq(spaces.country, USA)], limit: HOME_SECTION_LIMIT + 1 });
  return { spaces: rows.slice(0, HOME_SECTION_LIMIT), hasMore: rows.length > HOME_SECTION_LIMIT };
}

/** 'International Spaces': the region's countries, or without a region every non-US listing; the first 6. */
export function internationalSpaces(db: Db, region: string | null) {
  const countries = regionCountries(region);
  return newest(db, {
    where: [countries ? inArray(spaces.country, [...countries]) : ne(spaces.country, USA)],
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
    where: [
      type ? eq(spaces.type, type) : undefined,
      q ? or(contains(spaces.title, q), contains(spaces.description, q)) : undefined,
      location ? contains(spaces.location, location) : undefined,
    ],
    limit: limit + 1,
  });
  return { spaces: rows.slice(0, limit), hasMore: rows.length > limit };
}

/** Categories for the filters: space types, oldest first (docs/product.md#catalog). */
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
