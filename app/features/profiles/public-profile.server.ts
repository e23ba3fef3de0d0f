import { and, count, desc, eq, sql, sum } from "drizzle-orm";
import { profiles } from "~/db/schema/profiles";
import { users } from "~/db/schema/auth";
import { spaces } from "~/db/schema/listings";
import { spacePath } from "~/features/listings/slug";
import type { Db } from "~/lib/db.server";
import { responseSignals } from "./trust";
import { trustColumns } from "./trust.server";
import {
  PROFILE_LISTING_LIMIT,
  profileOrDefault,
  type PublicProfile,
} from "./public-profile";

/**
 * A host's public profile (docs/product.md#host-profile): the profile row or the
 * default profile, stats over published and available listings (computed in SQL),
 * and the newest 6 of those listings. Null when no such user exists.
 */
export async function getPublicProfile(
  db: Db,
  userId: string,
  now: Date = new Date(),
): Promise<PublicProfile | null> {
  const active = and(
    eq(spaces.userId, userId),
    eq(spaces.isPublished, true),
    eq(spaces.available, true),
  );
  // The three reads at once: one round trip's wait (issue #29 point 6).
  const [[user], [stats], rows] = await Promise.all([
    db
      .select({
        id: users.id,
        fullName: profiles.fullName,
        avatarUrl: profiles.avatarUrl,
        bio: profiles.bio,
        createdAt: profiles.createdAt,
        hasProfile: profiles.id,
        memberSince: users.createdAt,
        emailVerifiedAt: users.emailVerifiedAt,
        // Trust signals (issue #29 point 6, ADR 0254), in the same round trip.
        ...trustColumns(users.id, now),
      })
      .from(users)
      .leftJoin(profiles, eq(profiles.id, users.id))
      .where(eq(users.id, userId)),
    db
      .select({
        totalListings: count(),
        totalReviews: sum(spaces.reviewCount),
        // Mean of listing ratings (docs/product.md#host-profile) over listings that have reviews: a listing
        // nobody has reviewed yet has rating 0, which is "no rating", not a bad one.
        averageRating: sql<
          string | null
        >`avg(${spaces.rating}) filter (where ${spaces.reviewCount} > 0)`,
      })
      .from(spaces)
      .where(active),
    db
      .select({
        id: spaces.id,
        title: spaces.title,
        location: spaces.location,
        images: spaces.images,
        hourlyPrice: spaces.hourlyPrice,
        currency: spaces.currency,
        rating: spaces.rating,
        reviewCount: spaces.reviewCount,
      })
      .from(spaces)
      .where(active)
      .orderBy(desc(spaces.createdAt), desc(spaces.id))
      .limit(PROFILE_LISTING_LIMIT),
  ]);
  if (!user) return null;

  const profile = profileOrDefault(
    user.hasProfile
      ? {
          fullName: user.fullName,
          avatarUrl: user.avatarUrl,
          bio: user.bio,
          createdAt: user.createdAt!,
        }
      : null,
    now,
  );
  return {
    id: user.id,
    ...profile,
    trust: {
      emailVerified: user.emailVerifiedAt !== null,
      identityVerified: Boolean(user.identityVerified),
      memberSince: user.memberSince.toISOString(),
      completedAsGuest: Number(user.completedAsGuest),
      completedAsHost: Number(user.completedAsHost),
      ...responseSignals(user.response),
    },
    stats: {
      totalListings: Number(stats?.totalListings ?? 0),
      totalReviews: Number(stats?.totalReviews ?? 0),
      averageRating:
        stats?.averageRating == null ? 0 : Number(stats.averageRating),
    },
    listings: rows.map(({ images, ...listing }) => ({
      ...listing,
      image: images[0] ?? null,
      path: spacePath(listing),
    })),
  };
}
