import { translatable } from "~/features/i18n/translatable";

/**
 * Coordinates (issue #27 points 3 and 4, ADRs 0221 and 0222): pure helpers safe on both
 * sides — validation, distance, the public approximate point, and a search's geographic
 * part (near a point within a radius, or inside map bounds).
 */

export type Point = { lat: number; lng: number };

/** Map bounds: west, south, east, north. `west > east` means the box crosses the antimeridian. */
export type Bounds = {
  west: number;
  south: number;
  east: number;
  north: number;
};

export const EARTH_RADIUS_KM = 6371.0088;
/** How far the public point is from the exact one: 300–700 m (ADR 0221). */
export const PUBLIC_OFFSET_M = { min: 300, max: 700 } as const;
/** The radius of the public circle: it always contains the exact point. */
export const APPROX_RADIUS_M = 1000;
/** Search radius in km: at least 1, at most 500 (a larger circle is a map view, not a 'near'). */
export const RADIUS_KM = { min: 1, max: 500, default: 25 } as const;

export const GEO_MESSAGES = {
  latitude: translatable("Latitude must be a number between -90 and 90"),
  longitude: translatable("Longitude must be a number between -180 and 180"),
  pinPair: translatable("Please set both latitude and longitude, or neither"),
  // RADIUS_KM.min and .max.
  radius: translatable("The distance must be between 1 and 500 km"),
  // prettier-ignore
  place: translatable("We could not find that place — try a city name, for example Chicago or Paris"),
  bounds: translatable("The map area is not valid — please move the map again"),
  // prettier-ignore
  distanceNeedsPoint: translatable("Pick a place or use 'Near me' to sort by distance"),
} as const;

/** A coordinate written plainly: optional minus, digits, optional decimals (no exponents, hex or Infinity). */
const NUMBER_RE = /^-?\d{1,3}(\.\d{1,12})?$/;

export function parseCoordinate(value: string, limit: 90 | 180): number | null {
  const text = value.trim();
  if (!NUMBER_RE.test(text)) return null;
  const number = Number(text);
  return Number.isFinite(number) && Math.abs(number) <= limit ? number : null;
}

export function isPoint(point: Point): boolean {
  return (
    Number.isFinite(point.lat) &&
    Number.isFinite(point.lng) &&
    Math.abs(point.lat) <= 90 &&
    Math.abs(point.lng) <= 180
  );
}

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
const toDegrees = (radians: number) => (radians * 180) / Math.PI;

/** Great-circle distance in km (haversine); the SQL in geo-filter.server.ts computes the same. */
export function distanceKm(a: Point, b: Point): number {
  const dLat = toRadians(b.lat - a.lat);
  const dLng = toRadians(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(a.lat)) *
      Math.cos(toRadians(b.lat)) *
      Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Longitude folded into -180..180. */
export function wrapLng(lng: number): number {
  const wrapped = ((((lng + 180) % 360) + 360) % 360) - 180;
  return wrapped === -180 && lng > 0 ? 180 : wrapped;
}

/** The point `meters` away from `from` in the direction `bearing` (radians from north). */
export function destination(
  from: Point,
  meters: number,
  bearing: number,
): Point {
  const angular = meters / 1000 / EARTH_RADIUS_KM;
  const lat1 = toRadians(from.lat);
  const lng1 = toRadians(from.lng);
  const lat2 = Math.asin(
    Math.sin(lat1) * Math.cos(angular) +
      Math.cos(lat1) * Math.sin(angular) * Math.cos(bearing),
  );
  const lng2 =
    lng1 +
    Math.atan2(
      Math.sin(bearing) * Math.sin(angular) * Math.cos(lat1),
      Math.cos(angular) - Math.sin(lat1) * Math.sin(lat2),
    );
  return {
    lat: Math.max(-90, Math.min(90, toDegrees(lat2))),
    lng: wrapLng(toDegrees(lng2)),
  };
}

const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

/**
 * The public point of a listing (ADR 0221): its exact point moved 300–700 m in a direction
 * fixed per listing. `bearingFraction` and `distanceFraction` (each in [0, 1)) come from a
 * hash of the listing's id (app/features/geo/listing-point.server.ts, and the same md5 in
 * migration 0019), so saving again or averaging many page views reveals nothing more; the
 * exact point is always inside the 1 km public circle.
 */
export function offsetPoint(
  exact: Point,
  bearingFraction: number,
  distanceFraction: number,
): Point {
  const meters =
    PUBLIC_OFFSET_M.min +
    distanceFraction * (PUBLIC_OFFSET_M.max - PUBLIC_OFFSET_M.min);
  const moved = destination(exact, meters, bearingFraction * 2 * Math.PI);
  return { lat: round6(moved.lat), lng: round6(moved.lng) };
}

/** The box around a circle: latitude ± r, longitude ± r / cos(lat); whole longitudes near a pole. */
export function boxAround(
  center: Point,
  radiusKm: number,
): {
  south: number;
  north: number;
  west: number;
  east: number;
  allLongitudes: boolean;
} {
  const dLat = toDegrees(radiusKm / EARTH_RADIUS_KM);
  const south = Math.max(-90, center.lat - dLat);
  const north = Math.min(90, center.lat + dLat);
  const maxAbsLat = Math.max(Math.abs(south), Math.abs(north));
  if (maxAbsLat >= 89.9)
    return { south, north, west: -180, east: 180, allLongitudes: true };
  // The widest longitude span of the circle (at the latitude where it is widest).
  const sinRatio =
    Math.sin(radiusKm / EARTH_RADIUS_KM) / Math.cos(toRadians(center.lat));
  if (sinRatio >= 1)
    return { south, north, west: -180, east: 180, allLongitudes: true };
  const dLng = toDegrees(Math.asin(sinRatio));
  if (dLng >= 180)
    return { south, north, west: -180, east: 180, allLongitudes: true };
  return {
    south,
    north,
    west: wrapLng(center.lng - dLng),
    east: wrapLng(center.lng + dLng),
    allLongitudes: false,
  };
}

/** Reads "west,south,east,north" (the map's URL form); null when it is not a valid box. */
export function parseBounds(value: string): Bounds | null {
  const parts = value.split(",");
  if (parts.length !== 4) return null;
  const [west, south, east, north] = [
    parseCoordinate(parts[0] ?? "", 180),
    parseCoordinate(parts[1] ?? "", 90),
    parseCoordinate(parts[2] ?? "", 180),
    parseCoordinate(parts[3] ?? "", 90),
  ];
  if (west === null || south === null || east === null || north === null)
    return null;
  if (south >= north || west === east) return null;
  return { west, south, east, north };
}

/** Bounds as they travel in a URL: 5 decimals (about a metre). */
export function formatBounds(bounds: Bounds): string {
  const f = (value: number) => String(Math.round(value * 1e5) / 1e5);
  return [
    f(bounds.west),
    f(bounds.south),
    f(bounds.east),
    f(bounds.north),
  ].join(",");
}

/** Whether a point lies in the bounds, the antimeridian case included. */
export function inBounds(point: Point, bounds: Bounds): boolean {
  if (point.lat < bounds.south || point.lat > bounds.north) return false;
  return bounds.west <= bounds.east
    ? point.lng >= bounds.west && point.lng <= bounds.east
    : point.lng >= bounds.west || point.lng <= bounds.east;
}
