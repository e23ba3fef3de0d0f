/**
 * How long a shared cache (a CDN, nginx) may keep an anonymous visitor's copy of a
 * public page, and serve it stale while it fetches a fresh one (ADR 0270). A route
 * opts in with `export const handle = pageCacheHandle(PAGE_CACHE.listings)`; every
 * other page stays `private`. Signed-in visitors never get a shared copy.
 */
export const PAGE_CACHE = {
  /** Editorial pages (about, blog, help …): they change with a deploy. */
  content: { sMaxAge: 600, staleWhileRevalidate: 86_400 },
  /** Pages built from listings (home, explore, a space, a city, a host): a new price shows within a minute. */
  listings: { sMaxAge: 60, staleWhileRevalidate: 600 },
} as const;

export type PageCachePolicy = { sMaxAge: number; staleWhileRevalidate: number };

export function pageCacheHandle(pageCache: PageCachePolicy) {
  return { pageCache };
}

export function pageCachePolicyOf(handle: unknown): PageCachePolicy | null {
  if (typeof handle !== "object" || handle === null || !("pageCache" in handle)) return null;
  return (handle as { pageCache: PageCachePolicy }).pageCache;
}
