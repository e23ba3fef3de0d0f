import type { CardBrand } from "./card";

/**
 * Card-entry helpers the payment step adds to the processor's card module
 * (`card.ts`: number formatting, brand, checks): brand names and the expiry field.
 * The server checks Luhn, expiry and CVC; these only shape what the guest types.
 */
export const CARD_BRAND_NAMES: Record<CardBrand, string> = {
  visa: "Visa",
  mastercard: "Mastercard",
  amex: "American Express",
  discover: "Discover",
  unknown: "",
};

/** "1", "12", "1228" → "1", "12 / ", "12 / 28": month, then two-digit year. */
export function formatExpiry(input: string, deleting = false): string {
  let digits = input.replace(/\D/g, "").slice(0, 4);
  // A first digit above 1 can only be a single-digit month: "4" → "04".
  if (digits.length === 1 && Number(digits) > 1) digits = `0${digits}`;
  if (digits.length < 2) return digits;
  if (digits.length === 2) return deleting ? digits : `${digits} / `;
  return `${digits.slice(0, 2)} / ${digits.slice(2)}`;
}

/** "12 / 28" → { expMonth: 12, expYear: 2028 }; null when incomplete. */
export function parseExpiry(value: string): { expMonth: number; expYear: number } | null {
  const digits = value.replace(/\D/g, "");
  if (digits.length !== 4) return null;
  return { expMonth: Number(digits.slice(0, 2)), expYear: 2000 + Number(digits.slice(2)) };
}
