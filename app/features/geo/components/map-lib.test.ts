import { featureFilter, validateStyleMin, type FilterSpecification, type StyleSpecification } from "@maplibre/maplibre-gl-style-spec";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CITY_AREAS_PATH, cityAreaRadiusM, type CityArea } from "../city-areas";
import { distanceKm } from "../coordinates";

/** The offline basemap's style (issue #27 point 4, ADRs 0223 and 0276), checked by MapLibre's own style validator. */

const TOKYO: CityArea = [139.69, 35.69, cityAreaRadiusM(8_336_599)];
const OSLO: CityArea = [10.75, 59.91, cityAreaRadiusM(580_000)];
const NAPERVILLE: CityArea = [-88.15, 41.79, cityAreaRadiusM(147_100)];

let fetched: string[] = [];

function serve(answer: () => Response) {
  fetched = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      fetched.push(url);
      return answer();
    }),
  );
}

/** map-lib keeps the city areas once per page: each test gets a fresh module, as a fresh page would. */
async function freshMapLib() {
  vi.resetModules();
  return import("./map-lib");
}

beforeEach(() => serve(() => Response.json({ cities: [TOKYO, OSLO, NAPERVILLE] })));
afterEach(() => vi.unstubAllGlobals());

describe("the offline basemap", () => {
  it("draws the cities of /map/cities.json as areas between the land and the borders, larger cities first, once the map is idle", async () => {
    const { mapStyle, cityAreasData } = await freshMapLib();
    const style = (await mapStyle(null)) as StyleSpecification;
    expect(validateStyleMin(style)).toEqual([]);
    expect(style.layers.map((layer) => layer.id)).toEqual(["water", "land", "city-outline", "city-area", "borders", "city-centre"]);
    // The style's city source starts empty; the areas come once the map is idle (drawCityAreas), from one request.
    const source = style.sources.cities as { type: string; data: GeoJSON.FeatureCollection };
    expect(source).toEqual({ type: "geojson", data: { type: "FeatureCollection", features: [] } });
    const data = await cityAreasData();
    expect(fetched).toEqual([CITY_AREAS_PATH]);
    const areas = data.features.filter((feature) => feature.geometry.type === "Polygon") as Array<GeoJSON.Feature<GeoJSON.Polygon>>;
    expect(areas).toHaveLength(3);

    // Each area is a circle of its radius on the ground, also far north (Oslo, 60°).
    for (const [index, [lng, lat, radiusM]] of [TOKYO, OSLO, NAPERVILLE].entries()) {
      const ring = areas[index]!.geometry.coordinates[0]!;
      for (const [x, y] of ring) expect(distanceKm({ lat, lng }, { lat: y!, lng: x! }) * 1000).toBeCloseTo(radiusM, -1);
    }

    // Which cities a layer shows at a zoom, as MapLibre decides it.
    const shownAt = (layerId: string, zoom: number) => {
      const layer = style.layers.find((candidate) => candidate.id === layerId) as { filter: FilterSpecification; minzoom?: number; maxzoom?: number };
      if (zoom < (layer.minzoom ?? 0) || zoom >= (layer.maxzoom ?? 24)) return [];
      const filter = featureFilter(layer.filter);
      return data.features
        .filter((feature) => filter.filter({ zoom }, { type: feature.geometry.type === "Point" ? 1 : 3, properties: feature.properties ?? {} } as never))
        .map((feature) => (feature.properties as { r: number }).r);
    };
    expect(shownAt("city-area", 2)).toEqual([]);
    expect(shownAt("city-area", 3)).toEqual([TOKYO[2]]);
    expect(shownAt("city-area", 5)).toEqual([TOKYO[2], OSLO[2]]);
    expect(shownAt("city-area", 6)).toEqual([TOKYO[2], OSLO[2], NAPERVILLE[2]]);
    expect(shownAt("city-outline", 6)).toEqual(shownAt("city-area", 6));
    expect(shownAt("city-centre", 4)).toEqual([TOKYO[2]]);
    expect(shownAt("city-centre", 12)).toEqual([]);
  });

  it("still draws the countries when the city file cannot be fetched, and asks again for the next map", async () => {
    serve(() => new Response("", { status: 503 }));
    const { mapStyle, cityAreasData } = await freshMapLib();
    const style = (await mapStyle(null)) as StyleSpecification;
    expect(validateStyleMin(style)).toEqual([]);
    expect((style.sources.countries as { data: GeoJSON.FeatureCollection }).data.features.length).toBeGreaterThan(100);
    expect((await cityAreasData()).features).toEqual([]);
    // The file is back: the next map asks for it again and draws the city.
    serve(() => Response.json({ cities: [TOKYO] }));
    expect((await cityAreasData()).features).toHaveLength(2);
    expect(fetched).toEqual([CITY_AREAS_PATH]);
  });

  it("drops malformed cities rather than failing the map", async () => {
    serve(() => Response.json({ cities: [TOKYO, [1, 2], ["x", 1, 5000], [200, 10, 5000], [10, 10, 1e9], null] }));
    const { cityAreasData } = await freshMapLib();
    expect((await cityAreasData()).features).toHaveLength(2);
  });

  it("is replaced whole by MAP_STYLE_URL: no city request", async () => {
    const { mapStyle } = await freshMapLib();
    expect(await mapStyle("https://tiles.example.org/styles/basic/style.json")).toBe("https://tiles.example.org/styles/basic/style.json");
    expect(fetched).toEqual([]);
  });
});
