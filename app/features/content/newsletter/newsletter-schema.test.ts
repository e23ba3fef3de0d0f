import { describe, expect, it } from "vitest";
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

describe("newsletterSchema in the browser's hands", () => {
  it("refuses what a browser's type=email accepts but a mail server would not", () => {
    for (const bad of ["not-an-email@", "ana@example", "reader@localhost", "<b>hi</b>@x.com", "a b@example.com"]) {
      expect(newsletterSchema.safeParse({ email: bad }).error?.issues[0]?.message, bad).toBe("Please enter a valid e-mail address.");
    }
    expect(newsletterSchema.safeParse({ email: `${"a".repeat(250)}@example.com` }).error?.issues[0]?.message).toBe("That e-mail address is too long.");
  });

  it("lets through ordinary addresses", () => {
    for (const good of ["ana@example.com", " Reader@Example.co.uk ", "first.last+tag@sub.example.org"]) {
      expect(newsletterSchema.safeParse({ email: good }).success, good).toBe(true);
    }
  });
});
