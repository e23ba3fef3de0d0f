import { translatable } from "~/features/i18n/translatable";

/** Home "International Spaces" region buttons (docs/product.md#home). */
export const REGIONS = [
  { id: "asia-pacific", label: translatable("Asia Pacific"), countries: ["Japan", "Indonesia", "Australia"] },
  { id: "europe", label: translatable("Europe"), countries: ["United Kingdom", "France", "Greece"] },
  { id: "middle-east", label: translatable("Middle East"), countries: ["United Arab Emirates"] },
  { id: "americas", label: translatable("Americas"), countries: ["United States", "Canada"] },
] as const;

export type RegionId = (typeof REGIONS)[number]["id"];

export const USA = "United States";

/** The region with this id, or null for an unknown or missing one. */
export function findRegion(id: string | null | undefined) {
  return REGIONS.find((region) => region.id === id) ?? null;
}

/** Which countries a region filter keeps; null means "every country but the USA" (no region chosen). */
export function regionCountries(id: string | null | undefined): readonly string[] | null {
  return findRegion(id)?.countries ?? null;
}

/** Pure filter, the same rule the SQL applies: with a region its countries, without one every non-US listing. */
export function matchesRegion(country: string, id: string | null | undefined) {
  const countries = regionCountries(id);
  return countries ? countries.includes(country) : country !== USA;
}
