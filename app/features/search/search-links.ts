import { translatable } from "~/features/i18n/translatable";

/**
 * The search pages' limits and /explore links, without zod: the browser bundles of
 * /explore and the home page import this, and only the loaders parse parameters
 * (search-params.ts).
 */
export const HOME_SEARCH_LIMIT = 9;
export const HOME_SECTION_LIMIT = 6;
export const EXPLORE_PAGE_SIZE = 12;
/** Load more stops here: 50 pages of 12 is 600 cards on one page. */
export const EXPLORE_MAX_PAGE = 50;
export const MAX_QUERY_LENGTH = 200;
/** At most this many amenities in one search (issue #27: 500 amenities get a message, not a query). */
export const MAX_AMENITIES = 10;

/**
 * The orders /explore offers (issue #27 point 2). Each key is one entry of the
 * server's order map (search.server.ts `ORDERS`); another order is one more key here
 * and one more entry there.
 */
export const SORTS = {
  relevance: translatable("Relevance"),
  price_asc: translatable("Price: low to high"),
  price_desc: translatable("Price: high to low"),
  rating: translatable("Rating"),
  newest: translatable("Newest"),
  distance: translatable("Distance"),
} as const;
export type SortKey = keyof typeof SORTS;

/**
 * /explore's filters as they stand in the URL (parsed by parseExploreSearch,
 * search-params.ts): every filter is a parameter, so a search can be shared and the
 * back button steps through it.
 */
export type ExploreFilters = {
  q: string;
  type: string;
  location: string;
  page: number;
  /** When (issue #27 point 1): a date; with `end` a range of days; with `time` and `hours` a time; with `hours` alone any N hours that day. */
  date: string;
  end: string;
  time: string;
  hours: number | null;
  guests: number | null;
  /** Price bounds as typed (decimal text in `currency`'s major units). */
  min: string;
  max: string;
  currency: string;
  amenities: string[];
  rental: string;
  category: string;
  sub: string;
  rating: number | null;
  sort: SortKey;
  /** Where (issue #27 points 3 and 4, app/features/geo/geo-params.ts): a place, 'Near me', the radius, the map's bounds. */
  near?: string;
  lat?: string;
  lng?: string;
  radius?: string;
  bounds?: string;
};

/**
 * The /explore URL for a set of filters (empty ones and defaults left out, page 1 left
 * out). Parameters are written in one fixed order, so one search has one URL.
 */
export function exploreHref(filters: Partial<ExploreFilters>) {
  return `/explore${exploreQuery(filters)}`;
}

/** "?q=…&date=…" for a set of filters, or "" when none is set. */
export function exploreQuery(filters: Partial<ExploreFilters>) {
  const params = new URLSearchParams();
  const put = (name: string, value: string | number | null | undefined) => {
    if (value !== null && value !== undefined && value !== "")
      params.set(name, String(value));
  };
  put("q", filters.q);
  put("type", filters.type);
  put("location", filters.location);
  put("date", filters.date);
  put("end", filters.end);
  put("time", filters.time);
  put("hours", filters.hours);
  put("guests", filters.guests);
  put("min", filters.min);
  put("max", filters.max);
  if (
    (filters.min || filters.max) &&
    filters.currency &&
    filters.currency !== "USD"
  )
    put("currency", filters.currency);
  for (const amenity of filters.amenities ?? [])
    params.append("amenity", amenity);
  put("rental", filters.rental);
  put("category", filters.category);
  put("sub", filters.sub);
  put("rating", filters.rating);
  put("near", filters.near);
  put("lat", filters.lat);
  put("lng", filters.lng);
  put("radius", filters.radius);
  put("bounds", filters.bounds);
  if (filters.sort && filters.sort !== "relevance") put("sort", filters.sort);
  if (filters.page && filters.page > 1)
    params.set("page", String(filters.page));
  const query = params.toString();
  return query ? `?${query}` : "";
}

/** Whether any filter besides the page and the order is set. */
export function hasFilters(filters: ExploreFilters) {
  return Boolean(
    filters.q ||
    filters.type ||
    filters.location ||
    filters.date ||
    filters.guests ||
    filters.min ||
    filters.max ||
    filters.amenities.length > 0 ||
    filters.rental ||
    filters.category ||
    filters.sub ||
    filters.rating ||
    filters.near ||
    filters.lat ||
    filters.bounds,
  );
}
