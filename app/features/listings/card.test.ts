import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cardBadge, formatRating, priceChips } from "./card";
import { slugify, spacePath } from "./slug";

describe("card badge (spec §4)", () => {
  it("follows availability first, then status", () => {
    expect(cardBadge({ available: false, status: "available" })).toEqual({ label: "Unavailable", tone: "red" });
    expect(cardBadge({ available: false, status: "maintenance" })).toEqual({ label: "Unavailable", tone: "red" });
    expect(cardBadge({ available: true, status: "rented" })).toEqual({ label: "Currently Rented", tone: "red" });
    expect(cardBadge({ available: true, status: "maintenance" })).toEqual({ label: "Under Maintenance", tone: "amber" });
    expect(cardBadge({ available: true, status: "available" })).toEqual({ label: "Available", tone: "green" });
  });
});

describe("price chips (spec §9)", () => {
  const none = { hourlyPrice: null, dailyPrice: null, weeklyPrice: null, monthlyPrice: null };
  it("shows hourly, daily, weekly, monthly in that order, without decimals, at most three", () => {
    expect(priceChips({ hourlyPrice: 4550, dailyPrice: 30000, weeklyPrice: 180099, monthlyPrice: 600000, currency: "USD" })).toEqual([
      "$46/hr",
      "$300/day",
      "$1,801/week",
    ]);
  });
  it("skips missing prices and formats other currencies", () => {
    expect(priceChips({ ...none, monthlyPrice: 250000, currency: "JPY" })).toEqual(["¥250,000/month"]);
    expect(priceChips({ ...none, dailyPrice: 8000, currency: "EUR" })).toEqual(["€80/day"]);
    expect(priceChips({ ...none, currency: "USD" })).toEqual([]);
  });
  it("shows ratings to one decimal", () => {
    expect(formatRating(4.75)).toBe("4.8");
    expect(formatRating(0)).toBe("0.0");
  });
});

describe("slug rule (spec §2)", () => {
  it("lowercases and joins words with single hyphens", () => {
    expect(slugify("Sunny Loft — Downtown Studio!")).toBe("sunny-loft-downtown-studio");
    expect(slugify("  New York, NY  ")).toBe("new-york-ny");
    expect(slugify("¡Olé!")).toBe("ol");
    expect(slugify("---")).toBe("");
  });
  it("always yields only a-z, 0-9 and single inner hyphens, and is idempotent", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        const slug = slugify(text);
        expect(slug).toMatch(/^([a-z0-9]+(-[a-z0-9]+)*)?$/);
        expect(slugify(slug)).toBe(slug);
      }),
    );
  });
  it("builds a listing path that carries the id", () => {
    expect(spacePath({ id: "abc", title: "Loft", location: "Tampa, FL" })).toBe("/space/loft/tampa-fl?id=abc");
  });
});
