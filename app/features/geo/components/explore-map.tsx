import type { GeoJSONSource, Map as MapLibreMap, Marker } from "maplibre-gl";
import { useEffect, useRef, useState } from "react";
import { msg } from "@lingui/core/macro";
import { useLocale, useTranslate } from "~/features/i18n/use-translate";
import { formatBounds, wrapLng, type Bounds } from "../coordinates";
import type { MapPinData, PinsAnswer } from "../map-pins";
import {
  drawCityAreas,
  loadMapLibre,
  mapStyle,
  mapTexts,
  type MapLibre,
} from "./map-lib";

/**
 * The explore map (issue #27 point 4, ADR 0223): the search's listings as price pins at
 * their public points, clustered (MapLibre's GeoJSON clustering, drawn as HTML markers so
 * each is a real link or button for the keyboard), the hovered card's pin highlighted, and
 * 'Search as I move the map', which writes the map's bounds into the URL. Loaded lazily on
 * /explore only (explore.tsx), in the browser.
 */
export default function ExploreMap({
  query,
  styleUrl,
  highlightId,
  moveSearch,
  onMoveSearchChange,
  onBoundsChange,
}: {
  /** /explore's query string ("?near=Chicago&…"): the pins are that search's. */
  query: string;
  styleUrl: string | null;
  highlightId: string | null;
  moveSearch: boolean;
  onMoveSearchChange: (on: boolean) => void;
  /** The map was moved by the guest with 'Search as I move the map' on: "west,south,east,north". */
  onBoundsChange: (bounds: string) => void;
}) {
  const _ = useTranslate();
  const locale = useLocale();
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MapLibreMap | null>(null);
  const markers = useRef(new Map<string, Marker>());
  const [status, setStatus] = useState<"loading" | "ready" | "failed">(
    "loading",
  );
  const [answer, setAnswer] = useState<PinsAnswer | null>(null);
  const moveSearchRef = useRef(moveSearch);
  const boundsChange = useRef(onBoundsChange);
  const highlightRef = useRef(highlightId);
  useEffect(() => {
    moveSearchRef.current = moveSearch;
    boundsChange.current = onBoundsChange;
    highlightRef.current = highlightId;
  });
  /** Set when the map itself wrote the bounds: its next pins must not move the map again. */
  const ownBounds = useRef<string | null>(null);

  // The map, once.
  useEffect(() => {
    let cancelled = false;
    let map: MapLibreMap | null = null;
    const shown = markers.current;
    void (async () => {
      try {
        const [maplibregl, style] = await Promise.all([
          loadMapLibre(),
          mapStyle(styleUrl),
        ]);
        if (cancelled || !container.current) return;
        map = new maplibregl.Map({
          container: container.current,
          style,
          center: [0, 20],
          zoom: 1,
          attributionControl: false,
          renderWorldCopies: true,
          locale: mapTexts(_),
        });
        map.addControl(
          new maplibregl.NavigationControl({ showCompass: false }),
          "top-right",
        );
        // The pins as soon as the style is there, not at "load": that waits for the basemap's
        // first complete drawing, and the results' pins are what the guest came for. The
        // city areas come once the map is idle (map-lib.ts drawCityAreas).
        drawCityAreas(map);
        map.once("style.load", () => {
          if (!map) return;
          map.addSource("pins", {
            type: "geojson",
            data: { type: "FeatureCollection", features: [] },
            cluster: true,
            clusterRadius: 48,
            clusterMaxZoom: 14,
          });
          // Invisible: it makes the source's clusters computable; the pins are drawn as HTML markers.
          map.addLayer({
            id: "pins-hit",
            type: "circle",
            source: "pins",
            paint: { "circle-radius": 1, "circle-opacity": 0 },
          });
          mapRef.current = map;
          setStatus("ready");
        });
        const draw = () =>
          map &&
          drawMarkers(map, maplibregl, markers.current, highlightRef.current);
        map.on("render", draw);
        map.on("moveend", (event: { originalEvent?: unknown }) => {
          if (!map || !event.originalEvent || !moveSearchRef.current) return;
          const bounds = formatBounds(readBounds(map));
          ownBounds.current = bounds;
          boundsChange.current(bounds);
        });
      } catch {
        if (!cancelled) setStatus("failed");
      }
    })();
    return () => {
      cancelled = true;
      for (const marker of shown.values()) marker.remove();
      shown.clear();
      map?.remove();
      mapRef.current = null;
    };
  }, [styleUrl, _]);

  // The search's pins, whenever the search changes.
  useEffect(() => {
    const controller = new AbortController();
    const params = new URLSearchParams(query);
    params.delete("page");
    // The page's language: the pins' titles are the hosts' translations into it, as the cards' are (ADR 0295).
    params.set("lang", locale);
    fetch(`/api/map-pins?${params.toString()}`, {
      signal: controller.signal,
      headers: { accept: "application/json" },
    })
      .then((response) => response.json() as Promise<PinsAnswer>)
      .then(setAnswer)
      .catch(() => {
        if (!controller.signal.aborted)
          setAnswer({ pins: [], problems: [], center: null });
      });
    return () => controller.abort();
  }, [query, locale]);

  // Pins onto the map; the map fits them unless the guest's own move asked for them.
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !answer || status !== "ready") return;
    (map.getSource("pins") as GeoJSONSource | undefined)?.setData({
      type: "FeatureCollection",
      features: answer.pins.map((pin) => ({
        type: "Feature",
        properties: pin,
        geometry: { type: "Point", coordinates: [pin.lng, pin.lat] },
      })),
    });
    const urlBounds = new URLSearchParams(query).get("bounds");
    if (urlBounds && urlBounds === ownBounds.current) return;
    ownBounds.current = null;
    const box = urlBounds ? boundsFromParam(urlBounds) : pinsBox(answer.pins);
    if (box) map.fitBounds(box, { padding: 40, maxZoom: 13, duration: 0 });
  }, [answer, status, query]);

  // The hovered card's pin.
  useEffect(() => {
    for (const [key, marker] of markers.current) {
      const element = marker.getElement();
      element.dataset.highlighted = String(key === `pin:${highlightId}`);
    }
  }, [highlightId]);

  const count = answer?.pins.length ?? 0;
  const shown = count === 500 ? "500+" : count;
  return (
    <div className="flex h-full min-h-[24rem] flex-col overflow-hidden rounded-xl border border-slate-200 bg-slate-50">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 bg-white px-3 py-2 text-sm">
        <label className="inline-flex items-center gap-2 font-medium text-slate-800">
          <input
            type="checkbox"
            className="h-4 w-4 accent-brand-600"
            checked={moveSearch}
            onChange={(event) =>
              onMoveSearchChange(event.currentTarget.checked)
            }
          />
          {_(msg`Search as I move the map`)}
        </label>
        <span
          role="status"
          aria-live="polite"
          className="text-slate-600"
          data-testid="map-pin-count"
        >
          {status === "failed"
            ? _(msg`The map could not be loaded`)
            : answer
              ? _(msg`${shown} on the map`)
              : _(msg`Loading map…`)}
        </span>
      </div>
      <div
        ref={container}
        className="explore-map relative min-h-[20rem] flex-1"
        role="region"
        aria-label={_(msg`Map of the results`)}
        data-testid="explore-map"
      />
    </div>
  );
}

/** The visible box, longitudes folded into -180..180 (west > east across the antimeridian). */
function readBounds(map: MapLibreMap): Bounds {
  const box = map.getBounds();
  const south = Math.max(-90, box.getSouth());
  const north = Math.min(90, box.getNorth());
  if (box.getEast() - box.getWest() >= 360)
    return { west: -180, south, east: 180, north };
  return {
    west: wrapLng(box.getWest()),
    south,
    east: wrapLng(box.getEast()),
    north,
  };
}

function boundsFromParam(
  value: string,
): [[number, number], [number, number]] | null {
  const parts = value.split(",").map(Number);
  if (parts.length !== 4 || parts.some((part) => !Number.isFinite(part)))
    return null;
  const [west, south, east, north] = parts as [number, number, number, number];
  return [
    [west, south],
    [east < west ? east + 360 : east, north],
  ];
}

function pinsBox(
  pins: MapPinData[],
): [[number, number], [number, number]] | null {
  if (pins.length === 0) return null;
  let [west, south, east, north] = [180, 90, -180, -90];
  for (const pin of pins) {
    west = Math.min(west, pin.lng);
    east = Math.max(east, pin.lng);
    south = Math.min(south, pin.lat);
    north = Math.max(north, pin.lat);
  }
  return [
    [west, south],
    [east, north],
  ];
}

type Feature = {
  id?: string | number;
  properties: Record<string, unknown>;
  geometry: { type: string; coordinates?: unknown };
};

/** One HTML marker per cluster or pin the source shows now; the rest removed. */
function drawMarkers(
  map: MapLibreMap,
  maplibregl: MapLibre,
  markers: Map<string, Marker>,
  highlightId: string | null,
) {
  if (!map.getSource("pins")) return;
  const features = map.querySourceFeatures("pins") as unknown as Feature[];
  const seen = new Set<string>();
  for (const feature of features) {
    const coordinates = feature.geometry.coordinates as
      [number, number] | undefined;
    if (!coordinates) continue;
    const props = feature.properties;
    const cluster = Boolean(props.cluster);
    const key = cluster
      ? `cluster:${String(props.cluster_id)}`
      : `pin:${String(props.id)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    let marker = markers.get(key);
    if (!marker) {
      const element = cluster
        ? clusterElement(
            map,
            Number(props.cluster_id),
            Number(props.point_count),
          )
        : pinElement(props as unknown as MapPinData);
      marker = new maplibregl.Marker({ element })
        .setLngLat(coordinates)
        .addTo(map);
      markers.set(key, marker);
    }
    marker.getElement().dataset.highlighted = String(
      !cluster && props.id === highlightId,
    );
  }
  for (const [key, marker] of markers) {
    if (!seen.has(key)) {
      marker.remove();
      markers.delete(key);
    }
  }
}

function pinElement(pin: MapPinData): HTMLElement {
  const link = document.createElement("a");
  link.href = pin.href;
  link.className = "map-pin";
  link.dataset.pinId = pin.id;
  link.textContent = pin.price || "•";
  link.setAttribute(
    "aria-label",
    `${pin.title}${pin.price ? `, ${pin.price}` : ""}`,
  );
  link.title = pin.title;
  return link;
}

function clusterElement(
  map: MapLibreMap,
  clusterId: number,
  count: number,
): HTMLElement {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "map-cluster";
  button.textContent = String(count);
  button.setAttribute("aria-label", `${count} listings here — zoom in`);
  button.addEventListener("click", (event) => {
    event.stopPropagation();
    const source = map.getSource("pins") as GeoJSONSource | undefined;
    void source?.getClusterExpansionZoom(clusterId).then((zoom) => {
      const features = map.querySourceFeatures("pins", {
        filter: ["==", ["get", "cluster_id"], clusterId],
      }) as unknown as Feature[];
      const center = features[0]?.geometry.coordinates as
        [number, number] | undefined;
      map.easeTo({
        center: center ?? map.getCenter(),
        zoom: Math.min(zoom, 16),
      });
    });
  });
  return button;
}
