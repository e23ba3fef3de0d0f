import { describe, expect, it } from "vitest";
import {
  CATCH_ALL_CITIES,
  CATCH_ALL_CITY_SLUGS,
  isCatchAllCity,
  isFixedUsCity,
  parsePage,
  parseTypeFilter,
} from "./known-cities";
import { fallbackCityContent } from "./fallback-content";

describe("catch-all city slugs (docs/product.md#cities)", () => {
  it("are exactly the 20 slugs of docs/product.md#cities, in order", () => {
    expect(CATCH_ALL_CITY_SLUGS.join(", ")).toBe(
      "tokyo, new-york, london, paris, shanghai, dubai, singapore, los-angeles, berlin, sydney, hong-kong, seoul, toronto, melbourne, amsterdam, mumbai, barcelona, mexico-city, sao-paulo, bangkok",
    );
    expect(Object.keys(CATCH_ALL_CITIES).sort()).toEqual([...CATCH_ALL_CITY_SLUGS].sort());
  });
  it("recognises known slugs only", () => {
    expect(isCatchAllCity("tokyo")).toBe(true);
    expect(isCatchAllCity("Tokyo")).toBe(false);
    expect(isCatchAllCity("atlantis")).toBe(false);
    expect(isCatchAllCity("constructor")).toBe(false);
    expect(isFixedUsCity("dallas")).toBe(true);
    expect(isFixedUsCity("toString")).toBe(false);
    expect(isFixedUsCity("san-jose")).toBe(false);
  });
  it("has four highlights in the fallback content", () => {
    const content = fallbackCityContent("Berlin");
    expect(content.highlights).toHaveLength(4);
    expect(content.title).toContain("Berlin");
  });
});

describe("query parameters", () => {
  it("accepts a plausible space-type name and drops anything else", () => {
    expect(parseTypeFilter("photo-studio")).toBe("photo-studio");
    expect(parseTypeFilter(" Photo-Studio ")).toBe("photo-studio");
    expect(parseTypeFilter(null)).toBeNull();
    expect(parseTypeFilter("")).toBeNull();
    expect(parseTypeFilter("%' OR 1=1 --")).toBeNull();
    expect(parseTypeFilter("x".repeat(10_000))).toBeNull();
    expect(parseTypeFilter("studio\\")).toBeNull();
  });
  it("reads a page between 1 and 10 000, anything else is page 1", () => {
    expect(parsePage("3")).toBe(3);
    expect(parsePage(null)).toBe(1);
    expect(parsePage("-2")).toBe(1);
    expect(parsePage("1.5")).toBe(1);
    expect(parsePage("99999999999999999999")).toBe(1);
    expect(parsePage("abc")).toBe(1);
  });
});
