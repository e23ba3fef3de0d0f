import { and, avg, count, desc, eq, gt, gte, ilike, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import { bookings } from "~/db/schema/bookings";
import { cities } from "~/db/schema/catalog";
import { spaces } from "~/db/schema/listings";
import { reviews } from "~/db/schema/reviews";
import { spaceCardColumns } from "~/features/listings/card-columns.server";
import type { SpaceCardData } from "~/features/listings/card";
import type { Db } from "~/lib/db.server";
import { CITY_PAGE_SIZE } from "./known-cities";

/** Which listings belong to a city page. */
export type CityMatch =
  | { kind: "contains"; terms: string[] } // location contains any of the terms (case-insensitive)
  | { kind: "exact"; name: string }; // location is the name, alone or followed by ", <region>"

function escapeLike(text: string) {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

export function cityCondition(match: CityMatch): SQL {
  if (match.kind === "contains") {
    return or(...match.terms.map((term) => ilike(spaces.location, `%${escapeLike(term)}%`)))!;
  }
  // "New York" and "New York, NY" (the part before the first comma), served by spaces_city_key_idx.
  return sql`lower(split_part(${spaces.location}, ',', 1)) = lower(${match.name})`;
}

/** A city's row from `cities` (docs/product.md#cities: read cities by slug), or null. */
export async function getCityBySlug(db: Db, slug: string) {
  const [row] = await db.select().from(cities).where(eq(cities.slug, slug.slice(0, 100)));
  return row ?? null;
}

/** Counting stops here: a city page says "1,000+ listings" rather than counting every match (ADR 0043). */
export const CITY_COUNT_CAP = 1_000;

/**
 * One page of a city's published listings, newest first, with the number of
 * matches (up to CITY_COUNT_CAP; `totalCapped` when there are more); paginated
 * in SQL. The page and the count are read at the same time; only a page number
 * past the end costs a second read.
 */
export async function listCitySpaces(
  db: Db,
  { match, type = null, page = 1, pageSize = CITY_PAGE_SIZE }: { match: CityMatch; type?: string | null; page?: number; pageSize?: number },
): Promise<{ spaces: SpaceCardData[]; total: number; totalCapped: boolean; page: number; pageCount: number }> {
  const where = and(eq(spaces.isPublished, true), cityCondition(match), type ? eq(spaces.type, type) : undefined);
  const readPage = (n: number) =>
    db
      .select(spaceCardColumns)
      .from(spaces)
      .where(where)
      .orderBy(desc(spaces.createdAt), desc(spaces.id))
      .limit(pageSize)
      .offset((n - 1) * pageSize);
  const capped = db
    .select({ one: sql`1` })
    .from(spaces)
    .where(where)
    .limit(CITY_COUNT_CAP + 1)
    .as("capped");
  const asked = Math.max(1, Math.trunc(page) || 1);
  const [[totalRow], firstRead] = await Promise.all([db.select({ value: count() }).from(capped), readPage(Math.min(asked, Math.ceil(CITY_COUNT_CAP / pageSize)))]);
  const found = Number(totalRow?.value ?? 0);
  const total = Math.min(found, CITY_COUNT_CAP);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(asked, pageCount);
  const rows = current === Math.min(asked, Math.ceil(CITY_COUNT_CAP / pageSize)) ? firstRead : await readPage(current);
  return { spaces: rows, total, totalCapped: found > CITY_COUNT_CAP, page: current, pageCount };
}

export type CityStats = {
  availableCount: number;
  /** Mean hourly price in minor units of `rateCurrency` (the city's most common currency). */
  averageHourlyRate: number | null;
  rateCurrency: string;
  monthlyBookings: number;
  averageRating: number | null;
  reviewCount: number;
};

const MONTH_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * A city page's figures (ADR 0041), all from real rows: published listings that
 * are available and accepting bookings; the mean hourly price of the city's
 * published listings; bookings (confirmed or completed) starting in the 30 days
 * before `now`; and the mean of the city's review ratings.
 */
export async function cityStats(db: Db, match: CityMatch, now: Date = new Date()): Promise<CityStats> {
  const inCity = and(eq(spaces.isPublished, true), cityCondition(match));
  const [listingRow] = await db
    .select({
      availableCount: sql<number>`count(*) filter (where ${spaces.available} and ${spaces.status} = 'available')`,
    })
    .from(spaces)
    .where(inCity);
  // Prices are minor units of each listing's currency: average within the city's most common one.
  const [rateRow] = await db
    .select({
      currency: spaces.currency,
      average: sql<string | null>`round(avg(${spaces.hourlyPrice}))`,
    })
    .from(spaces)
    .where(and(inCity, gt(spaces.hourlyPrice, 0)))
    .groupBy(spaces.currency)
    .orderBy(sql`count(*) desc`, spaces.currency)
    .limit(1);
  const [bookingRow] = await db
    .select({ value: count() })
    .from(bookings)
    .innerJoin(spaces, eq(spaces.id, bookings.spaceId))
    .where(
      and(
        inCity,
        inArray(bookings.status, ["confirmed", "completed"]),
        gte(bookings.startTime, new Date(now.getTime() - MONTH_MS)),
        lt(bookings.startTime, now),
      ),
    );
  const [reviewRow] = await db
    .select({ average: avg(reviews.rating), value: count() })
    .from(reviews)
    .innerJoin(spaces, eq(spaces.id, reviews.spaceId))
    .where(and(inCity, gt(reviews.rating, 0), eq(reviews.counted, true)));
  return {
    availableCount: Number(listingRow?.availableCount ?? 0),
    averageHourlyRate: rateRow?.average == null ? null : Number(rateRow.average),
    rateCurrency: rateRow?.currency ?? "USD",
    monthlyBookings: Number(bookingRow?.value ?? 0),
    averageRating: reviewRow?.average == null ? null : Number(reviewRow.average),
    reviewCount: Number(reviewRow?.value ?? 0),
  };
}
