import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { slugify, spacePath } from "./slug";

/** A character-by-character reading of docs/product.md#slugs, to compare the regex version against. */
function referenceSlug(text: string) {
  let out = "";
  let pendingHyphen = false;
  for (const char of text) {
    if (/^[A-Za-z0-9]$/.test(char)) {
      if (pendingHyphen && out.length > 0) out += "-";
      out += char.toLowerCase();
      pendingHyphen = false;
    } else {
      pendingHyphen = true;
    }
  }
  return out;
}

// Text that mixes letters, digits, punctuation, spaces, accents and other scripts.
const messyText = fc
  .array(
    fc.oneof(
      fc.constantFrom("a", "Z", "q", "0", "7", " ", "-", "_", "--", ",", ".", "'", "%", "\\", "/", "é", "ß", "İ", "東京", "🙂", "\t", "\n"),
      fc.string({ maxLength: 6 }),
    ),
    { maxLength: 60 },
  )
  .map((parts) => parts.join(""));

describe("slugify (docs/product.md#slugs) — properties", () => {
  it("agrees with a character-by-character reading of the rule", () => {
    fc.assert(
      fc.property(messyText, (text) => {
        expect(slugify(text)).toBe(referenceSlug(text));
      }),
      { seed: 20261123, numRuns: 500 },
    );
  });

  it("keeps every alphanumeric run, lowercased and in order, joined by single hyphens", () => {
    fc.assert(
      fc.property(messyText, (text) => {
        const runs = text.match(/[A-Za-z0-9]+/g) ?? [];
        expect(slugify(text)).toBe(runs.join("-").toLowerCase());
      }),
      { seed: 7, numRuns: 500 },
    );
  });

  it("is idempotent and never has edge or doubled hyphens", () => {
    fc.assert(
      fc.property(messyText, (text) => {
        const slug = slugify(text);
        expect(slug).not.toMatch(/^-|-$|--/);
        expect(slugify(slug)).toBe(slug);
      }),
      { seed: 42, numRuns: 500 },
    );
  });

  it("ignores case and the kind of separator", () => {
    fc.assert(
      fc.property(
        fc.array(fc.stringMatching(/^[a-z0-9]{1,8}$/), {
          minLength: 1,
          maxLength: 6,
        }),
        fc.constantFrom(" ", " — ", ", ", "___", "/"),
        (words, separator) => {
          expect(slugify(words.join(separator).toUpperCase())).toBe(words.join("-"));
        },
      ),
      { seed: 3 },
    );
  });
});

describe("slugify — examples", () => {
  it("handles the demo titles and locations", () => {
    expect(slugify("Chelsea Daylight Studio with Cyclorama Wall")).toBe("chelsea-daylight-studio-with-cyclorama-wall");
    expect(slugify("São Paulo")).toBe("s-o-paulo");
    expect(slugify("100% Pure_Space")).toBe("100-pure-space");
    expect(slugify("東京スタジオ")).toBe("");
    // Only ASCII letters count: 'İ' and the Kelvin sign are separators, whatever their lowercase is.
    expect(slugify("İstanbul \u212Aiosk")).toBe("stanbul-iosk");
  });
});

describe("spacePath", () => {
  it("falls back to 'listing' / 'anywhere' when a slug would be empty", () => {
    expect(spacePath({ id: "1f0e", title: "東京スタジオ", location: "東京" })).toBe("/space/listing/anywhere?id=1f0e");
  });
});
