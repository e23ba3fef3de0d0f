import { Briefcase, Clock, MapPin } from "lucide-react";
import { msg } from "@lingui/core/macro";
import { translatable } from "~/features/i18n/translatable";
import { useTranslate } from "~/features/i18n/use-translate";
import { Link } from "react-router";
import { TaggedText } from "~/features/content/components/tagged-text";
import { PageHero } from "~/features/content/components/page-hero";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/careers";
import { buttonVariants } from "~/ui/button";
import { PAGE_CACHE, pageCacheHandle } from "~/lib/page-cache";

/** Anonymous visitors may be served a shared copy (ADR 0270). */
export const handle = pageCacheHandle(PAGE_CACHE.content);

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: translatable("Careers"),
    // prettier-ignore
    description: translatable("Work at Rentwell: open positions in engineering, design, marketing and customer success, in Tampa, Florida and remote."),
    path: "/careers",
    matches,
  });

/** docs/product.md#static-pages: four open positions with title, department, location and type. */
const POSITIONS = [
  {
    title: translatable("Senior Full-Stack Engineer"),
    department: translatable("Engineering"),
    location: translatable("Tampa, FL / Remote"),
    type: translatable("Full-time"),
    summary: translatable("Build booking, payments and search features used by hosts and guests around the world."),
  },
  {
    title: translatable("Product Designer"),
    department: translatable("Design"),
    location: translatable("Remote"),
    type: translatable("Full-time"),
    summary: translatable("Shape how people discover, book and host rentals across web and mobile."),
  },
  {
    title: translatable("Growth Marketing Manager"),
    department: translatable("Marketing"),
    location: translatable("Tampa, FL"),
    type: translatable("Full-time"),
    summary: translatable("Grow our host and guest communities in new cities and categories."),
  },
  {
    title: translatable("Customer Success Specialist"),
    department: translatable("Customer Success"),
    location: translatable("Tampa, FL"),
    type: translatable("Part-time"),
    summary: translatable("Help hosts and guests through our 24/7 support channels."),
  },
] as const;

export default function Careers() {
  const _ = useTranslate();
  return (
    <>
      <PageHero
        eyebrow={_(msg`Careers`)}
        title={_(msg`Help the world share more`)}
        lead={_(msg`We are a small team in Tampa, Florida, building the Global Online Rental Platform. Join us.`)}
      />
      <section aria-labelledby="positions-heading" className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
        <h2 id="positions-heading" className="text-2xl font-bold text-slate-900">
          {_(msg`Open positions`)}
        </h2>
        <ul className="mt-6 space-y-4">
          {POSITIONS.map((position) => (
            <li key={position.title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
              <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
                <div>
                  <h3 className="text-lg font-bold text-slate-900">{_(position.title)}</h3>
                  <p className="mt-1 text-sm text-slate-600">{_(position.summary)}</p>
                  <dl className="mt-3 flex flex-wrap gap-x-5 gap-y-1 text-sm text-slate-700">
                    <div className="flex items-center gap-1">
                      <dt className="sr-only">{_(msg`Department`)}</dt>
                      <Briefcase aria-hidden="true" className="size-4 text-slate-500" />
                      <dd>{_(position.department)}</dd>
                    </div>
                    <div className="flex items-center gap-1">
                      <dt className="sr-only">{_(msg`Location`)}</dt>
                      <MapPin aria-hidden="true" className="size-4 text-slate-500" />
                      <dd>{_(position.location)}</dd>
                    </div>
                    <div className="flex items-center gap-1">
                      <dt className="sr-only">{_(msg`Type`)}</dt>
                      <Clock aria-hidden="true" className="size-4 text-slate-500" />
                      <dd>{_(position.type)}</dd>
                    </div>
                  </dl>
                </div>
                <Link
                  to="/contact?subject=general"
                  className={buttonVariants({ size: "md", className: "shrink-0 text-center text-sm" })}
                >
                  {_(msg`Apply`)}<span className="sr-only"> {_(msg`for ${_(position.title)}`)}</span>
                </Link>
              </div>
            </li>
          ))}
        </ul>
        <p className="mt-8 text-slate-600">
          <TaggedText
            text={_(msg`Don't see the right role? Tell us about yourself through the <0>contact form</0>.`)}
            tags={[
              (text) => (
                <Link to="/contact?subject=general" className="font-medium text-brand-700 underline">
                  {text}
                </Link>
              ),
            ]}
          />
        </p>
      </section>
    </>
  );
}
