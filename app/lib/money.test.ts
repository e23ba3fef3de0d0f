import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatMinor, formatMinorWhole, minorToDecimalText, parseMinor } from "./money";

describe("parseMinor", () => {
  it("turns decimal text into exact minor units per currency", () => {
    expect(parseMinor("120.50", "USD")).toBe(12050);
    expect(parseMinor("0.29", "USD")).toBe(29); // 0.29 * 100 is 28.999999999999996 in floats
    expect(parseMinor("1.005", "USD")).toBeNull(); // three decimals
    expect(parseMinor("1.000", "USD")).toBe(100); // trailing zeros are not extra precision
    expect(parseMinor(".5", "EUR")).toBe(50);
    expect(parseMinor("12.", "GBP")).toBe(1200);
    expect(parseMinor(" 8000 ", "JPY")).toBe(8000);
    expect(parseMinor("8000.5", "JPY")).toBeNull(); // yen have no minor unit
    expect(parseMinor("8000.0", "KRW")).toBe(8000);
    expect(parseMinor("1e3", "USD")).toBe(100000);
    expect(parseMinor("1.5e1", "JPY")).toBe(15);
    expect(parseMinor("125e-2", "USD")).toBe(125);
    expect(parseMinor("125e-3", "USD")).toBeNull();
    expect(parseMinor("-0", "USD")).toBe(0);
    for (const bad of ["", "-1", "e3", "0x10", "1,000", "1 000", "Infinity", "NaN", ".", "1.2.3", "99999999999999999"]) {
      expect(parseMinor(bad, "USD")).toBeNull();
    }
  });

  it("round-trips every amount through its decimal text", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000_000 }), fc.constantFrom("USD", "JPY", "EUR", "KRW"), (minor, currency) => {
        expect(parseMinor(minorToDecimalText(minor, currency), currency)).toBe(minor);
      }),
    );
  });
});

describe("formatting from minor units", () => {
  it("shows amounts with the currency's decimals", () => {
    expect(formatMinor(12050, "USD")).toBe("$120.50");
    expect(formatMinor(5, "USD")).toBe("$0.05");
    expect(formatMinor(8000, "JPY")).toBe("¥8,000");
    expect(formatMinor(123456789012345, "USD")).toBe("$1,234,567,890,123.45");
  });

  it("rounds whole-unit display half-up", () => {
    expect(formatMinorWhole(12050, "USD")).toBe("$121");
    expect(formatMinorWhole(12049, "USD")).toBe("$120");
    expect(formatMinorWhole(8000, "JPY")).toBe("¥8,000");
    expect(formatMinorWhole(45000, "GBP")).toBe("£450");
  });
});
