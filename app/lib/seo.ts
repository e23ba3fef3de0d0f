import type { MessageDescriptor } from "@lingui/core";
import type { MetaDescriptor } from "react-router";
import { i18nFor, translate } from "~/features/i18n/i18n";
import { translatable } from "~/features/i18n/translatable";
import { DEFAULT_LOCALE, isLocale, LOCALES, localizedPath, type Locale } from "~/lib/locales";

export const SITE_NAME = "Rentwell";
export const TAGLINE = translatable("Global Online Rental Platform");
/** The share image of pages that have none of their own, so every link preview has a picture. */
export const DEFAULT_SHARE_IMAGE = "/demo/studio-1.webp";

type RootData = { siteUrl: string; locale?: string } | undefined;
type MatchLike = { id: string; loaderData?: unknown; data?: unknown } | undefined;

/** The page's language, taken from the root loader's data (ADR 0293). */
export function localeFrom(matches: readonly MatchLike[]): Locale {
  const root = matches.find((match) => match?.id === "root");
  const locale = ((root?.loaderData ?? root?.data) as RootData)?.locale;
  return isLocale(locale) ? locale : DEFAULT_LOCALE;
}

/** The absolute site URL, taken from the root loader's data. */
export function siteUrlFrom(matches: readonly MatchLike[]): string {
  const root = matches.find((match) => match?.id === "root");
  const data = (root?.loaderData ?? root?.data) as RootData;
  return data?.siteUrl ?? "http://localhost:3000";
}

export function absoluteUrl(siteUrl: string, path: string) {
  return new URL(path, siteUrl.endsWith("/") ? siteUrl : `${siteUrl}/`).toString();
}

/**
 * Title, description, canonical URL and Open Graph tags for a page, so every
 * route states them the same way. `path` is the page's path without a language prefix;
 * the canonical URL is the page in its own language, and an indexable page names its
 * other languages as `hreflang` alternates (English, unprefixed, is x-default: ADR 0293).
 * `title` and `description` are shown in the page's language: a string marked
 * `translatable()` or a `msg` descriptor is translated here (any other string, a
 * listing's title, is kept as it is).
 */
export function pageMeta({
  title,
  description,
  path,
  matches,
  image,
  type = "website",
  noIndex = false,
}: {
  title: string | MessageDescriptor;
  description: string | MessageDescriptor;
  path: string;
  matches: readonly MatchLike[];
  image?: string;
  type?: string;
  noIndex?: boolean;
}): MetaDescriptor[] {
  const siteUrl = siteUrlFrom(matches);
  const locale = localeFrom(matches);
  const i18n = i18nFor(locale);
  const fullTitle = title === SITE_NAME ? `${SITE_NAME} | ${translate(i18n, TAGLINE)}` : `${translate(i18n, title)} | ${SITE_NAME}`;
  const summary = translate(i18n, description);
  const canonical = absoluteUrl(siteUrl, localizedPath(locale, path));
  const tags: MetaDescriptor[] = [
    { title: fullTitle },
    { name: "description", content: summary },
    { tagName: "link", rel: "canonical", href: canonical },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: summary },
    { property: "og:type", content: type },
    { property: "og:url", content: canonical },
    { name: "twitter:card", content: "summary_large_image" },
    { property: "og:image", content: absoluteUrl(siteUrl, image ?? DEFAULT_SHARE_IMAGE) },
  ];
  if (noIndex) tags.push({ name: "robots", content: "noindex" });
  else {
    for (const locale of LOCALES) tags.push({ tagName: "link", rel: "alternate", hrefLang: locale, href: absoluteUrl(siteUrl, localizedPath(locale, path)) });
    tags.push({ tagName: "link", rel: "alternate", hrefLang: "x-default", href: absoluteUrl(siteUrl, localizedPath(DEFAULT_LOCALE, path)) });
  }
  return tags;
}

/** A JSON-LD block for structured data, safe to embed in a script tag. */
export function jsonLd(data: unknown) {
  return JSON.stringify(data).replace(/</g, "\\u003c");
}
