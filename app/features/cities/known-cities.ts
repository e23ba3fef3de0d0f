import { msg } from "@lingui/core/macro";
import type { CityHighlight, PopularArea } from "~/db/schema/catalog";
import { inEnglish, type Translator } from "~/features/listings/translator";

/** The 20 slugs the catch-all /{city} page knows (docs/product.md#cities), in the documented order. */
export const CATCH_ALL_CITY_SLUGS = [
  "tokyo",
  "new-york",
  "london",
  "paris",
  "shanghai",
  "dubai",
  "singapore",
  "los-angeles",
  "berlin",
  "sydney",
  "hong-kong",
  "seoul",
  "toronto",
  "melbourne",
  "amsterdam",
  "mumbai",
  "barcelona",
  "mexico-city",
  "sao-paulo",
  "bangkok",
] as const;

export type CatchAllCitySlug = (typeof CATCH_ALL_CITY_SLUGS)[number];

/** Name and country of each catch-all city: the name is what listing locations contain. */
export const CATCH_ALL_CITIES: Record<
  CatchAllCitySlug,
  { name: string; country: string }
> = {
  tokyo: { name: "Tokyo", country: "Japan" },
  "new-york": { name: "New York", country: "United States" },
  london: { name: "London", country: "United Kingdom" },
  paris: { name: "Paris", country: "France" },
  shanghai: { name: "Shanghai", country: "China" },
  dubai: { name: "Dubai", country: "United Arab Emirates" },
  singapore: { name: "Singapore", country: "Singapore" },
  "los-angeles": { name: "Los Angeles", country: "United States" },
  berlin: { name: "Berlin", country: "Germany" },
  sydney: { name: "Sydney", country: "Australia" },
  "hong-kong": { name: "Hong Kong", country: "Hong Kong" },
  seoul: { name: "Seoul", country: "South Korea" },
  toronto: { name: "Toronto", country: "Canada" },
  melbourne: { name: "Melbourne", country: "Australia" },
  amsterdam: { name: "Amsterdam", country: "Netherlands" },
  mumbai: { name: "Mumbai", country: "India" },
  barcelona: { name: "Barcelona", country: "Spain" },
  "mexico-city": { name: "Mexico City", country: "Mexico" },
  "sao-paulo": { name: "São Paulo", country: "Brazil" },
  bangkok: { name: "Bangkok", country: "Thailand" },
};

export function isCatchAllCity(slug: string): slug is CatchAllCitySlug {
  return (CATCH_ALL_CITY_SLUGS as readonly string[]).includes(slug);
}

/**
 * Page content for a catch-all city when its `cities` row is missing: a title,
 * a description and four highlights built from the name, so the page is never empty.
 */
export function fallbackCityContent(name: string, _: Translator = inEnglish) {
  const highlights: CityHighlight[] = [
    {
      title: _(msg`Instant booking`),
      description: _(
        msg`Book spaces, vehicles and equipment in ${name} without waiting for host approval.`,
      ),
    },
    {
      title: _(msg`Verified hosts`),
      description: _(
        msg`Every ${name} host is identity-verified before their first listing goes live.`,
      ),
    },
    {
      title: _(msg`Secure payments`),
      description: _(
        msg`Card payments are held until 24 hours after your booking, with $1M liability cover.`,
      ),
    },
    {
      title: _(msg`Flexible durations`),
      description: _(
        msg`Rent by the hour, day, week or month — whatever your project needs.`,
      ),
    },
  ];
  return {
    title: _(msg`Rent spaces and equipment in ${name}`),
    description: _(
      msg`Find studios, venues, vehicles and gear to rent by the hour, day, week or month in ${name}.`,
    ),
    highlights,
  };
}

// The US city routes live in a module without message macros: app/routes.ts imports them,
// and the route config is read without the Lingui plugin (`react-router build` failed).
export { FIXED_US_CITIES, US_CITY_ROUTES, type FixedUsCitySlug, type UsCityRouteSlug } from "./us-city-routes";
import { FIXED_US_CITIES, type FixedUsCitySlug } from "./us-city-routes";

export function isFixedUsCity(slug: string): slug is FixedUsCitySlug {
  return Object.hasOwn(FIXED_US_CITIES, slug);
}

/** Three popular-area cards for a fixed US city page when its `cities` row has none. */
export function fallbackPopularAreas(
  name: string,
  _: Translator = inEnglish,
): PopularArea[] {
  return [
    {
      name: _(msg`Downtown`),
      image: "/demo/area-downtown-1.webp",
      description: _(msg`Offices, studios and venues in the heart of ${name}.`),
    },
    {
      name: _(msg`Waterfront`),
      image: "/demo/area-waterfront-1.webp",
      description: _(msg`Event spaces and rentals near ${name}'s waterfront.`),
    },
    {
      name: _(msg`Arts District`),
      image: "/demo/area-arts-1.webp",
      description: _(
        msg`Creative studios and workshops across ${name}'s arts scene.`,
      ),
    },
  ];
}

/** Parses the optional ?type= filter: a space-type name, or null when absent or malformed. */
export function parseTypeFilter(value: string | null): string | null {
  const type = value?.trim().toLowerCase();
  return type && /^[a-z0-9][a-z0-9 _-]{0,59}$/.test(type) ? type : null;
}

/** Parses ?page= to a page number between 1 and 10 000 (anything else is page 1). */
export function parsePage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
}

export const CITY_PAGE_SIZE = 24;
