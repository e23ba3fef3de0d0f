import type { Map as MapLibreMap } from "maplibre-gl";
import { useEffect, useMemo, useRef, useState } from "react";
import type { Point } from "../coordinates";
import { msg } from "@lingui/core/macro";
import { useTranslate } from "~/features/i18n/use-translate";
import { circlePolygon, drawCityAreas, loadMapLibre, mapStyle, mapTexts } from "./map-lib";

/**
 * Where a listing is, as its public circle (issue #27 point 3, ADR 0221): a circle of about
 * 1 km around the public point, which always contains the exact place. With `exact` (a
 * guest with a confirmed booking, or the host) a pin marks the exact point instead.
 * Loaded in the browser when scrolled into view.
 */
export default function AreaMap({ center, radiusM, exact, styleUrl, label }: { center: Point; radiusM: number; exact?: Point | null; styleUrl: string | null; label: string }) {
  const _ = useTranslate();
  const texts = useMemo(() => mapTexts(_), [_]);
  const container = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let cancelled = false;
    let map: MapLibreMap | null = null;
    void (async () => {
      try {
        const [maplibregl, style] = await Promise.all([loadMapLibre(), mapStyle(styleUrl)]);
        if (cancelled || !container.current) return;
        const focus = exact ?? center;
        map = new maplibregl.Map({ container: container.current, style, center: [focus.lng, focus.lat], zoom: 13, attributionControl: false, cooperativeGestures: true, locale: texts });
        map.addControl(new maplibregl.NavigationControl({ showCompass: false }), "top-right");
        drawCityAreas(map);
        map.on("load", () => {
          if (!map) return;
          if (exact) {
            const element = document.createElement("div");
            element.className = "map-pin-exact";
            new maplibregl.Marker({ element }).setLngLat([exact.lng, exact.lat]).addTo(map);
            return;
          }
          map.addSource("area", { type: "geojson", data: circlePolygon(center, radiusM) });
          map.addLayer({ id: "area-fill", type: "fill", source: "area", paint: { "fill-color": "#0e7490", "fill-opacity": 0.18 } });
          map.addLayer({ id: "area-line", type: "line", source: "area", paint: { "line-color": "#0e7490", "line-width": 2 } });
        });
      } catch {
        if (!cancelled) setFailed(true);
      }
    })();
    return () => {
      cancelled = true;
      map?.remove();
    };
  }, [center, radiusM, exact, styleUrl, texts]);

  return (
    <div>
      {/* A region, not an image: MapLibre puts a focusable canvas and zoom buttons inside. */}
      <div ref={container} className="h-64 overflow-hidden rounded-xl border border-slate-200 bg-slate-50" role="region" aria-label={label} data-testid="area-map" />
      {failed && <p className="mt-1 text-sm text-slate-600">{_(msg`The map could not be loaded.`)}</p>}
    </div>
  );
}
