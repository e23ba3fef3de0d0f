import { createHash } from "node:crypto";
import { offsetPoint, type Point } from "./coordinates";

/** A fraction in [0, 1) from the first 32 bits of md5(text): the same as migration 0019's SQL. */
export function md5Fraction(text: string): number {
  return createHash("md5").update(text).digest().readUInt32BE(0) / 2 ** 32;
}

/** The public point of a listing's exact point (ADR 0221): md5(id || ':bearing'), md5(id || ':distance'). */
export function publicPoint(listingId: string, exact: Point): Point {
  return offsetPoint(exact, md5Fraction(`${listingId}:bearing`), md5Fraction(`${listingId}:distance`));
}

/** The four columns a listing stores for a point (or all null). */
export function pointColumns(listingId: string, exact: Point | null) {
  if (!exact) return { latitude: null, longitude: null, publicLatitude: null, publicLongitude: null };
  const approx = publicPoint(listingId, exact);
  return { latitude: exact.lat, longitude: exact.lng, publicLatitude: approx.lat, publicLongitude: approx.lng };
}
