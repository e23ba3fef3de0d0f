import { msg } from "@lingui/core/macro";
import { Link } from "react-router";
import { TaggedText } from "~/features/content/components/tagged-text";
import { translatable } from "~/features/i18n/translatable";
import { useTranslate } from "~/features/i18n/use-translate";
import { PageHero } from "~/features/content/components/page-hero";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/cancellation";
import { cardVariants } from "~/ui/card";
import { cn } from "~/ui/cn";
import { PAGE_CACHE, pageCacheHandle } from "~/lib/page-cache";

/** Anonymous visitors may be served a shared copy (ADR 0270). */
export const handle = pageCacheHandle(PAGE_CACHE.content);

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: translatable("Cancellation Policy"),
    // prettier-ignore
    description: translatable("Rentwell cancellation policies: Flexible (full refund 24 hours before), Moderate (full refund 5 days before) and Strict (50% refund 7 days before)."),
    path: "/cancellation",
    matches,
  });

/** The cancellation tiers (docs/product.md#cancellation). */
const TIERS = [
  {
    name: translatable("Flexible"),
    rule: translatable("Full refund if cancelled at least 24 hours before the start."),
    detail: translatable("Cancel less than 24 hours before the start and the booking is not refunded."),
    tone: "border-emerald-300 bg-emerald-50",
  },
  {
    name: translatable("Moderate"),
    rule: translatable("Full refund if cancelled at least 5 days before the start."),
    detail: translatable("Cancel less than 5 days before the start and the booking is not refunded."),
    tone: "border-amber-300 bg-amber-50",
  },
  {
    name: translatable("Strict"),
    rule: translatable("50% refund if cancelled at least 7 days before the start."),
    detail: translatable("Cancel less than 7 days before the start and the booking is not refunded."),
    tone: "border-red-300 bg-red-50",
  },
];

export default function Cancellation() {
  const _ = useTranslate();
  return (
    <>
      <PageHero
        eyebrow={_(msg`Cancellation Policy`)}
        title={_(msg`Cancellation and refunds`)}
        lead={_(msg`Each listing follows one of three cancellation policies, shown on the listing before you book. Most listings give a full refund if cancelled 24+ hours ahead.`)}
      />
      <section aria-labelledby="tiers-heading" className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
        <h2 id="tiers-heading" className="text-2xl font-bold text-slate-900">
          {_(msg`The three policies`)}
        </h2>
        <ul className="mt-6 grid gap-6 md:grid-cols-3">
          {TIERS.map((tier) => (
            <li key={tier.name} className={cn(cardVariants({ padding: "lg" }), tier.tone)}>
              <h3 className="text-xl font-bold text-slate-900">{_(tier.name)}</h3>
              <p className="mt-3 font-medium text-slate-900">{_(tier.rule)}</p>
              <p className="mt-2 text-sm text-slate-700">{_(tier.detail)}</p>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="rules-heading" className="mx-auto max-w-3xl px-4 sm:px-6">
        <h2 id="rules-heading" className="text-2xl font-bold text-slate-900">
          {_(msg`Refund rules`)}
        </h2>
        <ul className="mt-4 list-disc space-y-2 ps-6 text-slate-700">
          <li>{_(msg`Refunds take 5-7 business days to reach your original payment method.`)}</li>
          <li>{_(msg`Service fees may be non-refundable.`)}</li>
          <li>{_(msg`If the host cancels, you receive a full refund including fees.`)}</li>
          <li>{_(msg`You can modify a booking up to 48 hours before its start.`)}</li>
          <li>{_(msg`To cancel, open My Bookings and choose Cancel on the booking.`)}</li>
        </ul>
        <p className="mt-6 text-slate-700">
          <TaggedText
            text={_(msg`Questions about a refund? <0>Contact our billing team</0> or read the <1>Help Center</1>.`)}
            tags={[
              (text) => (
                <Link to="/contact?subject=billing" className="font-medium text-brand-700 underline">
                  {text}
                </Link>
              ),
              (text) => (
                <Link to="/help" className="font-medium text-brand-700 underline">
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
