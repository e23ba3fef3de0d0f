import { msg, plural } from "@lingui/core/macro";
import { Check, MapPin, Star, Users } from "lucide-react";
import { translate } from "~/features/i18n/i18n";
import { requestI18n } from "~/features/i18n/request-i18n.server";
import { useLocale, useTranslate } from "~/features/i18n/use-translate";
import { translatable } from "~/features/i18n/translatable";
import {
  lazy,
  Suspense,
  useContext,
  useMemo,
  useState,
  useSyncExternalStore,
} from "react";
import { Link, redirect } from "react-router";
import { getUser } from "~/features/auth/session.server";
import { AuthDialogContext } from "~/features/auth/components/auth-dialog-context";
import { BookingWidget } from "~/features/bookings/components/booking-widget";
import { bookingWidgetFor } from "~/features/bookings/availability.server";
import { loadPlatformSettings } from "~/features/admin/settings.server";
import { scheduleInLanguage } from "~/features/availability/schedule-words";
import { ContactHostButton } from "~/features/messages/components/contact-host-button";
import { OwnerAvailabilityToggle } from "~/features/hosting/components/owner-availability-toggle";
import { SaveHeart } from "~/features/listings/components/save-heart";
import { SpaceGallery } from "~/features/listings/components/space-gallery";
import {
  IDENTITY_PATH,
  IDENTITY_TEXT,
} from "~/features/identity/identity-text";
import { isIdentityVerified } from "~/features/identity/identity.server";
import { VerifiedBadge } from "~/features/identity/components/verified-badge";
import {
  isBookable,
  priceOptions,
  rentalDetails,
  spaceMetaDescription,
  spaceMetaTitle,
} from "~/features/listings/space-detail";
import {
  loadSpaceDetail,
  lookupSpace,
} from "~/features/listings/space-detail.server";
import { LazyAreaMap } from "~/features/geo/components/lazy-area-map";
import { listingWhere } from "~/features/geo/listing-where.server";
import { SpaceReviews } from "~/features/reviews/components/space-reviews";
import { hostDisplayName } from "~/features/profiles/public-profile";
import { pageReadDb } from "~/features/auth/read-db.server";
import { requestNow } from "~/lib/clock.server";
import { env } from "~/lib/env.server";
import { notFound } from "~/lib/http";
import { NOT_FOUND_TEXT } from "~/lib/messages";
import { minorToDecimalText } from "~/lib/money";
import { useNonce } from "~/lib/nonce";
import { Alert } from "~/ui/alert";
import { Avatar } from "~/ui/avatar";
import { Button } from "~/ui/button";
import {
  GeneralErrorBoundary,
  NotFoundPage,
} from "~/features/shell/components/general-error-boundary";
import { absoluteUrl, jsonLd, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/space-detail";
import { PAGE_CACHE, pageCacheHandle } from "~/lib/page-cache";
import { ApproxPrice } from "~/lib/display-currency";
import { localeOfRequest } from "~/features/i18n/negotiate";
import { loadListingTranslation } from "~/features/listings/listing-translations.server";
import { ListingTranslationNote, useListingText } from "~/features/listings/components/listing-translation";

/** Anonymous visitors may be served a shared copy (ADR 0270). */
export const handle = pageCacheHandle(PAGE_CACHE.listings);

// Opened only from 'View host profile': its chunk (and the dialog primitives) loads
// when first wanted, not with the page (ADR 0180).
const PublicProfileDialog = lazy(() =>
  import("~/features/profiles/components/public-profile-dialog").then(
    (module) => ({ default: module.PublicProfileDialog }),
  ),
);

export async function loader({ request, params }: Route.LoaderArgs) {
  const db = await pageReadDb(request);
  const viewer = await getUser(request);
  const url = new URL(request.url);
  const lookup = await lookupSpace(db, {
    titleSlug: params.titleSlug,
    locationSlug: params.locationSlug,
    id: url.searchParams.get("id"),
    viewerId: viewer?.id ?? null,
  });
  if (lookup.kind === "redirect") throw redirect(lookup.to, 301);
  const reviewPage = Number(url.searchParams.get("reviews") ?? "1");
  const detail =
    lookup.kind === "found"
      ? await loadSpaceDetail(
          db,
          lookup.id,
          Number.isInteger(reviewPage) ? reviewPage : 1,
          requestNow(request),
        )
      : null;
  if (!detail || lookup.kind !== "found") notFound(NOT_FOUND_TEXT.space);

  const { space } = detail;
  // The host's translation for the page's language (issue #31 point 5, ADR 0295): shown first, 'Show original' for the host's text.
  const translation = await loadListingTranslation(db, space.id, localeOfRequest(request));
  const siteUrl = env().SITE_URL;
  const canonicalUrl = absoluteUrl(siteUrl, lookup.canonicalPath);
  const i18n = await requestI18n(request);
  const inLanguage = (text: Parameters<typeof translate>[1]) =>
    translate(i18n, text);
  const options = priceOptions(space, inLanguage);
  const bookable = isBookable(space);
  const isOwner = viewer?.id === space.userId;
  // The booking widget's inputs (the server prices every request again; docs/decisions/0110-booking-widget-and-checkout-ui.md).
  const offered =
    bookable && !isOwner ? bookingWidgetFor(space, viewer?.id ?? null) : null;
  // Insurance required (ADR 0286): the Protection line's rate of the moment, which the hold reads again.
  const widget = offered?.requirements?.insurance
    ? {
        ...offered,
        protectionBasisPoints: (await loadPlatformSettings(db))
          .protectionPercent,
      }
    : offered;
  // Where (issue #27 point 3, ADR 0221): the public circle; the exact pin and address only for the host or a booked guest.
  const where = await listingWhere(db, space, viewer?.id ?? null);
  // Issue #29 point 3 (ADR 0253): a listing for identity-verified guests says so, with the way to verify.
  const verifiedGuestsOnly = space.requiresVerifiedGuests
    ? {
        viewerVerified: viewer
          ? await isIdentityVerified(db, viewer.id)
          : false,
      }
    : null;
  const structuredData = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: translation?.title ?? space.title,
    description: translation?.description ?? (space.metaDescription || space.description),
    url: canonicalUrl,
    category: space.type,
    image: space.images.map((image) => absoluteUrl(siteUrl, image)),
    ...(space.reviewCount > 0
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: space.rating,
            reviewCount: space.reviewCount,
          },
        }
      : {}),
    offers: options.map((option) => ({
      "@type": "Offer",
      price: minorToDecimalText(option.amount, space.currency),
      priceCurrency: space.currency,
      url: canonicalUrl,
      availability: bookable
        ? "https://schema.org/InStock"
        : "https://schema.org/OutOfStock",
      priceSpecification: {
        "@type": "UnitPriceSpecification",
        price: minorToDecimalText(option.amount, space.currency),
        priceCurrency: space.currency,
        unitText: option.unit,
      },
    })),
  };
  // The page's title and description in its language, with the host's translation when there is one.
  const shown = translation ? { ...space, ...translation, metaDescription: null } : space;
  const pageText = { title: spaceMetaTitle(shown, inLanguage), description: spaceMetaDescription(shown, inLanguage) };
  return {
    canonicalPath: lookup.canonicalPath,
    pageText,
    isOwner,
    where,
    mapStyleUrl: env().MAP_STYLE_URL ?? null,
    signedIn: Boolean(viewer),
    verifiedGuestsOnly,
    now: new Date().toISOString(),
    widget:
      widget && (widget.bookable || widget.reason === "no_price")
        ? {
            timeZone: widget.timeZone,
            currency: widget.currency,
            units: widget.units,
            feePercent: widget.feePercent,
            minRentalDuration: space.minRentalDuration,
            maxRentalDuration: space.maxRentalDuration,
            schedule: widget.schedule,
            capacity: widget.capacity,
            unitWords: widget.unitWords,
            // What checkout asks of the guest (issue #28 point 3, ADR 0279).
            requirements: widget.requirements,
            // Instant, or a request the host answers (issue #28, ADR 0280).
            bookingMode: widget.bookingMode,
            // The Protection line's rate when insurance is required (ADR 0286).
            protectionBasisPoints:
              "protectionBasisPoints" in widget
                ? widget.protectionBasisPoints
                : null,
            // The security deposit, shown apart from the total (issue #28 point 2, ADR 0283).
            deposit:
              space.depositRequired && space.depositAmount > 0
                ? space.depositAmount
                : null,
          }
        : null,
    // The listing's hours and rules in words (issue #26).
    hours: { ...scheduleInLanguage(space, inLanguage), timeZone: space.timezone },
    space: {
      id: space.id,
      title: space.title,
      description: space.description,
      metaDescription: space.metaDescription,
      type: space.type,
      rentalType: space.rentalType,
      location: space.location,
      country: space.country,
      capacity: space.capacity,
      amenities: space.amenities,
      images: space.images,
      videos: space.videos,
      rating: space.rating,
      reviewCount: space.reviewCount,
      available: space.available,
      status: space.status,
      isPublished: space.isPublished,
      currency: space.currency,
      bookable,
    },
    translation: translation && { title: translation.title, description: translation.description },
    prices: options,
    details: rentalDetails(space, inLanguage),
    host: detail.host,
    listingId: url.searchParams.get("id"),
    reviews: {
      ...detail.reviews,
      items: detail.reviews.items.map((review) => ({
        ...review,
        createdAt: review.createdAt.toISOString(),
        hostRepliedAt: review.hostRepliedAt?.toISOString() ?? null,
      })),
    },
    structuredData: jsonLd(structuredData),
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
  if (!loaderData) {
    return pageMeta({
      title: NOT_FOUND_TEXT.space,
      description: NOT_FOUND_SPACE_TEXT,
      path: location.pathname,
      matches,
      noIndex: true,
    });
  }
  const { translation, pageText } = loaderData;
  const space = translation ? { ...loaderData.space, ...translation, metaDescription: null } : loaderData.space;
  return pageMeta({
    title: pageText.title,
    description: pageText.description,
    path: loaderData.canonicalPath,
    matches,
    image: space.images[0],
    type: "product",
    noIndex: !space.isPublished,
  });
};

/** docs/product.md#space-page: 'Space not found' for a slug or id that matches no listing this visitor may see. */
export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        404: () => (
          <NotFoundPage
            title={NOT_FOUND_TEXT.space}
            text={NOT_FOUND_SPACE_TEXT}
            link={{ to: "/explore", label: EXPLORE_LISTINGS }}
          />
        ),
      }}
    />
  );
}

// prettier-ignore
const NOT_FOUND_SPACE_TEXT = translatable("This listing does not exist or is no longer published.");
const EXPLORE_LISTINGS = translatable("Explore listings");

const MINUTE_MS = 60_000;
let lastMinute = { minute: -1, date: new Date(0) };
function currentMinute() {
  const minute = Math.floor(Date.now() / MINUTE_MS);
  if (minute !== lastMinute.minute) lastMinute = { minute, date: new Date() };
  return lastMinute.date;
}
function everyMinute(onTick: () => void) {
  const timer = setInterval(onTick, MINUTE_MS / 4);
  return () => clearInterval(timer);
}

/** The page's clock: the server's time while hydrating, then the browser's, renewed each minute. */
function useNow(serverNow: string | undefined) {
  const server = useMemo(
    () => (serverNow ? new Date(serverNow) : new Date(0)),
    [serverNow],
  );
  return useSyncExternalStore(everyMinute, currentMinute, () => server);
}

export default function SpaceDetailPage({ loaderData }: Route.ComponentProps) {
  const nonce = useNonce();
  const authDialog = useContext(AuthDialogContext);
  const [profileOpen, setProfileOpen] = useState(false);
  // Mounted from the first 'View host profile' on, so closing keeps the dialog's own behaviour.
  const [profileWanted, setProfileWanted] = useState(false);
  const now = useNow(loaderData.now);
  const _ = useTranslate();
  const locale = useLocale();

  const { prices, details, host, reviews, isOwner, signedIn } = loaderData;
  // The host's translation or, after 'Show original', the host's own text (issue #31 point 5, ADR 0295).
  const listingText = useListingText(loaderData.space, loaderData.translation);
  const space = { ...loaderData.space, title: listingText.title, description: listingText.description };
  const [firstPrice, ...otherPrices] = prices;
  const rating = space.rating.toLocaleString(locale, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
  const capacity = space.capacity;
  const reviewCount = space.reviewCount;
  const title = space.title;
  const place = `${space.location}, ${space.country}`;
  const zone = loaderData.hours.timeZone.replace(/_/g, " ");

  return (
    <article className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-10">
      <script
        type="application/ld+json"
        nonce={nonce}
        dangerouslySetInnerHTML={{ __html: loaderData.structuredData }}
      />
      <header className="mb-6 space-y-2">
        {!space.isPublished && (
          <p className="inline-block rounded-full bg-amber-100 px-3 py-1 text-sm font-semibold text-amber-900">
            {_(msg`Draft — only you can see this listing`)}
          </p>
        )}
        <div className="flex items-start justify-between gap-3">
          <h1 className="text-2xl font-bold text-slate-900 sm:text-4xl">
            {space.title}
          </h1>
          {space.isPublished && (
            <SaveHeart
              spaceId={space.id}
              title={space.title}
              variant="plain"
              className="shrink-0"
            />
          )}
        </div>
        {listingText.translated && <ListingTranslationNote showingOriginal={listingText.showingOriginal} onToggle={listingText.toggle} />}
        <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-slate-600">
          <span className="inline-flex items-center gap-1">
            <MapPin className="h-4 w-4" aria-hidden="true" />
            {space.location}, {space.country}
          </span>
          {space.reviewCount > 0 && (
            <span className="inline-flex items-center gap-1">
              <Star
                className="h-4 w-4 fill-amber-400 text-amber-400"
                aria-hidden="true"
              />
              {/* "(1 reviews)" is the product's English text, as on the cards (docs/product.md#space-cards). */}
              {_(
                msg`${rating} (${plural(reviewCount, { one: "# reviews", other: "# reviews" })})`,
              )}
            </span>
          )}
          <span className="inline-flex items-center gap-1">
            <Users className="h-4 w-4" aria-hidden="true" />{" "}
            {_(msg`Up to ${capacity}`)}
          </span>
          <span className="rounded-full bg-slate-100 px-2 py-0.5 text-sm capitalize">
            {space.type.replace(/-/g, " ")}
          </span>
        </p>
      </header>

      {isOwner && (
        <div data-slot="owner-controls" className="mb-6 space-y-2">
          <OwnerAvailabilityToggle
            spaceId={space.id}
            available={space.available}
          />
          <p className="text-sm text-slate-600">
            {space.isPublished ? _(msg`Published`) : _(msg`Draft`)} ·{" "}
            <Link
              to={`/edit-listing/${space.id}`}
              className="font-semibold text-brand-700 underline"
            >
              {_(msg`Edit listing`)}
            </Link>
          </p>
        </div>
      )}

      {/* Phones: gallery, then price and host, then the details. Wide: details left, price and host in a sticky column. */}
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem] lg:grid-rows-[auto_1fr]">
        <div className="min-w-0 lg:col-start-1 lg:row-start-1">
          <SpaceGallery images={space.images} title={space.title} />
        </div>
        <aside className="space-y-6 lg:sticky lg:top-24 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:self-start">
          <section
            aria-labelledby="booking-heading"
            data-slot="booking"
            className="rounded-2xl border border-slate-200 p-5 shadow-sm"
          >
            <h2
              id="booking-heading"
              className="text-lg font-semibold text-slate-900"
            >
              {_(msg`Booking`)}
            </h2>
            {firstPrice ? (
              <div className="mt-2">
                <p
                  className="text-3xl font-bold text-slate-900"
                  data-testid="primary-price"
                >
                  {firstPrice.text}
                </p>
                <ApproxPrice
                  minor={firstPrice.amount}
                  currency={space.currency}
                  suffix={firstPrice.suffix}
                  className="block text-sm text-slate-600"
                />
                {otherPrices.length > 0 && (
                  <ul
                    className="mt-1 space-y-0.5 text-sm text-slate-600"
                    aria-label={_(msg`Other prices`)}
                  >
                    {otherPrices.map((option) => (
                      <li key={option.unit}>{option.text}</li>
                    ))}
                  </ul>
                )}
              </div>
            ) : (
              <p className="mt-2 text-2xl font-bold text-slate-900">
                {_(msg`Price on request`)}
              </p>
            )}
            {!space.bookable && (
              <Alert
                tone="error"
                role="status"
                className="mt-4 border-0 px-3 py-2 font-semibold"
              >
                {_(msg`Temporarily Unavailable`)}
              </Alert>
            )}
            {loaderData.verifiedGuestsOnly && (
              <Alert
                tone="info"
                className="mt-4 px-3 py-2 text-sm"
                data-testid="verified-guests-only"
              >
                {IDENTITY_TEXT.booking.listingNote}{" "}
                {!isOwner && !loaderData.verifiedGuestsOnly.viewerVerified && (
                  <Link to={IDENTITY_PATH} className="font-semibold underline">
                    {IDENTITY_TEXT.booking.verifyLink}
                  </Link>
                )}
              </Alert>
            )}
            {space.bookable && !isOwner && loaderData.widget && (
              <BookingWidget
                spaceId={space.id}
                widget={loaderData.widget}
                signedIn={signedIn}
                now={now}
                onSignInWanted={() => authDialog?.openSignIn()}
              />
            )}
          </section>

          <section
            aria-labelledby="host-heading"
            className="rounded-2xl border border-slate-200 p-5"
          >
            <h2
              id="host-heading"
              className="text-lg font-semibold text-slate-900"
            >
              {_(msg`Your host`)}
            </h2>
            <div className="mt-3 flex items-center gap-3">
              <Avatar src={host.avatarUrl} size="lg" />
              <p className="font-semibold text-slate-900">
                {hostDisplayName(host.fullName)}
              </p>
              {host.verified && <VerifiedBadge />}
            </div>
            {!isOwner && (
              <ContactHostButton
                spaceId={space.id}
                signedIn={signedIn}
                onSignInWanted={() => authDialog?.openSignIn()}
                size="md"
                block
                className="mt-4 py-2"
              />
            )}
            <Button
              variant="secondary"
              size="md"
              block
              onClick={() => {
                setProfileWanted(true);
                setProfileOpen(true);
              }}
              className={isOwner ? "mt-4 py-2" : "mt-2 py-2"}
            >
              {_(msg`View host profile`)}
            </Button>
            {profileWanted && (
              <Suspense fallback={null}>
                <PublicProfileDialog
                  hostId={host.id}
                  spaceId={space.id}
                  open={profileOpen}
                  onOpenChange={setProfileOpen}
                />
              </Suspense>
            )}
          </section>
        </aside>

        <div className="min-w-0 space-y-8 lg:col-start-1 lg:row-start-2">
          <section aria-labelledby="about-heading">
            <h2
              id="about-heading"
              className="text-xl font-semibold text-slate-900"
            >
              {_(msg`About this listing`)}
            </h2>
            <p dir="auto" className="mt-2 whitespace-pre-line text-slate-700">
              {space.description}
            </p>
          </section>

          {space.videos.length > 0 && (
            <section aria-labelledby="videos-heading">
              <h2
                id="videos-heading"
                className="text-xl font-semibold text-slate-900"
              >
                {_(msg`Videos`)}
              </h2>
              <ul className="mt-3 grid gap-4 sm:grid-cols-2">
                {space.videos.map((video, index) => {
                  const number = index + 1;
                  return (
                    <li key={video}>
                      <video
                        src={video}
                        controls
                        preload="metadata"
                        playsInline
                        className="aspect-video w-full rounded-xl bg-slate-900"
                        aria-label={_(msg`Video ${number} of ${title}`)}
                      />
                    </li>
                  );
                })}
              </ul>
            </section>
          )}

          {loaderData.where.area && (
            <section aria-labelledby="where-heading">
              <h2
                id="where-heading"
                className="text-xl font-semibold text-slate-900"
              >
                {_(msg`Where you'll be`)}
              </h2>
              {loaderData.where.exact ? (
                <p className="mt-2 text-slate-700" data-testid="exact-address">
                  {loaderData.where.exact.address || space.location}
                </p>
              ) : (
                <p className="mt-2 text-slate-700">
                  {_(
                    msg`${place} — within the circle. The exact address is shared once your booking is confirmed.`,
                  )}
                </p>
              )}
              <div className="mt-3">
                <LazyAreaMap
                  center={loaderData.where.area.center}
                  radiusM={loaderData.where.area.radiusM}
                  exact={loaderData.where.exact?.point ?? null}
                  styleUrl={loaderData.mapStyleUrl}
                  label={
                    loaderData.where.exact
                      ? _(msg`Map: the exact place of ${title}`)
                      : _(
                          msg`Map: ${title} is within this circle of about 1 km`,
                        )
                  }
                />
              </div>
            </section>
          )}

          {space.amenities.length > 0 && (
            <section aria-labelledby="amenities-heading">
              <h2
                id="amenities-heading"
                className="text-xl font-semibold text-slate-900"
              >
                {_(msg`Amenities`)}
              </h2>
              <ul className="mt-3 grid gap-2 sm:grid-cols-2">
                {space.amenities.map((amenity) => (
                  <li
                    key={amenity}
                    className="flex items-center gap-2 text-slate-700"
                  >
                    <Check
                      className="h-4 w-4 text-brand-600"
                      aria-hidden="true"
                    />
                    {amenity}
                  </li>
                ))}
              </ul>
            </section>
          )}

          <section aria-labelledby="hours-heading" data-testid="opening-hours">
            <h2
              id="hours-heading"
              className="text-xl font-semibold text-slate-900"
            >
              {_(msg`Opening hours`)}
            </h2>
            <p className="mt-1 text-sm text-slate-600">
              {_(msg`Times in ${zone}, the listing's time zone.`)}
            </p>
            <ul className="mt-3 space-y-1 text-slate-700">
              {loaderData.hours.hours.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
            {loaderData.hours.rules.length > 0 && (
              <ul className="mt-3 list-disc space-y-1 ps-5 text-sm text-slate-700">
                {loaderData.hours.rules.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            )}
          </section>

          {details.length > 0 && (
            <section aria-labelledby="details-heading">
              <h2
                id="details-heading"
                className="text-xl font-semibold text-slate-900"
              >
                {_(msg`Rental details`)}
              </h2>
              <dl className="mt-3 grid gap-x-6 gap-y-2 sm:grid-cols-2">
                {details.map((row) => (
                  <div
                    key={row.label}
                    className="flex justify-between gap-4 border-b border-slate-100 py-1.5"
                  >
                    <dt className="text-slate-600">{row.label}</dt>
                    <dd className="text-end font-medium text-slate-900">
                      {row.value}
                    </dd>
                  </div>
                ))}
              </dl>
            </section>
          )}

          <SpaceReviews
            reviews={reviews.items}
            page={reviews.page}
            pageCount={reviews.pageCount}
            isOwner={isOwner}
            listingId={loaderData.listingId}
          />
        </div>
      </div>
    </article>
  );
}
