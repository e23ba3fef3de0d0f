import { LocateFixed, MapPin } from "lucide-react";
import { msg } from "@lingui/core/macro";
import { useTranslate } from "~/features/i18n/use-translate";
import { translatable } from "~/features/i18n/translatable";

import { useRef, useState } from "react";
import { Button } from "~/ui/button";
import { Input, Select } from "~/ui/input";
import { useHydrated } from "~/ui/use-hydrated";
import { RADIUS_KM } from "../coordinates";

/** The radius choices (km); the URL accepts any whole or decimal value from 1 to 500. */
export const RADIUS_CHOICES = [5, 10, 25, 50, 100, 250] as const;

// prettier-ignore
export const NEAR_ME_FAILED = translatable("We could not get your location — type a place instead");

type GeoValues = {
  near?: string;
  lat?: string;
  lng?: string;
  radius?: string;
  bounds?: string;
};

/**
 * Where, in /explore's search form (issue #27 point 3): a place ("Chicago"), 'Near me'
 * (the browser's position, rounded to about 100 m before it leaves the browser) and the
 * radius; the map's bounds ride along hidden. A new place or 'Near me' drops the bounds.
 */
export function GeoSearchFields({ values }: { values: GeoValues }) {
  const lat = useRef<HTMLInputElement>(null);
  const lng = useRef<HTMLInputElement>(null);
  const bounds = useRef<HTMLInputElement>(null);
  const near = useRef<HTMLInputElement>(null);
  const [locating, setLocating] = useState(false);
  const [failed, setFailed] = useState(false);
  // 'Near me' needs the browser's position: nothing happens without the script (ADR 0093).
  const hydrated = useHydrated();
  const _ = useTranslate();
  const radius = values.radius ?? "";

  const nearMe = (form: HTMLFormElement | null) => {
    if (!form || !("geolocation" in navigator)) {
      setFailed(true);
      return;
    }
    setLocating(true);
    setFailed(false);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        if (lat.current)
          lat.current.value = position.coords.latitude.toFixed(3);
        if (lng.current)
          lng.current.value = position.coords.longitude.toFixed(3);
        if (near.current) near.current.value = "";
        if (bounds.current) bounds.current.value = "";
        form.requestSubmit();
      },
      () => {
        setLocating(false);
        setFailed(true);
      },
      { timeout: 10_000, maximumAge: 300_000 },
    );
  };

  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
      <div className="flex-1">
        <label
          htmlFor="explore-near"
          className="mb-1 block text-sm font-medium text-slate-700"
        >
          {_(msg`Near`)}
        </label>
        <div className="relative">
          <MapPin
            className="pointer-events-none absolute start-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400"
            aria-hidden="true"
          />
          <Input
            ref={near}
            id="explore-near"
            name="near"
            type="search"
            maxLength={100}
            defaultValue={values.lat ? "" : (values.near ?? "")}
            key={values.near ?? ""}
            placeholder={
              values.lat
                ? _(msg`Your location`)
                : _(msg`City or place, e.g. Chicago`)
            }
            autoComplete="address-level2"
            className="ps-9 shadow-none"
            onChange={() => {
              // A typed place replaces 'Near me' and the map's area (sent with Enter or Search).
              if (lat.current) lat.current.value = "";
              if (lng.current) lng.current.value = "";
              if (bounds.current) bounds.current.value = "";
            }}
          />
        </div>
      </div>
      <div>
        <label
          htmlFor="explore-radius"
          className="mb-1 block text-sm font-medium text-slate-700"
        >
          {_(msg`Within`)}
        </label>
        <Select
          id="explore-radius"
          name="radius"
          defaultValue={values.radius || String(RADIUS_KM.default)}
          key={values.radius ?? ""}
          className="w-auto shadow-none"
        >
          {values.radius &&
            !RADIUS_CHOICES.some(
              (choice) => String(choice) === values.radius,
            ) && <option value={values.radius}>{_(msg`${radius} km`)}</option>}
          {RADIUS_CHOICES.map((choice) => (
            <option key={choice} value={choice}>
              {_(msg`${choice} km`)}
            </option>
          ))}
        </Select>
      </div>
      <Button
        type="button"
        variant="outline"
        disabled={!hydrated}
        onClick={(event) => nearMe(event.currentTarget.form)}
        pending={locating}
        pendingText={_(msg`Locating…`)}
      >
        <LocateFixed className="h-4 w-4" aria-hidden="true" />
        {_(msg`Near me`)}
      </Button>
      <input
        ref={lat}
        type="hidden"
        name="lat"
        defaultValue={values.lat ?? ""}
        key={`lat-${values.lat ?? ""}`}
      />
      <input
        ref={lng}
        type="hidden"
        name="lng"
        defaultValue={values.lng ?? ""}
        key={`lng-${values.lng ?? ""}`}
      />
      <input
        ref={bounds}
        type="hidden"
        name="bounds"
        defaultValue={values.bounds ?? ""}
        key={`bounds-${values.bounds ?? ""}`}
      />
      {failed && (
        <p role="alert" className="text-sm text-red-700">
          {_(NEAR_ME_FAILED)}
        </p>
      )}
    </div>
  );
}
