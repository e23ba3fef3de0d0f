import { formatMinor } from "~/lib/money";
import { formatDate } from "~/lib/dates";

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
  ["hourlyPrice", "hour", "/hr", "Hourly"],
  ["dailyPrice", "day", "/day", "Daily"],
  ["weeklyPrice", "week", "/week", "Weekly"],
  ["monthlyPrice", "month", "/month", "Monthly"],
] as const;

type Prices = {
  hourlyPrice: number | null;
  dailyPrice: number | null;
  weeklyPrice: number | null;
  monthlyPrice: number | null;
  currency: string;
};

/** Price options in the order hourly, daily, weekly, monthly; empty means 'Price on request'. */
export function priceOptions(space: Prices): PriceOption[] {
  return OPTIONS.flatMap(([key, unit, suffix, label]) => {
    const amount = space[key];
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

function hours(count: number) {
  return `${count} ${count === 1 ? "hour" : "hours"}`;
}

/** Every filled rental-specific field, as label/value rows, in a stable order. */
export function rentalDetails(space: {
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
}): { label: string; value: string }[] {
  const rows: { label: string; value: string }[] = [];
  const add = (label: string, value: string | null | undefined | false) => {
    if (value) rows.push({ label, value });
  };
  add("Brand", space.brand?.trim());
  add("Model", space.model?.trim());
  add("Year", space.year ? String(space.year) : null);
  add("Condition", space.condition ? space.condition.charAt(0).toUpperCase() + space.condition.slice(1) : null);
  add(
    "Deposit",
    space.depositRequired ? (space.depositAmount > 0 ? `${formatMinor(space.depositAmount, space.currency)} required` : "Required") : null,
  );
  add("Insurance", space.insuranceRequired ? "Insurance required" : null);
  add("Location", space.locationType === "mobile" ? "Mobile (comes to you)" : null);
  add(
    "Delivery",
    space.deliveryAvailable
      ? space.deliveryFee > 0
        ? `Available (${formatMinor(space.deliveryFee, space.currency)} fee)`
        : "Available (free)"
      : null,
  );
  add("Pickup", space.pickupAvailable ? "Available" : null);
  add("Licence", space.licenseRequired ? "Licence required" : null);
  add("Minimum age", space.ageRestriction ? `${space.ageRestriction}+` : null);
  add("Waiver", space.waiverRequired ? "Signed waiver required" : null);
  add("Safety equipment", space.safetyEquipmentIncluded.length > 0 ? space.safetyEquipmentIncluded.join(", ") : null);
  // Durations are entered in hours on the listing form.
  add("Minimum duration", space.minRentalDuration ? hours(space.minRentalDuration) : null);
  add("Maximum duration", space.maxRentalDuration ? hours(space.maxRentalDuration) : null);
  return rows;
}

/** "March 2025": join dates and review dates are shown as month name and year. */
export function monthYear(date: Date | string) {
  return formatDate(date, "en-US", { month: "long", year: "numeric", timeZone: "UTC" });
}

const META_DESCRIPTION_MAX = 160;

/**
 * The search-result description of a space page: the host's own meta description
 * when given, else the listing description led by its title and place, so that a
 * short description still says what and where it is, and two listings with the
 * same words still differ. At most 160 characters, cut at a word.
 */
export function spaceMetaDescription(space: { title: string; location: string; description: string; metaDescription: string | null }) {
  const own = space.metaDescription?.replace(/\s+/g, " ").trim();
  const text = own || `${space.title} in ${space.location}: ${space.description.replace(/\s+/g, " ").trim()}`;
  if (text.length <= META_DESCRIPTION_MAX) return text;
  const cut = text.slice(0, META_DESCRIPTION_MAX - 1);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > META_DESCRIPTION_MAX / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:]+$/, "")}…`;
}
