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

/** /explore's filters as parsed by parseExploreSearch (search-params.ts). */
export type ExploreFilters = { q: string; type: string; location: string; page: number };

/** The /explore URL for a set of filters (empty ones left out, page 1 left out). */
export function exploreHref(filters: Partial<ExploreFilters>) {
  const params = new URLSearchParams();
  if (filters.q) params.set("q", filters.q);
  if (filters.type) params.set("type", filters.type);
  if (filters.location) params.set("location", filters.location);
  if (filters.page && filters.page > 1) params.set("page", String(filters.page));
  const query = params.toString();
  return query ? `/explore?${query}` : "/explore";
}
