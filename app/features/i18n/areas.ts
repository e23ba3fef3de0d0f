/**
 * The catalogs a language's texts are split into (ADR 0294). Each source file's messages
 * go to exactly one area's catalog, `app/locales/<lang>/<area>.po`, by where the file lives
 * (the globs in `AREA_FILES`, first match wins; `lingui.config.ts` reads them).
 *
 * - `core`: what the home page renders before anything is clicked, so the first load of `/`
 *   carries no more than it shows (the 170 KB budget, docs/product.md#quality-bars).
 * - `common`: the shared tables of texts that travel as strings (ERROR_TEXT, NOT_FOUND_TEXT,
 *   the search's messages), used by every area but not shown on `/` before a click; loaded
 *   with the other browser areas (ADR 0298).
 * - `discovery`, `booking`, `hosting`, `account`: the rest of the pages, loaded together in
 *   the browser the first time a page needs more than `core` (entry.client.tsx, root.tsx's
 *   clientMiddleware, `lazyWithTexts`).
 * - `server`: texts only the server says (e-mails and calendar files, which go out in the
 *   recipient's language); never sent to the browser. A `.server.ts` module elsewhere
 *   belongs to its directory's area, so an error it returns can be translated where shown.
 */
export const AREAS = ["server", "common", "core", "discovery", "booking", "hosting", "account"] as const;
export type Area = (typeof AREAS)[number];

/** The areas the browser ever loads. */
export const CLIENT_AREAS = AREAS.filter((area): area is Exclude<Area, "server"> => area !== "server");
export type ClientArea = (typeof CLIENT_AREAS)[number];

/** Paths under app/, as globs. Order matters: a file belongs to the first area that lists it; `account` takes the rest. */
export const AREA_FILES: Record<Area, string[]> = {
  // The e-mails themselves; the notification settings on /profile (features/mail/components, email-kinds) are `account`.
  server: ["features/mail/*.server.ts", "features/mail/account-mail-texts.ts", "features/bookings/calendar.server.ts"],
  common: ["lib/messages.ts", "features/search/search-params.ts"],
  core: [
    "root.tsx",
    "ui/**",
    "lib/**",
    "features/shell/**",
    "features/i18n/**",
    "features/currency/**",
    "routes/currency.tsx",
    "routes/i18n/**",
    "routes/not-found.tsx",
    "features/home/**",
    "routes/home/**",
    "features/listings/card.ts",
    "features/listings/space-type-labels.ts",
    "features/listings/components/space-card.tsx",
    "features/listings/components/space-grid.tsx",
    "features/listings/components/save-heart.tsx",
    "features/search/components/when-search-form.tsx",
    "features/search/components/when-fields.tsx",
    "features/search/regions.ts",
    "features/search/search-params.ts",
    "features/realtime/**",
    "features/auth/account-menu.ts",
    "features/auth/components/auth-dialog-context.tsx",
    "features/auth/components/auth-dialog-provider.tsx",
    "features/auth/components/email-verification-banner.tsx",
    "features/auth/components/user-avatar.tsx",
    // Rendered on `/` before any click, though they belong to other features: the footer's
    // newsletter box (and its messages) and the card's 'Verified' badge.
    "features/content/newsletter/components/newsletter-form.tsx",
    "features/content/newsletter/newsletter-messages.ts",
    "features/identity/components/verified-badge.tsx",
  ],
  discovery: [
    "features/search/**",
    "features/geo/**",
    "features/cities/**",
    "routes/cities/**",
    "features/listings/**",
    "routes/listings/**",
    "features/wishlists/**",
    "routes/wishlists/**",
    "features/reviews/**",
    "routes/reviews/**",
    "features/profiles/**",
    "routes/profiles/**",
    "features/content/**",
    "routes/content/**",
  ],
  booking: ["features/bookings/**", "routes/bookings/**", "features/payments/**", "features/handovers/**", "features/identity/**"],
  hosting: [
    "features/hosting/**",
    "routes/hosting/**",
    "features/availability/**",
    "features/calendar-sync/**",
    "routes/calendar-sync/**",
    "features/payouts/**",
    "routes/payouts/**",
    "features/dashboard/**",
    "features/media/**",
  ],
  account: ["**"],
};

/**
 * The areas the browser loads before hydrating a page: the home page shows only `core`
 * (its first load stays small); every other page has all of the browser's areas.
 */
export function areasBeforeHydration(pathname: string): readonly Area[] {
  return pathname === "/" ? ["core"] : CLIENT_AREAS;
}
