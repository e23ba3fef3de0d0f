import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { CITY_AREA_MIN_POPULATION, CITY_AREA_RADIUS_M, cityAreaRadiusM, type CityArea, type CityAreasAnswer } from "~/features/geo/city-areas";
import { loader } from "./map-cities-json";

/** GET /map/cities.json: the offline basemap's city areas (issue #27 point 4, ADR 0276). */
function get(headers: Record<string, string> = {}) {
  return loader({ request: new Request("http://localhost/map/cities.json", { headers }) } as never);
}

/** The city whose centre is at these coordinates (the file rounds them to 0.01°). */
function at(cities: CityArea[], lng: number, lat: number) {
  return cities.find(([x, y]) => Math.abs(x - lng) < 0.006 && Math.abs(y - lat) < 0.006);
}

const areaKm2 = (radiusM: number) => Math.PI * (radiusM / 1000) ** 2;

describe("/map/cities.json", () => {
  it("has the world's large cities, the bigger one drawn larger, and none below the threshold", async () => {
    const response = get();
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    const { cities } = (await response.json()) as CityAreasAnswer;

    const tokyo = at(cities, 139.69, 35.69);
    const chicago = at(cities, -87.65, 41.85);
    const paris = at(cities, 2.35, 48.85);
    expect(tokyo && chicago && paris).toBeTruthy();
    // Tokyo (8.3 M inhabitants) > Chicago (2.7 M) > Paris (2.1 M, the city proper).
    expect(tokyo![2]).toBeGreaterThan(chicago![2]);
    expect(chicago![2]).toBeGreaterThan(paris![2]);
    // The area follows the population: Tokyo's is about three times Chicago's, and city-sized.
    expect(areaKm2(tokyo![2]) / areaKm2(chicago![2])).toBeCloseTo(8_336_599 / 2_720_546, 0);
    expect(areaKm2(chicago![2])).toBeGreaterThan(400);
    expect(areaKm2(chicago![2])).toBeLessThan(2_000);
    // Naperville (147 000) is drawn; Evanston (76 000) and Versailles (85 000) are not.
    expect(at(cities, -88.15, 41.79)).toBeDefined();
    expect(at(cities, -87.69, 42.04)).toBeUndefined();
    expect(at(cities, 2.13, 48.8)).toBeUndefined();

    const smallest = cityAreaRadiusM(CITY_AREA_MIN_POPULATION);
    expect(cities.length).toBeGreaterThan(3_000);
    expect(cities.length).toBeLessThan(6_000);
    for (const [lng, lat, radiusM] of cities) {
      expect(Math.abs(lng)).toBeLessThanOrEqual(180);
      expect(Math.abs(lat)).toBeLessThanOrEqual(90);
      expect(radiusM).toBeGreaterThanOrEqual(smallest);
      expect(radiusM).toBeLessThanOrEqual(CITY_AREA_RADIUS_M.max);
    }
    // Larger cities first.
    expect(cities.map((city) => city[2])).toEqual(cities.map((city) => city[2]).sort((a, b) => b - a));
  });

  it("is small enough to fetch with every offline map, and cached for a week with an ETag", async () => {
    const response = get();
    const body = await response.text();
    expect(gzipSync(body).length).toBeLessThan(40_000);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=604800, stale-while-revalidate=86400");
    const etag = response.headers.get("ETag");
    expect(etag).toMatch(/^"[\w-]{20,}"$/);

    // The same bytes and ETag every time; a browser holding them gets a 304 with no body.
    expect(get().headers.get("ETag")).toBe(etag);
    const again = get({ "If-None-Match": `W/${etag}` });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect(again.headers.get("Cache-Control")).toBe(response.headers.get("Cache-Control"));
    expect(get({ "If-None-Match": '"something-else"' }).status).toBe(200);
  });
});
