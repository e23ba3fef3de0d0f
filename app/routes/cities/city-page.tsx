import { Link } from "react-router";
import { msg } from "@lingui/core/macro";
import { useTranslate } from "~/features/i18n/use-translate";
import { translatable } from "~/features/i18n/translatable";
import {
  GeneralErrorBoundary,
  NotFoundPage,
} from "~/features/shell/components/general-error-boundary";
import { notFound } from "~/lib/http";
import { ERROR_TEXT, NOT_FOUND_TEXT } from "~/lib/messages";
import { Alert } from "~/ui/alert";
import { buttonVariants } from "~/ui/button";
import {
  cityStats,
  getCityBySlug,
  listCitySpaces,
} from "~/features/cities/city-pages.server";
import { parsePage } from "~/features/cities/known-cities";
import { pageReadDb } from "~/features/auth/read-db.server";
import { env } from "~/lib/env.server";
import { absoluteUrl, jsonLd, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/city-page";
import {
  CityHero,
  CityListings,
  Section,
  StatTiles,
  StructuredData,
  useCityStatTiles,
  ViewAllSpaces,
  withPage,
  AreaCard,
} from "./city-parts";
import { PAGE_CACHE, pageCacheHandle } from "~/lib/page-cache";
import { withTranslatedList } from "~/features/listings/listing-translations.server";
import { localeOfRequest } from "~/features/i18n/negotiate";

/** Anonymous visitors may be served a shared copy (ADR 0270). */
export const handle = pageCacheHandle(PAGE_CACHE.listings);

/** The data-driven /cities/{city} page: the city row by slug, its figures, areas and spaces. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const slug = params.city.trim().toLowerCase();
  const db = await pageReadDb(request);
  const city = /^[a-z0-9-]{1,100}$/.test(slug)
    ? await getCityBySlug(db, slug)
    : null;
  if (!city) notFound(NOT_FOUND_TEXT.city);
  const match = { kind: "exact" as const, name: city.name };
  const url = new URL(request.url);
  const [stats, listing] = await Promise.all([cityStats(db, match), listCitySpaces(db, { match, page: parsePage(url.searchParams.get("page")) }).then((list) => withTranslatedList(db, list, localeOfRequest(request)))]);
  const path = `/cities/${city.slug}`;
  const structuredData = jsonLd({
    "@context": "https://schema.org",
    "@type": "CollectionPage",
    name: city.seoTitle,
    description: city.metaDescription,
    url: absoluteUrl(env().SITE_URL, path),
    about: {
      "@type": "City",
      name: city.name,
      containedInPlace: { "@type": "Country", name: city.country },
    },
    mainEntity: { "@type": "ItemList", numberOfItems: listing.total },
  });
  return { city, stats, listing, path, structuredData };
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
  if (!loaderData) {
    return pageMeta({
      title: NOT_FOUND_TEXT.city,
      description: NO_CITY_PAGE,
      path: location.pathname,
      matches,
      noIndex: true,
    });
  }
  const { city } = loaderData;
  const tags = pageMeta({
    title: city.seoTitle,
    description: city.metaDescription,
    path: loaderData.path,
    matches,
    image: city.heroImage,
  });
  if (city.metaKeywords.length > 0)
    tags.push({ name: "keywords", content: city.metaKeywords.join(", ") });
  return tags;
};

const NO_CITY_PAGE = translatable("We have no city page at this address.");
// prettier-ignore
const NO_PAGE_FOR_CITY = translatable("We don't have a page for this city yet.");
const EXPLORE_LISTINGS = translatable("Explore listings");

export default function CityPage({ loaderData }: Route.ComponentProps) {
  const { city, stats, listing } = loaderData;
  const _ = useTranslate();
  const tiles = useCityStatTiles(stats, "Average rate");
  const name = city.name;
  return (
    <>
      <StructuredData json={loaderData.structuredData} />
      <CityHero
        title={city.title}
        subtitle={city.description}
        image={city.heroImage}
        eyebrow={[city.name, city.state, city.country]
          .filter(Boolean)
          .join(", ")}
      />
      <Section id="stats-heading" title={_(msg`${name} at a glance`)}>
        <StatTiles items={tiles} />
      </Section>
      {city.popularAreas.length > 0 && (
        <Section id="areas-heading" title={_(msg`Popular areas`)}>
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {city.popularAreas.map((area) => (
              <AreaCard key={area.name} area={area} />
            ))}
          </ul>
        </Section>
      )}
      <Section id="spaces-heading" title={_(msg`Spaces in ${name}`)}>
        <CityListings
          {...listing}
          pageHref={(page) => withPage("", page)}
          empty={
            <>
              <p className="text-slate-700">
                {_(msg`No spaces found in this location.`)}
              </p>
              <ViewAllSpaces />
            </>
          }
        />
      </Section>
      <section className="bg-brand-50">
        <div className="mx-auto max-w-7xl px-4 py-12 text-center sm:px-6">
          <h2 className="text-2xl font-bold text-slate-900">
            {_(msg`Have a space in ${name}?`)}
          </h2>
          <p className="mt-2 text-slate-600">
            {_(msg`List it for free in about 60 seconds and start earning.`)}
          </p>
          <Link
            to="/create-listing"
            className={buttonVariants({ className: "mt-6" })}
          >
            {_(msg`List Your Space`)}
          </Link>
        </div>
      </section>
    </>
  );
}

/** 'City not found' for an unknown slug; 'Failed to load city data' (docs/product.md#error-texts) when the city cannot be read. */
export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        404: () => (
          <NotFoundPage
            title={NOT_FOUND_TEXT.city}
            text={NO_PAGE_FOR_CITY}
            link={{ to: "/explore", label: EXPLORE_LISTINGS }}
          />
        ),
      }}
      unexpectedError={() => <CityError />}
    />
  );
}

function CityError() {
  const _ = useTranslate();
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{_(msg`City`)}</h1>
      <Alert tone="error" className="mt-4 p-4">
        {_(ERROR_TEXT.loadCityData)}
      </Alert>
    </section>
  );
}
