import { describe, expect, it } from "vitest";
import { parseForm } from "~/lib/forms";
import { normaliseSocial, profileDetailsSchema, profileLinkSchema, profilePostSchema, safeWebUrl, socialDisplay } from "./profile-form";
import { profileImageProblem } from "~/features/media/profile-image-rules";

describe("safeWebUrl", () => {
  it.each([
    ["https://example.com", "https://example.com/"],
    ["http://example.com/a?b=1#c", "http://example.com/a?b=1#c"],
    ["example.com/page", "https://example.com/page"],
    ["  HTTPS://Example.COM  ", "https://example.com/"],
  ])("accepts %j as %j", (input, output) => {
    expect(safeWebUrl(input)).toBe(output);
  });

  it.each([
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    " javascript:alert(1)",
    "java\tscript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    "mailto:a@example.com",
    "ftp://example.com",
    "//example.com",
    "https://user:pass@example.com",
    "https://localhost",
    "not a url",
    "",
  ])("refuses %j", (input) => {
    expect(safeWebUrl(input)).toBeNull();
  });
});

describe("normaliseSocial", () => {
  it("turns handles and links into the network's canonical link", () => {
    expect(normaliseSocial("instagram", "@jane.doe")).toBe("https://www.instagram.com/jane.doe");
    expect(normaliseSocial("instagram", "jane_doe")).toBe("https://www.instagram.com/jane_doe");
    expect(normaliseSocial("instagram", "http://instagram.com/jane")).toBe("https://instagram.com/jane");
    expect(normaliseSocial("twitter", "x.com/jane")).toBe("https://x.com/jane");
    expect(normaliseSocial("twitter", "https://mobile.twitter.com/jane")).toBe("https://mobile.twitter.com/jane");
    expect(normaliseSocial("youtube", "@chan")).toBe("https://www.youtube.com/@chan");
    expect(normaliseSocial("tiktok", "jane")).toBe("https://www.tiktok.com/@jane");
    expect(normaliseSocial("linkedin", "jane-doe")).toBe("https://www.linkedin.com/in/jane-doe");
  });

  it("refuses other hosts, schemes and odd handles", () => {
    expect(normaliseSocial("instagram", "https://evil.example.com/instagram.com")).toBeNull();
    expect(normaliseSocial("instagram", "https://instagram.com.evil.example/jane")).toBeNull();
    expect(normaliseSocial("facebook", "javascript:alert(1)")).toBeNull();
    expect(normaliseSocial("twitter", "<script>")).toBeNull();
    expect(normaliseSocial("twitter", "jane doe")).toBeNull();
  });

  it("shows a plain profile link as its handle again", () => {
    expect(socialDisplay("instagram", "https://www.instagram.com/jane.doe")).toBe("@jane.doe");
    expect(socialDisplay("youtube", "https://www.youtube.com/@chan")).toBe("@chan");
    expect(socialDisplay("twitter", "https://twitter.com/jane/status/1")).toBe("twitter.com/jane/status/1");
  });
});

describe("the profile schemas", () => {
  it("turns blanks into null and keeps markup as text", () => {
    const parsed = parseForm(profileDetailsSchema, { fullName: "  ", bio: "<b>hi</b>", website: "", instagram: "" });
    expect(parsed).toEqual({
      ok: true,
      data: { fullName: null, bio: "<b>hi</b>", website: null, location: null, instagram: null, twitter: null, facebook: null, linkedin: null, youtube: null, tiktok: null },
    });
  });

  it("needs a title and an http(s) URL for a link", () => {
    expect(parseForm(profileLinkSchema, { title: "", url: "" })).toEqual({ ok: false, fieldErrors: { title: "Title is required", url: "URL is required" } });
    expect(parseForm(profileLinkSchema, { title: "Shop", url: "shop.example.com", icon: "" })).toEqual({
      ok: true,
      data: { title: "Shop", url: "https://shop.example.com/", icon: null },
    });
  });

  it("defaults a post to 'general', unpinned", () => {
    expect(parseForm(profilePostSchema, { title: "T", content: "C" })).toEqual({ ok: true, data: { title: "T", content: "C", type: "general", isPinned: false } });
    expect(parseForm(profilePostSchema, { title: "T", content: "x".repeat(5001) })).toMatchObject({ ok: false, fieldErrors: { content: "Content must be at most 5,000 characters" } });
  });
});

describe("profileImageProblem", () => {
  it("gives the product's texts", () => {
    expect(profileImageProblem("avatar", { type: "text/plain", size: 10 })).toBe("Please select an image file");
    expect(profileImageProblem("avatar", { type: "image/png", size: 5 * 1024 * 1024 + 1 })).toBe("File size must be less than 5MB");
    expect(profileImageProblem("banner", { type: "image/png", size: 6 * 1024 * 1024 })).toBeNull();
    expect(profileImageProblem("banner", { type: "image/jpeg", size: 10 * 1024 * 1024 + 1 })).toBe("File size must be less than 10MB");
  });
});
