import type * as MapLibreModule from "maplibre-gl";
import type { ExpressionSpecification, FilterSpecification, StyleSpecification } from "maplibre-gl";
import { CITY_AREA_ZOOMS, CITY_AREAS_PATH, CITY_COLORS, readCityAreas, type CityArea } from "../city-areas";
import { destination, type Point } from "../coordinates";

/**
 * MapLibre GL, loaded only by the components that draw a map (issue #27 point 4, ADR 0223),
 * in the browser, on first use: the library, its stylesheet and its worker are their own
 * chunks, so pages without a map never download them. The CSP build runs its worker from a
 * file of our origin (no blob: worker for the page's Content-Security-Policy to allow).
 */
export type MapLibre = typeof MapLibreModule;

let loading: Promise<MapLibre> | null = null;

export function loadMapLibre(): Promise<MapLibre> {
  loading ??= Promise.all([
    import("maplibre-gl/dist/maplibre-gl-csp.js"),
    import("maplibre-gl/dist/maplibre-gl-csp-worker.js?url"),
    import("maplibre-gl/dist/maplibre-gl.css"),
    import("./map.css"),
  ]).then(([library, worker]) => {
    const maplibregl = ((library as { default?: MapLibre }).default ?? library) as MapLibre;
    maplibregl.setWorkerUrl(worker.default);
    return maplibregl;
  });
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

/**
 * The map's style: the tile style URL when MAP_STYLE_URL is set (nothing else is fetched),
 * else the bundled offline basemap — the world's country outlines (world-atlas, Natural
 * Earth 1:110m) drawn as land on water with borders, and the cities of 100 000 inhabitants
 * or more as quiet areas sized by population (ADR 0276, from our own origin). No tiles,
 * fonts or outside network needed; without the city file the map still draws countries.
 */
export async function mapStyle(styleUrl: string | null): Promise<string | StyleSpecification> {
  if (styleUrl) return styleUrl;
  const [{ feature }, topology, cities] = await Promise.all([import("topojson-client"), import("world-atlas/countries-110m.json"), loadCityFeatures()]);
  const data = topology.default as unknown as Parameters<typeof feature>[0];
  const countries = feature(data, (data.objects as Record<string, Parameters<typeof feature>[1]>).countries!);
  // Larger cities first: each zoom's smallest radius drawn (CITY_AREA_ZOOMS), nothing below zoom 3.
  const [first, ...later] = CITY_AREA_ZOOMS;
  const smallest = ["step", ["zoom"], first!.minRadiusM, ...later.flatMap((step) => [step.zoom, step.minRadiusM])] as ExpressionSpecification;
  const areas: FilterSpecification = ["all", ["==", ["geometry-type"], "Polygon"], [">=", ["get", "r"], smallest]];
  const centres: FilterSpecification = ["all", ["==", ["geometry-type"], "Point"], [">=", ["get", "r"], smallest]];
  return {
    version: 8,
    sources: {
      countries: { type: "geojson", data: countries as GeoJSON.FeatureCollection },
      cities: { type: "geojson", data: cities },
    },
    layers: [
      { id: "water", type: "background", paint: { "background-color": "#cfe3f3" } },
      { id: "land", type: "fill", source: "countries", paint: { "fill-color": "#f8fafc" } },
      // The outline under the fill: only its outer half shows, so overlapping cities read as one area.
      { id: "city-outline", type: "line", source: "cities", minzoom: first!.zoom, filter: areas, paint: { "line-color": CITY_COLORS.outline, "line-width": 2 } },
      { id: "city-area", type: "fill", source: "cities", minzoom: first!.zoom, filter: areas, paint: { "fill-color": CITY_COLORS.fill } },
      { id: "borders", type: "line", source: "countries", paint: { "line-color": "#94a3b8", "line-width": 0.7 } },
      // A dot at each centre while the areas are still small; gone once they are plain to see.
      {
        id: "city-centre",
        type: "circle",
        source: "cities",
        minzoom: first!.zoom,
        maxzoom: 9,
        filter: centres,
        paint: { "circle-color": CITY_COLORS.centre, "circle-radius": ["interpolate", ["linear"], ["zoom"], 3, 2, 8, 3] },
      },
    ],
  };
}

let cityFeatures: Promise<GeoJSON.FeatureCollection> | null = null;

/**
 * The city areas as GeoJSON, fetched once per page: a circle (polygon) and a centre (point)
 * per city, radius in `r`. A failed fetch leaves the basemap without cities and is tried
 * again by the next map.
 */
function loadCityFeatures(): Promise<GeoJSON.FeatureCollection> {
  cityFeatures ??= fetch(CITY_AREAS_PATH, { headers: { accept: "application/json" } })
    .then((response) => (response.ok ? response.json() : Promise.reject(new Error(`City areas: ${response.status}`))))
    .then((answer) => cityAreaFeatures(readCityAreas(answer)));
  return cityFeatures.catch(() => {
    cityFeatures = null;
    return { type: "FeatureCollection", features: [] };
  });
}

/** Each city as its circle (32 sides below 10 km, 64 above: within 2 px of a circle up to zoom 13) and its centre. */
export function cityAreaFeatures(cities: CityArea[]): GeoJSON.FeatureCollection {
  const features: GeoJSON.Feature[] = [];
  for (const [lng, lat, r] of cities) {
    const area = circlePolygon({ lat, lng }, r, r < 10_000 ? 32 : 64);
    area.properties = { r };
    features.push(area, { type: "Feature", properties: { r }, geometry: { type: "Point", coordinates: [lng, lat] } });
  }
  return { type: "FeatureCollection", features };
}

/** A circle of `meters` around `center` as a GeoJSON polygon (the public area of a listing). */
export function circlePolygon(center: Point, meters: number, steps = 64): GeoJSON.Feature<GeoJSON.Polygon> {
  const ring = Array.from({ length: steps + 1 }, (_, i) => {
    const point = destination(center, meters, ((i % steps) / steps) * 2 * Math.PI);
    return [point.lng, point.lat];
  });
  return { type: "Feature", properties: {}, geometry: { type: "Polygon", coordinates: [ring] } };
}
