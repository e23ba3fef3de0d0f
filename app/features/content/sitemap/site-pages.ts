/**
 * The public pages of the site, for the /sitemap page (docs/product.md#sitemap) and
 * /sitemap.xml. City slugs follow docs/product.md#cities.
 */
import { CATCH_ALL_CITIES, CATCH_ALL_CITY_SLUGS, US_CITY_ROUTES as US_ROUTES } from "~/features/cities/known-cities";
import { FOOTER_GROUPS } from "~/features/shell/navigation";
import { translatable } from "~/features/i18n/translatable";

/** The fixed-route US city pages of docs/product.md#cities, as paths. */
export const US_CITY_ROUTES = US_ROUTES.map((city) => ({ path: `/${city.slug}`, label: city.label }));

export type SiteLink = { to: string; label: string };
export type SiteGroup = { title: string; links: SiteLink[] };

const usPaths = new Set<string>(US_CITY_ROUTES.map((city) => city.path));

/** Sitemap page groups (docs/product.md#sitemap): Main, User Account, Company, Support, Legal, Popular Cities. */
export const SITEMAP_GROUPS: SiteGroup[] = [
  {
    title: translatable("Main"),
    links: [
      { to: "/", label: translatable("Home") },
      { to: "/how-it-works", label: translatable("How It Works") },
      { to: "/explore", label: translatable("Explore Spaces") },
      { to: "/blog", label: translatable("Blog") },
    ],
  },
  {
    title: translatable("User Account"),
    links: [
      { to: "/dashboard", label: translatable("Dashboard") },
      { to: "/profile", label: translatable("My Profile") },
      { to: "/create-listing", label: translatable("List Your Space") },
      { to: "/my-listings", label: translatable("My Listings") },
      { to: "/my-bookings", label: translatable("My Bookings") },
    ],
  },
  {
    title: translatable("Company"),
    links: [
      { to: "/about", label: translatable("About Us") },
      { to: "/careers", label: translatable("Careers") },
      { to: "/press", label: translatable("Press and Media") },
      { to: "/contact", label: translatable("Contact") },
    ],
  },
  // Support and Legal list the same pages as the footer's groups of those names.
  ...FOOTER_GROUPS.filter((group) => group.title === "Support" || group.title === "Legal").map((group) => ({ title: group.title, links: [...group.links] })),
  {
    title: translatable("Popular Cities"),
    links: [
      ...US_CITY_ROUTES.map((city) => ({ to: city.path, label: city.label })),
      ...CATCH_ALL_CITY_SLUGS.filter((slug) => !usPaths.has(`/${slug}`)).map((slug) => ({
        to: `/${slug}`,
        label: CATCH_ALL_CITIES[slug].name,
      })),
    ],
  },
];

/**
 * The footer's Support and Legal texts, which the sitemap page shows as they are in
 * FOOTER_GROUPS: listed here so the sitemap page's catalog (discovery) has them (ADR 0294).
 */
export const FOOTER_TEXTS = [
  translatable("Support"),
  translatable("Help Center"),
  translatable("Safety"),
  translatable("Cancellation Policy"),
  translatable("COVID-19 Response"),
  translatable("Legal"),
  translatable("Privacy Policy"),
  translatable("Terms of Service"),
  translatable("Sitemap"),
];

/** Public, indexable pages (not the signed-in ones) with the date their content last changed. */
export const PUBLIC_PAGES: { path: string; lastmod: string; priority: number }[] = [
  { path: "/", lastmod: "2026-11-22", priority: 1 },
  { path: "/how-it-works", lastmod: "2026-11-22", priority: 0.8 },
  { path: "/explore", lastmod: "2026-11-22", priority: 0.9 },
  { path: "/blog", lastmod: "2026-11-22", priority: 0.7 },
  { path: "/about", lastmod: "2026-11-22", priority: 0.6 },
  { path: "/contact", lastmod: "2026-11-22", priority: 0.5 },
  { path: "/careers", lastmod: "2026-11-22", priority: 0.5 },
  { path: "/press", lastmod: "2026-11-22", priority: 0.5 },
  { path: "/help", lastmod: "2026-11-22", priority: 0.6 },
  { path: "/safety", lastmod: "2026-11-22", priority: 0.5 },
  { path: "/cancellation", lastmod: "2026-11-22", priority: 0.5 },
  { path: "/covid19", lastmod: "2026-11-22", priority: 0.3 },
  { path: "/privacy", lastmod: "2026-11-22", priority: 0.3 },
  { path: "/terms", lastmod: "2025-03-15", priority: 0.3 },
  { path: "/sitemap", lastmod: "2026-11-22", priority: 0.3 },
  { path: "/newsletter", lastmod: "2026-11-22", priority: 0.3 },
];
