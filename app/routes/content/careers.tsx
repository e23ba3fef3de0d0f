import { Briefcase, Clock, MapPin } from "lucide-react";
import { Link } from "react-router";
import { PageHero } from "~/features/content/components/page-hero";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/careers";
import { buttonVariants } from "~/ui/button";
import { PAGE_CACHE, pageCacheHandle } from "~/lib/page-cache";

/** Anonymous visitors may be served a shared copy (ADR 0270). */
export const handle = pageCacheHandle(PAGE_CACHE.content);

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Careers",
    description: "Work at Rentwell: open positions in engineering, design, marketing and customer success, in Tampa, Florida and remote.",
    path: "/careers",
    matches,
  });

/** docs/product.md#static-pages: four open positions with title, department, location and type. */
const POSITIONS = [
  {
    title: "Senior Full-Stack Engineer",
    department: "Engineering",
    location: "Tampa, FL / Remote",
    type: "Full-time",
    summary: "Build booking, payments and search features used by hosts and guests around the world.",
  },
  {
    title: "Product Designer",
    department: "Design",
    location: "Remote",
    type: "Full-time",
    summary: "Shape how people discover, book and host rentals across web and mobile.",
  },
  {
    title: "Growth Marketing Manager",
    department: "Marketing",
    location: "Tampa, FL",
    type: "Full-time",
    summary: "Grow our host and guest communities in new cities and categories.",
  },
  {
    title: "Customer Success Specialist",
    department: "Customer Success",
    location: "Tampa, FL",
    type: "Part-time",
    summary: "Help hosts and guests through our 24/7 support channels.",
  },
] as const;

export default function Careers() {
  return (
    <>
      <PageHero
        eyebrow="Careers"
        title="Help the world share more"
        lead="We are a small team in Tampa, Florida, building the Global Online Rental Platform. Join us."
      />
      <section aria-labelledby="positions-heading" className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
        <h2 id="positions-heading" className="text-2xl font-bold text-slate-900">
          Open positions
        </h2>
        <ul className="mt-6 space-y-4">
          {POSITIONS.map((position) => (
            <li key={position.title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
              <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
                <div>
                  <h3 className="text-lg font-bold text-slate-900">{position.title}</h3>
                  <p className="mt-1 text-sm text-slate-600">{position.summary}</p>
                  <dl className="mt-3 flex flex-wrap gap-x-5 gap-y-1 text-sm text-slate-700">
                    <div className="flex items-center gap-1">
                      <dt className="sr-only">Department</dt>
                      <Briefcase aria-hidden="true" className="size-4 text-slate-500" />
                      <dd>{position.department}</dd>
                    </div>
                    <div className="flex items-center gap-1">
                      <dt className="sr-only">Location</dt>
                      <MapPin aria-hidden="true" className="size-4 text-slate-500" />
                      <dd>{position.location}</dd>
                    </div>
                    <div className="flex items-center gap-1">
                      <dt className="sr-only">Type</dt>
                      <Clock aria-hidden="true" className="size-4 text-slate-500" />
                      <dd>{position.type}</dd>
                    </div>
                  </dl>
                </div>
                <Link
                  to="/contact?subject=general"
                  className={buttonVariants({ size: "md", className: "shrink-0 text-center text-sm" })}
                >
                  Apply<span className="sr-only"> for {position.title}</span>
                </Link>
              </div>
            </li>
          ))}
        </ul>
        <p className="mt-8 text-slate-600">
          Don't see the right role? Tell us about yourself through the{" "}
          <Link to="/contact?subject=general" className="font-medium text-brand-700 underline">
            contact form
          </Link>
          .
        </p>
      </section>
    </>
  );
}
