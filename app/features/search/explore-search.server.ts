import { resolveGeoQuery } from "~/features/geo/geo-filter.server";
import type { Geocoder } from "~/features/geo/geocoder.server";
import { parseGeoParams } from "~/features/geo/geo-params";
import { parseExploreSearch, type ExploreSearch } from "./search-params";

/**
 * /explore's whole search from its query string: the filters (search-params.ts) and where
 * (issue #27 point 3: a place geocoded, a point, a radius, a map's bounds), with the
 * problems of both. Geocoding may call a geocoder over HTTP: never inside a transaction.
 * The explore page and the saved-search alerts read a search through this one function.
 */
export async function resolveExploreSearch(params: URLSearchParams, now: Date, coder?: Geocoder): Promise<ExploreSearch> {
  const search = parseExploreSearch(params, now);
  const geoQuery = parseGeoParams(params);
  const geo = await resolveGeoQuery(geoQuery, coder);
  return Object.assign(search, geoQuery.params, { geo: geo.filter, problems: [...search.problems, ...geo.problems] });
}
