import { and, asc, eq, gte, lte, or, sql, type SQL } from "drizzle-orm";
import { spaces } from "~/db/schema/listings";
import type { Db } from "~/lib/db.server";
import { boxAround, EARTH_RADIUS_KM, GEO_MESSAGES, wrapLng, type Bounds, type Point } from "./coordinates";
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

/** A map view with more matching listings than this is narrowed around its centre before the distance sort. */
export const CENTRAL_CANDIDATES = 2_000;

function boundsWidth(bounds: Bounds) {
  return bounds.west <= bounds.east ? bounds.east - bounds.west : bounds.east + 360 - bounds.west;
}

/** The bounds halved in both directions around `center` (kept inside the original bounds' latitudes). */
function halve(bounds: Bounds, center: Point, original: Bounds): Bounds {
  const halfWidth = boundsWidth(bounds) / 4;
  const halfHeight = (bounds.north - bounds.south) / 4;
  return {
    west: wrapLng(center.lng - halfWidth),
    east: wrapLng(center.lng + halfWidth),
    south: Math.max(original.south, center.lat - halfHeight),
    north: Math.min(original.north, center.lat + halfHeight),
  };
}

async function countUpTo(db: Db, where: SQL | undefined, limit: number) {
  const inner = db.select({ one: sql`1` }).from(spaces).where(where).limit(limit);
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(inner.as("candidates"));
  return Number(row?.n ?? 0);
}

/**
 * The map's pins (public points only): published listings in the filter's area and meeting
 * `extra` conditions, at most 500, nearest the centre first. A wide view (a continent, the
 * world) is first narrowed around its centre — halving the box while more than 2 000
 * listings match, each test a count that stops at 2 001 — so the distance sort never
 * reads more than a few thousand rows (ADR 0222).
 */
export async function listMapPins(db: Db, filter: GeoFilter, extra: Array<SQL | undefined> = [], limit = MAP_PIN_LIMIT): Promise<MapPin[]> {
  const base = [eq(spaces.isPublished, true), sql`${spaces.publicLatitude} is not null`, ...extra];
  let area = filter;
  if (filter.bounds && filter.center) {
    const center = filter.center;
    for (let step = 0; step < 16; step++) {
      const found = await countUpTo(db, and(...base, ...geoConditions(area)), CENTRAL_CANDIDATES + 1);
      if (found <= CENTRAL_CANDIDATES || !area.bounds || boundsWidth(area.bounds) < 0.01) break;
      area = { ...area, bounds: halve(area.bounds, center, filter.bounds) };
    }
  }
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
    .where(and(...base, ...geoConditions(area)))
    .orderBy(...distanceOrder(area))
    .limit(Math.min(limit, MAP_PIN_LIMIT));
  return rows.flatMap((row) => (row.lat === null || row.lng === null ? [] : [{ ...row, lat: row.lat, lng: row.lng }]));
}
