import { describe, expect, it } from "vitest";
import { precheckEmail } from "./newsletter-messages";
import { newsletterSchema } from "./newsletter-schema";

describe("newsletterSchema", () => {
  it("accepts and trims an address, keeping its case", () => {
    expect(newsletterSchema.parse({ email: "  Ana@Example.com ", source: "footer" })).toEqual({
      email: "Ana@Example.com",
      source: "footer",
    });
  });

  it("rejects empty and malformed addresses with clear messages", () => {
    expect(newsletterSchema.safeParse({ email: "" }).error?.issues[0]?.message).toBe("Please enter your e-mail address.");
    expect(newsletterSchema.safeParse({ email: "not-an-email" }).error?.issues[0]?.message).toBe(
      "Please enter a valid e-mail address.",
    );
    expect(newsletterSchema.safeParse({ email: `${"a".repeat(250)}@example.com` }).success).toBe(false);
  });

  it("falls back to the page source for an unknown source", () => {
    expect(newsletterSchema.parse({ email: "a@example.com", source: "evil" }).source).toBe("page");
  });
});

describe("precheckEmail (browser-side, no zod)", () => {
  it("gives the schema's messages for empty, long and malformed addresses", () => {
    expect(precheckEmail("  ")).toBe("Please enter your e-mail address.");
    expect(precheckEmail(null)).toBe("Please enter your e-mail address.");
    expect(precheckEmail(`${"a".repeat(250)}@example.com`)).toBe("That e-mail address is too long.");
    for (const bad of ["not-an-email@", "ana@example", "<b>hi</b>@x.com", "a b@example.com"]) {
      expect(precheckEmail(bad), bad).toBe("Please enter a valid e-mail address.");
      expect(newsletterSchema.safeParse({ email: bad }).success, bad).toBe(false);
    }
  });

  it("lets through addresses the schema accepts", () => {
    for (const good of ["ana@example.com", " Reader@Example.co.uk ", "first.last+tag@sub.example.org"]) {
      expect(precheckEmail(good), good).toBeNull();
      expect(newsletterSchema.safeParse({ email: good }).success, good).toBe(true);
    }
  });
});
