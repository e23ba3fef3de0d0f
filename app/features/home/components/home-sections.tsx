import { Building2, CalendarCheck, Clock, CreditCard, Headphones, MapPin, ShieldCheck, Sparkles, UserCheck, Wallet } from "lucide-react";
import { msg } from "@lingui/core/macro";
import { Link } from "react-router";
import { translatable } from "~/features/i18n/translatable";
import { useTranslate } from "~/features/i18n/use-translate";
import { CATEGORY_COUNTS, CATEGORY_SHORTCUTS } from "../slides";
import { buttonVariants } from "~/ui/button";
import { cardVariants } from "~/ui/card";

const RENTER_BENEFITS = [
  { icon: CalendarCheck, text: translatable("Instant booking — no waiting for host approval") },
  { icon: ShieldCheck, text: translatable("$1M liability insurance on every booking") },
  { icon: UserCheck, text: translatable("Identity-verified users") },
  { icon: Clock, text: translatable("Full refund on most listings if you cancel 24+ hours ahead") },
];

const OWNER_BENEFITS = [
  { icon: Sparkles, text: translatable("Create a listing in about 60 seconds — listing is free") },
  { icon: Wallet, text: translatable("Keep 90% of every booking; a 10% service fee covers the platform") },
  { icon: CreditCard, text: translatable("Payment held safely until 24 hours after the booking") },
  { icon: Headphones, text: translatable("24/7 support for you and your guests") },
];

/** For Renters / For Owners benefit lists (docs/product.md#home, docs/product.md#marketing-claims). */
export function BenefitLists() {
  const _ = useTranslate();
  return (
    <section aria-labelledby="benefits-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
      <h2 id="benefits-heading" className="sr-only">
        {_(msg`Why Rentwell`)}
      </h2>
      <div className="grid gap-8 md:grid-cols-2">
        {[
          { title: translatable("For Renters"), items: RENTER_BENEFITS },
          { title: translatable("For Owners"), items: OWNER_BENEFITS },
        ].map((group) => (
          <div key={group.title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
            <h3 className="text-2xl font-bold text-slate-900">{_(group.title)}</h3>
            <ul className="mt-6 space-y-4">
              {group.items.map(({ icon: Icon, text }) => (
                <li key={text} className="flex gap-3 text-slate-700">
                  <Icon className="mt-0.5 h-5 w-5 shrink-0 text-brand-600" aria-hidden="true" />
                  <span>{_(text)}</span>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </section>
  );
}

/** The Tampa company banner (docs/product.md#marketing-claims: based in Tampa, Florida). */
export function TampaBanner() {
  const _ = useTranslate();
  return (
    <section aria-labelledby="tampa-heading" className="bg-brand-900 text-white">
      <div className="mx-auto flex max-w-7xl flex-col items-start gap-4 px-4 py-10 sm:flex-row sm:items-center sm:px-6">
        <MapPin className="h-10 w-10 shrink-0 text-brand-200" aria-hidden="true" />
        <div>
          <h2 id="tampa-heading" className="text-xl font-bold">
            {_(msg`Proudly based in Tampa, Florida`)}
          </h2>
          <p className="mt-1 text-brand-100">
            {_(msg`Built by a Tampa team for hosts and renters in 50+ countries — 100K+ users, 50K+ listings, rated 4.9/5.`)}
          </p>
        </div>
      </div>
    </section>
  );
}

/** Host call to action (docs/product.md#home): buttons to /create-listing and /about. */
export function HostCallToAction() {
  const _ = useTranslate();
  return (
    <section aria-labelledby="host-cta-heading" className="bg-gradient-to-r from-brand-700 to-brand-900 text-white">
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-14 sm:px-6 md:flex-row md:items-center md:justify-between">
        <div className="max-w-2xl">
          <h2 id="host-cta-heading" className="text-3xl font-bold">
            {_(msg`Have a space or gear sitting idle?`)}
          </h2>
          <p className="mt-3 text-brand-100">
            {_(msg`List it for free in about 60 seconds, get booked instantly, and receive 90% of every booking.`)}
          </p>
        </div>
        <div className="flex flex-wrap gap-3">
          <Link to="/create-listing" className={buttonVariants({ variant: "inverse" })}>
            {_(msg`Start Hosting`)}
          </Link>
          <Link to="/about" className={buttonVariants({ variant: "inverseOutline" })}>
            {_(msg`About Rentwell`)}
          </Link>
        </div>
      </div>
    </section>
  );
}

/** Category shortcuts to /explore and the static category counts (docs/product.md#home). */
export function CategoryBrowser() {
  const _ = useTranslate();
  return (
    <section aria-labelledby="categories-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
      <h2 id="categories-heading" className="text-3xl font-bold text-slate-900">
        {_(msg`Browse by Category`)}
      </h2>
      <ul className="mt-8 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
        {CATEGORY_SHORTCUTS.map((category) => (
          <li key={category.type}>
            <Link
              to={`/explore?type=${category.type}`}
              className={cardVariants({ padding: "none", className: "group block overflow-hidden hover:shadow-md" })}
            >
              <img src={category.image} alt="" width={600} height={400} loading="lazy" decoding="async" className="aspect-[3/2] w-full object-cover" />
              <span className="block px-3 py-2 text-sm font-semibold text-slate-800 group-hover:text-brand-700">{_(category.label)}</span>
            </Link>
          </li>
        ))}
      </ul>
      <ul className="mt-10 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6" aria-label={_(msg`Listings by category`)}>
        {CATEGORY_COUNTS.map((category) => (
          <li key={category.label} className="rounded-xl bg-slate-50 p-4 text-center">
            <Building2 className="mx-auto h-6 w-6 text-brand-600" aria-hidden="true" />
            <p className="mt-2 text-2xl font-bold text-slate-900">{category.count}</p>
            <p className="text-sm text-slate-600">{_(category.label)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
