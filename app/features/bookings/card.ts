/**
 * Card checks of the built-in test-mode processor (ADR 0103), pure so the card
 * form can format and label the number while typing. Messages are Stripe's.
 */
import { translatable } from "~/features/i18n/translatable";

export const CARD_MESSAGES = {
  number: translatable("Your card number is incorrect."),
  expiryIncomplete: translatable("Your card's expiration date is incomplete."),
  expiryInvalid: translatable("Your card's expiration date is invalid."),
  expiryPast: translatable("Your card's expiration year is in the past."),
  cvc: translatable("Your card's security code is incorrect."),
  declined: translatable("Your card was declined."),
  insufficientFunds: translatable("Your card has insufficient funds."),
  notTestCard: translatable("Your card was declined. This is a test-mode payment: use one of the test cards."),
} as const;

/** Stripe's published test cards that this processor honours. */
export const TEST_CARDS = [
  { number: "4242424242424242", outcome: "succeeded", description: translatable("Succeeds") },
  { number: "4000000000000002", outcome: "declined", description: translatable("Declined (Your card was declined.)") },
  { number: "4000000000009995", outcome: "insufficient_funds", description: translatable("Declined: insufficient funds") },
  { number: "4000000000003063", outcome: "processing", description: translatable("Stays processing for about 10 seconds, then succeeds") },
  // Stripe's "attaches, then declines": the payment goes through and saves the card, later off-session charges (a deposit) decline.
  { number: "4000000000000341", outcome: "succeeded_then_declines", description: translatable("Succeeds; a later deposit on the saved card is declined") },
] as const;

export type TestCardOutcome = (typeof TEST_CARDS)[number]["outcome"];

/** How long the processing test card stays `processing`. */
export const PROCESSING_MS = 10_000;

export type CardBrand = "visa" | "mastercard" | "amex" | "discover" | "unknown";

export function cardDigits(number: string): string {
  return number.replace(/[\s-]/g, "");
}

export function cardBrand(number: string): CardBrand {
  const digits = cardDigits(number);
  if (/^4/.test(digits)) return "visa";
  if (/^(5[1-5]|2[2-7])/.test(digits)) return "mastercard";
  if (/^3[47]/.test(digits)) return "amex";
  if (/^6(011|5)/.test(digits)) return "discover";
  return "unknown";
}

/** "4242424242424242" → "4242 4242 4242 4242" (Amex 4-6-5), for the input while typing. */
export function formatCardNumber(number: string): string {
  const digits = cardDigits(number).replace(/\D/g, "").slice(0, 19);
  if (cardBrand(digits) === "amex") return [digits.slice(0, 4), digits.slice(4, 10), digits.slice(10, 15)].filter(Boolean).join(" ");
  return digits.replace(/(\d{4})(?=\d)/g, "$1 ");
}

export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export type CardInput = { number: string; expMonth: number | string; expYear: number | string; cvc: string; name?: string };

/** The first problem with a card, as Stripe words it, or null. `now` decides whether it has expired. */
export function cardError(card: CardInput, now: Date): string | null {
  const digits = cardDigits(String(card.number ?? ""));
  if (!/^\d{13,19}$/.test(digits) || !luhnValid(digits)) return CARD_MESSAGES.number;
  const monthText = String(card.expMonth ?? "").trim();
  const yearText = String(card.expYear ?? "").trim();
  if (monthText === "" || yearText === "") return CARD_MESSAGES.expiryIncomplete;
  if (!/^\d{1,2}$/.test(monthText) || !/^(\d{2}|\d{4})$/.test(yearText)) return CARD_MESSAGES.expiryInvalid;
  const month = Number(monthText);
  const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  if (month < 1 || month > 12) return CARD_MESSAGES.expiryInvalid;
  const currentYear = now.getUTCFullYear();
  if (year < currentYear) return CARD_MESSAGES.expiryPast;
  if (year > currentYear + 50) return CARD_MESSAGES.expiryInvalid;
  if (year === currentYear && month < now.getUTCMonth() + 1) return CARD_MESSAGES.expiryInvalid;
  const cvc = String(card.cvc ?? "").trim();
  const cvcLength = cardBrand(digits) === "amex" ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(cvc)) return CARD_MESSAGES.cvc;
  return null;
}

/** What the processor does with a valid card number. */
export function testCardOutcome(number: string): TestCardOutcome | "not_test_card" {
  const digits = cardDigits(number);
  return TEST_CARDS.find((card) => card.number === digits)?.outcome ?? "not_test_card";
}
