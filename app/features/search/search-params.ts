import { translatable } from "~/features/i18n/translatable";
import { CURRENCIES, RENTAL_TYPES } from "~/db/listing-enums";
import { RULE_LIMITS } from "~/features/availability/schedule";
import { addDays } from "~/features/bookings/slots";
import { DURATION_LIMITS } from "~/features/bookings/pricing";
import { parseMinor } from "~/lib/money";
import { isUuid } from "~/lib/uuid";
import { z } from "~/lib/zod";
import type { GeoFilter } from "~/features/geo/geo-params";
import type { Locale } from "~/lib/locales";
import { findRegion, type RegionId } from "./regions";
import { EXPLORE_MAX_PAGE, MAX_AMENITIES, MAX_QUERY_LENGTH, SORTS, type ExploreFilters, type SortKey } from "./search-links";

export {
  EXPLORE_MAX_PAGE,
  EXPLORE_PAGE_SIZE,
  exploreHref,
  HOME_SEARCH_LIMIT,
  HOME_SECTION_LIMIT,
  MAX_AMENITIES,
  MAX_QUERY_LENGTH,
  SORTS,
  type ExploreFilters,
  type SortKey,
} from "./search-links";

/** Control characters (NUL above all, which PostgreSQL text cannot hold) are dropped from every filter. */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/** Free text: trimmed, inner whitespace collapsed, cut to a sane length (a 10 000-character query still searches). */
const text = z
  .string()
  .catch("")
  .transform((value) => value.replace(CONTROL_CHARACTERS, "").replace(/\s+/g, " ").trim().slice(0, MAX_QUERY_LENGTH));

/** A type or location value; anything odd becomes "no filter" or simply matches nothing. */
const token = z
  .string()
  .catch("")
  .transform((value) => value.replace(CONTROL_CHARACTERS, "").trim().slice(0, 100));

const page = z.coerce
  .number()
  .catch(1)
  .transform((value) => (Number.isFinite(value) ? Math.min(EXPLORE_MAX_PAGE, Math.max(1, Math.trunc(value))) : 1));

export const homeSearchSchema = z.object({
  q: text.default(""),
  category: token.default(""),
  region: z
    .string()
    .catch("")
    .default("")
    .transform((value): RegionId | null => findRegion(value)?.id ?? null),
});
export type HomeSearch = z.infer<typeof homeSearchSchema>;

/**
 * The messages a bad search gets (issue #27 "Bad input"): shown above the results, which are
 * then empty. Marked `translatable()`, so the limits are written out in the texts
 * (search-messages.test.ts checks them against RULE_LIMITS, DURATION_LIMITS and MAX_AMENITIES).
 */
export const SEARCH_MESSAGES = {
  date: translatable("Please enter a valid date"),
  datePast: translatable("Please pick a date from today on"),
  dateFar: translatable("Please pick a date within the next 2 years"),
  needDate: translatable("Please pick a date first"),
  endOrder: translatable("The end date must be after the start date"),
  endFar: translatable("A search by the day can cover at most 30 days"),
  time: translatable("Please pick a start time on the hour"),
  hours: translatable("The duration must be between 1 and 24 hours"),
  guests: translatable("Guests must be a whole number from 1 to 1000"),
  price: translatable("Please enter a price as a number of at least 0 (for example 25 or 25.50)"),
  priceOrder: translatable("The minimum price must not be above the maximum price"),
  amenities: translatable("Pick at most 10 amenities"),
  rating: translatable("The rating must be between 1 and 5"),
} as const;

/** A price bound above this (in minor units) is refused: no listing costs ten billion cents an hour. */
const MAX_PRICE_MINOR = 10_000_000_000;

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const TIME_RE = /^([01]\d|2[0-3]):00$/;

/**
 * When the guest wants it (issue #27 point 1), in each listing's own wall clock:
 * - `time`: `hours` hours from `hour` o'clock on `date` (rentals by the hour);
 * - `flex`: any `hours` free hours on `date` ('any 3 hours on Saturday'; a date alone is any hour);
 * - `days`: from `date` to `end`, `days` days (rentals by the day).
 */
export type When =
  | { kind: "time"; date: string; hour: number; hours: number }
  | { kind: "flex"; date: string; hours: number }
  | { kind: "days"; date: string; end: string; days: number };

/** The parsed search: the URL's filters as typed (for the form), and what they mean. */
export type ExploreSearch = ExploreFilters & {
  when: When | null;
  /** Where (issue #27 points 3 and 4): a radius around a point or map bounds, resolved by the loader (app/features/geo). */
  geo?: GeoFilter | null;
  /** Price bounds in minor units of `currency`, per the unit the search prices (hour, or day for a date range). */
  price: { min: number | null; max: number | null };
  /** What is wrong with the search, one message a problem; a search with problems runs no query. */
  problems: string[];
  /**
   * The page's language: the text also matches the hosts' translations into it (issue #31
   * point 5, ADR 0295). Without it, only the listings' own text is searched.
   */
  locale?: Locale | null;
};

/** The raw parameters, one value each (amenities may repeat), every one a string that zod reads. */
const rawSchema = z.object({
  q: text.default(""),
  type: token.default(""),
  location: token.default(""),
  page: page.default(1),
  date: token.default(""),
  end: token.default(""),
  time: token.default(""),
  hours: token.default(""),
  guests: token.default(""),
  min: token.default(""),
  max: token.default(""),
  currency: z.enum(CURRENCIES).catch("USD").default("USD"),
  rental: z.enum(RENTAL_TYPES).or(z.literal("")).catch("").default(""),
  category: token.default("").transform((value) => (isUuid(value) ? value : "")),
  sub: token.default("").transform((value) => (isUuid(value) ? value : "")),
  rating: token.default(""),
  sort: z
    .string()
    .catch("relevance")
    .default("relevance")
    .transform((value): SortKey => (value in SORTS ? (value as SortKey) : "relevance")),
});

/** A whole number written plainly ("3", not "3.0", "1e1" or "0x3"), or null. */
function wholeNumber(value: string): number | null {
  return /^\d{1,7}$/.test(value) ? Number(value) : null;
}

function isRealDate(value: string) {
  if (!DATE_RE.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return Number.isFinite(time) && new Date(time).toISOString().slice(0, 10) === value;
}

const dayCount = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/**
 * Reads /explore's filters; never throws. `now` bounds the dates: from yesterday in UTC
 * (it is already today somewhere) to two years ahead; each listing's own notice and
 * how-far-ahead rules are checked per listing.
 */
export function parseExploreSearch(params: URLSearchParams, now: Date = new Date()): ExploreSearch {
  const raw = rawSchema.parse(firstValues(params));
  const problems: string[] = [];

  // Amenities: repeated `amenity` parameters, trimmed, duplicates dropped.
  const amenityValues = params.getAll("amenity").slice(0, 1_000);
  const amenities = [...new Set(amenityValues.map((value) => value.replace(CONTROL_CHARACTERS, "").trim().slice(0, 100)).filter(Boolean))];
  if (amenities.length > MAX_AMENITIES) problems.push(SEARCH_MESSAGES.amenities);

  const guests = raw.guests === "" ? null : wholeNumber(raw.guests);
  if (raw.guests !== "" && (guests === null || guests < 1 || guests > RULE_LIMITS.quantity.max)) problems.push(SEARCH_MESSAGES.guests);

  const rating = raw.rating === "" ? null : /^[1-5](\.[05])?$/.test(raw.rating) ? Number(raw.rating) : null;
  if (raw.rating !== "" && (rating === null || rating > 5)) problems.push(SEARCH_MESSAGES.rating);

  const price = { min: priceBound(raw.min, raw.currency, problems), max: priceBound(raw.max, raw.currency, problems) };
  if (price.min !== null && price.max !== null && price.min > price.max) problems.push(SEARCH_MESSAGES.priceOrder);

  const hours = raw.hours === "" ? null : wholeNumber(raw.hours);
  const when = readWhen({ date: raw.date, end: raw.end, time: raw.time, hours: raw.hours }, now, problems);

  return {
    ...raw,
    hours: hours !== null && hours >= DURATION_LIMITS.hour.min && hours <= DURATION_LIMITS.hour.max ? hours : null,
    guests: guests !== null && guests >= 1 && guests <= RULE_LIMITS.quantity.max ? guests : null,
    rating: rating !== null && rating <= 5 ? rating : null,
    amenities: amenities.slice(0, MAX_AMENITIES),
    when: problems.length === 0 ? when : null,
    price,
    problems: [...new Set(problems)],
  };
}

function priceBound(value: string, currency: string, problems: string[]): number | null {
  if (value === "") return null;
  const minor = parseMinor(value, currency);
  if (minor === null || minor > MAX_PRICE_MINOR) {
    problems.push(SEARCH_MESSAGES.price);
    return null;
  }
  return minor;
}

function readWhen(input: { date: string; end: string; time: string; hours: string }, now: Date, problems: string[]): When | null {
  const { date, end, time, hours } = input;
  if (!date) {
    if (end || time || hours) problems.push(SEARCH_MESSAGES.needDate);
    return null;
  }
  if (!isRealDate(date)) {
    problems.push(SEARCH_MESSAGES.date);
    return null;
  }
  const today = now.toISOString().slice(0, 10);
  if (date < addDays(today, -1)) problems.push(SEARCH_MESSAGES.datePast);
  else if (date > addDays(today, RULE_LIMITS.advance.max)) problems.push(SEARCH_MESSAGES.dateFar);
  if (end) {
    if (!isRealDate(end)) problems.push(SEARCH_MESSAGES.date);
    else if (end <= date) problems.push(SEARCH_MESSAGES.endOrder);
    else if (dayCount(date, end) > DURATION_LIMITS.day.max) problems.push(SEARCH_MESSAGES.endFar);
    return problems.length === 0 ? { kind: "days", date, end, days: dayCount(date, end) } : null;
  }
  const length = hours === "" ? 1 : wholeNumber(hours);
  if (length === null || length < DURATION_LIMITS.hour.min || length > DURATION_LIMITS.hour.max) problems.push(SEARCH_MESSAGES.hours);
  if (time && !TIME_RE.test(time)) problems.push(SEARCH_MESSAGES.time);
  if (problems.length > 0 || length === null) return null;
  return time ? { kind: "time", date, hour: Number(time.slice(0, 2)), hours: length } : { kind: "flex", date, hours: length };
}

/** A search with every filter off (what `parseExploreSearch` gives for "/explore"). */
export const NO_FILTERS: ExploreSearch = {
  q: "",
  type: "",
  location: "",
  page: 1,
  date: "",
  end: "",
  time: "",
  hours: null,
  guests: null,
  min: "",
  max: "",
  currency: "USD",
  amenities: [],
  rental: "",
  category: "",
  sub: "",
  rating: null,
  sort: "relevance",
  when: null,
  price: { min: null, max: null },
  problems: [],
};

function firstValues(params: URLSearchParams) {
  const values: Record<string, string> = {};
  for (const [key, value] of params) if (!(key in values)) values[key] = value;
  return values;
}

/** Reads the home page's search parameters; never throws. */
export function parseHomeSearch(params: URLSearchParams): HomeSearch {
  return homeSearchSchema.parse(firstValues(params));
}

/** `%`, `_` and `\` match themselves inside an ILIKE pattern. */
export function escapeLike(value: string) {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}
