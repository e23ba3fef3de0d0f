/**
 * The US city routes of docs/product.md#cities, apart from known-cities.ts: app/routes.ts
 * imports them, and the route config is evaluated without the Lingui macro plugin, so this
 * module must not use `msg` (or import a module that does).
 */

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

