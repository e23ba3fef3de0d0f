import { Search, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import {
  Form,
  Link,
  useLocation,
  useNavigate,
  useNavigation,
} from "react-router";
import { SpaceGrid } from "~/features/listings/components/space-grid";
import { useLiveRefresh } from "~/features/realtime/use-live-refresh";
import {
  ExploreFilterControls,
  resultCountText,
  type FilterChoices,
} from "~/features/search/components/explore-filters";
import {
  EXPLORE_MAX_PAGE,
  EXPLORE_PAGE_SIZE,
  exploreHref,
  hasFilters,
  MAX_QUERY_LENGTH,
  SORTS,
  type ExploreFilters,
  type SortKey,
} from "~/features/search/search-links";
import { resolveExploreSearch } from "~/features/search/explore-search.server";
import {
  listCategories,
  listLocations,
  listSpaceTypes,
  popularAmenities,
  priceHistogram,
  searchExplore,
} from "~/features/search/search.server";
import { pageReadDb } from "~/features/auth/read-db.server";
import { env } from "~/lib/env.server";
import { ExploreMapPanel } from "~/features/geo/components/explore-map-panel";
import { GeoSearchFields } from "~/features/geo/components/geo-search-fields";
import { RADIUS_KM } from "~/features/geo/coordinates";
import { requestNow } from "~/lib/clock.server";
import { SaveSearchButton } from "~/features/wishlists/components/save-search-button";
import { useDelegatedLinks } from "~/ui/delegated-links";
import { pageMeta } from "~/lib/seo";
import { msg, plural } from "@lingui/core/macro";
import { useLocale, useTranslate } from "~/features/i18n/use-translate";
import { translatable } from "~/features/i18n/translatable";
import type { Route } from "./+types/explore";
import { buttonVariants } from "~/ui/button";
import { cn } from "~/ui/cn";
import { toggleChipVariants } from "~/ui/toggle-chip";
import { Input, Select } from "~/ui/input";
import { Alert } from "~/ui/alert";
import { ERROR_TEXT } from "~/lib/messages";
import { errorMessage, logger } from "~/lib/logger.server";
import { PAGE_CACHE, pageCacheHandle } from "~/lib/page-cache";
import { withTranslatedList } from "~/features/listings/listing-translations.server";
import { localeOfRequest } from "~/features/i18n/negotiate";

/** Anonymous visitors may be served a shared copy (ADR 0270). */
export const handle = pageCacheHandle(PAGE_CACHE.listings);

const FETCH_SPACES_FAILED = ERROR_TEXT.fetchSpaces;
const EMPTY = translatable("No spaces found. Try adjusting your filters.");

function logFailure(what: string, error: unknown) {
  logger.error(
    { reason: "explore-query-failed", err: errorMessage(error) },
    `${what} failed`,
  );
}

const NO_CHOICES: FilterChoices = {
  amenities: [],
  categories: [],
  histogram: [],
};

/**
 * /explore (docs/product.md#explore): text, type, location, when (issue #27 point 1),
 * guests, price, amenities, rental type, category, rating and an order (point 2); every
 * filter lives in the URL so a search can be shared and the back button steps through
 * it. Results are paged in SQL ('Load more', ADR 0044); a search with a time is
 * confirmed by the booking widget's rules (ADR 0210).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const now = requestNow(request);
  // The filters and where (issue #27 points 3 and 4, app/features/geo): a place is geocoded here, outside any transaction.
  const search = await resolveExploreSearch(
    new URL(request.url).searchParams,
    now,
  );
  const mapStyleUrl = env().MAP_STYLE_URL ?? null;
  const { when: _when, geo: _geo, price, problems, ...filters } = search;
  const today = now.toISOString().slice(0, 10);
  let db;
  try {
    db = await pageReadDb(request);
  } catch (error) {
    logFailure("Database", error);
    return {
      filters,
      price,
      problems,
      today,
      mapStyleUrl,
      types: [],
      locations: [],
      choices: NO_CHOICES,
      results: { error: FETCH_SPACES_FAILED } as const,
    };
  }
  const quietly = <T,>(what: string, work: Promise<T>, fallback: T) =>
    work.catch((error: unknown) => {
      logFailure(what, error);
      return fallback;
    });
  // The page's language (issue #31 point 5, ADR 0295): the text also matches the hosts' translations into it, and the cards show their translated titles.
  const locale = localeOfRequest(request);
  const inLanguage = { ...search, locale };
  const [results, types, locations, amenities, categories, histogram] = await Promise.all([
    searchExplore(db, inLanguage, now).then(
      async (found) => ({ ...(await withTranslatedList(db, found, locale)), error: null }),
      (error: unknown) => {
        logFailure("Explore search", error);
        return { error: FETCH_SPACES_FAILED } as const;
      },
    ),
    quietly("Space types", listSpaceTypes(db), []),
    quietly("Location list", listLocations(db), []),
    quietly("Amenities", popularAmenities(db, now), []),
    quietly("Categories", listCategories(db), []),
    quietly("Price histogram", priceHistogram(db, inLanguage, now), []),
  ]);
  return { filters, price, problems, today, mapStyleUrl, types, locations, choices: { amenities, categories, histogram }, results };
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta({
    title: translatable("Explore Spaces"),
    description: translatable("Search every space, vehicle, piece of equipment, service and experience on Rentwell by keyword, category and location, and book instantly."),
    path: "/explore",
    matches,
    // Filtered result pages are not separate documents for search engines.
    noIndex: location.search.length > 1,
  });

/** The form's filters as /explore reads them (empty values are left out of the URL). */
function filtersOf(form: HTMLFormElement): Partial<ExploreFilters> {
  const data = new FormData(form);
  const value = (name: string) => String(data.get(name) ?? "").trim();
  const whole = (name: string) =>
    value(name) === "" ? null : Number(value(name));
  return {
    q: value("q"),
    type: value("type"),
    location: value("location"),
    date: value("date"),
    end: value("end"),
    time: value("time"),
    hours: whole("hours"),
    guests: whole("guests"),
    min: value("min"),
    max: value("max"),
    currency: value("currency"),
    amenities: data.getAll("amenity").map(String),
    rental: value("rental"),
    category: value("category"),
    sub: value("sub"),
    rating: whole("rating"),
    sort: (value("sort") || "relevance") as SortKey,
    near: value("near"),
    lat: value("lat"),
    lng: value("lng"),
    // The radius only with a place or 'Near me', and only when it is not the default.
    radius:
      (value("near") || value("lat")) &&
      value("radius") !== String(RADIUS_KM.default)
        ? value("radius")
        : "",
    bounds: value("bounds"),
  };
}

export default function Explore({ loaderData }: Route.ComponentProps) {
  const {
    filters,
    price,
    problems,
    today,
    mapStyleUrl,
    types,
    locations,
    choices,
    results,
  } = loaderData;
  const [moveSearch, setMoveSearch] = useState(Boolean(filters.bounds));
  const navigation = useNavigation();
  const navigate = useNavigate();
  const location = useLocation();
  const queryInput = useRef<HTMLInputElement>(null);
  const typeSelect = useRef<HTMLSelectElement>(null);
  const typing = useRef<ReturnType<typeof setTimeout>>(undefined);
  const typingPending = useRef(false);
  const typedEntry = useRef(false);
  useLiveRefresh();
  const openLocation = useDelegatedLinks({ preventScrollReset: true });

  /**
   * Runs the form's search at a clean URL (no empty parameters). A search adds
   * a history entry; typing adds one for its first pause and then refines it.
   */
  const go = (form: HTMLFormElement | null, { typed = false } = {}) => {
    if (!form) return;
    clearTimeout(typing.current);
    typingPending.current = false;
    const href = exploreHref(filtersOf(form));
    // Never two entries for the same search.
    const replace = typed
      ? typedEntry.current
      : href === `${location.pathname}${location.search}`;
    typedEntry.current = typed;
    void navigate(href, { replace, preventScrollReset: true });
  };

  // Back/forward and link clicks change the URL under the form: show its filters
  // (but never rewrite the box while a typed search is still on its way). The other
  // controls are keyed by their value, so they follow the URL by themselves.
  useEffect(() => {
    const input = queryInput.current;
    if (
      input &&
      !typingPending.current &&
      input.value.replace(/\s+/g, " ").trim() !== filters.q
    )
      input.value = filters.q;
    if (typeSelect.current) typeSelect.current.value = filters.type;
  }, [filters.q, filters.type]);
  useEffect(() => {
    typedEntry.current = false;
  }, [filters.type, filters.location]);
  useEffect(() => () => clearTimeout(typing.current), []);

  const loading =
    navigation.state === "loading" &&
    navigation.location.pathname === "/explore";
  const shownLocations =
    filters.location &&
    !locations.some(
      (row) => row.location.toLowerCase() === filters.location.toLowerCase(),
    )
      ? [{ location: filters.location, count: null }, ...locations]
      : locations;
  const filtered = hasFilters(filters);
  const _ = useTranslate();
  const locale = useLocale();

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">
        {_(msg`Explore Spaces`)}
      </h1>
      <p className="mt-2 text-slate-600">
        {_(
          msg`Find spaces, vehicles, equipment, services and experiences to rent.`,
        )}
      </p>

      <Form
        method="get"
        action="/explore"
        role="search"
        aria-label={_(msg`Filter spaces`)}
        className="mt-6 flex flex-col gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          go(event.currentTarget);
        }}
        onChange={(event) => {
          // The text box searches after a pause (below); every other control at once.
          const name = (event.target as HTMLElement).getAttribute("name");
          if (name !== "q" && name !== "near") go(event.currentTarget);
        }}
      >
        {filters.location && (
          <input type="hidden" name="location" value={filters.location} />
        )}
        <div className="flex flex-col gap-3 sm:flex-row">
          <label htmlFor="explore-search" className="sr-only">
            {_(msg`Search spaces`)}
          </label>
          <div className="relative flex-1">
            <Search
              className="pointer-events-none absolute start-3 top-1/2 h-5 w-5 -translate-y-1/2 text-slate-400"
              aria-hidden="true"
            />
            <Input
              ref={queryInput}
              id="explore-search"
              type="search"
              name="q"
              defaultValue={filters.q}
              maxLength={MAX_QUERY_LENGTH}
              placeholder={_(msg`Search by title or description...`)}
              className="py-3 ps-10 pe-3 shadow-none"
              onChange={(event) => {
                const target = event.currentTarget.form;
                clearTimeout(typing.current);
                typingPending.current = true;
                typing.current = setTimeout(
                  () => go(target, { typed: true }),
                  400,
                );
              }}
            />
          </div>
          <label htmlFor="explore-type" className="sr-only">
            {_(msg`Category`)}
          </label>
          <Select
            ref={typeSelect}
            id="explore-type"
            name="type"
            defaultValue={filters.type}
            className="w-auto py-3 shadow-none"
          >
            <option value="">{_(msg`All Categories`)}</option>
            {filters.type &&
              !types.some((type) => type.name === filters.type) && (
                <option value={filters.type}>{filters.type}</option>
              )}
            {types.map((type) => (
              <option key={type.name} value={type.name}>
                {type.label}
              </option>
            ))}
          </Select>
          <button type="submit" className={buttonVariants()}>
            {_(msg`Search`)}
          </button>
        </div>
        <GeoSearchFields values={filters} />
        <ExploreFilterControls
          filters={filters}
          choices={choices}
          today={today}
          price={price}
        />
      </Form>

      <div className="mt-8 grid grid-cols-1 gap-8 lg:grid-cols-[16rem_minmax(0,1fr)]">
        <nav aria-labelledby="location-heading" className="min-w-0">
          <h2
            id="location-heading"
            className="text-sm font-semibold tracking-wide text-slate-700 uppercase"
          >
            {_(msg`Location`)}
          </h2>
          <ul
            onClick={openLocation}
            className="mt-3 flex gap-2 overflow-x-auto pb-2 lg:max-h-[36rem] lg:flex-col lg:gap-1 lg:overflow-x-visible lg:overflow-y-auto"
          >
            <li className="shrink-0">
              <LocationLink
                to={exploreHref({ ...filters, location: "", page: 1 })}
                active={!filters.location}
              >
                {_(msg`All locations`)}
              </LocationLink>
            </li>
            {shownLocations.map((row) => (
              <li key={row.location} className="shrink-0">
                <LocationLink
                  to={exploreHref({
                    ...filters,
                    location: row.location,
                    page: 1,
                  })}
                  active={
                    filters.location.toLowerCase() ===
                    row.location.toLowerCase()
                  }
                >
                  {row.location}
                  {row.count !== null && (
                    <>
                      {" "}
                      <span className="text-slate-500">({row.count})</span>
                    </>
                  )}
                </LocationLink>
              </li>
            ))}
          </ul>
        </nav>

        <section
          aria-labelledby="results-heading"
          aria-busy={loading}
          className="min-w-0"
        >
          <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
            <h2
              id="results-heading"
              className="text-xl font-semibold text-slate-900"
            >
              {filtered ? _(msg`Matching spaces`) : _(msg`All spaces`)}
            </h2>
            {results.error === null && problems.length === 0 && (
              <p
                role="status"
                aria-live="polite"
                className="text-sm font-semibold text-slate-700"
                data-testid="result-count"
              >
                {resultCountText(results.count, _, locale)}
                {filters.sort !== "relevance" && (
                  <span className="font-normal text-slate-500">
                    {" "}
                    · {_(SORTS[filters.sort])}
                  </span>
                )}
              </p>
            )}
            {filtered && (
              <Link
                to="/explore"
                className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
              >
                <X className="h-4 w-4" aria-hidden="true" />
                {_(msg`Clear filters`)}
              </Link>
            )}
            {filtered && problems.length === 0 && <SaveSearchButton />}
          </div>
          {problems.length > 0 ? (
            <Alert tone="error">
              <ul>
                {problems.map((problem) => (
                  <li key={problem}>{_(problem)}</li>
                ))}
              </ul>
            </Alert>
          ) : (
            <ExploreMapPanel
              query={location.search}
              styleUrl={mapStyleUrl}
              moveSearch={moveSearch}
              onMoveSearchChange={setMoveSearch}
              onBoundsChange={(bounds) =>
                void navigate(exploreHref({ ...filters, bounds, page: 1 }), {
                  replace: true,
                  preventScrollReset: true,
                })
              }
            >
              <Results results={results} filters={filters} loading={loading} />
            </ExploreMapPanel>
          )}
        </section>
      </div>
    </div>
  );
}

/** A plain anchor: the list's useDelegatedLinks handler navigates client-side (no scroll reset). */
function LocationLink({
  to,
  active,
  children,
}: {
  to: string;
  active: boolean;
  children: React.ReactNode;
}) {
  return (
    <a
      href={to}
      aria-current={active ? "true" : undefined}
      className={toggleChipVariants({
        selected: active,
        size: "sm",
        className: cn(
          "font-normal lg:w-full lg:justify-start lg:rounded-md lg:border-transparent",
          active && "font-semibold",
          !active && "hover:bg-slate-100",
        ),
      })}
    >
      {children}
    </a>
  );
}

function Results({
  results,
  filters,
  loading,
}: {
  results: Route.ComponentProps["loaderData"]["results"];
  filters: Route.ComponentProps["loaderData"]["filters"];
  loading: boolean;
}) {
  const _ = useTranslate();
  if (results.error !== null) {
    return <Alert tone="error">{_(results.error)}</Alert>;
  }
  if (results.spaces.length === 0) {
    return (
      <p role="status" className="py-10 text-center text-slate-600">
        {_(EMPTY)}
      </p>
    );
  }
  const atLimit = filters.page >= EXPLORE_MAX_PAGE;
  const limit = EXPLORE_MAX_PAGE * EXPLORE_PAGE_SIZE;
  const shownCount = results.spaces.length;
  return (
    <div className={loading ? "opacity-60 transition-opacity" : undefined}>
      <SpaceGrid
        spaces={results.spaces}
        columns={2}
        label={_(msg`Spaces`)}
        priorityFirst
      />
      <div className="mt-8 flex flex-col items-center gap-2 text-sm text-slate-600">
        <p>
          {_(
            msg`Showing ${plural(shownCount, { one: "# space", other: "# spaces" })}`,
          )}
        </p>
        {results.hasMore && !atLimit && (
          <Link
            to={exploreHref({ ...filters, page: filters.page + 1 })}
            preventScrollReset
            replace
            className={buttonVariants({
              variant: "outline",
              className: "py-2.5",
            })}
          >
            {_(msg`Load more`)}
          </Link>
        )}
        {results.hasMore && atLimit && (
          <p>
            {_(
              msg`That is the first ${limit} results — narrow your search to see the rest.`,
            )}
          </p>
        )}
      </div>
    </div>
  );
}
