import { env } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";
import { safeFetch, type SafeFetchOptions } from "~/lib/safe-fetch.server";
import { isPoint, type Point } from "./coordinates";
import { lookupPlace, lookupText } from "./gazetteer.server";

/**
 * Geocoding (issue #27 point 3, ADR 0220): an address or a place name to a point.
 * Offline by default (the bundled gazetteer: a city's centre); a Nominatim-compatible
 * HTTP service when GEOCODER_URL is set, with the gazetteer as its fallback when the
 * service fails or finds nothing. Callers geocode BEFORE opening a transaction: the
 * HTTP call never runs while rows are locked.
 */

export type Address = {
  streetAddress?: string | null;
  city?: string | null;
  state?: string | null;
  postalCode?: string | null;
  country?: string | null;
  /** The listing's public location text ("New York", "Santa Clara County"). */
  location?: string | null;
};

export type Geocoder = {
  /** A listing's address; null when nothing matches. Never throws. */
  geocodeAddress(address: Address): Promise<Point | null>;
  /** A place a guest types ("Chicago", "Paris, France"); null when nothing matches. Never throws. */
  geocodePlace(text: string): Promise<Point | null>;
};

export const offlineGeocoder: Geocoder = {
  async geocodeAddress(address) {
    const country = address.country?.trim() || null;
    for (const name of [address.city, address.location]) {
      if (!name?.trim()) continue;
      const found = lookupPlace(name, { country, region: address.state ?? null }) ?? lookupText(name);
      if (found) return { lat: found.lat, lng: found.lng };
    }
    return null;
  },
  async geocodePlace(text) {
    const found = lookupText(text);
    return found ? { lat: found.lat, lng: found.lng } : null;
  },
};

/** How long one HTTP geocoding request may take, and how much it may answer. */
export const HTTP_GEOCODER_LIMITS = { timeoutMs: 4_000, maxBytes: 256 * 1024 } as const;

/** A Nominatim-compatible `/search` endpoint (format=jsonv2, limit=1); the offline gazetteer when it fails. */
export function httpGeocoder(baseUrl: string, options: Pick<SafeFetchOptions, "allowLoopback" | "resolve"> = {}): Geocoder {
  async function search(params: Record<string, string>): Promise<Point | null> {
    const url = new URL(baseUrl);
    for (const [key, value] of Object.entries(params)) if (value) url.searchParams.set(key, value);
    url.searchParams.set("format", "jsonv2");
    url.searchParams.set("limit", "1");
    try {
      const response = await safeFetch(url.toString(), {
        ...options,
        timeoutMs: HTTP_GEOCODER_LIMITS.timeoutMs,
        maxBytes: HTTP_GEOCODER_LIMITS.maxBytes,
        headers: { accept: "application/json", "user-agent": "Rentwell-Geocoder/1.0" },
      });
      if (response.status !== 200) {
        logger.warn({ status: response.status }, "geocoder answered with an error status");
        return null;
      }
      const body: unknown = JSON.parse(response.body.toString("utf8"));
      const first = Array.isArray(body) ? (body[0] as { lat?: unknown; lon?: unknown } | undefined) : undefined;
      const point = { lat: Number(first?.lat), lng: Number(first?.lon) };
      return first && isPoint(point) ? point : null;
    } catch (error) {
      logger.warn({ err: error instanceof Error ? error.message : String(error) }, "geocoder request failed");
      return null;
    }
  }
  return {
    async geocodeAddress(address) {
      const found = await search({
        street: address.streetAddress ?? "",
        city: address.city ?? address.location ?? "",
        state: address.state ?? "",
        postalcode: address.postalCode ?? "",
        country: address.country ?? "",
      });
      return found ?? offlineGeocoder.geocodeAddress(address);
    },
    async geocodePlace(text) {
      return (await search({ q: text.slice(0, 200) })) ?? offlineGeocoder.geocodePlace(text);
    },
  };
}

let configured: Geocoder | null = null;

/** The geocoder the settings choose: HTTP when GEOCODER_URL is set, else offline. */
export function geocoder(): Geocoder {
  if (configured) return configured;
  const url = env().GEOCODER_URL;
  configured = url ? httpGeocoder(url) : offlineGeocoder;
  return configured;
}
