import type { MessageDescriptor } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import { translatable } from "~/features/i18n/translatable";
import { intlLocale } from "~/lib/locales";
import { formatMinorWhole } from "~/lib/money";

import type { Translate } from "~/features/i18n/translate";

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
  if (!space.available) return { label: translatable("Unavailable"), tone: "red" };
  if (space.status === "rented") return { label: translatable("Currently Rented"), tone: "red" };
  if (space.status === "maintenance") return { label: translatable("Under Maintenance"), tone: "amber" };
  return { label: translatable("Available"), tone: "green" };
}

const PRICE_UNITS = [
  ["hourlyPrice", translatable("/hr")],
  ["dailyPrice", translatable("/day")],
  ["weeklyPrice", translatable("/week")],
  ["monthlyPrice", translatable("/month")],
] as const;

/**
 * Price chips in the order hourly, daily, weekly, monthly; no decimals; at most 3. In English
 * without the last two arguments; a card passes its page's locale and `_` (ADR 0298).
 */
export function priceChips(
  space: Pick<SpaceCardData, "hourlyPrice" | "dailyPrice" | "weeklyPrice" | "monthlyPrice" | "currency">,
  locale?: string,
  _: (text: string) => string = (text) => text,
) {
  return PRICE_UNITS.flatMap(([key, unit]) => {
    const amount = space[key];
    return amount != null && amount > 0 ? [`${formatMinorWhole(amount, space.currency, locale)}${_(unit)}`] : [];
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

/** Ratings to one decimal ("4.3"; "4,3" with locale "es"). */
export function formatRating(rating: number, locale?: string) {
  if (!locale || locale === "en") return rating.toFixed(1);
  return new Intl.NumberFormat(intlLocale(locale), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(rating);
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

const UNIT_LENGTH = {
  hour: (count: number) => msg`${plural(count, { one: "# hour", other: "# hours" })}`,
  day: (count: number) => msg`${plural(count, { one: "# day", other: "# days" })}`,
  week: (count: number) => msg`${plural(count, { one: "# week", other: "# weeks" })}`,
  month: (count: number) => msg`${plural(count, { one: "# month", other: "# months" })}`,
} satisfies Record<CardOffer["unit"], (count: number) => MessageDescriptor>;

/** `offerLine` in the page's language (a card's `_` and locale): "$165 total for 3 hours", "440 € en total por 2 días · 2 plazas". */
export function offerText(offer: CardOffer, rentalType: string, _: Translate, locale: string) {
  const total = formatMinorWhole(offer.totalMinor, offer.currency, locale);
  const length = _(UNIT_LENGTH[offer.unit](offer.duration));
  if (offer.seats <= 1) return _(msg`${total} total for ${length}`);
  const count = offer.seats;
  const seats = rentalType === "experience" ? _(msg`${plural(count, { one: "# seat", other: "# seats" })}`) : _(msg`${plural(count, { one: "# unit", other: "# units" })}`);
  return _(msg`${total} total for ${length} · ${seats}`);
}

/** The space page's address with the offer for its booking widget ("…?id=…&start=…&unit=hour&duration=3"). */
export function offerHref(path: string, offer: CardOffer | undefined) {
  if (!offer) return path;
  const params = new URLSearchParams({ start: offer.start, unit: offer.unit, duration: String(offer.duration) });
  if (offer.seats > 1) params.set("seats", String(offer.seats));
  return `${path}${path.includes("?") ? "&" : "?"}${params.toString()}`;
}
