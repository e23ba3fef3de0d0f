import { pruneRateLimitEvents } from "~/features/security/rate-limit.server";
import type { Db } from "~/lib/db.server";
import { pruneSessions } from "./session.server";

/**
 * One cleanup pass: expired or long-revoked sessions (with their tokens) and day-old
 * rate-limit events. The `auth-cleanup` background job runs it hourly; each deletion is
 * idempotent.
 */
export async function pruneAuthData(db: Db, now = new Date()) {
  const sessions = await pruneSessions(db, now);
  const rateLimitEvents = await pruneRateLimitEvents(db);
  return { sessions, rateLimitEvents };
}
