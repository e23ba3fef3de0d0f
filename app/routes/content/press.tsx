import { msg } from "@lingui/core/macro";
import { translatable } from "~/features/i18n/translatable";
import { useTranslate } from "~/features/i18n/use-translate";
import { useLocale } from "~/features/i18n/use-translate";
import { formatDate } from "~/lib/dates";
import { Link } from "react-router";
import { PageHero } from "~/features/content/components/page-hero";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/press";
import { buttonVariants } from "~/ui/button";
import { PAGE_CACHE, pageCacheHandle } from "~/lib/page-cache";

/** Anonymous visitors may be served a shared copy (ADR 0270). */
export const handle = pageCacheHandle(PAGE_CACHE.content);

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: translatable("Press and Media"),
    // prettier-ignore
    description: translatable("Rentwell news, company facts and media contacts: the Tampa, Florida based Global Online Rental Platform."),
    path: "/press",
    matches,
  });

const RELEASES = [
  {
    date: "2025-03-04",
    title: translatable("Rentwell passes 50,000 listings in more than 50 countries"),
    text: translatable("Hosts now offer spaces, vehicles, equipment, services and experiences on Rentwell in 50+ countries, with an average guest rating of 4.9/5."),
  },
  {
    date: "2025-01-21",
    title: translatable("Every booking now includes $1M liability insurance"),
    text: translatable("Guests and hosts are covered by $1M liability insurance on every booking, at no extra cost."),
  },
  {
    date: "2024-10-08",
    title: translatable("Rentwell welcomes its 100,000th user"),
    text: translatable("The Tampa-based platform reaches 100K+ users, with instant booking and 24/7 support."),
  },
];

const FACTS = [
  [translatable("Headquarters"), translatable("Tampa, Florida")],
  [translatable("Users"), "100K+"],
  [translatable("Listings"), "50K+"],
  [translatable("Countries"), "50+"],
  [translatable("Average rating"), "4.9/5"],
  [translatable("Service fee"), translatable("10% (90% to the owner)")],
] as const;

export default function Press() {
  const _ = useTranslate();
  const locale = useLocale();
  return (
    <>
      <PageHero
        eyebrow={_(msg`Press and Media`)}
        title={_(msg`Rentwell in the news`)}
        lead={_(msg`Company news, facts and figures for journalists. For interviews and media enquiries, contact our team.`)}
      >
        <Link
          to="/contact?subject=partnership"
          className={buttonVariants({ className: "mt-6" })}
        >
          {_(msg`Media enquiries`)}
        </Link>
      </PageHero>
      <div className="mx-auto grid max-w-5xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <section aria-labelledby="releases-heading">
          <h2 id="releases-heading" className="text-2xl font-bold text-slate-900">
            {_(msg`Press releases`)}
          </h2>
          <ul className="mt-6 space-y-6">
            {RELEASES.map((release) => (
              <li key={release.title} className="border-s-4 border-brand-500 ps-4">
                <time dateTime={release.date} className="text-sm text-slate-600">
                  {formatDate(release.date, locale, { dateStyle: "long", timeZone: "UTC" })}
                </time>
                <h3 className="mt-1 text-lg font-semibold text-slate-900">{_(release.title)}</h3>
                <p className="mt-1 text-slate-600">{_(release.text)}</p>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="facts-heading" className="rounded-2xl bg-slate-50 p-6">
          <h2 id="facts-heading" className="text-lg font-bold text-slate-900">
            {_(msg`Fast facts`)}
          </h2>
          <dl className="mt-4 space-y-3 text-sm">
            {FACTS.map(([term, value]) => (
              <div key={term} className="flex justify-between gap-4 border-b border-slate-200 pb-2">
                <dt className="text-slate-600">{_(term)}</dt>
                <dd className="font-semibold text-slate-900">{_(value)}</dd>
              </div>
            ))}
          </dl>
        </section>
      </div>
    </>
  );
}
