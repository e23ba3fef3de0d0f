/**
 * The demo images under public/demo/ (served at /demo/<name>.webp). Every name
 * here is drawn by seed/draw-images.ts; the seed only ever points at these.
 */
import { CATCH_ALL_CITY_SLUGS, type CatchAllCitySlug, US_CITY_ROUTES, type UsCityRouteSlug } from "~/features/cities/known-cities";

export const LISTING_IMAGES = [
  "studio-1",
  "studio-2",
  "studio-3",
  "loft-1",
  "loft-2",
  "venue-1",
  "venue-2",
  "venue-3",
  "office-1",
  "office-2",
  "music-1",
  "music-2",
  "art-1",
  "art-2",
  "kitchen-1",
  "kitchen-2",
  "car-1",
  "car-2",
  "car-3",
  "van-1",
  "boat-1",
  "boat-2",
  "atv-1",
  "atv-2",
  "tools-1",
  "tools-2",
  "camera-1",
  "camera-2",
  "garden-1",
  "garden-2",
  "kayak-1",
  "kayak-2",
  "tour-1",
  "tour-2",
  "dj-1",
  "dj-2",
] as const;
export type ListingImage = (typeof LISTING_IMAGES)[number];

/** The 20 catch-all city slugs first, then the other US city pages. */
export const CITY_SLUGS: readonly CitySlug[] = [...new Set<CitySlug>([...CATCH_ALL_CITY_SLUGS, ...US_CITY_ROUTES.map((city) => city.slug)])];
export type CitySlug = CatchAllCitySlug | UsCityRouteSlug;

export const AREA_KINDS = ["waterfront", "downtown", "park", "market", "oldtown", "beach", "arts", "hills"] as const;
export type AreaKind = (typeof AREA_KINDS)[number];
export const AREA_IMAGES = AREA_KINDS.flatMap((kind) => [`area-${kind}-1`, `area-${kind}-2`] as const);
export type AreaImage = `area-${AreaKind}-${1 | 2}`;

export const AVATAR_IMAGES = ["avatar-1", "avatar-2", "avatar-3", "avatar-4", "avatar-5", "avatar-6", "avatar-7", "avatar-8", "avatar-9", "avatar-10"] as const;
export type AvatarImage = (typeof AVATAR_IMAGES)[number];

/** The neutral picture shown when a listing has no (loadable) image. */
export const FALLBACK_IMAGE = "fallback";

type DemoImage = ListingImage | AreaImage | AvatarImage | `city-${CitySlug}` | typeof FALLBACK_IMAGE;

/** The public URL of a demo image. */
export function demoImage(name: DemoImage): string {
  return `/demo/${name}.webp`;
}

/** Public URLs of a listing's images, in order. */
export function listingImages(...names: ListingImage[]): string[] {
  return names.map(demoImage);
}

export function cityHeroImage(slug: CitySlug): string {
  return demoImage(`city-${slug}`);
}

export function areaImage(kind: AreaKind, variant: 1 | 2): string {
  return demoImage(`area-${kind}-${variant}`);
}

export function avatarImage(name: AvatarImage): string {
  return demoImage(name);
}
