import { formatMinorWhole } from "~/lib/money";

/** What a space card needs (docs/product.md#space-cards: badges and card rules). */
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
  /** The host is identity-verified (issue #29 point 3). */
  hostVerified?: boolean;
  /** The host's translation of the title into the page's language (issue #31 point 5, ADR 0295); `title` stays the original. */
  translatedTitle?: string;
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

/** The first price a card shows (the estimate in the guest's currency is of this one), or null. */
export function firstPrice(space: Pick<SpaceCardData, "hourlyPrice" | "dailyPrice" | "weeklyPrice" | "monthlyPrice">) {
  for (const [key, unit] of PRICE_UNITS) {
    const amount = space[key];
    if (amount != null && amount > 0) return { amount, unit };
  }
  return null;
}

/** Ratings to one decimal. */
export function formatRating(rating: number) {
  return rating.toFixed(1);
}

export const FALLBACK_IMAGE = "/demo/fallback.webp";

/**
 * What a search with a time offers on a card (issue #27 point 1): the price for that
 * time and the booking the space page's widget opens with (search when.server.ts `Offer`).
 */
export type CardOffer = { start: string; end: string; unit: "hour" | "day" | "week" | "month"; duration: number; seats: number; totalMinor: number; currency: string };

/** "$165 total for 3 hours", "$440 total for 2 days · 2 seats". */
export function offerLine(offer: CardOffer, rentalType: string) {
  const length = `${offer.duration} ${offer.unit}${offer.duration === 1 ? "" : "s"}`;
  const seats = offer.seats > 1 ? ` · ${offer.seats} ${rentalType === "experience" ? "seats" : "units"}` : "";
  return `${formatMinorWhole(offer.totalMinor, offer.currency)} total for ${length}${seats}`;
}

/** The space page's address with the offer for its booking widget ("…?id=…&start=…&unit=hour&duration=3"). */
export function offerHref(path: string, offer: CardOffer | undefined) {
  if (!offer) return path;
  const params = new URLSearchParams({ start: offer.start, unit: offer.unit, duration: String(offer.duration) });
  if (offer.seats > 1) params.set("seats", String(offer.seats));
  return `${path}${path.includes("?") ? "&" : "?"}${params.toString()}`;
}
