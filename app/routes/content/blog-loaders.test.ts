import { describe, expect, it } from "vitest";
import { allPosts, blogListing, findPost, relatedPosts } from "~/features/content/blog/blog";
import { loader as blogLoader } from "./blog";
import { loader as postLoader, meta as postMeta } from "./blog-post";

const request = (path: string, headers: Record<string, string> = {}) => new Request(`http://localhost${path}`, { headers });

describe("the blog's loaders pick the page's language on the server", () => {
  it("/blog answers the English posts, as before", async () => {
    expect(await blogLoader({ request: request("/blog"), params: {} } as never)).toEqual({
      ...blogListing(allPosts(), { category: null, page: 1 }),
      category: null,
      categorySlug: null,
      categoryMeta: null,
    });
    const post = findPost("maximize-space-earnings")!;
    expect(await postLoader({ request: request("/blog/maximize-space-earnings"), params: { slug: post.slug } } as never)).toEqual({ post, related: relatedPosts(post) });
  });

  it("/es/blog?category=host-tips: the Spanish posts of that category, with the category's title in Spanish", async () => {
    const data = await blogLoader({ request: request("/es/blog?category=host-tips"), params: {} } as never);
    expect(data.featured).toBeNull();
    expect(data.posts.map((post) => post.title)).toEqual([
      "10 formas de aumentar lo que ganas alquilando tu espacio",
      "¿Por hora, por día o por mes? Cómo poner bien el precio a tu anuncio",
    ]);
    expect(data.category).toBe("Host Tips");
    expect(data.categoryMeta?.title).toBe("Consejos para anfitriones — Blog");
  });

  it("an unprefixed page follows the saved language, as the root does", async () => {
    const data = await postLoader({ request: request("/blog/sustainable-sharing-economy", { Cookie: "lang=fr" }), params: { slug: "sustainable-sharing-economy" } } as never);
    expect(data.post.title).toBe("Pourquoi louer est le choix durable");
    expect(data.related.every((post) => post.title !== findPost(post.slug)!.title)).toBe(true);
  });

  it("a post's meta title and description are its translated title and excerpt", async () => {
    const data = await postLoader({ request: request("/ar/blog/future-of-space-rental-2025"), params: { slug: "future-of-space-rental-2025" } } as never);
    const matches = [{ id: "root", loaderData: { siteUrl: "https://rentwell.example", locale: "ar" } }];
    const tags = postMeta({ data, matches, params: { slug: "future-of-space-rental-2025" } } as never);
    expect(tags).toContainEqual({ title: "مستقبل تأجير المساحات: اتجاهات ترسم ملامح عام 2025 | Rentwell" });
    expect(tags).toContainEqual({ name: "description", content: data.post.excerpt });
    expect(data.post.excerpt).toMatch(/^العمل المرن واقتصاد صنّاع المحتوى/);
    expect(tags).toContainEqual({ property: "article:tag", content: "اتجاهات" });
  });

  it("an unknown slug is still a 404 in another language", async () => {
    await expect(postLoader({ request: request("/es/blog/no-such-post"), params: { slug: "no-such-post" } } as never)).rejects.toMatchObject({ init: { status: 404 } });
  });
});
