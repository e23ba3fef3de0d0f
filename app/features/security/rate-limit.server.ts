import { msg, plural } from "@lingui/core/macro";
import { english, type Translate } from "~/features/i18n/translate";
import { and, desc, eq, gt, lt, sql } from "drizzle-orm";
import { rateLimitEvents } from "~/db/schema/index";
import type { Db, Tx } from "~/lib/db.server";

/**
 * A sliding-window rate limiter whose state lives in the database (table
 * rate_limit_events), so every server process sees the same counts
 * (docs/decisions/0011-rate-limiter.md).
 *
 * Keys look like "scope:identifier", e.g. "signin-account:ada@example.com"; the part
 * before the first colon is stored as the scope.
 */
export type RateLimit = { max: number; windowMs: number };
export type RateLimitResult = { ok: true } | { ok: false; retryAfterSeconds: number };

const MAX_KEY_LENGTH = 512;

function split(key: string): { scope: string; key: string } {
  const bounded = key.slice(0, MAX_KEY_LENGTH);
  const index = bounded.indexOf(":");
  return { scope: index > 0 ? bounded.slice(0, index) : "default", key: bounded };
}

/** Whether one more event under `key` is allowed by every limit; if not, when it will be. */
export async function checkRateLimit(db: Db | Tx, { key, limits }: { key: string; limits: RateLimit[] }): Promise<RateLimitResult> {
  if (limits.length === 0) return { ok: true };
  const where = split(key);
  const longest = Math.max(...limits.map((limit) => limit.windowMs));
  const most = Math.max(...limits.map((limit) => limit.max));
  // Newest first, and never more rows than the largest limit needs.
  const rows = await db
    .select({ createdAt: rateLimitEvents.createdAt, now: sql<string>`now()`.mapWith((value: string | Date) => new Date(value)) })
    .from(rateLimitEvents)
    .where(
      and(
        eq(rateLimitEvents.scope, where.scope),
        eq(rateLimitEvents.key, where.key),
        gt(rateLimitEvents.createdAt, sql`now() - make_interval(secs => ${longest / 1000})`),
      ),
    )
    .orderBy(desc(rateLimitEvents.createdAt))
    .limit(most);
  if (rows.length === 0) return { ok: true };
  const now = rows[0]!.now.getTime();
  let waitMs = 0;
  for (const limit of limits) {
    const inWindow = rows.filter((row) => now - row.createdAt.getTime() < limit.windowMs);
    if (inWindow.length >= limit.max) {
      // Allowed again once the oldest event that keeps the count at the limit leaves the window.
      const blocking = inWindow[limit.max - 1]!;
      waitMs = Math.max(waitMs, blocking.createdAt.getTime() + limit.windowMs - now);
    }
  }
  return waitMs > 0 ? { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) } : { ok: true };
}

export type RateLimitConsumed = { ok: true; eventId: number } | { ok: false; retryAfterSeconds: number };

/**
 * Check and count in one step (docs/decisions/0081-atomic-rate-limits.md): under a
 * transaction-scoped advisory lock on the key, the events in the window are counted and,
 * when every limit allows one more, the event is recorded. Parallel requests for one key
 * queue on the lock, so no more than `max` of them are ever let through. The event can be
 * taken back with `refundRateLimitEvent` (e.g. a sign-in that turned out to be right).
 */
export async function consumeRateLimit(db: Db, { key, limits }: { key: string; limits: RateLimit[] }): Promise<RateLimitConsumed> {
  const where = split(key);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${where.scope}), hashtext(${where.key}))`);
    const allowed = await checkRateLimit(tx, { key, limits });
    if (!allowed.ok) return allowed;
    const [row] = await tx.insert(rateLimitEvents).values(where).returning({ id: rateLimitEvents.id });
    return { ok: true as const, eventId: row!.id };
  });
}

/** Takes back an event counted by `consumeRateLimit`. */
export async function refundRateLimitEvent(db: Db, eventId: number): Promise<void> {
  await db.delete(rateLimitEvents).where(eq(rateLimitEvents.id, eventId));
}

/** Counts one event under `key` (a failed sign-in, a contact message, …). */
export async function recordRateLimitEvent(db: Db, key: string): Promise<void> {
  await db.insert(rateLimitEvents).values(split(key));
}

/** Periodic cleanup: events older than the longest window any limiter uses (a day) are dropped. */
export async function pruneRateLimitEvents(db: Db, olderThanMs = 24 * 60 * 60 * 1000): Promise<number> {
  const removed = await db
    .delete(rateLimitEvents)
    .where(lt(rateLimitEvents.createdAt, sql`now() - make_interval(secs => ${olderThanMs / 1000})`))
    .returning({ id: rateLimitEvents.id });
  return removed.length;
}

/** "30 seconds", "1 minute", "5 minutes", "2 hours": for "try again in …" messages. */
export function formatRetryAfter(seconds: number, _: Translate = english): string {
  if (seconds < 60) return _(msg`${plural(seconds, { one: "# second", other: "# seconds" })}`);
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return _(msg`${plural(minutes, { one: "# minute", other: "# minutes" })}`);
  const hours = Math.ceil(minutes / 60);
  return _(msg`${plural(hours, { one: "# hour", other: "# hours" })}`);
}
