import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { normalizeQuery } from "./saved-searches.server";
import { WISHLIST_NAME_MAX, WISHLIST_TEXT, wishlistNameSchema } from "./wishlist-rules";

describe("wishlist names", () => {
  it("any input is either a tidy name of 1 to 50 characters or refused with one of the two messages", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 80 }), fc.string({ unit: "grapheme", maxLength: 80 }), fc.constantFrom("\u0000", "  ", "\t\n", "x".repeat(10_000))), (raw) => {
        const parsed = wishlistNameSchema.safeParse(raw);
        if (parsed.success) {
          expect(parsed.data.length).toBeGreaterThan(0);
          expect(parsed.data.length).toBeLessThanOrEqual(WISHLIST_NAME_MAX);
          expect(parsed.data).toBe(parsed.data.trim());
          // eslint-disable-next-line no-control-regex
          expect(parsed.data).not.toMatch(/[\u0000-\u001f\u007f]|\s{2}/);
        } else {
          expect([WISHLIST_TEXT.nameRequired, WISHLIST_TEXT.nameTooLong]).toContain(parsed.error.issues[0]?.message);
        }
      }),
    );
  });

  it("keeps the words and collapses spaces", () => {
    expect(wishlistNameSchema.parse("  Summer\u0000  trip\n")).toBe("Summer trip");
    expect(wishlistNameSchema.safeParse("x".repeat(51)).success).toBe(false);
    expect(wishlistNameSchema.safeParse(12).success).toBe(false);
  });
});

describe("saved search query strings", () => {
  const param = fc.tuple(fc.constantFrom("q", "type", "location", "date", "time", "hours", "amenity", "page", "min", "max"), fc.string({ maxLength: 12 }));
  it("ignore the order of parameters, the leading '?' and the page, and normalising twice changes nothing", () => {
    fc.assert(
      fc.property(fc.uniqueArray(param, { maxLength: 8, selector: ([key]) => key }), fc.boolean(), (pairs, question) => {
        const query = new URLSearchParams(pairs).toString();
        const shuffled = new URLSearchParams([...pairs].reverse()).toString();
        const once = normalizeQuery(`${question ? "?" : ""}${query}`);
        expect(normalizeQuery(once)).toBe(once);
        expect(new URLSearchParams(once).has("page")).toBe(false);
        // Other parameters keep their values.
        for (const [key, value] of pairs) if (key !== "page") expect(new URLSearchParams(once).get(key)).toBe(value);
        // The same parameters in another order: the same saved search.
        expect(normalizeQuery(shuffled)).toBe(once);
      }),
    );
  });
});
