import { BadgeCheck, CreditCard, Headphones, ShieldCheck, Star } from "lucide-react";
import { msg } from "@lingui/core/macro";
import { Link } from "react-router";
import { translatable } from "~/features/i18n/translatable";
import { useTranslate } from "~/features/i18n/use-translate";
import { PageHero } from "~/features/content/components/page-hero";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/safety";
import { cardVariants } from "~/ui/card";
import { PAGE_CACHE, pageCacheHandle } from "~/lib/page-cache";

/** Anonymous visitors may be served a shared copy (ADR 0270). */
export const handle = pageCacheHandle(PAGE_CACHE.content);

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: translatable("Safety"),
    // prettier-ignore
    description: translatable("How Rentwell keeps hosts and guests safe: $1M liability insurance per booking, identity-verified users, secure payments and 24/7 support."),
    path: "/safety",
    matches,
  });

const MEASURES = [
  { icon: ShieldCheck, title: translatable("$1M liability insurance per booking"), text: translatable("Every booking on Rentwell includes $1M liability insurance, at no extra cost to hosts or guests.") },
  { icon: BadgeCheck, title: translatable("Identity-verified users"), text: translatable("Every host and guest is identity-verified before they can list or book.") },
  { icon: CreditCard, title: translatable("Secure payments"), text: translatable("Pay only through Rentwell. Payments are held until 24 hours after the booking before the host is paid.") },
  { icon: Star, title: translatable("Honest reviews"), text: translatable("Only guests who completed a booking can review it, so ratings reflect real experiences.") },
  { icon: Headphones, title: translatable("24/7 support"), text: translatable("Our team is available around the clock if anything goes wrong during a booking.") },
];

export default function Safety() {
  const _ = useTranslate();
  return (
    <>
      <PageHero
        eyebrow={_(msg`Safety`)}
        title={_(msg`Your safety is our priority`)}
        lead={_(msg`Every booking includes $1M liability insurance per booking, and every user is identity-verified.`)}
      />
      <section aria-labelledby="measures-heading" className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
        <h2 id="measures-heading" className="text-2xl font-bold text-slate-900">
          {_(msg`How we protect you`)}
        </h2>
        <ul className="mt-6 grid gap-6 sm:grid-cols-2">
          {MEASURES.map(({ icon: Icon, title, text }) => (
            <li key={title} className={cardVariants({ className: "flex gap-4" })}>
              <Icon aria-hidden="true" className="size-6 shrink-0 text-brand-700" />
              <div>
                <h3 className="font-semibold text-slate-900">{_(title)}</h3>
                <p className="mt-1 text-sm text-slate-600">{_(text)}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="tips-heading" className="mx-auto grid max-w-5xl gap-8 px-4 sm:px-6 md:grid-cols-2">
        <div>
          <h2 id="tips-heading" className="text-xl font-bold text-slate-900">
            {_(msg`Tips for guests`)}
          </h2>
          <ul className="mt-4 list-disc space-y-2 ps-6 text-slate-700">
            <li>{_(msg`Book and pay only on Rentwell — never by bank transfer or cash outside the platform.`)}</li>
            <li>{_(msg`Read the listing, the reviews and the cancellation policy before you book.`)}</li>
            <li>{_(msg`Inspect the space, vehicle or equipment when you arrive and report problems right away.`)}</li>
          </ul>
        </div>
        <div>
          <h2 className="text-xl font-bold text-slate-900">{_(msg`Tips for hosts`)}</h2>
          <ul className="mt-4 list-disc space-y-2 ps-6 text-slate-700">
            <li>{_(msg`Describe your listing accurately and note any safety rules.`)}</li>
            <li>{_(msg`Keep smoke detectors, first-aid kits and fire extinguishers where guests can find them.`)}</li>
            <li>{_(msg`Check equipment and vehicles between bookings, and keep your calendar current.`)}</li>
          </ul>
        </div>
      </section>
      <section className="mx-auto max-w-5xl px-4 pt-12 sm:px-6">
        <div className="rounded-2xl bg-red-50 p-6 text-red-900">
          <h2 className="text-lg font-bold">{_(msg`In an emergency`)}</h2>
          <p className="mt-2">
            {_(msg`If anyone is in danger, call local emergency services first (911 in the United States). Then contact us — our support team is available 24/7.`)}
          </p>
          <Link to="/contact?subject=support" className="mt-4 inline-block font-semibold underline">
            {_(msg`Report a safety issue`)}
          </Link>
        </div>
      </section>
    </>
  );
}
