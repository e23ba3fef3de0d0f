import { and, eq, inArray } from "drizzle-orm";
import { bookings } from "~/db/schema/bookings";
import type { Db } from "~/lib/db.server";
import { APPROX_RADIUS_M, type Point } from "./coordinates";

type Located = {
  id: string;
  userId: string;
  latitude: number | null;
  longitude: number | null;
  publicLatitude: number | null;
  publicLongitude: number | null;
  streetAddress: string | null;
  unitNumber: string | null;
  city: string | null;
  state: string | null;
  postalCode: string | null;
  country: string;
};

/** What the space page may show of where a listing is (ADR 0221). */
export type ListingWhere = {
  /** The public circle: always (when the listing has a point). */
  area: { center: Point; radiusM: number } | null;
  /** The exact point and address: only to the host, and to a guest with a confirmed (or completed) booking of it. */
  exact: { point: Point | null; address: string } | null;
};

/**
 * Where a listing is, for one viewer: the approximate circle for everyone; the exact pin
 * and address only for its host and for guests whose booking of it is confirmed. Nothing
 * exact leaves the server otherwise (the space page's loader returns only this).
 */
export async function listingWhere(db: Db, space: Located, viewerId: string | null): Promise<ListingWhere> {
  const area =
    space.publicLatitude !== null && space.publicLongitude !== null ? { center: { lat: space.publicLatitude, lng: space.publicLongitude }, radiusM: APPROX_RADIUS_M } : null;
  if (!viewerId) return { area, exact: null };
  let allowed = viewerId === space.userId;
  if (!allowed) {
    const [booked] = await db
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.spaceId, space.id), eq(bookings.userId, viewerId), inArray(bookings.status, ["confirmed", "completed"])))
      .limit(1);
    allowed = Boolean(booked);
  }
  if (!allowed) return { area, exact: null };
  const address = [space.streetAddress, space.unitNumber, space.city, space.state, space.postalCode, space.country].filter(Boolean).join(", ");
  const point = space.latitude !== null && space.longitude !== null ? { lat: space.latitude, lng: space.longitude } : null;
  return { area, exact: { point, address } };
}
