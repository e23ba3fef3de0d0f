import { describe, expect, it } from "vitest";
import { cardBrand, formatCardNumber, formatExpiry, parseExpiry } from "./card-format";

describe("card entry", () => {
  it("groups the number by brand while typing and drops anything but digits", () => {
    expect(formatCardNumber("4242424242424242")).toBe("4242 4242 4242 4242");
    expect(formatCardNumber("4242-4242 42")).toBe("4242 4242 42");
    expect(formatCardNumber("378282246310005")).toBe("3782 822463 10005");
    expect(formatCardNumber("42424242424242424242424")).toBe("4242 4242 4242 4242 424");
  });

  it("names the brand from the leading digits", () => {
    expect(cardBrand("4000 0000 0000 0002")).toBe("visa");
    expect(cardBrand("5555 5555 5555 4444")).toBe("mastercard");
    expect(cardBrand("2223 0031 2200 3222")).toBe("mastercard");
    expect(cardBrand("3782 822463 10005")).toBe("amex");
    expect(cardBrand("6011 1111 1111 1117")).toBe("discover");
    expect(cardBrand("9")).toBe("unknown");
  });

  it("shapes the expiry as MM / YY and reads it back as a four-digit year", () => {
    expect(formatExpiry("4")).toBe("04 / ");
    expect(formatExpiry("12")).toBe("12 / ");
    expect(formatExpiry("12", true)).toBe("12");
    expect(formatExpiry("1230")).toBe("12 / 30");
    expect(parseExpiry("12 / 30")).toEqual({ expMonth: 12, expYear: 2030 });
    expect(parseExpiry("12 / 3")).toBeNull();
  });
});
