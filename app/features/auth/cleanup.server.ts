import { pruneRateLimitEvents } from "~/features/security/rate-limit.server";
import type { Db } from "~/lib/db.server";
import { pruneSessions } from "./session.server";

/** How often the server prunes expired sessions and old rate-limit events. */
export const CLEANUP_INTERVAL_MS = 60 * 60 * 1000;

/** One cleanup pass: expired or long-revoked sessions (with their tokens) and day-old rate-limit events. */
export async function pruneAuthData(db: Db, now = new Date()) {
  const sessions = await pruneSessions(db, now);
  const rateLimitEvents = await pruneRateLimitEvents(db);
  return { sessions, rateLimitEvents };
}

/**
 * Runs the cleanup now and then every CLEANUP_INTERVAL_MS on an unref'd timer (it never
 * keeps the process alive). Returns a function that stops it. Safe with several server
 * processes: each deletion is idempotent.
 */
export function scheduleAuthCleanup(getDb: () => Promise<Db>, intervalMs = CLEANUP_INTERVAL_MS): () => void {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      await pruneAuthData(await getDb());
    } catch (error) {
      console.error("Pruning sessions and rate-limit events failed:", error);
    } finally {
      running = false;
    }
  };
  const first = setTimeout(run, 5_000);
  const timer = setInterval(run, intervalMs);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
