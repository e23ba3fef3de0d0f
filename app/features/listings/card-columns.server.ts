import { spaces } from "~/db/schema/listings";
import { isVerifiedSql } from "~/features/identity/verified-sql.server";

/** The columns a space card needs; select these and the rows are SpaceCardData. */
export const spaceCardColumns = {
  id: spaces.id,
  title: spaces.title,
  location: spaces.location,
  country: spaces.country,
  type: spaces.type,
  rentalType: spaces.rentalType,
  images: spaces.images,
  hourlyPrice: spaces.hourlyPrice,
  dailyPrice: spaces.dailyPrice,
  weeklyPrice: spaces.weeklyPrice,
  monthlyPrice: spaces.monthlyPrice,
  currency: spaces.currency,
  amenities: spaces.amenities,
  rating: spaces.rating,
  reviewCount: spaces.reviewCount,
  available: spaces.available,
  status: spaces.status,
  // The host's 'Verified' badge (issue #29 point 3, ADR 0253).
  hostVerified: isVerifiedSql(spaces.userId),
};
