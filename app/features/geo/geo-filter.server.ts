import { and, asc, eq, gte, lte, or, sql, type SQL } from "drizzle-orm";
import { spaces } from "~/db/schema/listings";
import type { Db } from "~/lib/db.server";
import { boxAround, EARTH_RADIUS_KM, GEO_MESSAGES, type Bounds, type Point } from "./coordinates";
import { geocoder, type Geocoder } from "./geocoder.server";
import type { GeoFilter, GeoQuery } from "./geo-params";

export type { GeoFilter };

/**
 * The geographic part of a search in SQL (issue #27 points 3 and 4, ADR 0222): plain SQL on
 * the public coordinates, no extension. A circle is first its bounding box — a range on the
 * indexed public latitude with the longitude checked inside the index (spaces_public_geo_idx)
 * — then the haversine distance; bounds are the same range, split in two longitude ranges
 * when they cross the antimeridian. Only the public (approximate) point is ever compared, so
 * no search can narrow a listing down to closer than its public circle.
 */

/** Turns the URL's query into a filter, geocoding a place name (outside any transaction). */
export async function resolveGeoQuery(
  query: GeoQuery,
  coder: Geocoder = geocoder(),
): Promise<{ filter: GeoFilter | null; problems: string[]; placeFound: boolean }> {
  if (query.problems.length > 0) return { filter: null, problems: query.problems, placeFound: false };
  let center = query.point;
  if (!center && query.place) {
    center = await coder.geocodePlace(query.place);
    if (!center) return { filter: null, problems: [GEO_MESSAGES.place], placeFound: false };
  }
  if (!center && !query.bounds) return { filter: null, problems: [], placeFound: false };
  return { filter: { center: center ?? boundsCenter(query.bounds!), radiusKm: query.radiusKm, bounds: query.bounds }, problems: [], placeFound: center !== null };
}

export function boundsCenter(bounds: Bounds): Point {
  const east = bounds.west <= bounds.east ? bounds.east : bounds.east + 360;
  const lng = (bounds.west + east) / 2;
  return { lat: (bounds.south + bounds.north) / 2, lng: lng > 180 ? lng - 360 : lng };
}

const lat = spaces.publicLatitude;
const lng = spaces.publicLongitude;

/** Great-circle km from `center` to the listing's public point (the haversine of coordinates.ts). */
export function distanceKmSql(center: Point): SQL<number> {
  return sql<number>`(2 * ${EARTH_RADIUS_KM}::float8 * asin(least(1::float8, sqrt(power(sin(radians(${lat} - ${center.lat}::float8) / 2), 2) + cos(radians(${center.lat}::float8)) * cos(radians(${lat})) * power(sin(radians(${lng} - ${center.lng}::float8) / 2), 2)))))`;
}

function longitudeRange(west: number, east: number): SQL | undefined {
  if (west <= east) return and(gte(lng, west), lte(lng, east));
  // Across the antimeridian: from west to 180, and from -180 to east.
  return or(gte(lng, west), lte(lng, east));
}

/**
 * The conditions of a geographic filter, to AND with the others. Every one starts with a
 * range on the public latitude, so no geographic search reads the whole table.
 */
export function geoConditions(filter: GeoFilter | null): SQL[] {
  if (!filter) return [];
  if (filter.bounds) {
    const { west, south, east, north } = filter.bounds;
    return [gte(lat, south), lte(lat, north), longitudeRange(west, east)].filter((c): c is SQL => c !== undefined);
  }
  if (!filter.center) return [];
  const box = boxAround(filter.center, filter.radiusKm);
  const conditions: SQL[] = [gte(lat, box.south), lte(lat, box.north)];
  if (!box.allLongitudes) {
    const range = longitudeRange(box.west, box.east);
    if (range) conditions.push(range);
  }
  conditions.push(sql`${distanceKmSql(filter.center)} <= ${filter.radiusKm}::float8`);
  return conditions;
}

/** Nearest first (ties by id), for the 'distance' sort; empty without a point. */
export function distanceOrder(filter: GeoFilter | null): SQL[] {
  if (!filter?.center) return [];
  return [asc(distanceKmSql(filter.center)), asc(spaces.id)];
}

/** A listing's distance, rounded to 0.1 km, to show on a card (null without a point). */
export function distanceColumn(filter: GeoFilter | null) {
  return filter?.center ? sql<number>`round(${distanceKmSql(filter.center)}::numeric, 1)::float8` : sql<null>`null::float8`;
}

export const MAP_PIN_LIMIT = 500;

export type MapPin = {
  id: string;
  title: string;
  location: string;
  lat: number;
  lng: number;
  hourlyPrice: number | null;
  dailyPrice: number | null;
  currency: string;
};

/**
 * The map's pins (public points only): published listings in the filter's area and meeting
 * `extra` conditions, at most 500, nearest the centre first.
 */
export async function listMapPins(db: Db, filter: GeoFilter, extra: Array<SQL | undefined> = [], limit = MAP_PIN_LIMIT): Promise<MapPin[]> {
  const rows = await db
    .select({
      id: spaces.id,
      title: spaces.title,
      location: spaces.location,
      lat: spaces.publicLatitude,
      lng: spaces.publicLongitude,
      hourlyPrice: spaces.hourlyPrice,
      dailyPrice: spaces.dailyPrice,
      currency: spaces.currency,
    })
    .from(spaces)
    .where(and(eq(spaces.isPublished, true), sql`${spaces.publicLatitude} is not null`, ...geoConditions(filter), ...extra))
    .orderBy(...distanceOrder(filter))
    .limit(Math.min(limit, MAP_PIN_LIMIT));
  return rows.flatMap((row) => (row.lat === null || row.lng === null ? [] : [{ ...row, lat: row.lat, lng: row.lng }]));
}
