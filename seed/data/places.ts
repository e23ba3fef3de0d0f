import type { CURRENCIES } from "~/db/schema/listings";

/**
 * Where demo listings are. `location` is what listings store and what city
 * pages match on: the fixed US city routes filter on the exact city name, the
 * catch-all pages on "location contains the city name". Places whose country
 * uses a currency outside the nine supported ones are priced in USD.
 */
export type Place = {
  location: string;
  city: string;
  /** State, province, prefecture or region; never empty (published listings need a full address). */
  state: string;
  country: string;
  currency: (typeof CURRENCIES)[number];
  /** IANA time zone. */
  timezone: string;
};

const us = (city: string, state: string, timezone: string, location = city): Place => ({
  location,
  city,
  state,
  country: "United States",
  currency: "USD",
  timezone,
});

export const PLACES = {
  // United States: the fixed city routes
  "new-york": us("New York", "NY", "America/New_York"),
  "los-angeles": us("Los Angeles", "CA", "America/Los_Angeles"),
  chicago: us("Chicago", "IL", "America/Chicago"),
  houston: us("Houston", "TX", "America/Chicago"),
  phoenix: us("Phoenix", "AZ", "America/Phoenix"),
  philadelphia: us("Philadelphia", "PA", "America/New_York"),
  "san-antonio": us("San Antonio", "TX", "America/Chicago"),
  "san-diego": us("San Diego", "CA", "America/Los_Angeles"),
  dallas: us("Dallas", "TX", "America/Chicago"),
  "san-jose": us("San Jose", "CA", "America/Los_Angeles"),
  // Listed by county, as some hosts around San Jose do; the San Jose page matches it too.
  "santa-clara-county": us("Santa Clara", "CA", "America/Los_Angeles", "Santa Clara County"),
  riverview: us("Riverview", "FL", "America/New_York"),
  // United States: elsewhere
  tampa: us("Tampa", "FL", "America/New_York"),
  miami: us("Miami", "FL", "America/New_York"),
  austin: us("Austin", "TX", "America/Chicago"),
  seattle: us("Seattle", "WA", "America/Los_Angeles"),
  denver: us("Denver", "CO", "America/Denver"),
  nashville: us("Nashville", "TN", "America/Chicago"),
  honolulu: us("Honolulu", "HI", "Pacific/Honolulu"),
  // Asia Pacific
  tokyo: { location: "Tokyo", city: "Tokyo", state: "Tokyo", country: "Japan", currency: "JPY", timezone: "Asia/Tokyo" },
  kyoto: { location: "Kyoto", city: "Kyoto", state: "Kyoto", country: "Japan", currency: "JPY", timezone: "Asia/Tokyo" },
  bali: { location: "Bali", city: "Ubud", state: "Bali", country: "Indonesia", currency: "USD", timezone: "Asia/Makassar" },
  sydney: { location: "Sydney", city: "Sydney", state: "NSW", country: "Australia", currency: "AUD", timezone: "Australia/Sydney" },
  melbourne: { location: "Melbourne", city: "Melbourne", state: "VIC", country: "Australia", currency: "AUD", timezone: "Australia/Melbourne" },
  singapore: { location: "Singapore", city: "Singapore", state: "Singapore", country: "Singapore", currency: "SGD", timezone: "Asia/Singapore" },
  seoul: { location: "Seoul", city: "Seoul", state: "Seoul", country: "South Korea", currency: "KRW", timezone: "Asia/Seoul" },
  "hong-kong": { location: "Hong Kong", city: "Hong Kong", state: "Hong Kong Island", country: "Hong Kong", currency: "USD", timezone: "Asia/Hong_Kong" },
  bangkok: { location: "Bangkok", city: "Bangkok", state: "Bangkok", country: "Thailand", currency: "USD", timezone: "Asia/Bangkok" },
  // Europe
  london: { location: "London", city: "London", state: "Greater London", country: "United Kingdom", currency: "GBP", timezone: "Europe/London" },
  edinburgh: { location: "Edinburgh", city: "Edinburgh", state: "Scotland", country: "United Kingdom", currency: "GBP", timezone: "Europe/London" },
  paris: { location: "Paris", city: "Paris", state: "Île-de-France", country: "France", currency: "EUR", timezone: "Europe/Paris" },
  athens: { location: "Athens", city: "Athens", state: "Attica", country: "Greece", currency: "EUR", timezone: "Europe/Athens" },
  santorini: { location: "Santorini", city: "Oia", state: "South Aegean", country: "Greece", currency: "EUR", timezone: "Europe/Athens" },
  berlin: { location: "Berlin", city: "Berlin", state: "Berlin", country: "Germany", currency: "EUR", timezone: "Europe/Berlin" },
  amsterdam: { location: "Amsterdam", city: "Amsterdam", state: "North Holland", country: "Netherlands", currency: "EUR", timezone: "Europe/Amsterdam" },
  barcelona: { location: "Barcelona", city: "Barcelona", state: "Catalonia", country: "Spain", currency: "EUR", timezone: "Europe/Madrid" },
  // Middle East
  dubai: { location: "Dubai", city: "Dubai", state: "Dubai", country: "United Arab Emirates", currency: "AED", timezone: "Asia/Dubai" },
  // Americas
  toronto: { location: "Toronto", city: "Toronto", state: "ON", country: "Canada", currency: "CAD", timezone: "America/Toronto" },
  vancouver: { location: "Vancouver", city: "Vancouver", state: "BC", country: "Canada", currency: "CAD", timezone: "America/Vancouver" },
  "mexico-city": { location: "Mexico City", city: "Mexico City", state: "CDMX", country: "Mexico", currency: "USD", timezone: "America/Mexico_City" },
} as const satisfies Record<string, Place>;

export type PlaceKey = keyof typeof PLACES;
