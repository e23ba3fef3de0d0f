import type * as MapLibreModule from "maplibre-gl";
import type { ExpressionSpecification, FilterSpecification, GeoJSONSource, Map as MapLibreMap, StyleSpecification } from "maplibre-gl";
import { CITY_AREA_ZOOMS, CITY_AREAS_PATH, CITY_COLORS, readCityAreas, type CityArea } from "../city-areas";
import { destination, type Point } from "../coordinates";
import { msg } from "@lingui/core/macro";
import type { Translate } from "~/features/i18n/translate";

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
 * MapLibre's own texts in the page's language, for a map's `locale` option: the names of
 * the canvas, the zoom buttons and markers that screen readers say, and the hint shown
 * when a scroll or one finger would move the page rather than the map.
 */
export function mapTexts(_: Translate): Record<string, string> {
  return {
    "Map.Title": _(msg`Map`),
    "Marker.Title": _(msg`Map marker`),
    "Popup.Close": _(msg`Close popup`),
    "NavigationControl.ZoomIn": _(msg`Zoom in`),
    "NavigationControl.ZoomOut": _(msg`Zoom out`),
    "NavigationControl.ResetBearing": _(msg`Drag to rotate map, click to reset north`),
    "CooperativeGesturesHandler.WindowsHelpText": _(msg`Use Ctrl + scroll to zoom the map`),
    "CooperativeGesturesHandler.MacHelpText": _(msg`Use ⌘ + scroll to zoom the map`),
    "CooperativeGesturesHandler.MobileHelpText": _(msg`Use two fingers to move the map`),
  };
}

const NO_FEATURES: GeoJSON.FeatureCollection = { type: "FeatureCollection", features: [] };

/**
 * The map's style: the tile style URL when MAP_STYLE_URL is set (nothing else is fetched),
 * else the bundled offline basemap — the world's country outlines (world-atlas, Natural
 * Earth 1:110m) drawn as land on water with borders, and the cities of 100 000 inhabitants
 * or more as quiet areas sized by population (ADR 0276, from our own origin). No tiles,
 * fonts or outside network needed; without the city file the map still draws countries.
 *
 * The city areas' source starts empty: `drawCityAreas` fills it once the map is first idle. Their 4 000 circles took about 40 % of the time before the explore map's
 * pins showed, and held the page's main thread while a guest was already leaving it (a
 * tap on 'Contact Host' next to a listing's map); the basemap's decoration comes after.
 */
export async function mapStyle(styleUrl: string | null): Promise<string | StyleSpecification> {
  if (styleUrl) return styleUrl;
  // The city file is fetched meanwhile; its circles are drawn later (drawCityAreas).
  void loadCityAreas();
  const [{ feature }, topology] = await Promise.all([import("topojson-client"), import("world-atlas/countries-110m.json")]);
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
      cities: { type: "geojson", data: NO_FEATURES },
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

/**
 * Fills the offline basemap's city areas on a new `map` once it is first idle (its style,
 * countries and content drawn: the explore map's pins come first): nothing on a tile
 * style (no "cities" source), nor on a map removed meanwhile.
 */
export function drawCityAreas(map: MapLibreMap) {
  map.once("idle", () => {
    if (!map.getSource("cities")) return;
    void cityAreasData().then((data) => {
      // A map removed while the circles were made has no style left to take them.
      if (!map.getStyle()) return;
      (map.getSource("cities") as GeoJSONSource | undefined)?.setData(data);
    });
  });
}

let cityFile: Promise<CityArea[]> | null = null;
let cityFeatures: Promise<GeoJSON.FeatureCollection> | null = null;

/** The city file, fetched once per page. A failed fetch is tried again by the next map. */
function loadCityAreas(): Promise<CityArea[]> {
  cityFile ??= fetch(CITY_AREAS_PATH, { headers: { accept: "application/json" } })
    .then((response) => (response.ok ? response.json() : Promise.reject(new Error(`City areas: ${response.status}`))))
    .then((answer) => readCityAreas(answer));
  return cityFile.catch(() => {
    cityFile = null;
    return [];
  });
}

/**
 * The city areas as GeoJSON, made once per page: a circle (polygon) and a centre (point)
 * per city, radius in `r`. Without the city file, none (the basemap draws countries).
 */
export function cityAreasData(): Promise<GeoJSON.FeatureCollection> {
  const made = (cityFeatures ??= loadCityAreas().then((cities) => cityAreaFeatures(cities)));
  return made.then((data) => {
    if (data.features.length === 0) cityFeatures = null;
    return data;
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
