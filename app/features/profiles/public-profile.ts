/** Profile defaults (docs/product.md#host-profile), shown when a host has no profile row. */
export const DEFAULT_RESPONSE_RATE = 95;
export const DEFAULT_RESPONSE_TIME = "within an hour";
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
  responseRate: number;
  responseTime: string;
  stats: HostStats;
  listings: ProfileListing[];
};

type ProfileRow = {
  fullName: string | null;
  avatarUrl: string | null;
  bio: string | null;
  createdAt: Date | string;
  responseRate: number | null;
  responseTime: string | null;
};

/**
 * The profile to show for a host: the row when there is one, otherwise the
 * docs/product.md#host-profile default (blank name, avatar and bio, today as the join date, 95, 'within an hour').
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
      responseRate: DEFAULT_RESPONSE_RATE,
      responseTime: DEFAULT_RESPONSE_TIME,
    };
  }
  return {
    fullName: row.fullName?.trim() || null,
    avatarUrl: row.avatarUrl?.trim() || null,
    bio: row.bio?.trim() || null,
    createdAt: new Date(row.createdAt).toISOString(),
    responseRate: row.responseRate ?? DEFAULT_RESPONSE_RATE,
    responseTime: row.responseTime?.trim() || DEFAULT_RESPONSE_TIME,
  };
}

/** The name shown for a host: full name or 'Host'. */
export function hostDisplayName(fullName: string | null | undefined) {
  return fullName?.trim() || "Host";
}
