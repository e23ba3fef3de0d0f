import { describe, expect, it } from "vitest";
import { PREFIXED_LOCALES } from "~/lib/locales";
import { allPosts, findPost, type BlogBlock } from "./blog";
import { BLOG_POST_TEXTS, findPostIn, localizePost, postsIn } from "./posts.server";

/** A block's shape: its kind, and a list's length. */
function shape(block: BlogBlock) {
  if ("h2" in block) return "h2";
  if ("p" in block) return "p";
  return `ul×${block.ul.length}`;
}

function texts(block: BlogBlock): string[] {
  return "h2" in block ? [block.h2] : "p" in block ? [block.p] : block.ul;
}

const english = allPosts();

describe.each(PREFIXED_LOCALES)("the posts in %s", (locale) => {
  const translated = BLOG_POST_TEXTS[locale];

  it("has every English post and no other", () => {
    expect(Object.keys(translated).sort()).toEqual(english.map((post) => post.slug).sort());
  });

  it.each(english.map((post) => post.slug))("%s has the English post's blocks, in order, and no empty text", (slug) => {
    const post = findPost(slug)!;
    const text = translated[slug]!;
    expect(text, slug).toBeDefined();
    expect(text.body.map(shape)).toEqual(post.body.map(shape));
    expect(text.tags).toHaveLength(post.tags.length);
    for (const value of [text.title, text.excerpt, text.authorRole, text.imageAlt, ...text.tags, ...text.body.flatMap(texts)]) {
      expect(value.trim(), slug).not.toBe("");
    }
  });

  it("is a translation: titles, excerpts and paragraphs differ from the English", () => {
    for (const post of english) {
      const text = translated[post.slug]!;
      expect(text.title).not.toBe(post.title);
      expect(text.excerpt).not.toBe(post.excerpt);
      const paragraphs = text.body.filter((block) => "p" in block);
      const englishParagraphs = post.body.filter((block) => "p" in block);
      paragraphs.forEach((block, index) => expect(block).not.toEqual(englishParagraphs[index]));
    }
  });

  it("keeps the English post's slug, dates, image, category, author's name and reading time", () => {
    for (const post of english) {
      const localized = localizePost(post, locale);
      expect(localized).toMatchObject({
        slug: post.slug,
        date: post.date,
        image: post.image,
        category: post.category,
        readMinutes: post.readMinutes,
        author: { name: post.author.name, role: translated[post.slug]!.authorRole },
        title: translated[post.slug]!.title,
      });
      expect(localized.featured).toBe(post.featured);
    }
    expect(postsIn(locale).map((post) => post.slug)).toEqual(english.map((post) => post.slug));
  });
});

describe("posts in English", () => {
  it("are the posts themselves", () => {
    expect(postsIn("en")).toEqual(english);
    const post = findPost("maximize-space-earnings")!;
    expect(localizePost(post, "en")).toBe(post);
    expect(findPostIn("maximize-space-earnings", "en")).toBe(post);
  });

  it("an unknown slug is not found in any language", () => {
    expect(findPostIn("no-such-post", "es")).toBeNull();
    expect(findPostIn("maximize-space-earnings", "ar")?.title).toBe(BLOG_POST_TEXTS.ar["maximize-space-earnings"]!.title);
  });
});
