import type { MessageDescriptor } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import { formatMinor } from "~/lib/money";
import { formatDate } from "~/lib/dates";
import { english, type Translate } from "~/features/i18n/translate";

/** One price option of a listing, in the display order of docs/product.md#space-page. */
export type PriceOption = {
  unit: "hour" | "day" | "week" | "month";
  label: string;
  amount: number;
  /** "/hr", "/day"… */
  suffix: string;
  text: string;
};

const OPTIONS = [
  ["hourlyPrice", "hour", msg`/hr`, msg`Hourly`],
  ["dailyPrice", "day", msg`/day`, msg`Daily`],
  ["weeklyPrice", "week", msg`/week`, msg`Weekly`],
  ["monthlyPrice", "month", msg`/month`, msg`Monthly`],
] as const;

type Prices = {
  hourlyPrice: number | null;
  dailyPrice: number | null;
  weeklyPrice: number | null;
  monthlyPrice: number | null;
  currency: string;
};

/** Price options in the order hourly, daily, weekly, monthly; empty means 'Price on request'. */
export function priceOptions(
  space: Prices,
  _: Translate = english,
): PriceOption[] {
  return OPTIONS.flatMap(([key, unit, suffixText, labelText]) => {
    const amount = space[key];
    const suffix = _(suffixText);
    const label = _(labelText);
    return amount != null && amount > 0
      ? [
          {
            unit,
            label,
            amount,
            suffix,
            text: `${formatMinor(amount, space.currency)}${suffix}`,
          },
        ]
      : [];
  });
}

/** A space accepts bookings only when it is available and its status is 'available'. */
export function isBookable(space: { available: boolean; status: string }) {
  return space.available && space.status === "available";
}

/** The listing form's conditions (app/db/listing-enums.ts), as the page shows them. */
const CONDITIONS: Record<string, MessageDescriptor> = {
  new: msg`New`,
  excellent: msg`Excellent`,
  good: msg`Good`,
  fair: msg`Fair`,
};

function hours(count: number) {
  return msg`${plural(count, { one: "# hour", other: "# hours" })}`;
}

/** Every filled rental-specific field, as label/value rows, in a stable order. */
export function rentalDetails(
  space: {
    brand: string | null;
    model: string | null;
    year: number | null;
    condition: string | null;
    depositRequired: boolean;
    depositAmount: number;
    insuranceRequired: boolean;
    locationType: string;
    deliveryAvailable: boolean;
    deliveryFee: number;
    pickupAvailable: boolean;
    licenseRequired: boolean;
    ageRestriction: number | null;
    waiverRequired: boolean;
    safetyEquipmentIncluded: string[];
    minRentalDuration: number | null;
    maxRentalDuration: number | null;
    currency: string;
  },
  _: Translate = english,
): { label: string; value: string }[] {
  const rows: { label: string; value: string }[] = [];
  const add = (
    label: MessageDescriptor,
    value: MessageDescriptor | string | null | undefined | false,
  ) => {
    if (value) rows.push({ label: _(label), value: _(value) });
  };
  const deposit = formatMinor(space.depositAmount, space.currency);
  const fee = formatMinor(space.deliveryFee, space.currency);
  const age = space.ageRestriction;
  add(msg`Brand`, space.brand?.trim());
  add(msg`Model`, space.model?.trim());
  add(msg`Year`, space.year ? String(space.year) : null);
  add(
    msg`Condition`,
    space.condition
      ? _(
          CONDITIONS[space.condition] ??
            space.condition.charAt(0).toUpperCase() + space.condition.slice(1),
        )
      : null,
  );
  add(
    msg`Deposit`,
    space.depositRequired
      ? space.depositAmount > 0
        ? msg`${deposit} required`
        : msg`Required`
      : null,
  );
  add(msg`Insurance`, space.insuranceRequired ? msg`Insurance required` : null);
  add(
    msg`Location`,
    space.locationType === "mobile" ? msg`Mobile (comes to you)` : null,
  );
  add(
    msg`Delivery`,
    space.deliveryAvailable
      ? space.deliveryFee > 0
        ? msg`Available (${fee} fee)`
        : msg`Available (free)`
      : null,
  );
  add(msg`Pickup`, space.pickupAvailable ? msg`Available` : null);
  add(msg`Licence`, space.licenseRequired ? msg`Licence required` : null);
  add(msg`Minimum age`, age ? msg`${age}+` : null);
  add(msg`Waiver`, space.waiverRequired ? msg`Signed waiver required` : null);
  add(
    msg`Safety equipment`,
    space.safetyEquipmentIncluded.length > 0
      ? space.safetyEquipmentIncluded.join(", ")
      : null,
  );
  // Durations are entered in hours on the listing form.
  add(
    msg`Minimum duration`,
    space.minRentalDuration ? hours(space.minRentalDuration) : null,
  );
  add(
    msg`Maximum duration`,
    space.maxRentalDuration ? hours(space.maxRentalDuration) : null,
  );
  return rows;
}

/** "March 2025": join dates and review dates are shown as month name and year. */
export function monthYear(date: Date | string, locale = "en-US") {
  return formatDate(date, locale, {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
}

const META_DESCRIPTION_MAX = 160;

/**
 * The search-result description of a space page: the host's own meta description
 * when given, else the listing description led by its title and place, so that a
 * short description still says what and where it is, and two listings with the
 * same words still differ. At most 160 characters, cut at a word.
 */
/** "Sunny Loft in Austin, Texas": the space page's title (and its description's start), in `_`'s language. */
export function spaceMetaTitle(space: { title: string; location: string }, _: Translate = english) {
  const { title, location } = space;
  return _(msg`${title} in ${location}`);
}

export function spaceMetaDescription(space: {
  title: string;
  location: string;
  description: string;
  metaDescription: string | null;
}, _: Translate = english) {
  const own = space.metaDescription?.replace(/\s+/g, " ").trim();
  const text =
    own ||
    `${spaceMetaTitle(space, _)}: ${space.description.replace(/\s+/g, " ").trim()}`;
  if (text.length <= META_DESCRIPTION_MAX) return text;
  const cut = text.slice(0, META_DESCRIPTION_MAX - 1);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > META_DESCRIPTION_MAX / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:]+$/, "")}…`;
}
