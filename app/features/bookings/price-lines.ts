import { translatable } from "~/features/i18n/translatable";
import { basisPointsText } from "./requirements";

/**
 * A booking's money as stored (minor units): rental, service fee, and the 'Protection'
 * (ADR 0286) and 'Delivery' (ADR 0287) lines when the guest chose them at checkout. The
 * total is the sum of the lines (bookings_extras_check and the hold keep it so).
 */
export type PriceParts = {
  rental: number;
  fee: number;
  /** Protection bought: its rate in basis points (null when unknown) and amount; null when not bought. */
  protection: { basisPoints: number | null; amount: number } | null;
  /** The delivery fee charged; 0 when the guest did not choose delivery. */
  delivery: number;
};

/**
 * `label`: the English text; "Rental", "Service fee", "Protection" and "Delivery" are
 * translatable (`_(label)`); a Protection line with its rate also has `percent` ("8%"), so a
 * page can say "Protection (8%)" in its language (booking-texts.ts `priceLineMessage`).
 */
export type PriceLine = { key: "rental" | "fee" | "protection" | "delivery"; label: string; amount: number; percent?: string; /** The Protection line's rate, for `basisPointsText` in a page's language. */ basisPoints?: number };

/**
 * The lines that make up a booking's total, with checkout's labels ("Protection (8%)",
 * "Delivery"): Protection and Delivery only when non-zero. Every page and e-mail that
 * itemises a booking's price reads them here, so the lines add up to the total everywhere.
 * Browser-safe.
 */
export function priceLines(parts: PriceParts): PriceLine[] {
  const lines: PriceLine[] = [
    { key: "rental", label: translatable("Rental"), amount: parts.rental },
    { key: "fee", label: translatable("Service fee"), amount: parts.fee },
  ];
  if (parts.protection && parts.protection.amount > 0) {
    const percent = parts.protection.basisPoints === null ? null : basisPointsText(parts.protection.basisPoints);
    lines.push(
      percent === null
        ? { key: "protection", label: translatable("Protection"), amount: parts.protection.amount }
        : { key: "protection", label: `Protection (${percent})`, amount: parts.protection.amount, percent, basisPoints: parts.protection.basisPoints! },
    );
  }
  if (parts.delivery > 0) lines.push({ key: "delivery", label: translatable("Delivery"), amount: parts.delivery });
  return lines;
}

/** The parts of a booking row (bookings table) as `priceLines` reads them. */
export function pricePartsOf(booking: { rentalAmount: number; platformFeeAmount: number; protectionPercent: number | null; protectionAmount: number; deliveryAmount: number }): PriceParts {
  return {
    rental: booking.rentalAmount,
    fee: booking.platformFeeAmount,
    protection: booking.protectionAmount > 0 ? { basisPoints: booking.protectionPercent, amount: booking.protectionAmount } : null,
    delivery: booking.deliveryAmount,
  };
}
