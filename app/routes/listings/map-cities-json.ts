import { CITY_AREAS_CACHE_CONTROL, cityAreasFile } from "~/features/geo/city-areas.server";
import { logger } from "~/lib/logger.server";
import { etagMatches } from "~/lib/page-cache.server";
import type { Route } from "./+types/map-cities-json";

/**
 * GET /map/cities.json → `{ cities: [[lng, lat, radiusM], …] }`, the offline basemap's city
 * areas (issue #27 point 4, ADR 0276), fetched by the map only when no MAP_STYLE_URL is set.
 * GET only (no action: any other method is a 405). Without it the map still draws countries.
 */
export function loader({ request }: Route.LoaderArgs) {
  try {
    const { body, etag } = cityAreasFile();
    const headers = { "Cache-Control": CITY_AREAS_CACHE_CONTROL, ETag: etag };
    if (etagMatches(request.headers.get("If-None-Match"), etag)) return new Response(null, { status: 304, headers });
    return new Response(body, { headers: { ...headers, "Content-Type": "application/json; charset=utf-8" } });
  } catch (error) {
    logger.error({ err: error }, "City areas failed");
    return Response.json({ cities: [] }, { status: 503, headers: { "Cache-Control": "no-store", "Retry-After": "5" } });
  }
}
