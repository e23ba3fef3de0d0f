import type * as MapLibreModule from "maplibre-gl";
import type { StyleSpecification } from "maplibre-gl";
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
 * The map's style: the tile style URL when MAP_STYLE_URL is set, else the bundled offline
 * basemap — the world's country outlines (world-atlas, Natural Earth 1:110m) as a GeoJSON
 * source, drawn as land on water with borders. No tiles, fonts or network needed.
 */
export async function mapStyle(styleUrl: string | null): Promise<string | StyleSpecification> {
  if (styleUrl) return styleUrl;
  const [{ feature }, topology] = await Promise.all([import("topojson-client"), import("world-atlas/countries-110m.json")]);
  const data = topology.default as unknown as Parameters<typeof feature>[0];
  const countries = feature(data, (data.objects as Record<string, Parameters<typeof feature>[1]>).countries!);
  return {
    version: 8,
    sources: { countries: { type: "geojson", data: countries as GeoJSON.FeatureCollection } },
    layers: [
      { id: "water", type: "background", paint: { "background-color": "#cfe3f3" } },
      { id: "land", type: "fill", source: "countries", paint: { "fill-color": "#f8fafc" } },
      { id: "borders", type: "line", source: "countries", paint: { "line-color": "#94a3b8", "line-width": 0.7 } },
    ],
  };
}

/** A circle of `meters` around `center` as a GeoJSON polygon (the public area of a listing). */
export function circlePolygon(center: Point, meters: number, steps = 64): GeoJSON.Feature<GeoJSON.Polygon> {
  const ring = Array.from({ length: steps + 1 }, (_, i) => {
    const point = destination(center, meters, ((i % steps) / steps) * 2 * Math.PI);
    return [point.lng, point.lat];
  });
  return { type: "Feature", properties: {}, geometry: { type: "Polygon", coordinates: [ring] } };
}
