import { MapPin, Star } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { cardBadge, FALLBACK_IMAGE, formatRating, priceChips, type SpaceCardData } from "../card";
import { spacePath } from "../slug";
import { cardImageUrl } from "~/features/media/urls";

const BADGE_TONES = {
  red: "bg-red-600 text-white",
  amber: "bg-amber-400 text-amber-950",
  green: "bg-emerald-700 text-white",
} as const;

/** The listing card used on every list (spec §4 badges, §9 card rules). */
export function SpaceCard({ space, headingLevel = 3 }: { space: SpaceCardData; headingLevel?: 2 | 3 }) {
  const [imageFailed, setImageFailed] = useState(false);
  const badge = cardBadge(space);
  const chips = priceChips(space);
  const Heading = `h${headingLevel}` as const;
  // Uploaded photos have a 640×480 card size; the full detail size is for the space page.
  const image = !imageFailed && space.images[0] ? cardImageUrl(space.images[0]) : FALLBACK_IMAGE;
  return (
    <article className="group relative flex w-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md">
      <div className="relative aspect-[3/2] bg-slate-100">
        <img
          src={image}
          alt=""
          loading="lazy"
          decoding="async"
          width={600}
          height={400}
          onError={() => setImageFailed(true)}
          className="h-full w-full object-cover"
        />
        <span className={`absolute top-3 left-3 rounded-full px-2.5 py-1 text-xs font-semibold ${BADGE_TONES[badge.tone]}`}>
          {badge.label}
        </span>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <Heading className="line-clamp-2 font-semibold text-slate-900">
          <Link to={spacePath(space)} className="after:absolute after:inset-0 focus-visible:outline-none">
            {space.title}
          </Link>
        </Heading>
        <p className="flex items-center gap-1 text-sm text-slate-600">
          <MapPin className="h-4 w-4 shrink-0" aria-hidden="true" />
          <span className="truncate">{space.location}</span>
        </p>
        {space.reviewCount > 0 && (
          <p className="flex items-center gap-1 text-sm text-slate-700">
            <Star className="h-4 w-4 fill-amber-400 text-amber-400" aria-hidden="true" />
            <span>
              {formatRating(space.rating)} <span className="text-slate-500">({space.reviewCount} reviews)</span>
            </span>
          </p>
        )}
        {chips.length > 0 ? (
          <ul className="flex flex-wrap gap-1.5" aria-label="Prices">
            {chips.map((chip) => (
              <li key={chip} className="rounded-md bg-brand-50 px-2 py-0.5 text-sm font-semibold text-brand-800">
                {chip}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm font-semibold text-slate-700">Price on request</p>
        )}
        {space.amenities.length > 0 && (
          <ul className="mt-auto flex flex-wrap gap-1.5 pt-1" aria-label="Amenities">
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
