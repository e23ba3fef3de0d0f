import crypto from "node:crypto";
import { sessionSecret } from "~/lib/session-secret.server";

/**
 * The host's answer link in a "request received" e-mail (issue #28, ADR 0282): the
 * request's page, `/requests/<bookingId>?sig=…`, signed with a key derived (HKDF) from
 * the session secret for this purpose, over the booking and its host. Opening it answers
 * nothing (a GET); the page, for the signed-in host, has Accept and Decline buttons that
 * POST. It is one-time by the request's state: once answered or expired, every answer is
 * refused ("This request was already answered." / "This request has expired.").
 */
let cached: { secret: string; key: Buffer } | undefined;

function linkKey(): Buffer {
  const secret = sessionSecret();
  if (cached?.secret === secret) return cached.key;
  const key = Buffer.from(crypto.hkdfSync("sha256", secret, "rentwell", "booking-request-link-v1", 32));
  cached = { secret, key };
  return key;
}

function signature(bookingId: string, hostId: string): string {
  return crypto.createHmac("sha256", linkKey()).update(`${bookingId}.${hostId}`).digest("base64url");
}

export function requestAnswerPath(bookingId: string, hostId: string): string {
  return `/requests/${bookingId}?sig=${signature(bookingId, hostId)}`;
}

/** Whether `sig` is the link's signature for this booking and host (constant time). */
export function verifyRequestLink(bookingId: string, hostId: string, sig: unknown): boolean {
  if (typeof sig !== "string" || !/^[A-Za-z0-9_-]{43}$/.test(sig)) return false;
  const expected = Buffer.from(signature(bookingId, hostId));
  const given = Buffer.from(sig);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given);
}
