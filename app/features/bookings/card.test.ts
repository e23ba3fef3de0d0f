import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CARD_MESSAGES, cardBrand, cardError, formatCardNumber, luhnValid, testCardOutcome } from "./card";

const NOW = new Date("2026-06-15T12:00:00.000Z");
const good = { number: "4242 4242 4242 4242", expMonth: "12", expYear: "30", cvc: "123", name: "A Guest" };

describe("card checks", () => {
  it("accepts Stripe's test cards and maps them to their outcomes", () => {
    expect(cardError(good, NOW)).toBeNull();
    expect(testCardOutcome("4242424242424242")).toBe("succeeded");
    expect(testCardOutcome("4000 0000 0000 0002")).toBe("declined");
    expect(testCardOutcome("4000000000009995")).toBe("insufficient_funds");
    expect(testCardOutcome("4000000000003063")).toBe("processing");
    expect(testCardOutcome("5555555555554444")).toBe("not_test_card");
  });

  it("refuses malformed numbers, expiries and CVCs with Stripe's messages", () => {
    expect(cardError({ ...good, number: "4242 4242 4242 4241" }, NOW)).toBe(CARD_MESSAGES.number);
    expect(cardError({ ...good, number: "4242" }, NOW)).toBe(CARD_MESSAGES.number);
    expect(cardError({ ...good, number: "abcd efgh ijkl mnop" }, NOW)).toBe(CARD_MESSAGES.number);
    expect(cardError({ ...good, expMonth: "" }, NOW)).toBe(CARD_MESSAGES.expiryIncomplete);
    expect(cardError({ ...good, expMonth: "13" }, NOW)).toBe(CARD_MESSAGES.expiryInvalid);
    expect(cardError({ ...good, expYear: "2025" }, NOW)).toBe(CARD_MESSAGES.expiryPast);
    expect(cardError({ ...good, expMonth: "5", expYear: "2026" }, NOW)).toBe(CARD_MESSAGES.expiryInvalid);
    expect(cardError({ ...good, expMonth: "6", expYear: "2026" }, NOW)).toBeNull(); // valid through the end of the month
    expect(cardError({ ...good, cvc: "12" }, NOW)).toBe(CARD_MESSAGES.cvc);
    expect(cardError({ ...good, number: "378282246310005", cvc: "123" }, NOW)).toBe(CARD_MESSAGES.cvc); // Amex wants 4
  });

  it("formats and labels the number while typing", () => {
    expect(formatCardNumber("42424242424242")).toBe("4242 4242 4242 42");
    expect(formatCardNumber("378282246310005")).toBe("3782 822463 10005");
    expect(cardBrand("4242")).toBe("visa");
    expect(cardBrand("5555")).toBe("mastercard");
    expect(cardBrand("3782")).toBe("amex");
  });

  it("Luhn catches every single-digit typo", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 15 }), fc.integer({ min: 1, max: 9 }), (position, delta) => {
        const digits = "4242424242424242".split("");
        digits[position] = String((Number(digits[position]) + delta) % 10);
        expect(luhnValid(digits.join(""))).toBe(false);
      }),
    );
  });
});
