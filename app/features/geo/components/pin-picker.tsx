import type { Map as MapLibreMap, Marker } from "maplibre-gl";
import { useEffect, useRef, useState } from "react";
import { msg } from "@lingui/core/macro";
import { useTranslate } from "~/features/i18n/use-translate";
import { parseCoordinate } from "../coordinates";
import { drawCityAreas, loadMapLibre, mapStyle, mapTexts } from "./map-lib";

/**
 * The host's pin (issue #27 point 3, ADR 0221): a draggable marker on a map, inside the
 * listing form, kept in step with the form's own Latitude and Longitude inputs (found by
 * name in the enclosing form, so the form stays the one pipeline that submits and
 * validates them). Drag the pin or click the map to move it; typing coordinates moves it
 * too. Loaded lazily, in the browser.
 */
export default function PinPicker({ styleUrl }: { styleUrl: string | null }) {
  const root = useRef<HTMLDivElement>(null);
  const container = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<"loading" | "ready" | "failed">(
    "loading",
  );
  const _ = useTranslate();
  const pinLabel = _(msg`The listing's pin`);

  useEffect(() => {
    let cancelled = false;
    let map: MapLibreMap | null = null;
    let marker: Marker | null = null;
    const form = root.current?.closest("form");
    const latInput = form?.elements.namedItem(
      "latitude",
    ) as HTMLInputElement | null;
    const lngInput = form?.elements.namedItem(
      "longitude",
    ) as HTMLInputElement | null;
    const current = () => {
      const lat = parseCoordinate(latInput?.value ?? "", 90);
      const lng = parseCoordinate(lngInput?.value ?? "", 180);
      return lat !== null && lng !== null ? { lat, lng } : null;
    };
    const write = (lat: number, lng: number) => {
      if (latInput) latInput.value = lat.toFixed(6);
      if (lngInput) lngInput.value = lng.toFixed(6);
    };
    const fromInputs = () => {
      const point = current();
      if (!map || !marker || !point) return;
      marker.setLngLat([point.lng, point.lat]).addTo(map);
      map.easeTo({ center: [point.lng, point.lat] });
    };
    void (async () => {
      try {
        const [maplibregl, style] = await Promise.all([
          loadMapLibre(),
          mapStyle(styleUrl),
        ]);
        if (cancelled || !container.current) return;
        const start = current();
        map = new maplibregl.Map({
          container: container.current,
          style,
          center: start ? [start.lng, start.lat] : [0, 20],
          zoom: start ? 12 : 1,
          attributionControl: false,
          locale: mapTexts(_),
        });
        map.addControl(
          new maplibregl.NavigationControl({ showCompass: false }),
          "top-right",
        );
        drawCityAreas(map);
        const element = document.createElement("div");
        element.className = "map-pin-exact";
        element.setAttribute("aria-label", pinLabel);
        marker = new maplibregl.Marker({ element, draggable: true });
        if (start) marker.setLngLat([start.lng, start.lat]).addTo(map);
        marker.on("dragend", () => {
          const position = marker!.getLngLat().wrap();
          write(position.lat, position.lng);
        });
        map.on("click", (event) => {
          const position = event.lngLat.wrap();
          write(position.lat, position.lng);
          marker!.setLngLat(position).addTo(map!);
        });
        latInput?.addEventListener("change", fromInputs);
        lngInput?.addEventListener("change", fromInputs);
        setStatus("ready");
      } catch {
        if (!cancelled) setStatus("failed");
      }
    })();
    return () => {
      cancelled = true;
      latInput?.removeEventListener("change", fromInputs);
      lngInput?.removeEventListener("change", fromInputs);
      marker?.remove();
      map?.remove();
    };
  }, [styleUrl, pinLabel, _]);

  return (
    <div ref={root} className="sm:col-span-2">
      <div
        ref={container}
        className="h-72 overflow-hidden rounded-lg border border-slate-200 bg-slate-50"
        role="region"
        aria-label={_(msg`Map: drag the pin or click to place it`)}
        data-testid="pin-map"
      />
      <p className="mt-1 text-sm text-slate-600" role="status">
        {status === "failed"
          ? _(msg`The map could not be loaded — type the coordinates instead.`)
          : _(
              msg`Drag the pin or click the map to place it. Guests see only the area within about 1 km until they book.`,
            )}
      </p>
    </div>
  );
}
