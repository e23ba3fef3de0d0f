import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { findRegion, matchesRegion, regionCountries } from "./regions";
import { escapeLike, exploreHref, parseExploreSearch, parseHomeSearch } from "./search-params";

describe("region filters (docs/product.md#home)", () => {
  it("maps the four region buttons to their countries", () => {
    expect(regionCountries("asia-pacific")).toEqual(["Japan", "Indonesia", "Australia"]);
    expect(regionCountries("europe")).toEqual(["United Kingdom", "France", "Greece"]);
    expect(regionCountries("middle-east")).toEqual(["United Arab Emirates"]);
    expect(regionCountries("americas")).toEqual(["United States", "Canada"]);
    expect(findRegion("atlantis")).toBeNull();
  });
  it("without a region keeps every country but the USA", () => {
    expect(matchesRegion("France", null)).toBe(true);
    expect(matchesRegion("United States", null)).toBe(false);
    expect(matchesRegion("United States", "americas")).toBe(true);
    expect(matchesRegion("France", "asia-pacific")).toBe(false);
  });
});

describe("search parameters", () => {
  it("reads home search, category and region, dropping unknown regions", () => {
    expect(parseHomeSearch(new URLSearchParams("q=  Tokyo   loft &category=photo-studio&region=europe"))).toEqual({
      q: "Tokyo loft",
      category: "photo-studio",
      region: "europe",
    });
    expect(parseHomeSearch(new URLSearchParams("region=mars"))).toEqual({ q: "", category: "", region: null });
  });
  it("clamps pages and cuts very long queries", () => {
    expect(parseExploreSearch(new URLSearchParams("page=-3")).page).toBe(1);
    expect(parseExploreSearch(new URLSearchParams("page=abc")).page).toBe(1);
    expect(parseExploreSearch(new URLSearchParams("page=1e308")).page).toBe(50);
    expect(parseExploreSearch(new URLSearchParams("page=2.7")).page).toBe(2);
    expect(parseExploreSearch(new URLSearchParams(`q=${"a".repeat(10_000)}`)).q).toHaveLength(200);
  });
  it("never throws on arbitrary input", () => {
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom("q", "type", "location", "page", "region", "category"), fc.string()), (values) => {
        const params = new URLSearchParams(values);
        const explore = parseExploreSearch(params);
        expect(explore.page).toBeGreaterThanOrEqual(1);
        parseHomeSearch(params);
      }),
    );
  });
  it("drops control characters such as NUL, which PostgreSQL text cannot hold", () => {
    expect(parseExploreSearch(new URLSearchParams("q=lo%00ft%07&type=%00kayak&location=Tam%00pa"))).toMatchObject({ q: "loft", type: "kayak", location: "Tampa" });
    expect(parseHomeSearch(new URLSearchParams("q=%00%00&category=photo%00-studio"))).toMatchObject({ q: "", category: "photo-studio" });
  });

  it("escapes LIKE wildcards and backslashes", () => {
    expect(escapeLike("100%_a\\b")).toBe("100\\%\\_a\\\\b");
  });
  it("builds shareable explore URLs", () => {
    expect(exploreHref({ q: "loft", type: "", location: "Tampa, FL", page: 1 })).toBe("/explore?q=loft&location=Tampa%2C+FL");
    expect(exploreHref({ page: 3 })).toBe("/explore?page=3");
    expect(exploreHref({})).toBe("/explore");
  });
});
