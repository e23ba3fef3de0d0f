import { describe, expect, it } from "vitest";
import { formatDate } from "./dates";
import { approxText, rateDateText } from "./exchange";
import { intlLocale } from "./locales";
import { formatMinor, formatMinorWhole } from "./money";

/** ADR 0298: the formatting helpers take the page's language; without one, English exactly as before. */
describe("locale-aware formatting", () => {
  it("keeps English byte-identical without a locale and with 'en'", () => {
    expect(formatMinor(123450, "USD")).toBe("$1,234.50");
    expect(formatMinor(123450, "USD", "en")).toBe("$1,234.50");
    expect(formatMinorWhole(800000, "JPY", "en")).toBe("¥800,000");
    expect(rateDateText("2026-11-25")).toBe("November 25, 2026");
    expect(formatDate("2026-11-25T12:00:00Z", "en", { dateStyle: "medium", timeZone: "UTC" })).toBe("Nov 25, 2026");
  });

  it("formats money and dates in the page's language, Arabic with Western digits", () => {
    expect(formatMinor(123450, "USD", "es")).toBe("1234,50\u00a0US$");
    expect(formatMinor(123450, "EUR", "fr")).toBe("1\u202f234,50\u00a0€");
    expect(formatMinorWhole(800000, "JPY", "ja")).toBe("￥800,000");
    // One left-to-right island in Arabic text, so "US$" keeps its order beside Arabic words.
    expect(formatMinorWhole(12100, "USD", "ar")).toBe("\u2066121\u00a0US$\u2069");
    expect(rateDateText("2026-11-25", "es")).toBe("25 de noviembre de 2026");
    expect(rateDateText("2026-11-25", "ja")).toBe("2026年11月25日");
    expect(intlLocale("ar")).toBe("ar-u-nu-latn");
    expect(intlLocale("en")).toBe("en-US");
    expect(intlLocale("en-GB")).toBe("en-GB");
  });

  it("gives the estimate in the page's language with the caller's words", () => {
    const table = { date: "2026-11-25", rates: { JPY: "162.35", USD: "1.05" } };
    expect(approxText(10_000, "USD", "JPY", table)).toBe("about ¥15,462");
    expect(approxText(10_000, "USD", "EUR", table, "fr", (amount) => `environ ${amount}`)).toBe("environ 95\u00a0€");
  });
});
