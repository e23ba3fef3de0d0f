import { Link } from "react-router";
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
    title: "Cancellation Policy",
    description:
      "Rentwell cancellation policies: Flexible (full refund 24 hours before), Moderate (full refund 5 days before) and Strict (50% refund 7 days before).",
    path: "/cancellation",
    matches,
  });

/** The cancellation tiers (docs/product.md#cancellation). */
const TIERS = [
  {
    name: "Flexible",
    rule: "Full refund if cancelled at least 24 hours before the start.",
    detail: "Cancel less than 24 hours before the start and the booking is not refunded.",
    tone: "border-emerald-300 bg-emerald-50",
  },
  {
    name: "Moderate",
    rule: "Full refund if cancelled at least 5 days before the start.",
    detail: "Cancel less than 5 days before the start and the booking is not refunded.",
    tone: "border-amber-300 bg-amber-50",
  },
  {
    name: "Strict",
    rule: "50% refund if cancelled at least 7 days before the start.",
    detail: "Cancel less than 7 days before the start and the booking is not refunded.",
    tone: "border-red-300 bg-red-50",
  },
];

export default function Cancellation() {
  return (
    <>
      <PageHero
        eyebrow="Cancellation Policy"
        title="Cancellation and refunds"
        lead="Each listing follows one of three cancellation policies, shown on the listing before you book. Most listings give a full refund if cancelled 24+ hours ahead."
      />
      <section aria-labelledby="tiers-heading" className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
        <h2 id="tiers-heading" className="text-2xl font-bold text-slate-900">
          The three policies
        </h2>
        <ul className="mt-6 grid gap-6 md:grid-cols-3">
          {TIERS.map((tier) => (
            <li key={tier.name} className={cn(cardVariants({ padding: "lg" }), tier.tone)}>
              <h3 className="text-xl font-bold text-slate-900">{tier.name}</h3>
              <p className="mt-3 font-medium text-slate-900">{tier.rule}</p>
              <p className="mt-2 text-sm text-slate-700">{tier.detail}</p>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="rules-heading" className="mx-auto max-w-3xl px-4 sm:px-6">
        <h2 id="rules-heading" className="text-2xl font-bold text-slate-900">
          Refund rules
        </h2>
        <ul className="mt-4 list-disc space-y-2 pl-6 text-slate-700">
          <li>Refunds take 5-7 business days to reach your original payment method.</li>
          <li>Service fees may be non-refundable.</li>
          <li>If the host cancels, you receive a full refund including fees.</li>
          <li>You can modify a booking up to 48 hours before its start.</li>
          <li>To cancel, open My Bookings and choose Cancel on the booking.</li>
        </ul>
        <p className="mt-6 text-slate-700">
          Questions about a refund?{" "}
          <Link to="/contact?subject=billing" className="font-medium text-brand-700 underline">
            Contact our billing team
          </Link>{" "}
          or read the{" "}
          <Link to="/help" className="font-medium text-brand-700 underline">
            Help Center
          </Link>
          .
        </p>
      </section>
    </>
  );
}
