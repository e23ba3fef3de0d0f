import { msg, plural } from "@lingui/core/macro";
import { useEffect, useRef, useState } from "react";
import { translatable } from "~/features/i18n/translatable";
import { useLocale, useTranslate } from "~/features/i18n/use-translate";
import { cardBadge, FALLBACK_IMAGE, firstPrice, formatRating, offerHref, offerText, priceChips, type CardOffer, type SpaceCardData } from "../card";
import { spacePath } from "../slug";
import { SaveHeart } from "./save-heart";
import { cardImageUrl } from "~/features/media/urls";
import { VerifiedBadge } from "~/features/identity/components/verified-badge";
import { ApproxPrice } from "~/lib/display-currency";

const BADGE_TONES = {
  red: "bg-red-600 text-white",
  amber: "bg-amber-400 text-amber-950",
  green: "bg-emerald-700 text-white",
} as const;

/*
 * The two icons as plain SVG (the shapes of lucide's map-pin and star): a list
 * page renders dozens of them, and plain elements cost far less to render.
 */
function PinIcon() {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" className="h-4 w-4 shrink-0" aria-hidden="true">
      <path d="M20 10c0 4.993-5.539 10.193-7.399 11.799a1 1 0 0 1-1.202 0C9.539 20.193 4 14.993 4 10a8 8 0 0 1 16 0" />
      <circle cx="12" cy="10" r="3" />
    </svg>
  );
}

function StarIcon() {
  return (
    <svg viewBox="0 0 24 24" stroke="currentColor" strokeWidth={2} strokeLinejoin="round" className="h-4 w-4 fill-amber-400 text-amber-400" aria-hidden="true">
      <path d="M11.525 2.295a.53.53 0 0 1 .95 0l2.31 4.679a2.123 2.123 0 0 0 1.595 1.16l5.166.756a.53.53 0 0 1 .294.904l-3.736 3.638a2.123 2.123 0 0 0-.611 1.878l.882 5.14a.53.53 0 0 1-.771.56l-4.618-2.428a2.122 2.122 0 0 0-1.973 0L6.396 21.01a.53.53 0 0 1-.77-.56l.881-5.139a2.122 2.122 0 0 0-.611-1.879L2.16 9.795a.53.53 0 0 1 .294-.906l5.165-.755a2.122 2.122 0 0 0 1.597-1.16z" />
    </svg>
  );
}

/** After the estimate of an offer's total: "about €150 total". */
const TOTAL_SUFFIX = translatable(" total");

/**
 * The listing card used on every list (docs/product.md#space-cards: badges and card rules). Its
 * title is a plain anchor: SpaceGrid (and any list of cards) navigates
 * client-side through useDelegatedLinks.
 */
export function SpaceCard({
  space,
  headingLevel = 3,
  priority = false,
}: {
  /** With `offer` (a search with a time): the price for that time, and the link keeps the time for the booking widget. */
  space: SpaceCardData & { offer?: CardOffer };
  headingLevel?: 2 | 3;
  /** The list's first card, in view on load: its image is the page's largest paint, fetched at once and first. */
  priority?: boolean;
}) {
  const _ = useTranslate();
  const locale = useLocale();
  const [imageFailed, setImageFailed] = useState(false);
  const imageRef = useRef<HTMLImageElement>(null);
  // An image that failed before hydration never reaches onError: check once on mount.
  useEffect(() => {
    const img = imageRef.current;
    if (img?.currentSrc && img.complete && img.naturalWidth === 0) setImageFailed(true);
  }, []);
  const badge = cardBadge(space);
  const chips = priceChips(space, locale, _);
  const first = firstPrice(space);
  const Heading = `h${headingLevel}` as const;
  // "(1 reviews)" is the product's English text (docs/product.md#space-cards); other languages use their plural forms.
  const reviews = (count: number) => _(msg`(${plural(count, { one: "# reviews", other: "# reviews" })})`);
  // Uploaded photos have a 640×480 card size; the full detail size is for the space page.
  const image = !imageFailed && space.images[0] ? cardImageUrl(space.images[0]) : FALLBACK_IMAGE;
  return (
    <article className="group relative flex w-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md">
      <div className="relative aspect-[3/2] bg-slate-100">
        <img
          ref={imageRef}
          src={image}
          alt=""
          loading={priority ? "eager" : "lazy"}
          fetchPriority={priority ? "high" : "auto"}
          decoding="async"
          width={600}
          height={400}
          onError={() => {
            if (image !== FALLBACK_IMAGE) setImageFailed(true);
          }}
          className="h-full w-full object-cover"
        />
        <span className={`absolute top-3 start-3 rounded-full px-2.5 py-1 text-xs font-semibold ${BADGE_TONES[badge.tone]}`}>
          {_(badge.label)}
        </span>
        {/* Above the title link's full-card overlay (issue #27 point 5). */}
        <SaveHeart spaceId={space.id} title={space.translatedTitle ?? space.title} className="absolute top-2 end-2" />
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <Heading className="line-clamp-2 font-semibold text-slate-900">
          <a href={offerHref(spacePath(space), space.offer)} className="after:absolute after:inset-0 focus-visible:outline-none">
            {space.translatedTitle ?? space.title}
          </a>
        </Heading>
        <p className="flex items-center gap-1 text-sm text-slate-600">
          <PinIcon />
          <span className="truncate">{space.location}</span>
          {space.hostVerified && <VerifiedBadge who={_(msg({ message: "host", comment: "Whose identity the Verified badge on a listing card is for" }))} className="ms-auto shrink-0" />}
        </p>
        {space.reviewCount > 0 && (
          <p className="flex items-center gap-1 text-sm text-slate-700">
            <StarIcon />
            <span>
              {formatRating(space.rating, locale)} <span className="text-slate-500">{reviews(space.reviewCount)}</span>
            </span>
          </p>
        )}
        {chips.length > 0 ? (
          <ul className="flex flex-wrap gap-1.5" aria-label={_(msg`Prices`)}>
            {chips.map((chip) => (
              <li key={chip} className="rounded-md bg-brand-50 px-2 py-0.5 text-sm font-semibold text-brand-800">
                {chip}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm font-semibold text-slate-700">{_(msg`Price on request`)}</p>
        )}
        {/* The guest's display currency (issue #31 point 4): an estimate of the first price. */}
        {first && !space.offer && <ApproxPrice minor={first.amount} currency={space.currency} suffix={first.unit} className="text-sm text-slate-600" />}
        {space.offer && (
          <p className="text-sm font-semibold text-emerald-800" data-testid="offer">
            {offerText(space.offer, space.rentalType, _, locale)}
          </p>
        )}
        {space.offer && <ApproxPrice minor={space.offer.totalMinor} currency={space.offer.currency} suffix={TOTAL_SUFFIX} className="text-sm text-slate-600" />}
        {space.amenities.length > 0 && (
          <ul className="mt-auto flex flex-wrap gap-1.5 pt-1" aria-label={_(msg`Amenities`)}>
            {space.amenities.slice(0, 3).map((amenity) => (
              <li key={amenity} className="rounded-full border border-slate-200 px-2 py-0.5 text-xs text-slate-600">
                {amenity}
              </li>
            ))}
          </ul>
        )}
      </div>
    </article>
  );
}
