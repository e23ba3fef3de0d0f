/**
 * Card-entry helpers for the payment step (docs/product.md "Booking flow"): the
 * number is grouped while the guest types and its brand shown. The server (the
 * payment processor) checks Luhn, expiry and CVC; these helpers only shape input.
 */
export type CardBrand = "visa" | "mastercard" | "amex" | "discover" | "diners" | "jcb" | "unionpay" | "unknown";

export const CARD_BRAND_NAMES: Record<CardBrand, string> = {
  visa: "Visa",
  mastercard: "Mastercard",
  amex: "American Express",
  discover: "Discover",
  diners: "Diners Club",
  jcb: "JCB",
  unionpay: "UnionPay",
  unknown: "",
};

/** Brand from the leading digits (the IIN ranges Stripe's test cards use). */
export function cardBrand(input: string): CardBrand {
  const digits = input.replace(/\D/g, "");
  if (/^4/.test(digits)) return "visa";
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return "mastercard";
  if (/^3[47]/.test(digits)) return "amex";
  if (/^(6011|65|64[4-9]|622)/.test(digits)) return "discover";
  if (/^3(0[0-5]|[689])/.test(digits)) return "diners";
  if (/^35/.test(digits)) return "jcb";
  if (/^62/.test(digits)) return "unionpay";
  return "unknown";
}

/** Digit groups per brand: American Express is 4-6-5, Diners 4-6-4, others 4-4-4-4(-3). */
function groupsOf(brand: CardBrand): number[] {
  if (brand === "amex") return [4, 6, 5];
  if (brand === "diners") return [4, 6, 4];
  return [4, 4, 4, 4, 3];
}

export function maxDigits(brand: CardBrand): number {
  return groupsOf(brand).reduce((sum, size) => sum + size, 0);
}

/** "4242424242424242" → "4242 4242 4242 4242"; non-digits dropped, length capped by brand. */
export function formatCardNumber(input: string): string {
  const brand = cardBrand(input);
  const digits = input.replace(/\D/g, "").slice(0, maxDigits(brand));
  const parts: string[] = [];
  let at = 0;
  for (const size of groupsOf(brand)) {
    if (at >= digits.length) break;
    parts.push(digits.slice(at, at + size));
    at += size;
  }
  return parts.join(" ");
}

/** "1", "12", "1228", "12/28" → "1", "12 / ", "12 / 28": month, then two-digit year. */
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

/** Stripe's published test cards that the built-in test-mode processor understands. */
export const TEST_CARDS = [
  { number: "4242 4242 4242 4242", result: "Payment succeeds" },
  { number: "4000 0000 0000 0002", result: "Declined" },
  { number: "4000 0000 0000 9995", result: "Declined: insufficient funds" },
  { number: "4000 0000 0000 3063", result: "Stays processing for about 10 seconds, then succeeds" },
] as const;
