import { translatable } from "~/features/i18n/translatable";
import type { TrustSignals } from "./trust";

/** docs/product.md#host-profile: the profile dialog shows at most 6 listing cards. */
export const PROFILE_LISTING_LIMIT = 6;

export type ProfileListing = {
  id: string;
  title: string;
  location: string;
  image: string | null;
  hourlyPrice: number | null;
  currency: string;
  rating: number;
  reviewCount: number;
  path: string;
};

export type HostStats = {
  totalListings: number;
  totalReviews: number;
  averageRating: number;
};

export type PublicProfile = {
  id: string;
  fullName: string | null;
  avatarUrl: string | null;
  bio: string | null;
  createdAt: string;
  /** Verified e-mail and identity, member since, completed bookings, response figures (issue #29 point 6). */
  trust: TrustSignals;
  stats: HostStats;
  listings: ProfileListing[];
};

type ProfileRow = {
  fullName: string | null;
  avatarUrl: string | null;
  bio: string | null;
  createdAt: Date | string;
};

/**
 * The profile to show for a host: the row when there is one, otherwise the
 * docs/product.md#host-profile default (blank name, avatar and bio, today as the join date).
 * Response figures are never defaulted: they come from real messages (trust.ts).
 */
export function profileOrDefault(
  row: ProfileRow | null | undefined,
  now: Date = new Date(),
) {
  if (!row) {
    return {
      fullName: null,
      avatarUrl: null,
      bio: null,
      createdAt: now.toISOString(),
    };
  }
  return {
    fullName: row.fullName?.trim() || null,
    avatarUrl: row.avatarUrl?.trim() || null,
    bio: row.bio?.trim() || null,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

/** The name shown for a host: full name or 'Host'. */
export function hostDisplayName(fullName: string | null | undefined) {
  return fullName?.trim() || translatable("Host");
}

/**
 * The texts of /hosts/{id} for a member with no published listing (issue #28 point 5,
 * ADR 0288): shown as a member who books as a guest, never as a 'Host'.
 */
export const MEMBER_PAGE_TEXT = {
  fallbackName: translatable("Member"),
  titleRole: "Member",
  guestSince: (when: string) => `Guest since ${when}`,
  summary: (name: string, year: number) =>
    `${name} has been a member of Rentwell since ${year}.`,
  // prettier-ignore
  notFound: translatable("This member's page doesn't exist or has been removed."),
} as const;

/** The name shown for a member who is not hosting: full name or 'Member'. */
export function memberDisplayName(fullName: string | null | undefined) {
  return fullName?.trim() || MEMBER_PAGE_TEXT.fallbackName;
}
