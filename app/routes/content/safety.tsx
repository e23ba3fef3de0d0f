import { BadgeCheck, CreditCard, Headphones, ShieldCheck, Star } from "lucide-react";
import { Link } from "react-router";
import { PageHero } from "~/features/content/components/page-hero";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/safety";
import { cardVariants } from "~/ui/card";
import { PAGE_CACHE, pageCacheHandle } from "~/lib/page-cache";

/** Anonymous visitors may be served a shared copy (ADR 0270). */
export const handle = pageCacheHandle(PAGE_CACHE.content);

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Safety",
    description: "How Rentwell keeps hosts and guests safe: $1M liability insurance per booking, identity-verified users, secure payments and 24/7 support.",
    path: "/safety",
    matches,
  });

const MEASURES = [
  { icon: ShieldCheck, title: "$1M liability insurance per booking", text: "Every booking on Rentwell includes $1M liability insurance, at no extra cost to hosts or guests." },
  { icon: BadgeCheck, title: "Identity-verified users", text: "Every host and guest is identity-verified before they can list or book." },
  { icon: CreditCard, title: "Secure payments", text: "Pay only through Rentwell. Payments are held until 24 hours after the booking before the host is paid." },
  { icon: Star, title: "Honest reviews", text: "Only guests who completed a booking can review it, so ratings reflect real experiences." },
  { icon: Headphones, title: "24/7 support", text: "Our team is available around the clock if anything goes wrong during a booking." },
];

export default function Safety() {
  return (
    <>
      <PageHero
        eyebrow="Safety"
        title="Your safety is our priority"
        lead="Every booking includes $1M liability insurance per booking, and every user is identity-verified."
      />
      <section aria-labelledby="measures-heading" className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
        <h2 id="measures-heading" className="text-2xl font-bold text-slate-900">
          How we protect you
        </h2>
        <ul className="mt-6 grid gap-6 sm:grid-cols-2">
          {MEASURES.map(({ icon: Icon, title, text }) => (
            <li key={title} className={cardVariants({ className: "flex gap-4" })}>
              <Icon aria-hidden="true" className="size-6 shrink-0 text-brand-700" />
              <div>
                <h3 className="font-semibold text-slate-900">{title}</h3>
                <p className="mt-1 text-sm text-slate-600">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="tips-heading" className="mx-auto grid max-w-5xl gap-8 px-4 sm:px-6 md:grid-cols-2">
        <div>
          <h2 id="tips-heading" className="text-xl font-bold text-slate-900">
            Tips for guests
          </h2>
          <ul className="mt-4 list-disc space-y-2 pl-6 text-slate-700">
            <li>Book and pay only on Rentwell — never by bank transfer or cash outside the platform.</li>
            <li>Read the listing, the reviews and the cancellation policy before you book.</li>
            <li>Inspect the space, vehicle or equipment when you arrive and report problems right away.</li>
          </ul>
        </div>
        <div>
          <h2 className="text-xl font-bold text-slate-900">Tips for hosts</h2>
          <ul className="mt-4 list-disc space-y-2 pl-6 text-slate-700">
            <li>Describe your listing accurately and note any safety rules.</li>
            <li>Keep smoke detectors, first-aid kits and fire extinguishers where guests can find them.</li>
            <li>Check equipment and vehicles between bookings, and keep your calendar current.</li>
          </ul>
        </div>
      </section>
      <section className="mx-auto max-w-5xl px-4 pt-12 sm:px-6">
        <div className="rounded-2xl bg-red-50 p-6 text-red-900">
          <h2 className="text-lg font-bold">In an emergency</h2>
          <p className="mt-2">
            If anyone is in danger, call local emergency services first (911 in the United States). Then contact us — our
            support team is available 24/7.
          </p>
          <Link to="/contact?subject=support" className="mt-4 inline-block font-semibold underline">
            Report a safety issue
          </Link>
        </div>
      </section>
    </>
  );
}
