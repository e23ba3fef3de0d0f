import { msg } from "@lingui/core/macro";
import type { CityHighlight, PopularArea } from "~/db/schema/catalog";
import { english, type Translate } from "~/features/i18n/translate";

// Apart from known-cities.ts, which the route table imports (app/routes.ts is read without
// the Lingui macros compiled).

/**
 * Page content for a catch-all city when its `cities` row is missing: a title,
 * a description and four highlights built from the name, so the page is never empty.
 */
export function fallbackCityContent(name: string, _: Translate = english) {
  const highlights: CityHighlight[] = [
    {
      title: _(msg`Instant booking`),
      description: _(
        msg`Book spaces, vehicles and equipment in ${name} without waiting for host approval.`,
      ),
    },
    {
      title: _(msg`Verified hosts`),
      description: _(
        msg`Every ${name} host is identity-verified before their first listing goes live.`,
      ),
    },
    {
      title: _(msg`Secure payments`),
      description: _(
        msg`Card payments are held until 24 hours after your booking, with $1M liability cover.`,
      ),
    },
    {
      title: _(msg`Flexible durations`),
      description: _(
        msg`Rent by the hour, day, week or month — whatever your project needs.`,
      ),
    },
  ];
  return {
    title: _(msg`Rent spaces and equipment in ${name}`),
    description: _(
      msg`Find studios, venues, vehicles and gear to rent by the hour, day, week or month in ${name}.`,
    ),
    highlights,
  };
}

/** Three popular-area cards for a fixed US city page when its `cities` row has none. */
export function fallbackPopularAreas(
  name: string,
  _: Translate = english,
): PopularArea[] {
  return [
    {
      name: _(msg`Downtown`),
      image: "/demo/area-downtown-1.webp",
      description: _(msg`Offices, studios and venues in the heart of ${name}.`),
    },
    {
      name: _(msg`Waterfront`),
      image: "/demo/area-waterfront-1.webp",
      description: _(msg`Event spaces and rentals near ${name}'s waterfront.`),
    },
    {
      name: _(msg`Arts District`),
      image: "/demo/area-arts-1.webp",
      description: _(
        msg`Creative studios and workshops across ${name}'s arts scene.`,
      ),
    },
  ];
}
