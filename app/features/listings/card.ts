import { formatMinorWhole } from "~/lib/money";

/** What a space card needs (spec §4 badges, §9 card rules). */
export type SpaceCardData = {
  id: string;
  title: string;
  location: string;
  country: string;
  type: string;
  rentalType: string;
  images: string[];
  hourlyPrice: number | null;
  dailyPrice: number | null;
  weeklyPrice: number | null;
  monthlyPrice: number | null;
  currency: string;
  amenities: string[];
  rating: number;
  reviewCount: number;
  available: boolean;
  status: "available" | "rented" | "maintenance";
};

export type Badge = { label: string; tone: "red" | "amber" | "green" };

/** Unavailable (red) if not available; else Currently Rented (red), Under Maintenance (amber), Available (green). */
export function cardBadge(space: Pick<SpaceCardData, "available" | "status">): Badge {
  if (!space.available) return { label: "Unavailable", tone: "red" };
  if (space.status === "rented") return { label: "Currently Rented", tone: "red" };
  if (space.status === "maintenance") return { label: "Under Maintenance", tone: "amber" };
  return { label: "Available", tone: "green" };
}

const PRICE_UNITS = [
  ["hourlyPrice", "/hr"],
  ["dailyPrice", "/day"],
  ["weeklyPrice", "/week"],
  ["monthlyPrice", "/month"],
] as const;

/** Price chips in the order hourly, daily, weekly, monthly; no decimals; at most 3. */
export function priceChips(space: Pick<SpaceCardData, "hourlyPrice" | "dailyPrice" | "weeklyPrice" | "monthlyPrice" | "currency">) {
  return PRICE_UNITS.flatMap(([key, unit]) => {
    const amount = space[key];
    return amount != null && amount > 0 ? [`${formatMinorWhole(amount, space.currency)}${unit}`] : [];
  }).slice(0, 3);
}

/** Ratings to one decimal. */
export function formatRating(rating: number) {
  return rating.toFixed(1);
}

export const FALLBACK_IMAGE = "/demo/fallback.webp";
