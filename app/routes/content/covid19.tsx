import { msg } from "@lingui/core/macro";
import { translatable } from "~/features/i18n/translatable";
import { useTranslate } from "~/features/i18n/use-translate";
import { Link } from "react-router";
import { TaggedText } from "~/features/content/components/tagged-text";
import { PageHero, Prose } from "~/features/content/components/page-hero";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/covid19";
import { PAGE_CACHE, pageCacheHandle } from "~/lib/page-cache";

/** Anonymous visitors may be served a shared copy (ADR 0270). */
export const handle = pageCacheHandle(PAGE_CACHE.content);

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: translatable("COVID-19 Response"),
    // prettier-ignore
    description: translatable("Rentwell's COVID-19 response: cleaning guidance for hosts, health advice for guests and flexible cancellation."),
    path: "/covid19",
    matches,
  });

export default function Covid19() {
  const _ = useTranslate();
  return (
    <>
      <PageHero
        eyebrow={_(msg`COVID-19 Response`)}
        title={_(msg`Our COVID-19 response`)}
        lead={_(msg`The health of our hosts, guests and team comes first. Here is how we continue to support safe rentals.`)}
      />
      <Prose>
        <h2>{_(msg`Enhanced cleaning`)}</h2>
        <p>
          {_(msg`We ask every host to clean and ventilate spaces between bookings, paying special attention to frequently touched surfaces such as door handles, light switches, remote controls and shared equipment. Vehicles and tools should be wiped down before each handover.`)}
        </p>
        <h2>{_(msg`Contact-free check-in`)}</h2>
        <p>
          {_(msg`Many hosts offer self check-in with a lock box or smart lock, and contact-free pickup or delivery for equipment. Look for these in the listing's amenities, or ask your host before booking.`)}
        </p>
        <h2>{_(msg`If you feel unwell`)}</h2>
        <ul>
          <li>{_(msg`Guests: please do not attend a booking if you have symptoms of an infectious illness; contact your host and cancel or modify the booking.`)}</li>
          <li>{_(msg`Hosts: if you are unwell and cannot prepare your space safely, cancel the booking — your guest receives a full refund including fees.`)}</li>
        </ul>
        <h2>{_(msg`Flexible cancellation`)}</h2>
        <p>
          <TaggedText
            text={_(msg`Most listings give a full refund if cancelled 24+ hours ahead. You can modify a booking up to 48 hours before its start. See our <0>Cancellation Policy</0> for the details of each tier.`)}
            tags={[(text) => <Link to="/cancellation">{text}</Link>]}
          />
        </p>
        <h2>{_(msg`Follow local guidance`)}</h2>
        <p>
          {_(msg`Rules differ between cities and countries. Hosts and guests should follow the guidance of local public health authorities, including any limits on group sizes.`)}
        </p>
        <p>
          <TaggedText
            text={_(msg`Questions? Our support team is available 24/7 through the <0>Contact page</0>.`)}
            tags={[(text) => <Link to="/contact?subject=support">{text}</Link>]}
          />
        </p>
      </Prose>
    </>
  );
}
