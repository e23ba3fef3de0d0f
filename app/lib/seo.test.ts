import { describe, expect, it } from "vitest";
import { DEFAULT_SHARE_IMAGE, pageMeta } from "./seo";

const matches = [{ id: "root", loaderData: { siteUrl: "https://rentwell.example" } }];

function tag(tags: ReturnType<typeof pageMeta>, property: string) {
  return tags.find((entry) => "property" in entry && entry.property === property) as { content: string } | undefined;
}

describe("pageMeta", () => {
  it("states title, description, canonical URL and Open Graph tags", () => {
    const tags = pageMeta({ title: "Help Center", description: "Answers.", path: "/help", matches });
    expect(tags).toContainEqual({ title: "Help Center | Rentwell" });
    expect(tags).toContainEqual({ name: "description", content: "Answers." });
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: "https://rentwell.example/help" });
    expect(tag(tags, "og:title")?.content).toBe("Help Center | Rentwell");
    expect(tag(tags, "og:url")?.content).toBe("https://rentwell.example/help");
  });

  it("gives a page without its own picture the site's share image, as an absolute URL", () => {
    const tags = pageMeta({ title: "Terms of Service", description: "Terms.", path: "/terms", matches });
    expect(tag(tags, "og:image")?.content).toBe(`https://rentwell.example${DEFAULT_SHARE_IMAGE}`);
    expect(tags.filter((entry) => "property" in entry && entry.property === "og:image")).toHaveLength(1);
  });

  it("uses the page's own picture when it has one", () => {
    const tags = pageMeta({ title: "Blog", description: "Posts.", path: "/blog", matches, image: "/demo/loft-1.webp" });
    expect(tag(tags, "og:image")?.content).toBe("https://rentwell.example/demo/loft-1.webp");
  });
});
