import { describe, expect, it } from "vitest";
import { allPosts, BLOG_CATEGORIES, BLOG_PAGE_SIZE, blogListing, categoryFromSlug, findPost } from "./blog";

const posts = allPosts();

describe("blogListing", () => {
  it("All Posts shows the featured post apart and the first page of the others, newest first", () => {
    const listing = blogListing(posts, { category: null, page: 1 });
    expect(listing.featured?.slug).toBe("future-of-space-rental-2025");
    expect(listing.posts).toHaveLength(BLOG_PAGE_SIZE);
    expect(listing.posts.map((p) => p.slug)).not.toContain("future-of-space-rental-2025");
    const dates = listing.posts.map((p) => p.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(listing.hasMore).toBe(true);
  });

  it("Load More (page 2) shows every remaining post and nothing more to load", () => {
    const listing = blogListing(posts, { category: null, page: 2 });
    expect(listing.posts).toHaveLength(posts.length - 1);
    expect(listing.hasMore).toBe(false);
  });

  it("a category chip shows only that category's posts and no featured block", () => {
    const listing = blogListing(posts, { category: "Host Tips", page: 1 });
    expect(listing.featured).toBeNull();
    expect(listing.posts.length).toBeGreaterThan(0);
    expect(listing.posts.every((p) => p.category === "Host Tips")).toBe(true);
    expect(listing.posts.map((p) => p.slug)).toContain("maximize-space-earnings");
  });

  it("the featured post's own category still lists it", () => {
    const listing = blogListing(posts, { category: "Industry Trends", page: 1 });
    expect(listing.posts.map((p) => p.slug)).toContain("future-of-space-rental-2025");
  });

  it("every category chip has at least one post", () => {
    for (const category of BLOG_CATEGORIES) {
      expect(blogListing(posts, { category: category.label, page: 1 }).total, category.label).toBeGreaterThan(0);
    }
  });

  it("treats a nonsense page number as page 1", () => {
    expect(blogListing(posts, { category: null, page: Number.NaN }).page).toBe(1);
    expect(blogListing(posts, { category: null, page: -3 }).posts).toHaveLength(BLOG_PAGE_SIZE);
  });
});

describe("posts", () => {
  it("has the two full posts of docs/product.md#blog and every post written out", () => {
    expect(findPost("future-of-space-rental-2025")?.body.length).toBeGreaterThan(5);
    expect(findPost("maximize-space-earnings")?.body.length).toBeGreaterThan(5);
    for (const post of posts) {
      const words = post.body.flatMap((b) => ("p" in b ? [b.p] : "ul" in b ? b.ul : [b.h2])).join(" ").split(/\s+/).length;
      expect(words, post.slug).toBeGreaterThan(150);
      expect(post.tags.length, post.slug).toBeGreaterThan(0);
      expect(post.imageAlt, post.slug).not.toBe("");
    }
  });

  it("has unique slugs and unknown slugs are not found", () => {
    expect(new Set(posts.map((p) => p.slug)).size).toBe(posts.length);
    expect(findPost("no-such-post")).toBeNull();
  });

  it("maps chip slugs to categories", () => {
    expect(categoryFromSlug("city-guides")).toBe("City Guides");
    expect(categoryFromSlug("nope")).toBeNull();
    expect(categoryFromSlug(null)).toBeNull();
  });
});
