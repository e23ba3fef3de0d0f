// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { allPosts, blogListing, findPost, relatedPosts } from "~/features/content/blog/blog";
import { inLocale } from "~/features/i18n/render-in-locale";
import type { Locale } from "~/lib/locales";
import Blog, { loader as blogLoader } from "./blog";
import BlogPostPage, { loader as postLoader } from "./blog-post";

afterEach(cleanup);

/**
 * A blog page at `url` in `locale`, with its real loader: the request's path (/es/blog)
 * decides the posts' language, as the language prefix does on the site (ADR 0293).
 */
async function renderRoute(locale: Locale, Component: unknown, path: string, url: string, loader: unknown) {
  const Stub = createRoutesStub([{ path, Component: Component as never, loader: loader as never, HydrateFallback: () => null }]);
  const { container } = render(await inLocale(locale, <Stub initialEntries={[url]} />));
  return container;
}

/** The same page with the loader data it had before the posts were translated. */
async function renderWithData(Component: unknown, path: string, url: string, data: unknown) {
  const Stub = createRoutesStub([{ path, Component: Component as never, loader: (() => data) as never, HydrateFallback: () => null }]);
  const { container } = render(await inLocale("en", <Stub initialEntries={[url]} />));
  return container;
}

/** A page's markup, without React's generated ids (useId), which count up from one render to the next. */
const markup = (container: HTMLElement) => container.innerHTML.replace(/_r_[0-9a-z]+_/g, "_id_");

describe("the blog in the page's language", () => {
  it("/es/blog lists the posts in Spanish: the featured post's title and excerpt, and the cards'", async () => {
    await renderRoute("es", Blog, "/es/blog", "/es/blog", blogLoader);
    expect(await screen.findByRole("link", { name: "El futuro del alquiler de espacios: las tendencias que marcarán 2025" })).toBeTruthy();
    expect(screen.getByText(/^El trabajo flexible, la economía de los creadores y unas ganas nuevas de compartir/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "10 formas de aumentar lo que ganas alquilando tu espacio" })).toBeTruthy();
    expect(screen.getAllByText("#Economía colaborativa").length).toBeGreaterThan(0);
    expect(screen.getByRole("img", { name: "Un loft luminoso con ventanales altos, preparado para una reunión flexible" })).toBeTruthy();
    expect(document.body.textContent).not.toContain("The Future of Space Rental");
    // The chrome stays translated as before, the categories too.
    expect(screen.getByRole("heading", { name: "Últimas entradas" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Consejos para anfitriones" })).toBeTruthy();
  });

  it("/ar/blog/<slug> shows the post in Arabic: title, excerpt, author's role, headings and paragraphs", async () => {
    await renderRoute("ar", BlogPostPage, "/ar/blog/:slug", "/ar/blog/maximize-space-earnings", postLoader);
    expect(await screen.findByRole("heading", { level: 1, name: "10 طرق لزيادة أرباحك من تأجير مساحتك" })).toBeTruthy();
    expect(screen.getByText(/^من التسعير بالساعة إلى الصور التي تجذب الحجوزات/)).toBeTruthy();
    expect(screen.getByText("مسؤول نجاح المضيفين")).toBeTruthy();
    expect(screen.getByRole("heading", { level: 2, name: "1. حدّد سعرًا بالساعة وآخر باليوم" })).toBeTruthy();
    expect(screen.getByText(/^نشر مساحة على Rentwell مجاني ويستغرق نحو 60 ثانية\./)).toBeTruthy();
    expect(screen.getByRole("img", { name: "استوديو تصوير مزوّد بأضواء سوفت بوكس وخلفية بيضاء" })).toBeTruthy();
    // The author's name is not translated; 'Keep reading' shows the related posts in Arabic too.
    expect(document.body.textContent).toContain("Michael Chen");
    expect(screen.getByRole("link", { name: "بالساعة أم باليوم أم بالشهر؟ كيف تسعّر إعلانك تسعيرًا صحيحًا" })).toBeTruthy();
    expect(document.body.textContent).not.toContain("Listing a space on Rentwell is free");
  });

  it("a post in French and in Japanese", async () => {
    await renderRoute("fr", BlogPostPage, "/fr/blog/:slug", "/fr/blog/new-york-event-venues-guide", postLoader);
    expect(await screen.findByRole("heading", { level: 1, name: "Trouver le lieu idéal pour votre événement à New York" })).toBeTruthy();
    expect(screen.getByText("Quelle est la capacité, debout et assis ?")).toBeTruthy();
    cleanup();
    await renderRoute("ja", BlogPostPage, "/ja/blog/:slug", "/ja/blog/tampa-creative-spaces-guide", postLoader);
    expect(await screen.findByRole("heading", { level: 1, name: "地元スタッフが案内するタンパのクリエイティブスペース" })).toBeTruthy();
  });

});

describe("the English blog is unchanged", () => {
  it("/blog renders byte for byte as with the English posts", async () => {
    const listing = blogListing(allPosts(), { category: null, page: 1 });
    const old = await renderWithData(Blog, "/blog", "/blog", { ...listing, category: null, categorySlug: null, categoryMeta: null });
    await screen.findByRole("link", { name: "The Future of Space Rental: Trends Shaping 2025" });
    const before = markup(old);
    cleanup();
    const container = await renderRoute("en", Blog, "/blog", "/blog", blogLoader);
    await screen.findByRole("link", { name: "The Future of Space Rental: Trends Shaping 2025" });
    expect(markup(container)).toBe(before);
  });

  it("/blog/<slug> renders byte for byte as with the English post", async () => {
    const post = findPost("maximize-space-earnings")!;
    const old = await renderWithData(BlogPostPage, "/blog/:slug", "/blog/maximize-space-earnings", { post, related: relatedPosts(post) });
    await screen.findByRole("heading", { level: 1, name: "10 Ways to Maximize Your Space Rental Earnings" });
    const before = markup(old);
    cleanup();
    const container = await renderRoute("en", BlogPostPage, "/blog/:slug", "/blog/maximize-space-earnings", postLoader);
    await screen.findByRole("heading", { level: 1, name: "10 Ways to Maximize Your Space Rental Earnings" });
    expect(screen.getByText(/^Listing a space on Rentwell is free and takes about 60 seconds\./)).toBeTruthy();
    expect(markup(container)).toBe(before);
  });
});
