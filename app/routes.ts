import { type RouteConfig, index, route } from "@react-router/dev/routes";
import { US_CITY_ROUTES } from "./features/cities/us-city-routes";

/** The route table of docs/product.md#routes, in that order. The catch-all stays last. */
export default [
  index("routes/home/home.tsx"),
  route("space/:titleSlug/:locationSlug", "routes/listings/space-detail.tsx"),
  route("create-listing", "routes/hosting/create-listing.tsx"),
  route("dashboard", "routes/account/dashboard.tsx"),
  // Money out (issue #13): earnings, the payout account's connect, return and built-in onboarding.
  route("payouts", "routes/payouts/payouts.tsx"),
  route("payouts/connect", "routes/payouts/connect.ts"),
  route("payouts/return", "routes/payouts/return.ts"),
  route("payouts/onboarding", "routes/payouts/onboarding.tsx"),
  route("my-listings", "routes/hosting/my-listings.tsx"),
  // The host's calendar of a listing (issue #26): bookings, blocks, hours and rules, calendar sync.
  route("my-listings/:id/calendar", "routes/hosting/listing-calendar.tsx"),
  route("edit-listing/:id", "routes/hosting/edit-listing.tsx"),
  // The listing's translations by its host (issue #31 point 5, ADR 0295): the editor's section posts here.
  route("edit-listing/:id/translations", "routes/hosting/listing-translations.ts"),
  route("my-bookings", "routes/account/my-bookings.tsx"),
  route("profile", "routes/account/profile.tsx"),
  // Sessions, password and two-step sign-in (issue #29 point 4, ADRs 0245-0246).
  route("profile/security", "routes/account/security.tsx"),
  route("profile/security/export/:id", "routes/account/security-export.ts"),
  // Identity verification (issue #29 point 3, ADR 0250): the member's page, their private photo uploads and the photos' authorised address.
  route("profile/identity", "routes/account/identity.tsx"),
  route("api/identity/uploads", "routes/account/api.identity-uploads.ts"),
  route("identity/files/:id", "routes/account/identity-file.ts"),
  route("booking-confirmation", "routes/bookings/booking-confirmation.tsx"),
  route("admin", "routes/admin/admin.tsx"),
  route("explore", "routes/listings/explore.tsx"),
  // The explore map's pins (issue #27 point 4, ADR 0223).
  route("api/map-pins", "routes/listings/api.map-pins.ts"),
  // The offline basemap's city areas (issue #27 point 4, ADR 0276).
  route("map/cities.json", "routes/listings/map-cities-json.ts"),
  // Account resource routes (sign-in dialog, user menu).
  route("auth/sign-in", "routes/auth/sign-in.ts"),
  route("auth/sign-in/two-step", "routes/auth/sign-in-two-step.ts"),
  route("auth/sign-up", "routes/auth/sign-up.ts"),
  route("auth/sign-out", "routes/auth/sign-out.ts"),
  // Password reset and verified e-mail (issue #29 points 1-2, ADRs 0240-0241).
  route("auth/forgot-password", "routes/auth/forgot-password.ts"),
  route("auth/resend-verification", "routes/auth/resend-verification.ts"),
  route("reset-password", "routes/auth/reset-password.tsx"),
  route("verify-email", "routes/auth/verify-email.tsx"),
  // Content and SEO (issue #6)
  route("about", "routes/content/about.tsx"),
  route("contact", "routes/content/contact.tsx"),
  route("careers", "routes/content/careers.tsx"),
  route("press", "routes/content/press.tsx"),
  route("blog", "routes/content/blog.tsx"),
  route("blog/:slug", "routes/content/blog-post.tsx"),
  route("help", "routes/content/help.tsx"),
  route("safety", "routes/content/safety.tsx"),
  route("cancellation", "routes/content/cancellation.tsx"),
  route("covid19", "routes/content/covid19.tsx"),
  route("privacy", "routes/content/privacy.tsx"),
  route("terms", "routes/content/terms.tsx"),
  route("sitemap", "routes/content/sitemap.tsx"),
  route("how-it-works", "routes/content/how-it-works.tsx"),
  route("newsletter", "routes/content/newsletter.tsx"),
  // The display currency (issue #31 point 4, ADR 0292): the menu's page and action.
  route("currency", "routes/currency.tsx"),
  // Newsletter double opt-in links (ADR 0173).
  route("newsletter/confirm", "routes/content/newsletter-link.tsx", { id: "newsletter-confirm" }),
  route("newsletter/unsubscribe", "routes/content/newsletter-link.tsx", { id: "newsletter-unsubscribe" }),
  route("terms.md", "routes/content/terms-md.ts"),
  route("sitemap.xml", "routes/content/sitemap-xml.ts"),
  route("sitemaps/:file", "routes/content/sitemap-part.ts"),
  route("robots.txt", "routes/content/robots-txt.ts"),
  // Hosting resource routes (media uploads, inline space types, owner availability toggle).
  route("api/media/uploads", "routes/hosting/api.media-uploads.ts"),
  route("api/space-types", "routes/hosting/api.space-types.ts"),
  route("api/spaces/:id/availability", "routes/hosting/api.space-availability.ts"),
  route("api/live", "routes/realtime/live.ts"),
  // Booking and checkout (issue #12): availability, holds, the test-mode processor, calendar files.
  route("api/spaces/:spaceId/busy", "routes/bookings/api.busy.ts"),
  route("api/payments/confirm", "routes/bookings/api.payment-confirm.ts"),
  route("api/payments/intent", "routes/bookings/api.payment-intent-status.ts"),
  route("api/webhooks/stripe", "routes/bookings/api.stripe-webhook.ts"),
  route("api/bookings/:bookingId/calendar.ics", "routes/bookings/api.booking-calendar.ts"),
  route("api/bookings/:bookingId/cancel", "routes/bookings/api.booking-cancel.ts"),
  // One booking for its guest and its host: check-in and check-out at handover (issue #28 point 4, ADR 0277).
  route("bookings/:bookingId", "routes/bookings/booking-page.tsx"),
  route("requests/:bookingId", "routes/bookings/request-answer.tsx"),
  // Calendar sync (issue #26 point 6, ADR 0203): the listing's secret iCal feed; the host's imports and feed URL.
  route("api/spaces/:spaceId/calendar/:token.ics", "routes/calendar-sync/api.calendar-feed.ts"),
  route("api/spaces/:spaceId/calendar-sync", "routes/calendar-sync/api.calendar-sync.ts"),
  // Reviews after a stay and the host's answer (issue #15, ADR 0171).
  route("api/bookings/:bookingId/review", "routes/reviews/api.booking-review.ts"),
  route("api/reviews/:reviewId/reply", "routes/reviews/api.review-reply.ts"),
  // Notification settings on /profile (ADR 0172).
  route("api/notification-settings", "routes/account/api.notification-settings.ts"),
  // /profile's change of e-mail address (issue #29 point 2, ADR 0241).
  route("api/account/email", "routes/account/api.email-change.ts"),
  // Wishlists and saved search alerts (issue #27 points 5-6, ADRs 0230-0231).
  route("wishlists", "routes/wishlists/wishlists.tsx"),
  route("wishlists/shared/:token", "routes/wishlists/shared-wishlist.tsx"),
  route("api/wishlists", "routes/wishlists/api.wishlists.ts"),
  route("api/saved-searches", "routes/wishlists/api.saved-searches.ts"),
  route("saved-searches/:token/delete", "routes/wishlists/saved-search-delete.tsx"),
  // City pages (ADR 0042): one module serves the fixed US routes, San Jose and Riverview.
  ...US_CITY_ROUTES.map(({ slug }) => route(slug, "routes/cities/us-city.tsx", { id: `city-${slug}` })),
  route("cities/:city", "routes/cities/city-page.tsx"),
  // Public profile JSON for the host profile dialog.
  route("api/profiles/:id", "routes/profiles/api-profile.ts"),
  // The member's own profile (issue #14): avatar and banner uploads; the public host page.
  route("api/profile/images", "routes/profiles/api.profile-images.ts"),
  route("hosts/:id", "routes/profiles/host-page.tsx"),
  // Guest–host messages (issue #15).
  route("messages", "routes/messages/messages.tsx"),
  route("messages/start", "routes/messages/start.ts"),
  route("messages/:conversationId", "routes/messages/conversation.tsx"),
  // The language menu's links: save the choice, answer with the page in that language (issue #31, ADR 0293).
  route("language/:lang?", "routes/i18n/language.ts"),
  // The catch-all city page, then every other unknown path.
  route(":city", "routes/cities/catch-all-city.tsx"),
  // Development only: every UI primitive in every state (404 in production).
  route("dev/ui", "routes/dev/ui.tsx"),
  // Development only: the e-mails written under DATA_DIR/mail when SMTP_URL is unset (ADR 0170).
  route("dev/mail", "routes/dev/mail.tsx"),
  route("dev/mail/:file", "routes/dev/mail-file.ts"),
  // Test mode only (TEST_CLOCK=1): run a background job at the request's clock.
  route("__test/jobs/:name", "routes/dev/test-jobs.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
