import type { Locale, PrefixedLocale } from "~/lib/locales";
import { allPosts, findPost, type BlogPost, type BlogPostTexts } from "./blog";
import { BLOG_POSTS_AR } from "./posts.ar";
import { BLOG_POSTS_ES } from "./posts.es";
import { BLOG_POSTS_FR } from "./posts.fr";
import { BLOG_POSTS_JA } from "./posts.ja";

/**
 * The posts' texts in every language but English (issue #31). Only loaders read them
 * (this module is server-only), so a page sends the browser the posts it shows, in its
 * own language, and never the other languages' (ADR 0020: posts are content in code,
 * not catalog messages).
 */
export const BLOG_POST_TEXTS: Record<PrefixedLocale, BlogPostTexts> = {
  es: BLOG_POSTS_ES,
  fr: BLOG_POSTS_FR,
  ja: BLOG_POSTS_JA,
  ar: BLOG_POSTS_AR,
};

/** A post as a page in `locale` shows it; English is the post itself. */
export function localizePost(post: BlogPost, locale: Locale): BlogPost {
  if (locale === "en") return post;
  const text = BLOG_POST_TEXTS[locale][post.slug];
  if (!text) return post;
  const { authorRole, ...texts } = text;
  return { ...post, ...texts, author: { ...post.author, role: authorRole } };
}

/** Every post in `locale`, newest first. */
export function postsIn(locale: Locale): BlogPost[] {
  return allPosts().map((post) => localizePost(post, locale));
}

/** A post by its slug in `locale`, or null. */
export function findPostIn(slug: string, locale: Locale): BlogPost | null {
  const post = findPost(slug);
  return post ? localizePost(post, locale) : null;
}
