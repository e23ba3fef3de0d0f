import { BLOG_POSTS } from "./posts";
import { formatDate } from "~/lib/dates";
import { translatable } from "~/features/i18n/translatable";

/** Blog category chips (docs/product.md#blog), in order. "All Posts" is the absence of a filter. */
export const BLOG_CATEGORIES = [
  { slug: "industry-trends", label: translatable("Industry Trends") },
  { slug: "host-tips", label: translatable("Host Tips") },
  { slug: "city-guides", label: translatable("City Guides") },
  { slug: "design", label: translatable("Design") },
  { slug: "workspace", label: translatable("Workspace") },
  { slug: "sustainability", label: translatable("Sustainability") },
  { slug: "content-creation", label: translatable("Content Creation") },
] as const;

export const ALL_POSTS_LABEL = translatable("All Posts");
export type BlogCategorySlug = (typeof BLOG_CATEGORIES)[number]["slug"];
export type BlogCategory = (typeof BLOG_CATEGORIES)[number]["label"];

export type BlogBlock = { h2: string } | { p: string } | { ul: string[] };

export type BlogPost = {
  slug: string;
  title: string;
  excerpt: string;
  category: BlogCategory;
  author: { name: string; role: string };
  /** ISO date (yyyy-mm-dd) of publication. */
  date: string;
  /** ISO date of the last edit, for sitemap lastmod. */
  updated?: string;
  readMinutes: number;
  tags: string[];
  image: string;
  imageAlt: string;
  featured?: boolean;
  body: BlogBlock[];
};

/**
 * A post's texts in a language other than English (posts.<lang>.ts, issue #31): the same
 * blocks as the English post, in the same order. The slug, dates, image, category, author's
 * name and reading time are the English post's.
 */
export type BlogPostText = {
  title: string;
  excerpt: string;
  authorRole: string;
  tags: string[];
  imageAlt: string;
  body: BlogBlock[];
};

/** Every post's texts in one language, by slug. */
export type BlogPostTexts = Record<string, BlogPostText>;

/** Posts shown per "page"; 'Load More' adds another page. */
export const BLOG_PAGE_SIZE = 6;

export function categoryFromSlug(slug: string | null | undefined): BlogCategory | null {
  return BLOG_CATEGORIES.find((category) => category.slug === slug)?.label ?? null;
}

export function categorySlug(label: BlogCategory): BlogCategorySlug {
  return BLOG_CATEGORIES.find((category) => category.label === label)!.slug;
}

/** Newest first. */
export function sortPosts(posts: readonly BlogPost[]): BlogPost[] {
  return [...posts].sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : a.slug.localeCompare(b.slug)));
}

/**
 * What /blog shows for a category chip and a page count: the featured post (only
 * under All Posts), then the other matching posts newest first, `page` pages of them.
 */
export function blogListing(
  posts: readonly BlogPost[],
  { category, page }: { category: BlogCategory | null; page: number },
) {
  const sorted = sortPosts(posts);
  const featured = category === null ? (sorted.find((post) => post.featured) ?? null) : null;
  const matching = sorted.filter(
    (post) => post !== featured && (category === null || post.category === category),
  );
  const safePage = Number.isInteger(page) && page > 0 ? Math.min(page, 100) : 1;
  const shown = matching.slice(0, safePage * BLOG_PAGE_SIZE);
  return { featured, posts: shown, total: matching.length, hasMore: shown.length < matching.length, page: safePage };
}

export function findPost(slug: string): BlogPost | null {
  return BLOG_POSTS.find((post) => post.slug === slug) ?? null;
}

export function allPosts(): BlogPost[] {
  return sortPosts(BLOG_POSTS);
}

/** A post's date in the page's language (`useLocale()`); English by default. */
export function formatPostDate(isoDate: string, locale = "en") {
  return formatDate(`${isoDate}T12:00:00Z`, locale, { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
}

/** Posts in the same category (then any), for "Keep reading". */
export function relatedPosts(post: BlogPost, limit = 3): BlogPost[] {
  const others = allPosts().filter((other) => other.slug !== post.slug);
  const same = others.filter((other) => other.category === post.category);
  const rest = others.filter((other) => other.category !== post.category);
  return [...same, ...rest].slice(0, limit);
}
