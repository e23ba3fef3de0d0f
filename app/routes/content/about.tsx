import { msg } from "@lingui/core/macro";
import { translatable } from "~/features/i18n/translatable";
import { useTranslate } from "~/features/i18n/use-translate";
import { Globe2, Heart, ShieldCheck, Users } from "lucide-react";
import { Link } from "react-router";
import { PageHero } from "~/features/content/components/page-hero";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/about";
import { buttonVariants } from "~/ui/button";
import { cardVariants } from "~/ui/card";
import { PAGE_CACHE, pageCacheHandle } from "~/lib/page-cache";

/** Anonymous visitors may be served a shared copy (ADR 0270). */
export const handle = pageCacheHandle(PAGE_CACHE.content);

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "About Us",
    description:
      "Rentwell is a global online rental platform based in Tampa, Florida: 100K+ users, 50K+ listings in 50+ countries, rated 4.9/5.",
    path: "/about",
    matches,
    image: "/demo/area-waterfront-1.webp",
  });

const FIGURES = [
  { value: "100K+", label: translatable("Users") },
  { value: "50K+", label: translatable("Listings") },
  { value: "50+", label: translatable("Countries") },
  { value: "4.9/5", label: translatable("Average rating") },
];

const VALUES = [
  {
    icon: ShieldCheck,
    title: translatable("Trust first"),
    // prettier-ignore
    text: translatable("Identity-verified users, secure payments held until 24 hours after each booking, and $1M liability insurance."),
  },
  {
    icon: Users,
    title: translatable("Community"),
    // prettier-ignore
    text: translatable("Hosts and guests who treat every space as their own, backed by 24/7 support."),
  },
  {
    icon: Globe2,
    title: translatable("Access for everyone"),
    // prettier-ignore
    text: translatable("Spaces, vehicles, equipment, services and experiences by the hour, day, week or month."),
  },
  {
    icon: Heart,
    title: translatable("Fair for hosts"),
    // prettier-ignore
    text: translatable("Listing is free and takes about 60 seconds; 90% of every booking goes to the owner."),
  },
];

export default function About() {
  const _ = useTranslate();
  return (
    <>
      <PageHero
        eyebrow={_(msg`About Rentwell`)}
        title={_(msg`The Global Online Rental Platform`)}
        lead={_(
          msg`Rentwell helps people rent the spaces, vehicles, equipment, services and experiences they need — and helps owners earn from what they already have. We are based in Tampa, Florida.`,
        )}
      />
      <section
        aria-labelledby="figures-heading"
        className="mx-auto max-w-5xl px-4 py-12 sm:px-6"
      >
        <h2 id="figures-heading" className="sr-only">
          {_(msg`Rentwell in numbers`)}
        </h2>
        <dl className="grid grid-cols-2 gap-4 md:grid-cols-4">
          {FIGURES.map((figure) => (
            <div
              key={figure.label}
              className="rounded-xl border border-slate-200 bg-white p-6 text-center"
            >
              <dt className="text-sm font-medium text-slate-600">
                {_(figure.label)}
              </dt>
              <dd className="mt-1 text-3xl font-bold text-brand-700">
                {figure.value}
              </dd>
            </div>
          ))}
        </dl>
      </section>
      <section
        aria-labelledby="story-heading"
        className="mx-auto max-w-3xl px-4 pb-4 sm:px-6"
      >
        <h2 id="story-heading" className="text-2xl font-bold text-slate-900">
          {_(msg`Our story`)}
        </h2>
        <p className="mt-4 leading-7 text-slate-700">
          {_(
            msg`Rentwell started in Tampa, Florida, with a simple observation: most spaces and things sit unused most of the time, while people nearby need them for an hour, a day or a month. A photographer needs a studio for an afternoon; a family needs a trailer for a weekend move; a startup needs a meeting room once a month.`,
          )}
        </p>
        <p className="mt-4 leading-7 text-slate-700">
          {_(
            msg`We built one platform where hosts list anything for free in about 60 seconds and guests book instantly, with no host approval. Payments are held securely until 24 hours after each booking, a 10% service fee keeps the platform running, and 90% goes to the owner.`,
          )}
        </p>
      </section>
      <section
        aria-labelledby="values-heading"
        className="mx-auto max-w-5xl px-4 py-12 sm:px-6"
      >
        <h2 id="values-heading" className="text-2xl font-bold text-slate-900">
          {_(msg`What we stand for`)}
        </h2>
        <ul className="mt-6 grid gap-6 sm:grid-cols-2">
          {VALUES.map(({ icon: Icon, title, text }) => (
            <li
              key={title}
              className={cardVariants({ className: "flex gap-4" })}
            >
              <Icon
                aria-hidden="true"
                className="size-6 shrink-0 text-brand-700"
              />
              <div>
                <h3 className="font-semibold text-slate-900">{_(title)}</h3>
                <p className="mt-1 text-sm text-slate-600">{_(text)}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>
      <section className="mx-auto max-w-5xl px-4 sm:px-6">
        <div className="flex flex-col items-start gap-4 rounded-2xl bg-brand-800 p-8 text-white sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h2 className="text-xl font-bold">{_(msg`Join us`)}</h2>
            <p className="mt-1 text-brand-50">
              {_(msg`We are hiring in Tampa and remotely.`)}
            </p>
          </div>
          <div className="flex flex-wrap gap-3">
            <Link
              to="/careers"
              className={buttonVariants({ variant: "inverse" })}
            >
              {_(msg`View open positions`)}
            </Link>
            <Link
              to="/contact"
              className={buttonVariants({
                variant: "inverseOutline",
                className: "border-white/60",
              })}
            >
              {_(msg`Contact us`)}
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
