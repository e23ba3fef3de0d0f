import { msg } from "@lingui/core/macro";
import { useTranslate } from "~/features/i18n/use-translate";
import {
  ArrowRight,
  BadgeCheck,
  Clock,
  CreditCard,
  Headphones,
  ShieldCheck,
  Zap,
} from "lucide-react";
import { Link } from "react-router";
import { FaqAccordion } from "~/features/content/components/faq-accordion";
import { StepRotator } from "~/features/content/components/step-rotator";
import {
  BENEFITS,
  CATEGORY_COUNTS,
  HOW_IT_WORKS_FAQ,
  HOW_IT_WORKS_STEPS,
} from "~/features/content/how-it-works";
import { loadSampleSpaces } from "~/features/content/sample-spaces.server";
import { SpaceCard } from "~/features/listings/components/space-card";
import { getDb } from "~/lib/db.server";
import { absoluteUrl, pageMeta, siteUrlFrom } from "~/lib/seo";
import { useDelegatedLinks } from "~/ui/delegated-links";
import { JsonLd } from "~/ui/json-ld";
import type { Route } from "./+types/how-it-works";
import { buttonVariants } from "~/ui/button";
import { Alert } from "~/ui/alert";
import { PAGE_CACHE, pageCacheHandle } from "~/lib/page-cache";

/** Anonymous visitors may be served a shared copy (ADR 0270). */
export const handle = pageCacheHandle(PAGE_CACHE.content);

export async function loader() {
  return loadSampleSpaces(getDb, 6);
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "How It Works",
    description:
      "Search, book instantly, pay securely and enjoy: how renting spaces, vehicles and equipment on Rentwell works, with a 10% service fee and $1M liability insurance.",
    path: "/how-it-works",
    matches,
    image: "/demo/loft-1.webp",
  });

const BENEFIT_ICONS = [
  Zap,
  CreditCard,
  ShieldCheck,
  BadgeCheck,
  Headphones,
  Clock,
];

export default function HowItWorks({
  loaderData,
  matches,
}: Route.ComponentProps) {
  const siteUrl = siteUrlFrom(matches);
  const openCard = useDelegatedLinks();
  const _ = useTranslate();
  const howTo = {
    "@context": "https://schema.org",
    "@type": "HowTo",
    name: "How to rent on Rentwell",
    description:
      "Find, book and pay for a space, vehicle, equipment, service or experience on Rentwell.",
    url: absoluteUrl(siteUrl, "/how-it-works"),
    step: HOW_IT_WORKS_STEPS.map((step, index) => ({
      "@type": "HowToStep",
      position: index + 1,
      name: step.title,
      text: step.description,
    })),
  };
  const faq = {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: HOW_IT_WORKS_FAQ.map((item) => ({
      "@type": "Question",
      name: item.question,
      acceptedAnswer: { "@type": "Answer", text: item.answer },
    })),
  };
  return (
    <>
      <JsonLd data={howTo} />
      <JsonLd data={faq} />
      <header className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-7xl px-4 py-14 text-center sm:px-6 sm:py-20">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
            {_(msg`How It Works`)}
          </p>
          <h1 className="mx-auto mt-3 max-w-3xl text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">
            {_(msg`Rent anything in four simple steps`)}
          </h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg text-slate-600">
            {_(
              msg`From a photo studio for an afternoon to power tools for a weekend: search, book instantly, pay securely and enjoy — with $1M liability insurance on every booking.`,
            )}
          </p>
        </div>
      </header>

      <section
        aria-labelledby="steps-heading"
        className="mx-auto max-w-7xl px-4 py-12 sm:px-6"
      >
        <h2
          id="steps-heading"
          className="text-2xl font-bold text-slate-900 sm:text-3xl"
        >
          {_(msg`Four steps to your next rental`)}
        </h2>
        <div className="mt-6">
          <StepRotator steps={HOW_IT_WORKS_STEPS} />
        </div>
      </section>

      <section aria-labelledby="categories-heading" className="bg-slate-50">
        <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
          <h2
            id="categories-heading"
            className="text-2xl font-bold text-slate-900 sm:text-3xl"
          >
            {_(msg`Popular categories`)}
          </h2>
          <ul className="mt-6 grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-6">
            {CATEGORY_COUNTS.map((category) => (
              <li
                key={category.label}
                className="rounded-xl border border-slate-200 bg-white p-5 text-center"
              >
                <p className="text-2xl font-bold text-brand-700">
                  {category.count}
                </p>
                <p className="mt-1 text-sm font-medium text-slate-700">
                  {_(category.label)}
                </p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section
        aria-labelledby="benefits-heading"
        className="mx-auto max-w-7xl px-4 py-12 sm:px-6"
      >
        <h2
          id="benefits-heading"
          className="text-2xl font-bold text-slate-900 sm:text-3xl"
        >
          {_(msg`Why rent with Rentwell`)}
        </h2>
        <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {BENEFITS.map((benefit, index) => {
            const Icon = BENEFIT_ICONS[index] ?? Zap;
            return (
              <li key={benefit.title} className="flex gap-4">
                <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <div>
                  <h3 className="font-semibold text-slate-900">
                    {_(benefit.title)}
                  </h3>
                  <p className="mt-1 text-sm text-slate-600">
                    {_(benefit.text)}
                  </p>
                </div>
              </li>
            );
          })}
        </ul>
      </section>

      <section aria-labelledby="in-action-heading" className="bg-slate-50">
        <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
          <div className="flex flex-wrap items-end justify-between gap-4">
            <h2
              id="in-action-heading"
              className="text-2xl font-bold text-slate-900 sm:text-3xl"
            >
              {_(msg`See It In Action`)}
            </h2>
            <Link to="/explore" className={buttonVariants({ size: "md" })}>
              {_(msg`Browse All Listings`)}{" "}
              <ArrowRight
                aria-hidden="true"
                className="size-4 rtl:-scale-x-100"
              />
            </Link>
          </div>
          {loaderData.error ? (
            <Alert tone="error" className="mt-6 p-4">
              {_(loaderData.error)}
            </Alert>
          ) : loaderData.spaces.length > 0 ? (
            <ul
              className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3"
              onClick={openCard}
            >
              {loaderData.spaces.map((space) => (
                <li key={space.id}>
                  <SpaceCard space={space} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-6 text-slate-600">
              {_(msg`No spaces found. Be the first to list one!`)}
            </p>
          )}
        </div>
      </section>

      <section
        aria-labelledby="faq-heading"
        className="mx-auto max-w-3xl px-4 py-12 sm:px-6"
      >
        <h2
          id="faq-heading"
          className="text-2xl font-bold text-slate-900 sm:text-3xl"
        >
          {_(msg`Frequently Asked Questions`)}
        </h2>
        <div className="mt-6">
          <FaqAccordion items={HOW_IT_WORKS_FAQ} />
        </div>
      </section>

      <section
        aria-labelledby="cta-heading"
        className="mx-auto max-w-7xl px-4 pb-4 sm:px-6"
      >
        <div className="rounded-2xl bg-brand-800 px-6 py-10 text-center text-white sm:px-12">
          <h2 id="cta-heading" className="text-2xl font-bold sm:text-3xl">
            {_(msg`Ready to get started?`)}
          </h2>
          <p className="mx-auto mt-3 max-w-xl text-brand-50">
            {_(
              msg`Find the perfect rental today, or list your own space for free in about 60 seconds and keep 90% of every booking.`,
            )}
          </p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <Link
              to="/explore"
              className={buttonVariants({ variant: "inverse" })}
            >
              {_(msg`Start Exploring`)}
            </Link>
            <Link
              to="/create-listing"
              className={buttonVariants({
                variant: "inverseOutline",
                className: "border-white/60",
              })}
            >
              {_(msg`List Your Space`)}
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
