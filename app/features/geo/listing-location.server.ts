import type { Point } from "./coordinates";
import { geocoder, type Address, type Geocoder } from "./geocoder.server";
import { pointColumns } from "./listing-point.server";

type Saved = Address & { latitude: number | null; longitude: number | null };

const ADDRESS_KEYS = ["streetAddress", "city", "state", "postalCode", "country", "location"] as const;

function sameAddress(a: Address, b: Address) {
  return ADDRESS_KEYS.every((key) => (a[key] ?? "").trim().toLowerCase() === (b[key] ?? "").trim().toLowerCase());
}

/**
 * Where a saved listing is (issue #27 point 3): the host's pin when the form carries one,
 * else the address geocoded. On an edit, a pin left where it was while the address changed
 * is placed again from the new address. Call it BEFORE any transaction (the geocoder may
 * be an HTTP service); returns the four point columns.
 */
export async function listingPoint(
  listingId: string,
  input: Saved,
  current?: Saved,
  coder: Geocoder = geocoder(),
): Promise<ReturnType<typeof pointColumns>> {
  const pin: Point | null = input.latitude != null && input.longitude != null ? { lat: input.latitude, lng: input.longitude } : null;
  const pinUnchanged = current && pin && current.latitude === pin.lat && current.longitude === pin.lng;
  if (pin && !(pinUnchanged && !sameAddress(input, current))) return pointColumns(listingId, pin);
  const found = await coder.geocodeAddress(input);
  // Nothing found for an unchanged address: the listing keeps the point it has.
  if (!found && current?.latitude != null && current.longitude != null && sameAddress(input, current)) {
    return pointColumns(listingId, { lat: current.latitude, lng: current.longitude });
  }
  return pointColumns(listingId, found);
}
