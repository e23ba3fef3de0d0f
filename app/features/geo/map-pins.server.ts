import { loadCatalogs, translate } from "~/features/i18n/i18n";
import { priceChips } from "~/features/listings/card";
import { withTranslatedTitles } from "~/features/listings/listing-translations.server";
import { spacePath } from "~/features/listings/slug";
import { exploreConditions } from "~/features/search/search.server";
import { parseExploreSearch } from "~/features/search/search-params";
import type { Db } from "~/lib/db.server";
import { DEFAULT_LOCALE, type Locale } from "~/lib/locales";
import { listMapPins, resolveGeoQuery } from "./geo-filter.server";
import { parseGeoParams } from "./geo-params";
import type { PinsAnswer } from "./map-pins";

/**
 * The explore map's pins (issue #27 point 4): the listings matching /explore's URL — every
 * filter of the list, and the place, radius or map bounds — at most 500, at their public
 * points only. A search with problems answers no pins and the problems. With the page's
 * language (`locale`), the text also matches the hosts' translations and each pin is titled
 * as the cards are (ADR 0295).
 */
export async function explorePins(db: Db, params: URLSearchParams, now: Date, locale: Locale | null = null): Promise<PinsAnswer> {
  const search = parseExploreSearch(params, now);
  const geo = await resolveGeoQuery(parseGeoParams(params));
  const problems = [...search.problems, ...geo.problems];
  if (problems.length > 0) return { pins: [], problems, center: null };
  const filter = geo.filter ?? { center: null, radiusKm: 0, bounds: null };
  const found = await listMapPins(db, filter, exploreConditions({ ...search, geo: null, locale }, now));
  // The list's pins as its cards (issue #31 point 5, ADR 0295): the host's title in the page's language; the link keeps the original's.
  const rows: Array<(typeof found)[number] & { translatedTitle?: string }> = locale ? await withTranslatedTitles(db, found, locale) : found;
  // The pin's price as the card's first chip (hourly, else daily), in the page's language and format.
  const i18n = await loadCatalogs(locale ?? DEFAULT_LOCALE, ["core"]);
  const price = (row: (typeof rows)[number]) => priceChips({ ...row, weeklyPrice: null, monthlyPrice: null }, locale ?? undefined, (text) => translate(i18n, text))[0] ?? "";
  return {
    pins: rows.map((row) => ({
      id: row.id,
      title: row.translatedTitle ?? row.title,
      lat: row.lat,
      lng: row.lng,
      price: price(row),
      href: spacePath(row),
    })),
    problems: [],
    center: geo.filter?.center ?? null,
  };
}
