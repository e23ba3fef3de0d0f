import { and, arrayContains, asc, desc, eq, gt, gte, ilike, inArray, lte, ne, or, sql, type SQL } from "drizzle-orm";
import { spaceTypes } from "~/db/schema/catalog";
import { spaceLocationCounts, spaces } from "~/db/schema/listings";
import { spaceCardColumns } from "~/features/listings/card-columns.server";
import type { SpaceCardData } from "~/features/listings/card";
import type { Db } from "~/lib/db.server";
import type { Locale } from "~/lib/locales";
import { regionCountries, USA } from "./regions";
import {
  EXPLORE_PAGE_SIZE,
  HOME_SEARCH_LIMIT,
  HOME_SECTION_LIMIT,
  escapeLike,
  NO_FILTERS,
  type ExploreSearch,
  type SortKey,
  type When,
} from "./search-params";
export { listCategories } from "~/features/hosting/listings.server";
import { confirmOffers, scheduleColumns, whenConditions, type Offer } from "./when.server";
import { distanceOrder, geoConditions } from "~/features/geo/geo-filter.server";

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

/**
 * `spaces.translated_text` (migration 0039): the listing's translations, one line each —
 * language, U+001F, title, U+001E, description — kept by a trigger on listing_translations.
 * Not in the Drizzle schema: only search reads it.
 */
const translatedText = sql`"spaces"."translated_text"`;

/** `text` as a literal part of a PostgreSQL regular expression: every character but letters, digits and spaces escaped. */
function regexLiteral(text: string) {
  return text.replace(/[^\p{L}\p{N} ]/gu, (char) => `\\${char}`);
}

/**
 * The text test of a search: the listing's own columns, and with the page's language the
 * host's translation into it (issue #31 point 5, ADR 0295), so a guest reading in Spanish
 * finds a listing by the words of its Spanish title or description while the original's
 * words still match. The translation is tested on the listing's own row, by a regular
 * expression anchored to that language's line of `translated_text` — served like the other
 * columns: its trigram index in the same bitmap OR, or one more test per row of a
 * newest-first walk (no sub-query, nothing read per search beyond the matches).
 */
function textMatch(q: string, own: Parameters<typeof ilike>[0][], locale: Locale | null | undefined, { descriptions }: { descriptions: boolean }): SQL {
  const matches = own.map((column) => contains(column, q));
  if (locale) {
    // Title only: the term before the U+001E that ends it; with descriptions: anywhere on the line.
    const within = descriptions ? "[^\n]*" : "[^\n\u001e]*";
    matches.push(sql`${translatedText} ~* ${`(^|\n)${locale}\u001f${within}${regexLiteral(q)}`}`);
  }
  return or(...matches)!;
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

/**
 * Home search (docs/product.md#home): text over title, location or country (and the host's
 * title in the page's language, `locale`), one category; the first 9.
 */
export function searchHome(db: Db, { q, category, locale }: { q: string; category: string; locale?: Locale | null }) {
  return newest(db, {
    where: [category ? eq(spaces.type, category) : undefined, q ? textMatch(q, [spaces.title, spaces.location, spaces.country], locale, { descriptions: false }) : undefined],
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
 * /explore's conditions (issue #27 point 2): one where-fragment per filter, in a list,
 * so a new filter (a distance, a map's bounds) is one more entry. Each is served by an
 * index where the filter is selective (migration 0018: amenities GIN, price and rating
 * b-trees); the `when` fragments (when.server.ts) narrow by hours, rules and calendar rows.
 */
export function exploreConditions(search: ExploreSearch, now: Date): SQL[] {
  const { listing, calendar } = exploreConditionGroups(search, now);
  return calendar ? [...listing, calendar] : listing;
}

/**
 * exploreConditions in two groups: `listing`, the tests on a listing's own columns, and
 * `calendar`, a search with a time's per-listing test of its hours, notice and calendar
 * rows (a sub-query per listing; null without a time).
 */
function exploreConditionGroups(search: ExploreSearch, now: Date): { listing: SQL[]; calendar: SQL | null } {
  const { q, type, location, rental, category, sub, guests, amenities, rating, when, price, currency } = search;
  const priced = pricedColumn(when);
  const timed = when ? whenConditions(when, guests ?? 1, now) : null;
  const fragments: Array<SQL | undefined> = [
    published,
    type ? eq(spaces.type, type) : undefined,
    q ? textMatch(q, [spaces.title, spaces.description], search.locale, { descriptions: true }) : undefined,
    location ? contains(spaces.location, location) : undefined,
    rental ? eq(spaces.rentalType, rental as (typeof spaces.$inferSelect)["rentalType"]) : undefined,
    category ? eq(spaces.categoryId, category) : undefined,
    sub ? eq(spaces.subcategoryId, sub) : undefined,
    // Guests: a listing of one takes them all at once (its capacity); one of several units or seats sells them one each.
    guests ? sql`(case when ${spaces.quantity} > 1 then ${spaces.quantity} else ${spaces.capacity} end) >= ${guests}` : undefined,
    amenities.length > 0 ? arrayContains(spaces.amenities, amenities) : undefined,
    rating ? gte(spaces.rating, rating) : undefined,
    // A price bound compares the listing's own price in the currency chosen: listings priced in another currency are left out.
    price.min !== null || price.max !== null ? and(eq(spaces.currency, currency as (typeof spaces.$inferSelect)["currency"]), sql`${priced} > 0`) : undefined,
    price.min !== null ? gte(priced, price.min) : undefined,
    price.max !== null ? lte(priced, price.max) : undefined,
    ...(timed?.listing ?? []),
    // Where (issue #27 points 3 and 4): a range on the indexed public latitude first, then the exact test.
    ...geoConditions(search.geo ?? null),
  ];
  return { listing: fragments.filter((fragment): fragment is SQL => fragment !== undefined), calendar: timed?.calendar ?? null };
}

/** The price a search compares and sorts by: by the day for a range of days, else by the hour. */
function pricedColumn(when: When | null) {
  return when?.kind === "days" ? spaces.dailyPrice : spaces.hourlyPrice;
}

/**
 * The orders /explore offers (search-links.ts SORTS), each ending on the id so a page
 * boundary is stable.
 */
export const ORDERS: Record<SortKey, (search: ExploreSearch) => SQL[]> = {
  // Newest first, served by the newest-first index with an early stop: ranking text matches
  // (title before description) sorted every match before the first page (ADR 0211).
  relevance: () => [...newestFirst],
  price_asc: ({ when }) => [sql`${pricedColumn(when)} asc nulls last`, asc(spaces.id)],
  price_desc: ({ when }) => [sql`${pricedColumn(when)} desc nulls last`, desc(spaces.id)],
  rating: () => [desc(spaces.rating), desc(spaces.reviewCount), ...newestFirst],
  newest: () => [...newestFirst],
  // Nearest first from the place, 'Near me' or the map's centre; without one, the newest.
  distance: ({ geo }) => (geo?.center ? distanceOrder(geo) : [...newestFirst]),
};

/** A count past this shows as "100+": counting stops there, so it never walks the whole table (bench/README.md). */
export const COUNT_CAP = 100;

/** One explore result: the card, and for a search with a time, that time's offer (price and the link's choice). */
export type ExploreCard = SpaceCardData & { offer?: Offer };

export type ExploreResults = {
  spaces: ExploreCard[];
  hasMore: boolean;
  /** Matching listings (up to COUNT_CAP; `capped` past it); `exact` false when a flexible time was only narrowed, not confirmed, for all of them. */
  count: { value: number; capped: boolean; exact: boolean };
};

/** Rows read per round when a `when` search confirms candidates one page at a time. */
const CONFIRM_SLACK = 12;
const CONFIRM_ROUNDS = 4;

/**
 * /explore (docs/product.md#explore): every filter of issue #27, one order, "Load more"
 * pages (ADR 0044: page N shows the first N × 12; one extra row tells whether there is
 * more). A search with a time (ADR 0210) is narrowed in SQL and each candidate of the
 * page is confirmed by the booking widget's own rules (when.server.ts) before it is
 * shown. A search with problems runs no query.
 */
export async function searchExplore(db: Db, asked: Partial<ExploreSearch>, now: Date = new Date()): Promise<ExploreResults> {
  const search: ExploreSearch = { ...NO_FILTERS, ...asked };
  if (search.problems.length > 0) return { spaces: [], hasMore: false, count: { value: 0, capped: false, exact: true } };
  const limit = search.page * EXPLORE_PAGE_SIZE;
  const { page, count: countStatement } = exploreStatements(db, search, now);
  const counted = countStatement.then(([row]) => {
    const value = Number(row?.n ?? 0);
    return { value: Math.min(value, COUNT_CAP), capped: value > COUNT_CAP };
  });

  if (!search.when) {
    const [rows, count] = await Promise.all([page(0, limit + 1), counted]);
    return { spaces: rows.slice(0, limit).map(cardOf), hasMore: rows.length > limit, count: { ...count, exact: true } };
  }
  const when = search.when;
  const units = search.guests ?? 1;
  const shown: ExploreCard[] = [];
  let offset = 0;
  let exhausted = false;
  let dropped = 0;
  for (let round = 0; round < CONFIRM_ROUNDS && shown.length <= limit && !exhausted; round++) {
    // A fixed time is exact in SQL but for rare cases (a skipped DST hour): little slack; a flexible one often drops candidates.
    const size = limit + 1 - shown.length + (when.kind === "flex" ? CONFIRM_SLACK : 2);
    const rows = await page(offset, size);
    offset += rows.length;
    exhausted = rows.length < size;
    const offers = await confirmOffers(db, rows, when, units, now);
    rows.forEach((row, i) => {
      const offer = offers[i];
      if (offer) shown.push({ ...cardOf(row), offer });
      else dropped += 1;
    });
  }
  const count = await counted;
  // Every candidate confirmed: the count is what was shown; else the SQL count less those found not free.
  const complete = exhausted && shown.length <= limit;
  return {
    spaces: shown.slice(0, limit),
    hasMore: shown.length > limit || !exhausted,
    count: complete ? { value: shown.length, capped: false, exact: true } : { value: Math.max(shown.length, count.value - dropped), capped: count.capped, exact: dropped === 0 || when.kind !== "flex" },
  };
}

function cardOf(row: SpaceCardData & Record<string, unknown>): SpaceCardData {
  const card: Record<string, unknown> = {};
  for (const key of Object.keys(spaceCardColumns)) card[key] = row[key];
  return card as SpaceCardData;
}

/** `offset 0`, the fence (drizzle leaves out a numeric 0). */
const OFFSET_ZERO = sql`0` as unknown as number;

/**
 * /explore's two statements (also EXPLAINed by bench:search): a page of cards with what
 * confirming a time needs, in the search's order, and the capped count, at most
 * COUNT_CAP + 1 matching rows in any order.
 *
 * With a time, the count reads candidates that meet the listing conditions in the page's
 * order behind an optimisation fence (OFFSET 0; the sub-query is named `spaces`, so the
 * calendar test reads its columns), and runs the calendar test on them in that order
 * only until the count is full. In one WHERE, PostgreSQL planned a common word with a
 * time as bitmap scans of the trigram indexes and ran the test on every match before
 * counting: 140 ms at 1 000 000 listings for 'studio', 64 ms at 100 000 for 'harbour';
 * fenced, 8–14 ms (bench/README.md, issue #27).
 */
export function exploreStatements(db: Db, search: ExploreSearch, now: Date) {
  const order = ORDERS[search.sort](search);
  const { listing, calendar } = exploreConditionGroups(search, now);
  const where = and(...listing, calendar ?? undefined);
  const counted = calendar ? { from: db.select().from(spaces).where(and(...listing)).orderBy(...order).offset(OFFSET_ZERO).as("spaces"), where: calendar } : { from: spaces, where };
  return {
    page: (offset: number, size: number) => db.select({ ...spaceCardColumns, ...scheduleColumns }).from(spaces).where(where).orderBy(...order).offset(offset).limit(size),
    count: db.select({ n: sql<number>`count(*)::int` }).from(db.select({ one: sql`1` }).from(counted.from).where(counted.where).limit(COUNT_CAP + 1).as("matches")),
  };
}

/** A histogram bucket of prices: [from, to) in minor units, and how many listings. */
export type PriceBucket = { from: number; to: number; count: number };
export const HISTOGRAM_BUCKETS = 12;
/** The histogram is drawn from at most this many matching listings (the newest), so it never reads the whole table. */
const HISTOGRAM_SAMPLE = 1_000;
const HISTOGRAM_TTL_MS = 60_000;
const HISTOGRAM_CACHE_SIZE = 500;
const histogramCache = new Map<string, { at: number; db: Db; buckets: Promise<PriceBucket[]> }>();

/**
 * The price histogram beside the price range (issue #27 point 2): the prices of the
 * listings matching every filter but the price itself and the time, in the chosen
 * currency, in HISTOGRAM_BUCKETS equal buckets from 0 to the highest. Kept a minute per
 * set of filters in the process (a guide, not a count), so paging and changing the time
 * or the price do not draw it again.
 */
export function priceHistogram(db: Db, search: ExploreSearch, now: Date = new Date()): Promise<PriceBucket[]> {
  if (search.problems.length > 0) return Promise.resolve([]);
  const { when: _when, price: _price, min: _min, max: _max, page: _page, sort: _sort, date: _date, time: _time, hours: _hours, problems: _problems, ...rest } = search;
  const key = JSON.stringify([rest, search.when?.kind === "days"]);
  const cached = histogramCache.get(key);
  if (cached && cached.db === db && now.getTime() - cached.at < HISTOGRAM_TTL_MS) return cached.buckets;
  const buckets = drawHistogram(db, search, now);
  if (histogramCache.size >= HISTOGRAM_CACHE_SIZE) histogramCache.delete(histogramCache.keys().next().value!);
  histogramCache.set(key, { at: now.getTime(), db, buckets });
  buckets.catch(() => histogramCache.delete(key));
  return buckets;
}

async function drawHistogram(db: Db, search: ExploreSearch, now: Date): Promise<PriceBucket[]> {
  const priced = pricedColumn(search.when);
  const where = and(
    ...exploreConditions({ ...search, when: null, price: { min: null, max: null } }, now),
    eq(spaces.currency, search.currency as (typeof spaces.$inferSelect)["currency"]),
    // Written so that no price index is taken for it: the newest-first walk stops after the sample.
    sql`coalesce(${priced}, 0) > 0`,
  );
  const sample = db.select({ price: sql<number>`${priced}`.as("price") }).from(spaces).where(where).orderBy(...newestFirst).limit(HISTOGRAM_SAMPLE).as("sample");
  const [row] = await db.select({ prices: sql<number[] | null>`array_agg(${sample.price})` }).from(sample);
  const prices = (row?.prices ?? []).map(Number);
  if (prices.length === 0) return [];
  const top = Math.max(...prices);
  const width = Math.max(1, Math.ceil((top + 1) / HISTOGRAM_BUCKETS));
  const buckets = Array.from({ length: HISTOGRAM_BUCKETS }, (_, i) => ({ from: i * width, to: (i + 1) * width, count: 0 }));
  for (const price of prices) buckets[Math.min(HISTOGRAM_BUCKETS - 1, Math.floor(price / width))]!.count += 1;
  return buckets;
}

/** How many amenity chips /explore shows. */
export const AMENITY_CHIPS = 12;
const AMENITY_SAMPLE = 5_000;
const AMENITY_TTL_MS = 5 * 60_000;
let amenityCache: { at: number; db: Db; names: Promise<string[]> } | null = null;

/**
 * The most used amenities, for the chips: counted over the newest AMENITY_SAMPLE
 * published listings and kept for five minutes (the chips need not be exact to the
 * listing, and the count must not read the whole table on every search).
 */
export function popularAmenities(db: Db, now: Date = new Date()): Promise<string[]> {
  if (amenityCache && amenityCache.db === db && now.getTime() - amenityCache.at < AMENITY_TTL_MS) return amenityCache.names;
  const recent = db.select({ amenities: spaces.amenities }).from(spaces).where(published).orderBy(...newestFirst).limit(AMENITY_SAMPLE).as("recent");
  const names = db
    .execute<{ name: string }>(sql`select a.name from ${recent} cross join lateral unnest(${recent.amenities}) as a(name)
      group by a.name order by count(*) desc, a.name limit ${AMENITY_CHIPS}`)
    .then(({ rows }) => rows.map((row) => row.name));
  amenityCache = { at: now.getTime(), db, names };
  names.catch(() => {
    amenityCache = null;
  });
  return names;
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
