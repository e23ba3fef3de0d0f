import { GEO_MESSAGES, RADIUS_KM, parseBounds, parseCoordinate, type Bounds, type Point } from "./coordinates";

/**
 * The geographic part of /explore's URL (issue #27 points 3 and 4), read without throwing:
 * - `near`: a place the guest typed ("Chicago", "Paris, France"), geocoded by the server;
 * - `lat` and `lng`: 'Near me' (the browser's position);
 * - `radius`: km around that point, 1–500, default 25;
 * - `bounds`: "west,south,east,north" of the map ('Search as I move the map'); west > east
 *   crosses the antimeridian. Bounds replace the radius; the point still orders by distance.
 */
export type GeoParams = {
  near: string;
  lat: string;
  lng: string;
  radius: string;
  bounds: string;
};

export type GeoQuery = {
  /** What the URL said, for the form. */
  params: GeoParams;
  /** The point 'near' names; a place name is resolved on the server (resolveGeoQuery). */
  point: Point | null;
  /** A place name still to geocode. */
  place: string | null;
  radiusKm: number;
  bounds: Bounds | null;
  problems: string[];
};

/** A resolved geographic filter (geo-filter.server.ts turns it into SQL). */
export type GeoFilter = {
  /** The point distances are measured from ('near', 'Near me', or the map's centre). */
  center: Point | null;
  /** Around `center` when there are no bounds. */
  radiusKm: number;
  /** The map's box; replaces the radius. */
  bounds: Bounds | null;
};

export const GEO_PARAM_NAMES = ["near", "lat", "lng", "radius", "bounds"] as const;
export const MAX_PLACE_LENGTH = 100;

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

function first(params: URLSearchParams, name: string): string {
  return (params.get(name) ?? "").replace(CONTROL_CHARACTERS, "").trim().slice(0, 200);
}

export function parseGeoParams(params: URLSearchParams): GeoQuery {
  const raw: GeoParams = {
    near: first(params, "near").replace(/\s+/g, " ").slice(0, MAX_PLACE_LENGTH),
    lat: first(params, "lat"),
    lng: first(params, "lng"),
    radius: first(params, "radius"),
    bounds: first(params, "bounds"),
  };
  const problems: string[] = [];

  let point: Point | null = null;
  if (raw.lat !== "" || raw.lng !== "") {
    const lat = parseCoordinate(raw.lat, 90);
    const lng = parseCoordinate(raw.lng, 180);
    if (lat === null) problems.push(GEO_MESSAGES.latitude);
    if (lng === null) problems.push(GEO_MESSAGES.longitude);
    if (lat !== null && lng !== null) point = { lat, lng };
  }

  let radiusKm: number = RADIUS_KM.default;
  if (raw.radius !== "") {
    const radius = /^\d{1,6}(\.\d{1,3})?$/.test(raw.radius) ? Number(raw.radius) : Number.NaN;
    if (!(radius >= RADIUS_KM.min && radius <= RADIUS_KM.max)) problems.push(GEO_MESSAGES.radius);
    else radiusKm = radius;
  }

  let bounds: Bounds | null = null;
  if (raw.bounds !== "") {
    bounds = parseBounds(raw.bounds);
    if (!bounds) problems.push(GEO_MESSAGES.bounds);
  }

  return { params: raw, point, place: point ? null : raw.near || null, radiusKm, bounds, problems };
}

/** Whether the query filters by place at all (a radius around a point, or bounds). */
export function hasGeoFilter(query: Pick<GeoQuery, "point" | "place" | "bounds">): boolean {
  return query.point !== null || query.place !== null || query.bounds !== null;
}
