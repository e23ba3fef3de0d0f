import {
  BadgeCheck,
  CalendarDays,
  CheckCircle2,
  Clock,
  Home,
  MailCheck,
  Star,
} from "lucide-react";
import { msg, plural } from "@lingui/core/macro";
import type { ReactNode } from "react";
import { useLocale, useTranslate } from "~/features/i18n/use-translate";
import { Link } from "react-router";
import { VerifiedBadge } from "~/features/identity/components/verified-badge";
import { cardImageUrl } from "~/features/media/urls";
import { ContactHostButton } from "~/features/messages/components/contact-host-button";
import { formatMinorWhole } from "~/lib/money";
import { Avatar } from "~/ui/avatar";
import { EmptyState } from "~/ui/empty-state";
import {
  hostDisplayName,
  memberDisplayName,
  PROFILE_LISTING_LIMIT,
  type PublicProfile,
} from "../public-profile";
import { TRUST_TEXT } from "../trust";
import { formatDate } from "~/lib/dates";

export function joinedText(iso: string, locale = "en-US") {
  return formatDate(iso, locale, {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
}

/**
 * 'Contact Host' (docs/product.md#messages): opens the conversation about `spaceId` (the
 * listing the profile was opened from, else the host's first listing); a visitor is asked
 * to sign in first; the host sees nothing on their own profile, nor does a host with no
 * listing to ask about.
 */
export function ContactHost({
  profile,
  viewer,
  spaceId,
  onSignIn,
}: {
  profile: PublicProfile;
  viewer: { id: string } | null;
  spaceId?: string;
  onSignIn: () => void;
}) {
  const about = spaceId ?? profile.listings[0]?.id;
  if (viewer?.id === profile.id || !about) return null;
  return (
    <ContactHostButton
      spaceId={about}
      signedIn={Boolean(viewer)}
      onSignInWanted={onSignIn}
      size="md"
      className="py-2"
    />
  );
}

/**
 * The trust signals (issue #29 point 6, ADR 0254): verified identity and e-mail, member
 * since, completed bookings as guest and as host. Response figures are shown beside the
 * name, and only when there are enough conversations to compute them.
 */
function TrustList({
  profile,
  headingLevel,
}: {
  profile: PublicProfile;
  headingLevel: 2 | 3;
}) {
  const { trust } = profile;
  const _ = useTranslate();
  const locale = useLocale();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const when = joinedText(trust.memberSince, locale);
  const guestCount = trust.completedAsGuest;
  const hostCount = trust.completedAsHost;
  const items = [
    trust.identityVerified && {
      icon: BadgeCheck,
      text: _(TRUST_TEXT.identityVerified),
    },
    trust.emailVerified && {
      icon: MailCheck,
      text: _(TRUST_TEXT.emailVerified),
    },
    { icon: CalendarDays, text: _(msg`Member since ${when}`) },
    {
      icon: CheckCircle2,
      text: _(
        msg`${plural(guestCount, { one: "# completed booking as a guest", other: "# completed bookings as a guest" })}`,
      ),
    },
    {
      icon: CheckCircle2,
      text: _(
        msg`${plural(hostCount, { one: "# completed booking as a host", other: "# completed bookings as a host" })}`,
      ),
    },
  ].filter((item): item is { icon: typeof BadgeCheck; text: string } =>
    Boolean(item),
  );
  return (
    <section aria-labelledby="profile-trust">
      <Heading id="profile-trust" className="font-semibold text-slate-900">
        {_(TRUST_TEXT.heading)}
      </Heading>
      <ul
        className="mt-2 grid gap-1.5 text-sm text-slate-700 sm:grid-cols-2"
        data-testid="trust-signals"
      >
        {items.map(({ icon: Icon, text }) => (
          <li key={text} className="flex items-center gap-2">
            <Icon
              className="size-4 shrink-0 text-emerald-700"
              aria-hidden="true"
            />
            {text}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * What the host profile dialog and the public host page both show (docs/product.md#host-profile):
 * avatar, name or 'Host', rating, join date, response figures, 'Contact Host', the three
 * stat tiles, About and up to 6 listing cards. `asMember` (the public page of someone with
 * no published listing, ADR 0288): name or 'Member', 'Guest since …', trust, About and
 * details — none of the host's parts (rating, tiles, listings, contact).
 */
export function PublicProfileContent({
  profile,
  nameAs,
  headingLevel,
  contact,
  details,
  onListingClick,
  asMember = false,
}: {
  profile: PublicProfile;
  /** The dialog names itself with its title (the visible name is then hidden from screen readers); the page's name is its h1. */
  nameAs: "p" | "h1";
  headingLevel: 2 | 3;
  contact: ReactNode;
  /** Shown after About (the public page's location, website and social links). */
  details?: ReactNode;
  onListingClick?: () => void;
  asMember?: boolean;
}) {
  const _ = useTranslate();
  const locale = useLocale();
  const name = _(
    asMember
      ? memberDisplayName(profile.fullName)
      : hostDisplayName(profile.fullName),
  );
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const { trust } = profile;
  const since = joinedText(trust.memberSince, locale);
  const joined = joinedText(profile.createdAt, locale);
  const rating = profile.stats.averageRating.toLocaleString(locale, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
  const reviews = profile.stats.totalReviews;
  const rate = trust.responseRate ?? 0;
  const responds = trust.responseTime ? _(trust.responseTime) : "";
  const more = profile.stats.totalListings - PROFILE_LISTING_LIMIT;
  return (
    <>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <Avatar src={profile.avatarUrl} size="xl" />
        <div className="min-w-0 flex-1 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            {nameAs === "h1" ? (
              <h1 className="text-2xl font-bold break-words text-slate-900 sm:text-3xl">
                {name}
              </h1>
            ) : (
              <p
                className="text-2xl font-bold text-slate-900"
                aria-hidden="true"
              >
                {name}
              </p>
            )}
            {trust.identityVerified && <VerifiedBadge />}
          </div>
          {asMember ? (
            <p className="text-sm text-slate-600">
              {_(msg`Guest since ${since}`)}
            </p>
          ) : (
            <>
              <p className="flex items-center gap-1 text-sm text-slate-700">
                <Star
                  className="h-4 w-4 fill-amber-400 text-amber-400"
                  aria-hidden="true"
                />
                <span>
                  {_(
                    msg`${rating} (${plural(reviews, { one: "# review", other: "# reviews" })})`,
                  )}
                </span>
              </p>
              <p className="text-sm text-slate-600">
                {_(msg`Joined ${joined}`)}
              </p>
            </>
          )}
          {!asMember && trust.responseRate !== null && (
            <p className="flex items-center gap-1 text-sm text-slate-600">
              <Clock className="h-4 w-4" aria-hidden="true" />
              {responds
                ? _(msg`${rate}% response rate · Responds ${responds}`)
                : _(msg`${rate}% response rate`)}
            </p>
          )}
        </div>
        {!asMember && <div className="sm:self-start">{contact}</div>}
      </div>

      {!asMember && (
        <dl
          className={`grid gap-3 text-center ${trust.responseRate !== null ? "grid-cols-3" : "grid-cols-2"}`}
        >
          {[
            [_(msg`Active Listings`), String(profile.stats.totalListings)],
            [_(msg`Total Reviews`), String(profile.stats.totalReviews)],
            ...(trust.responseRate !== null
              ? [[_(TRUST_TEXT.responseRateTile), `${trust.responseRate}%`]]
              : []),
          ].map(([label, value]) => (
            <div key={label} className="rounded-xl bg-slate-50 p-3">
              <dt className="text-xs text-slate-600 sm:text-sm">{label}</dt>
              <dd className="text-xl font-bold text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
      )}

      <TrustList profile={profile} headingLevel={headingLevel} />

      {profile.bio && (
        <section aria-labelledby="profile-about">
          <Heading id="profile-about" className="font-semibold text-slate-900">
            {_(msg`About`)}
          </Heading>
          <p className="mt-1 break-words whitespace-pre-line text-slate-700">
            {profile.bio}
          </p>
        </section>
      )}

      {details}

      {!asMember && (
        <section aria-labelledby="profile-listings">
          <Heading
            id="profile-listings"
            className="font-semibold text-slate-900"
          >
            {_(msg`Listings`)}
          </Heading>
          {profile.listings.length === 0 ? (
            <EmptyState
              className="mt-3 py-6"
              headingLevel={headingLevel === 2 ? 3 : 4}
              icon={<Home className="size-8" />}
              title={_(msg`No Active Listings`)}
              description={_(
                msg`This host doesn't have any active listings at the moment.`,
              )}
            />
          ) : (
            <>
              <ul className="mt-3 grid gap-3 sm:grid-cols-2">
                {profile.listings.map((listing) => (
                  <li
                    key={listing.id}
                    className="relative flex gap-3 rounded-xl border border-slate-200 p-2 hover:bg-slate-50"
                  >
                    <img
                      src={
                        listing.image
                          ? cardImageUrl(listing.image)
                          : "/demo/fallback.webp"
                      }
                      alt=""
                      className="h-16 w-20 shrink-0 rounded-lg object-cover"
                      loading="lazy"
                      onError={(event) => {
                        event.currentTarget.src = "/demo/fallback.webp";
                      }}
                    />
                    <div className="min-w-0 text-sm">
                      <Link
                        to={listing.path}
                        onClick={onListingClick}
                        className="line-clamp-1 font-semibold text-slate-900 after:absolute after:inset-0"
                      >
                        {listing.title}
                      </Link>
                      <p className="truncate text-slate-600">
                        {listing.location}
                      </p>
                      <p className="text-slate-800">
                        {listing.hourlyPrice != null && listing.hourlyPrice > 0
                          ? `${formatMinorWhole(listing.hourlyPrice, listing.currency)}${_(msg`/hr`)}`
                          : _(msg`Price on request`)}
                        {listing.reviewCount > 0 && (
                          <span className="ms-2 inline-flex items-center gap-0.5 text-slate-600">
                            <Star
                              className="h-3.5 w-3.5 fill-amber-400 text-amber-400"
                              aria-hidden="true"
                            />
                            {listing.rating.toLocaleString(locale, {
                              minimumFractionDigits: 1,
                              maximumFractionDigits: 1,
                            })}
                          </span>
                        )}
                      </p>
                    </div>
                  </li>
                ))}
              </ul>
              {profile.stats.totalListings > PROFILE_LISTING_LIMIT && (
                <p className="mt-3 text-center text-sm text-slate-600">
                  {_(msg`And ${more} more listings...`)}
                </p>
              )}
            </>
          )}
        </section>
      )}
    </>
  );
}
