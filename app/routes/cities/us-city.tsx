import { Link } from "react-router";
import { msg } from "@lingui/core/macro";
import { useTranslate } from "~/features/i18n/use-translate";
import { translatable } from "~/features/i18n/translatable";
import { translate } from "~/features/i18n/i18n";
import { requestI18n } from "~/features/i18n/request-i18n.server";
import { GeneralErrorBoundary } from "~/features/shell/components/general-error-boundary";
import { notFound } from "~/lib/http";
import { ERROR_TEXT } from "~/lib/messages";
import { Alert } from "~/ui/alert";
import { buttonVariants } from "~/ui/button";
import {
  type CityMatch,
  cityStats,
  getCityBySlug,
  listCitySpaces,
} from "~/features/cities/city-pages.server";
import {
  FIXED_US_CITIES,
  isFixedUsCity,
  parsePage,
} from "~/features/cities/known-cities";
import { fallbackPopularAreas } from "~/features/cities/fallback-content";
import { pageReadDb } from "~/features/auth/read-db.server";
import { env } from "~/lib/env.server";
import { absoluteUrl, jsonLd, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/us-city";
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

/**
 * One module for the fixed US city routes (ADR 0042): /new-york … /dallas show
 * figures, popular areas and listings whose location is the city; /san-jose and
 * /riverview have their own filters and texts. The path says which city it is.
 */
type Variant =
  | {
      kind: "fixed";
      slug: string;
      name: string;
      state: string;
      match: CityMatch;
    }
  | {
      kind: "local";
      slug: "san-jose" | "riverview";
      name: string;
      state: string;
      match: CityMatch;
      empty: string;
      viewAll: boolean;
    };

function variantFor(slug: string): Variant | null {
  if (isFixedUsCity(slug)) {
    const city = FIXED_US_CITIES[slug];
    return {
      kind: "fixed",
      slug,
      ...city,
      match: { kind: "exact", name: city.name },
    };
  }
  if (slug === "san-jose") {
    return {
      kind: "local",
      slug,
      name: "San Jose",
      state: "California",
      match: { kind: "contains", terms: ["san jose", "santa clara county"] },
      // prettier-ignore
      empty: translatable("No spaces currently available in San Jose. Check back soon!"),
      viewAll: false,
    };
  }
  if (slug === "riverview") {
    return {
      kind: "local",
      slug,
      name: "Riverview",
      state: "Florida",
      match: { kind: "contains", terms: ["riverview"] },
      empty: translatable("No spaces found in Riverview, Florida."),
      viewAll: true,
    };
  }
  return null;
}

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const slug = url.pathname.replace(/^\/+|\/+$/g, "").toLowerCase();
  const variant = variantFor(slug);
  if (!variant) notFound();
  const db = await pageReadDb(request);
  const [row, listing, stats] = await Promise.all([
    getCityBySlug(db, slug),
    listCitySpaces(db, { match: variant.match, page: parsePage(url.searchParams.get("page")) }).then((list) => withTranslatedList(db, list, localeOfRequest(request))),
    variant.kind === "fixed" ? cityStats(db, variant.match) : Promise.resolve(null),
  ]);
  const i18n = await requestI18n(request);
  const inLanguage = (text: Parameters<typeof translate>[1]) =>
    translate(i18n, text);
  const { name, state } = variant;
  const title = row?.title ?? inLanguage(msg`Rent spaces in ${name}, ${state}`);
  const description =
    row?.description ??
    inLanguage(
      msg`Studios, venues, vehicles and equipment to rent by the hour, day, week or month in ${name}, ${state}.`,
    );
  const areas = (
    row?.popularAreas?.length
      ? row.popularAreas
      : fallbackPopularAreas(variant.name, inLanguage)
  ).slice(0, 3);
  const path = `/${slug}`;
  const structuredData = jsonLd({
    "@context": "https://schema.org",
    "@type": "CollectionPage",
    name: row?.seoTitle ?? title,
    description: row?.metaDescription ?? description,
    url: absoluteUrl(env().SITE_URL, path),
    about: {
      "@type": "City",
      name: variant.name,
      containedInPlace: {
        "@type": "State",
        name: variant.state,
        containedInPlace: { "@type": "Country", name: "United States" },
      },
    },
    mainEntity: { "@type": "ItemList", numberOfItems: listing.total },
  });
  return {
    kind: variant.kind,
    name: variant.name,
    state: variant.state,
    empty:
      variant.kind === "local"
        ? variant.empty
        : translatable("No spaces found in this location."),
    viewAll: variant.kind === "local" ? variant.viewAll : true,
    title,
    description,
    seoTitle: row?.seoTitle ?? title,
    metaDescription: row?.metaDescription ?? description,
    heroImage: row?.heroImage ?? `/demo/city-${slug}.webp`,
    areas,
    stats,
    listing,
    path,
    structuredData,
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [];
  return pageMeta({
    title: loaderData.seoTitle,
    description: loaderData.metaDescription,
    path: loaderData.path,
    matches,
    image: loaderData.heroImage,
  });
};

export default function UsCityPage({ loaderData }: Route.ComponentProps) {
  const { name, state, stats, listing, areas } = loaderData;
  const _ = useTranslate();
  return (
    <>
      <StructuredData json={loaderData.structuredData} />
      <CityHero
        title={loaderData.title}
        subtitle={loaderData.description}
        image={loaderData.heroImage}
        eyebrow={`${name}, ${state}`}
      />
      {stats && <UsCityStats name={name} stats={stats} />}
      {loaderData.kind === "fixed" && (
        <Section id="areas-heading" title={_(msg`Popular areas in ${name}`)}>
          <ul className="grid gap-6 sm:grid-cols-3">
            {areas.map((area) => (
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
              <p className="text-slate-700">{_(loaderData.empty)}</p>
              {loaderData.viewAll && <ViewAllSpaces />}
            </>
          }
        />
      </Section>
      {loaderData.kind === "fixed" && (
        <section className="bg-brand-50">
          <div className="mx-auto max-w-7xl px-4 py-12 text-center sm:px-6">
            <h2 className="text-2xl font-bold text-slate-900">
              {_(msg`Own a Space in ${name}?`)}
            </h2>
            <p className="mt-2 text-slate-600">
              {_(msg`List it for free and earn from guests across ${state}.`)}
            </p>
            <Link
              to="/create-listing"
              className={buttonVariants({ className: "mt-6" })}
            >
              {_(msg`Own a Space? List it`)}
            </Link>
          </div>
        </section>
      )}
    </>
  );
}

/** docs/product.md#cities: the spaces error text when the city's spaces cannot be read. */
export function ErrorBoundary() {
  return <GeneralErrorBoundary unexpectedError={() => <CitySpacesError />} />;
}

function UsCityStats({
  name,
  stats,
}: {
  name: string;
  stats: Parameters<typeof useCityStatTiles>[0];
}) {
  const _ = useTranslate();
  const tiles = useCityStatTiles(stats, "Average hourly rate");
  return (
    <Section id="stats-heading" title={_(msg`${name} at a glance`)}>
      <StatTiles items={tiles} />
    </Section>
  );
}

function CitySpacesError() {
  const _ = useTranslate();
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-2xl font-bold text-slate-900">
        {_(msg`City spaces`)}
      </h1>
      <Alert tone="error" className="mt-4 p-4">
        {_(ERROR_TEXT.fetchSpaces)}
      </Alert>
    </section>
  );
}
