
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

/** The fixed US city routes (docs/product.md#cities): path slug and the exact location name their listings carry. */
export const FIXED_US_CITIES = {
  "new-york": { name: "New York", state: "New York" },
  "los-angeles": { name: "Los Angeles", state: "California" },
  chicago: { name: "Chicago", state: "Illinois" },
  houston: { name: "Houston", state: "Texas" },
  phoenix: { name: "Phoenix", state: "Arizona" },
  philadelphia: { name: "Philadelphia", state: "Pennsylvania" },
  "san-antonio": { name: "San Antonio", state: "Texas" },
  "san-diego": { name: "San Diego", state: "California" },
  dallas: { name: "Dallas", state: "Texas" },
} as const;

export type FixedUsCitySlug = keyof typeof FIXED_US_CITIES;

const OTHER_US_CITY_ROUTES = [
  { slug: "san-jose", label: "San Jose" },
  { slug: "riverview", label: "Riverview" },
] as const;

export type UsCityRouteSlug =
  FixedUsCitySlug | (typeof OTHER_US_CITY_ROUTES)[number]["slug"];

/**
 * Every US city route of docs/product.md#cities, in route-table order: the nine fixed-figure
 * cities, then San Jose and Riverview with their own filters.
 */
export const US_CITY_ROUTES: readonly {
  slug: UsCityRouteSlug;
  label: string;
}[] = [
  ...(Object.keys(FIXED_US_CITIES) as FixedUsCitySlug[]).map((slug) => ({
    slug,
    label: FIXED_US_CITIES[slug].name,
  })),
  ...OTHER_US_CITY_ROUTES,
];

export function isFixedUsCity(slug: string): slug is FixedUsCitySlug {
  return Object.hasOwn(FIXED_US_CITIES, slug);
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
