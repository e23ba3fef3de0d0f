import { describe, expect, it } from "vitest";
import { approxText, convertMinor, rateAgeDays, rateDateText, usableRates, type RateTable } from "./exchange";

// The bundled file's figures (seed/exchange-rates-2026-11-25.xml): units per 1 euro.
const table: RateTable = { date: "2026-11-25", rates: { USD: "1.0521", JPY: "162.35", KRW: "1478.52", GBP: "0.83415", AED: "3.86383725" } };

describe("convertMinor: exact, rounded half-up to the target's minor unit", () => {
  it("converts cents to yen (JPY has no minor unit): $231.00 is ¥35,646", () => {
    // 231 / 1.0521 × 162.35 = 35 645.66…
    expect(convertMinor(23_100, "USD", "JPY", table)).toBe(35_646);
  });

  it("converts yen to won and won to cents", () => {
    expect(convertMinor(8_000, "JPY", "KRW", table)).toBe(72_856); // 8000 / 162.35 × 1478.52 = 72 855.93…
    expect(convertMinor(100_000, "KRW", "USD", table)).toBe(7_116); // ₩100,000 = $71.159…
  });

  it("converts from and to the euro, the base, which needs no row", () => {
    expect(convertMinor(7_700, "EUR", "USD", table)).toBe(8_101); // €77.00 × 1.0521 = $81.0117
    expect(convertMinor(8_101, "USD", "EUR", table)).toBe(7_700);
  });

  it("rounds an exact half up", () => {
    const half: RateTable = { date: "2026-11-25", rates: { USD: "1.5" } };
    expect(convertMinor(1, "EUR", "USD", half)).toBe(2); // 1.5 cents
    expect(convertMinor(3, "EUR", "USD", half)).toBe(5); // 4.5 cents
    expect(convertMinor(5, "EUR", "USD", { date: "2026-11-25", rates: { USD: "1.1" } })).toBe(6); // 5.5 cents
  });

  it("stays exact where a float would not: 0.1 + 0.2 style rates and a large amount", () => {
    const rates: RateTable = { date: "2026-11-25", rates: { USD: "0.3", GBP: "0.1" } };
    expect(convertMinor(1_000_000_000_000, "GBP", "USD", rates)).toBe(3_000_000_000_000);
    expect(convertMinor(Number.MAX_SAFE_INTEGER, "EUR", "KRW", table)).toBeNull(); // too large to be a safe integer
  });

  it("gives nothing when a rate is missing or not a positive decimal", () => {
    expect(convertMinor(10_000, "USD", "SGD", table)).toBeNull();
    expect(convertMinor(10_000, "CAD", "USD", table)).toBeNull();
    expect(convertMinor(10_000, "USD", "GBP", { date: "2026-11-25", rates: { USD: "1.0521", GBP: "0" } })).toBeNull();
    expect(convertMinor(10_000, "USD", "GBP", { date: "2026-11-25", rates: { USD: "1.0521", GBP: "-1" } })).toBeNull();
    expect(convertMinor(10_000, "USD", "GBP", { date: "2026-11-25", rates: { USD: "1.0521", GBP: "NaN" } })).toBeNull();
  });
});

describe("approxText: what the guest reads beside the listing's price", () => {
  it("shows the estimate rounded to a whole unit", () => {
    expect(approxText(23_100, "USD", "JPY", table)).toBe("about ¥35,646");
    expect(approxText(7_700, "EUR", "USD", table)).toBe("about $81");
    expect(approxText(100_000, "KRW", "USD", table)).toBe("about $71");
    expect(approxText(5_000, "USD", "AED", table)).toBe("about AED\u00a0184"); // $50 at the peg: 183.6… (Intl puts a no-break space after the code)
  });

  it("shows nothing without a choice, in the listing's own currency, or without a usable rate", () => {
    expect(approxText(23_100, "USD", null, table)).toBeNull();
    expect(approxText(23_100, "USD", "USD", table)).toBeNull();
    expect(approxText(23_100, "USD", "JPY", null)).toBeNull();
    expect(approxText(23_100, "USD", "SGD", table)).toBeNull();
  });
});

describe("usableRates: stale and unreadable rates are left out", () => {
  const now = new Date("2026-11-27T10:00:00Z");

  it("keeps rates within the age limit and drops older ones (no estimate rather than a wrong one)", () => {
    const rates = usableRates(
      [
        { currency: "USD", rate: "1.052100000000", rateDate: "2026-11-25" },
        { currency: "JPY", rate: "162.35", rateDate: "2026-11-10" },
      ],
      now,
      10,
    );
    expect(rates).toEqual({ date: "2026-11-25", rates: { USD: "1.052100000000" } });
    expect(approxText(10_000, "USD", "JPY", rates)).toBeNull();
    expect(approxText(10_000, "USD", "EUR", rates)).toBe("about €95");
  });

  it("keeps any age without a limit, and gives null when nothing is left", () => {
    const old = [{ currency: "USD", rate: "1.0521", rateDate: "2020-01-02" }];
    expect(usableRates(old, now, null)).toEqual({ date: "2020-01-02", rates: { USD: "1.0521" } });
    expect(usableRates(old, now, 10)).toBeNull();
    expect(usableRates([{ currency: "USD", rate: "abc", rateDate: "2026-11-25" }], now, null)).toBeNull();
  });

  it("counts a rate's age in whole days from its date", () => {
    expect(rateAgeDays("2026-11-25", now)).toBe(2);
    expect(rateAgeDays("not a date", now)).toBe(Number.POSITIVE_INFINITY);
    expect(rateDateText("2026-11-25")).toBe("November 25, 2026");
  });
});
