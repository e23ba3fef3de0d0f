import { msg } from "@lingui/core/macro";
import { Download } from "lucide-react";
import { translatable } from "~/features/i18n/translatable";
import { useLocale, useTranslate } from "~/features/i18n/use-translate";
import { formatDate } from "~/lib/dates";
import { Link } from "react-router";
import { PageHero } from "~/features/content/components/page-hero";
import { TERMS_LAST_UPDATED_ISO, TERMS_SECTIONS } from "~/features/content/legal/terms";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/terms";
import { buttonVariants } from "~/ui/button";
import { PAGE_CACHE, pageCacheHandle } from "~/lib/page-cache";

/** Anonymous visitors may be served a shared copy (ADR 0270). */
export const handle = pageCacheHandle(PAGE_CACHE.content);

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: translatable("Terms of Service"),
    // prettier-ignore
    description: translatable("The Rentwell Terms of Service: accounts, bookings and payments, host responsibilities, prohibited conduct and liability."),
    path: "/terms",
    matches,
  });

export default function Terms() {
  const _ = useTranslate();
  const locale = useLocale();
  return (
    <>
      <PageHero eyebrow={_(msg`Terms of Service`)} title={_(msg`Terms of Service`)}>
        <p className="mt-4 text-slate-600">
          {_(translatable("Last updated:"))}{" "}
          <time dateTime={TERMS_LAST_UPDATED_ISO}>{formatDate(TERMS_LAST_UPDATED_ISO, locale, { dateStyle: "long", timeZone: "UTC" })}</time>
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          <a
            href="/terms.md"
            download="rentwell-terms-of-service.md"
            className={buttonVariants()}
          >
            <Download aria-hidden="true" className="size-4" /> {_(msg`Download Full Terms`)}
          </a>
          <Link
            to="/contact?subject=general"
            className={buttonVariants({ variant: "secondary" })}
          >
            {_(msg`Contact Legal Team`)}
          </Link>
        </div>
      </PageHero>
      <div className="mx-auto grid max-w-5xl gap-10 px-4 py-10 sm:px-6 lg:grid-cols-[14rem_minmax(0,1fr)]">
        <nav aria-label={_(msg`Sections`)} className="lg:sticky lg:top-24 lg:self-start">
          <ol className="space-y-2 text-sm">
            {TERMS_SECTIONS.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className="text-slate-700 hover:text-brand-700 hover:underline">
                  {_(section.title)}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="max-w-3xl">
          {TERMS_SECTIONS.map((section) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`} className="scroll-mt-24 pb-8">
              <h2 id={`${section.id}-heading`} className="text-2xl font-bold text-slate-900">
                {_(section.title)}
              </h2>
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph} className="mt-4 leading-7 text-slate-700">
                  {_(paragraph)}
                </p>
              ))}
            </section>
          ))}
        </div>
      </div>
    </>
  );
}
