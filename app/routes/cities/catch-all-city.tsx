import { data } from "react-router";
import { msg } from "@lingui/core/macro";
import { useTranslate } from "~/features/i18n/use-translate";
import { translatable } from "~/features/i18n/translatable";
import { translate } from "~/features/i18n/i18n";
import { requestI18n } from "~/features/i18n/request-i18n.server";
import {
  GeneralErrorBoundary,
  NotFoundPage,
} from "~/features/shell/components/general-error-boundary";
import { NOT_FOUND_TEXT } from "~/lib/messages";
import {
  getCityBySlug,
  listCitySpaces,
} from "~/features/cities/city-pages.server";
import {
  CATCH_ALL_CITIES,
  isCatchAllCity,
  parsePage,
  parseTypeFilter,
} from "~/features/cities/known-cities";
import { fallbackCityContent } from "~/features/cities/fallback-content";
import { pageReadDb } from "~/features/auth/read-db.server";
import { env } from "~/lib/env.server";
import { absoluteUrl, jsonLd, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/catch-all-city";
import {
  CityHero,
  CityListings,
  Section,
  StructuredData,
  ViewAllSpaces,
  withPage,
} from "./city-parts";
import { PAGE_CACHE, pageCacheHandle } from "~/lib/page-cache";
import { withTranslatedList } from "~/features/listings/listing-translations.server";
import { localeOfRequest } from "~/features/i18n/negotiate";

/** Anonymous visitors may be served a shared copy (ADR 0270). */
export const handle = pageCacheHandle(PAGE_CACHE.listings);

/** The catch-all /{city} page (docs/product.md#cities): one of 20 known slugs, optional ?type=. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const slug = (params.city ?? "").trim().toLowerCase();
  // docs/product.md#cities: 'City not found' without a slug, 'Location not found' for one we do not know.
  if (!slug) throw data(NOT_FOUND_TEXT.city, { status: 404 });
  if (!isCatchAllCity(slug))
    throw data(NOT_FOUND_TEXT.location, { status: 404 });
  const url = new URL(request.url);
  const type = parseTypeFilter(url.searchParams.get("type"));
  const db = await pageReadDb(request);
  const known = CATCH_ALL_CITIES[slug];
  const row = await getCityBySlug(db, slug);
  const i18n = await requestI18n(request);
  const fallback = fallbackCityContent(known.name, (text) =>
    translate(i18n, text),
  );
  const content = {
    name: row?.name ?? known.name,
    country: row?.country ?? known.country,
    title: row?.title ?? fallback.title,
    description: row?.description ?? fallback.description,
    seoTitle: row?.seoTitle ?? fallback.title,
    metaDescription: row?.metaDescription ?? fallback.description,
    highlights: (row?.highlights?.length
      ? row.highlights
      : fallback.highlights
    ).slice(0, 4),
    heroImage: `/demo/city-${slug}.webp`,
  };
  const listing = await withTranslatedList(db, await listCitySpaces(db, { match: { kind: "contains", terms: [known.name] }, type, page: parsePage(url.searchParams.get("page")) }), localeOfRequest(request));
  const siteUrl = env().SITE_URL;
  const path = `/${slug}${type ? `?type=${encodeURIComponent(type)}` : ""}`;
  const structuredData = jsonLd({
    "@context": "https://schema.org",
    "@type": "CollectionPage",
    name: content.seoTitle,
    description: content.metaDescription,
    url: absoluteUrl(siteUrl, path),
    about: {
      "@type": "City",
      name: content.name,
      containedInPlace: { "@type": "Country", name: content.country },
    },
    mainEntity: {
      "@type": "ItemList",
      numberOfItems: listing.total,
      itemListElement: listing.spaces.map((space, position) => ({ "@type": "ListItem", position: position + 1, name: space.translatedTitle ?? space.title })),
    },
  });
  return { slug, type, path, content, listing, structuredData };
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
  if (!loaderData) {
    const title =
      location.pathname.replace(/\/+/g, "") === ""
        ? NOT_FOUND_TEXT.city
        : NOT_FOUND_TEXT.location;
    return pageMeta({
      title,
      description: NO_CITY_PAGE,
      path: location.pathname,
      matches,
      noIndex: true,
    });
  }
  return pageMeta({
    title: loaderData.content.seoTitle,
    description: loaderData.content.metaDescription,
    path: loaderData.path,
    matches,
    image: loaderData.content.heroImage,
  });
};

const NO_CITY_PAGE = translatable("We have no city page at this address.");
// prettier-ignore
const NO_PAGE_FOR_LOCATION = translatable("We don't have a page for this location yet.");
const EXPLORE_LISTINGS = translatable("Explore listings");

export default function CatchAllCity({ loaderData }: Route.ComponentProps) {
  const { content, listing, type } = loaderData;
  const _ = useTranslate();
  const name = content.name;
  const kind = type?.replace(/-/g, " ") ?? "";
  return (
    <>
      <StructuredData json={loaderData.structuredData} />
      <CityHero
        title={content.title}
        subtitle={content.description}
        image={content.heroImage}
        eyebrow={`${content.name}, ${content.country}`}
      />
      <Section id="highlights-heading" title={_(msg`Why rent in ${name}`)}>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {content.highlights.map((highlight) => (
            <li
              key={highlight.title}
              className="rounded-xl border border-slate-200 p-5"
            >
              <h3 className="font-semibold text-slate-900">
                {highlight.title}
              </h3>
              <p className="mt-1 text-sm text-slate-600">
                {highlight.description}
              </p>
            </li>
          ))}
        </ul>
      </Section>
      <Section
        id="spaces-heading"
        title={
          type ? _(msg`${kind} rentals in ${name}`) : _(msg`Spaces in ${name}`)
        }
      >
        <CityListings
          {...listing}
          pageHref={(page) =>
            withPage(type ? `type=${encodeURIComponent(type)}` : "", page)
          }
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
    </>
  );
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        404: (error) => (
          <NotFoundPage
            title={
              error.data === NOT_FOUND_TEXT.city
                ? NOT_FOUND_TEXT.city
                : NOT_FOUND_TEXT.location
            }
            text={NO_PAGE_FOR_LOCATION}
            link={{ to: "/explore", label: EXPLORE_LISTINGS }}
          />
        ),
      }}
    />
  );
}
