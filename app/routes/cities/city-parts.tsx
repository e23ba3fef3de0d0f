import type { MessageDescriptor } from "@lingui/core";
import type { ReactNode } from "react";
import { msg, plural } from "@lingui/core/macro";
import { useLocale, useTranslate } from "~/features/i18n/use-translate";
import { translatable } from "~/features/i18n/translatable";
import { formatMinorWhole } from "~/lib/money";
import { Link } from "react-router";
import type { SpaceCardData } from "~/features/listings/card";
import { SpaceCard } from "~/features/listings/components/space-card";
import { useNonce } from "~/lib/nonce";
import { useDelegatedLinks } from "~/ui/delegated-links";
import { buttonVariants } from "~/ui/button";

/** Shared pieces of the city pages (catch-all, data-driven, fixed US routes). */

export function CityHero({
  title,
  subtitle,
  image,
  eyebrow,
}: {
  title: string;
  subtitle: string;
  image: string;
  eyebrow?: string;
}) {
  return (
    <section className="relative isolate overflow-hidden bg-slate-900">
      <img
        src={image}
        alt=""
        width={1600}
        height={700}
        fetchPriority="high"
        className="absolute inset-0 -z-10 h-full w-full object-cover opacity-60"
      />
      <div className="absolute inset-0 -z-10 bg-gradient-to-t from-slate-900/80 to-slate-900/20" />
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-24">
        {eyebrow && (
          <p className="text-sm font-semibold tracking-wide text-brand-200 uppercase">
            {eyebrow}
          </p>
        )}
        <h1 className="mt-2 max-w-3xl text-3xl font-bold text-white sm:text-5xl">
          {title}
        </h1>
        <p className="mt-4 max-w-2xl text-lg text-slate-100">{subtitle}</p>
      </div>
    </section>
  );
}

export function StructuredData({ json }: { json: string }) {
  const nonce = useNonce();
  return (
    <script
      type="application/ld+json"
      nonce={nonce}
      dangerouslySetInnerHTML={{ __html: json }}
    />
  );
}

export function StatTiles({
  items,
}: {
  items: { label: string; value: string }[];
}) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {items.map((item) => (
        <div
          key={item.label}
          className="rounded-xl border border-slate-200 bg-white p-4 text-center shadow-sm"
        >
          <dt className="text-sm text-slate-600">{item.label}</dt>
          <dd className="mt-1 text-2xl font-bold text-slate-900">
            {item.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function Section({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className="mx-auto max-w-7xl px-4 py-10 sm:px-6"
    >
      <h2 id={id} className="text-2xl font-bold text-slate-900">
        {title}
      </h2>
      <div className="mt-5">{children}</div>
    </section>
  );
}

/** A grid of space cards with previous/next page links, or the page's empty text. */
export function CityListings({
  spaces,
  page,
  pageCount,
  total,
  totalCapped = false,
  empty,
  pageHref,
}: {
  spaces: SpaceCardData[];
  page: number;
  pageCount: number;
  total: number;
  /** More matches than were counted: shown as "1,000+ listings". */
  totalCapped?: boolean;
  empty: ReactNode;
  pageHref: (page: number) => string;
}) {
  const openCard = useDelegatedLinks();
  const _ = useTranslate();
  const locale = useLocale();
  const count = total.toLocaleString(locale);
  if (spaces.length === 0)
    return (
      <div className="rounded-xl border border-dashed border-slate-300 p-8 text-center">
        {empty}
      </div>
    );
  return (
    <>
      <p className="mb-4 text-sm text-slate-600">
        {totalCapped
          ? _(msg`${count}+ listings`)
          : _(msg`${plural(total, { one: "# listing", other: "# listings" })}`)}
        {pageCount > 1 ? _(msg` · page ${page} of ${pageCount}`) : ""}
      </p>
      <ul
        className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3"
        onClick={openCard}
      >
        {spaces.map((space) => (
          <li key={space.id} className="flex">
            <div className="w-full">
              <SpaceCard space={space} />
            </div>
          </li>
        ))}
      </ul>
      {pageCount > 1 && (
        <nav
          aria-label={_(msg`Pages`)}
          className="mt-8 flex items-center justify-center gap-4"
        >
          {page > 1 && (
            <Link
              to={pageHref(page - 1)}
              className={buttonVariants({
                variant: "secondary",
                size: "md",
                className: "py-2",
              })}
            >
              {_(msg`Previous page`)}
            </Link>
          )}
          {page < pageCount && (
            <Link
              to={pageHref(page + 1)}
              className={buttonVariants({
                variant: "secondary",
                size: "md",
                className: "py-2",
              })}
            >
              {_(msg`Next page`)}
            </Link>
          )}
        </nav>
      )}
    </>
  );
}

export function ViewAllSpaces() {
  const _ = useTranslate();
  return (
    <Link to="/" className={buttonVariants({ className: "py-2.5 mt-4" })}>
      {_(msg`View all spaces`)}
    </Link>
  );
}

/** A mean price in minor units, whole units as the stat tiles show them. */
export function formatRate(value: number | null, currency: string) {
  return value == null ? "—" : formatMinorWhole(value, currency);
}

export const NO_REVIEWS_YET = translatable("No reviews yet");

/** The mean rating to one decimal in the page's locale, or 'No reviews yet' in its language. */
export function formatAverageRating(
  value: number | null,
  _: (text: MessageDescriptor | string) => string = (text) => String(text),
  locale = "en-US",
) {
  return value == null
    ? _(NO_REVIEWS_YET)
    : value.toLocaleString(locale, {
        minimumFractionDigits: 1,
        maximumFractionDigits: 1,
      });
}

/** The four figures of a city page, in the page's language. */
export function useCityStatTiles(
  stats: {
    availableCount: number;
    averageHourlyRate: number | null;
    rateCurrency: string;
    monthlyBookings: number;
    averageRating: number | null;
  },
  rateLabel: "Average rate" | "Average hourly rate",
) {
  const _ = useTranslate();
  const locale = useLocale();
  const rate = `${formatRate(stats.averageHourlyRate, stats.rateCurrency)}${_(msg`/hr`)}`;
  return [
    {
      label: _(msg`Available spaces`),
      value: stats.availableCount.toLocaleString(locale, {
        useGrouping: false,
      }),
    },
    {
      label:
        rateLabel === "Average rate"
          ? _(msg`Average rate`)
          : _(msg`Average hourly rate`),
      value: rate,
    },
    {
      label: _(msg`Bookings (last 30 days)`),
      value: stats.monthlyBookings.toLocaleString(locale, {
        useGrouping: false,
      }),
    },
    {
      label: _(msg`Average rating`),
      value: formatAverageRating(stats.averageRating, _, locale),
    },
  ];
}

/** `?page=` link that keeps the other query parameters. */
export function withPage(search: string, page: number) {
  const params = new URLSearchParams(search);
  if (page <= 1) params.delete("page");
  else params.set("page", String(page));
  const query = params.toString();
  return query ? `?${query}` : "?";
}

/** One popular area of a city page: its picture, name and description. */
export function AreaCard({ area }: { area: { name: string; image: string; description: string } }) {
  return (
    <li className="overflow-hidden rounded-xl border border-slate-200">
      <img src={area.image} alt="" loading="lazy" width={600} height={400} className="aspect-[3/2] w-full object-cover" />
      <div className="p-4">
        <h3 className="font-semibold text-slate-900">{area.name}</h3>
        <p className="mt-1 text-sm text-slate-600">{area.description}</p>
      </div>
    </li>
  );
}
