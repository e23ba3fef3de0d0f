import { describe, expect, it } from "vitest";
import { HELP_CATEGORIES } from "./help-articles";
import { searchHelp } from "./help-search";

const questions = (query: string) => searchHelp(HELP_CATEGORIES, query).flatMap((c) => c.articles.map((a) => a.question));

describe("searchHelp", () => {
  it("returns the three categories, Booking, Hosting and Account, for an empty query", () => {
    expect(searchHelp(HELP_CATEGORIES, "   ").map((c) => c.title)).toEqual(["Booking", "Hosting", "Account"]);
  });

  it("matches question text case-insensitively", () => {
    expect(questions("PAYMENT METHODS")).toEqual(["What payment methods do you accept?"]);
  });

  it("matches answer text, not only questions", () => {
    // "digital wallets" appears only in the payment-methods answer.
    expect(questions("digital wallets")).toEqual(["What payment methods do you accept?"]);
    expect(questions("3-5 business days")).toContain("When do I get paid?");
  });

  it("requires every word and drops categories with no match", () => {
    const result = searchHelp(HELP_CATEGORIES, "password reset");
    expect(result.map((c) => c.title)).toEqual(["Account"]);
    expect(result[0]!.articles.map((a) => a.id)).toEqual(["password-reset"]);
  });

  it("finds the 48-hour modification rule", () => {
    expect(questions("48 hours")).toContain("Can I modify my booking?");
  });

  it("returns nothing for words that appear nowhere", () => {
    expect(searchHelp(HELP_CATEGORIES, "zebra spaceship")).toEqual([]);
  });

  it("ignores accents", () => {
    expect(questions("pâyment méthods")).toEqual(["What payment methods do you accept?"]);
  });
});
