import { msg } from "@lingui/core/macro";
import { Search } from "lucide-react";
import { translatable } from "~/features/i18n/translatable";
import { useTranslate } from "~/features/i18n/use-translate";
import { useRef } from "react";
import { Form, useNavigation, useSearchParams, useSubmit } from "react-router";
import { BenefitLists, CategoryBrowser, HostCallToAction, TampaBanner } from "~/features/home/components/home-sections";
import { HeroCarousel } from "~/features/home/components/hero-carousel";
import type { SpaceCardData } from "~/features/listings/card";
import { SpaceGrid } from "~/features/listings/components/space-grid";
import { useLiveRefresh } from "~/features/realtime/use-live-refresh";
import { REGIONS } from "~/features/search/regions";
import { parseHomeSearch } from "~/features/search/search-params";
import { WhenSearchForm } from "~/features/search/components/when-search-form";
import { requestNow } from "~/lib/clock.server";
import { featuredUsa, internationalSpaces, listSpaceTypes, searchHome } from "~/features/search/search.server";
import { getDb } from "~/lib/db.server";
import { pageMeta, SITE_NAME } from "~/lib/seo";
import type { Route } from "./+types/home";
import { buttonVariants } from "~/ui/button";
import { Input, Select } from "~/ui/input";
import { Alert } from "~/ui/alert";
import { ToggleChip } from "~/ui/toggle-chip";
import { errorMessage, logger } from "~/lib/logger.server";
import { PAGE_CACHE, pageCacheHandle } from "~/lib/page-cache";
import { withTranslatedList, withTranslatedTitles } from "~/features/listings/listing-translations.server";
import { localeOfRequest } from "~/features/i18n/negotiate";

/** Anonymous visitors may be served a shared copy (ADR 0270). */
export const handle = pageCacheHandle(PAGE_CACHE.listings);

/** ERROR_TEXT.fetchSpaces, written here too so that `/` has it in its first catalog (`core`; ERROR_TEXT is in `common`). */
const FETCH_SPACES_FAILED = translatable("Failed to fetch spaces");
const NO_SPACES = translatable("No spaces found. Try adjusting your search or filters.");

type Section<T> = { data: T; error: null } | { data: null; error: string };

async function section<T>(load: () => Promise<T>): Promise<Section<T>> {
  try {
    return { data: await load(), error: null };
  } catch (error) {
    logger.error({ reason: "home-listings-failed", err: errorMessage(error) }, "Home listings query failed");
    return { data: null, error: FETCH_SPACES_FAILED };
  }
}

export async function loader({ request }: Route.LoaderArgs) {
  const filters = parseHomeSearch(new URL(request.url).searchParams);
  const today = requestNow(request).toISOString().slice(0, 10);
  let db;
  try {
    db = await getDb();
  } catch (error) {
    logger.error({ reason: "database-unavailable", err: errorMessage(error) }, "Database unavailable");
    const failed = { data: null, error: FETCH_SPACES_FAILED } as const;
    return { filters, today, types: [], search: failed, usa: failed, international: failed };
  }
  // Hosts' translated titles for the page's language (issue #31 point 5, ADR 0295).
  const locale = localeOfRequest(request);
  const translated = <Card extends { id: string }>(cards: Card[]) => withTranslatedTitles(db, cards, locale);
  const search = await section(() => searchHome(db, { ...filters, locale }).then(translated));
  const usa = await section(() => featuredUsa(db).then((found) => withTranslatedList(db, found, locale)));
  const international = await section(() => internationalSpaces(db, filters.region).then(translated));
  const types = await listSpaceTypes(db).catch(() => []);
  return { filters, today, types, search, usa, international };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: SITE_NAME,
    description: translatable("Rent spaces, vehicles, equipment, services and experiences by the hour, day, week or month in 50+ countries. Instant booking, secure card payments, free listings for hosts."),
    path: "/",
    image: "/demo/studio-1.webp",
    matches,
  });

function SpacesResult({
  result,
  empty,
  loading,
  label,
}: {
  result: Section<SpaceCardData[]>;
  empty: string;
  loading?: boolean;
  label: string;
}) {
  const _ = useTranslate();
  if (loading) return <p className="py-10 text-center text-slate-600">{_(msg`Loading spaces...`)}</p>;
  if (result.error !== null) {
    return (
      <Alert tone="error">{result.error}</Alert>
    );
  }
  if (result.data.length === 0) return <p className="py-10 text-center text-slate-600">{_(empty)}</p>;
  return <SpaceGrid spaces={result.data} label={_(label)} />;
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { filters, today, types, search, usa, international } = loaderData;
  const _ = useTranslate();
  const navigation = useNavigation();
  const submit = useSubmit();
  const [searchParams, setSearchParams] = useSearchParams();
  const typing = useRef<ReturnType<typeof setTimeout>>(undefined);
  const internationalHeading = useRef<HTMLHeadingElement>(null);
  useLiveRefresh();

  const pendingParams = navigation.location?.pathname === "/" ? new URLSearchParams(navigation.location.search) : null;
  const searching =
    pendingParams !== null &&
    (pendingParams.get("q") ?? "") !== (searchParams.get("q") ?? "") ||
    pendingParams !== null && (pendingParams.get("category") ?? "") !== (searchParams.get("category") ?? "");
  const regionLoading = pendingParams !== null && (pendingParams.get("region") ?? "") !== (searchParams.get("region") ?? "");

  const selectRegion = (region: string | null) => {
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (region) next.set("region", region);
        else next.delete("region");
        return next;
      },
      { preventScrollReset: true },
    );
  };

  return (
    <>
      <HeroCarousel />
      <BenefitLists />
      <TampaBanner />

      <section id="search" aria-labelledby="search-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <h2 id="search-heading" className="text-3xl font-bold text-slate-900">
          {_(msg`Find Your Perfect Space`)}
        </h2>
        <Form
          method="get"
          role="search"
          preventScrollReset
          className="mt-6 flex flex-col gap-3 sm:flex-row"
          onChange={(event) => {
            const form = event.currentTarget;
            clearTimeout(typing.current);
            typing.current = setTimeout(() => void submit(form, { replace: true, preventScrollReset: true }), 300);
          }}
        >
          <label htmlFor="home-search" className="sr-only">
            {_(msg`Search spaces`)}
          </label>
          <div className="relative flex-1">
            <Search className="pointer-events-none absolute top-1/2 start-3 h-5 w-5 -translate-y-1/2 text-slate-400" aria-hidden="true" />
            <Input
              id="home-search"
              type="search"
              name="q"
              defaultValue={filters.q}
              maxLength={200}
              placeholder={_(msg`Search by location, country, or title...`)}
              className="py-3 pe-3 ps-10 shadow-none"
            />
          </div>
          <label htmlFor="home-category" className="sr-only">
            {_(msg`Category`)}
          </label>
          <Select
            id="home-category"
            name="category"
            defaultValue={filters.category}
            className="w-auto py-3 shadow-none"
          >
            <option value="">{_(msg`All Categories`)}</option>
            {types.map((type) => (
              <option key={type.name} value={type.name}>
                {_(type.label)}
              </option>
            ))}
          </Select>
          {filters.region && <input type="hidden" name="region" value={filters.region} />}
          <button type="submit" className={buttonVariants()}>
            {_(msg`Search`)}
          </button>
        </Form>
        <WhenSearchForm q={filters.q} type={filters.category} today={today} />
        <div className="mt-8" aria-live="polite" aria-busy={searching}>
          <SpacesResult
            result={search}
            loading={searching}
            empty={NO_SPACES}
            label={translatable("Search results")}
          />
        </div>
      </section>

      <HostCallToAction />

      <section aria-labelledby="usa-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <h2 id="usa-heading" className="text-3xl font-bold text-slate-900">
            {_(msg`Featured Spaces in the USA`)}
          </h2>
          {usa.data?.hasMore && (
            <button
              type="button"
              onClick={() => {
                selectRegion("americas");
                internationalHeading.current?.scrollIntoView({ behavior: "smooth", block: "start" });
                internationalHeading.current?.focus({ preventScroll: true });
              }}
              className={buttonVariants({ variant: "outline", size: "md", className: "py-2" })}
            >
              {_(msg`View All USA Spaces`)}
            </button>
          )}
        </div>
        <div className="mt-8">
          <SpacesResult
            result={usa.error === null ? { data: usa.data.spaces, error: null } : usa}
            empty={NO_SPACES}
            label={translatable("Featured spaces in the USA")}
          />
        </div>
      </section>

      <section aria-labelledby="international-heading" className="bg-slate-50">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
          <h2 id="international-heading" ref={internationalHeading} tabIndex={-1} className="scroll-mt-24 text-3xl font-bold text-slate-900">
            {_(msg`International Spaces`)}
          </h2>
          <div className="mt-6 flex flex-wrap gap-2" role="group" aria-label={_(msg`Region`)}>
            {REGIONS.map((region) => {
              const active = filters.region === region.id;
              return (
                <ToggleChip key={region.id} selected={active} onClick={() => selectRegion(active ? null : region.id)}>
                  {_(region.label)}
                </ToggleChip>
              );
            })}
          </div>
          <div className="mt-8" aria-live="polite" aria-busy={regionLoading}>
            <SpacesResult
              result={international}
              loading={regionLoading}
              empty={NO_SPACES}
              label={translatable("International spaces")}
            />
          </div>
        </div>
      </section>

      <CategoryBrowser />
    </>
  );
}
