import crypto from "node:crypto";
import { and, asc, count, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import { users } from "~/db/schema/auth";
import { spaces } from "~/db/schema/listings";
import { savedSearches, searchAlertChecks } from "~/db/schema/saved-searches";
import { absoluteUrl } from "~/features/mail/booking-emails.server";
import { queueEmail } from "~/features/mail/outbox.server";
import { listingTitleIn, recipientLanguage } from "~/features/mail/mail-i18n.server";
import { searchAlertMail } from "~/features/mail/more-emails.server";
import { parseExploreSearch } from "~/features/search/search-params";
import { searchExplore } from "~/features/search/search.server";
import { resolveExploreSearch } from "~/features/search/explore-search.server";
import { geocoder, type Geocoder } from "~/features/geo/geocoder.server";
import { parseGeoParams } from "~/features/geo/geo-params";
import type { Point } from "~/features/geo/coordinates";
import type { Db } from "~/lib/db.server";
import { DEFAULT_LOCALE, isLocale } from "~/lib/locales";
import { isUuid } from "~/lib/uuid";
import { SAVED_SEARCH_TEXT } from "./wishlist-text";

/**
 * Saved search alerts (issue #27 point 6, docs/decisions/0231-saved-search-alerts.md).
 * A guest saves /explore's query string as given; when a listing is published or a
 * booking of it is cancelled, that change leaves a row in `search_alert_checks` in its
 * own transaction (triggers of migration 0021, so no code path can forget it), and the `search-alerts` job runs each saved search through the
 * search module's own parser and search function (never a copy of their rules) and
 * e-mails the guest through the outbox when the listing is among the results — at most
 * once a day per saved search.
 */

export const MAX_SAVED_SEARCHES = 20;
export const MAX_QUERY_CHARS = 2000;
/** How many of a saved search's results are compared with the changed listings (five pages of /explore). */
export const ALERT_RESULT_PAGES = 5;
export const ALERT_INTERVAL_MS = 24 * 3_600_000;
const CHECK_BATCH = 100;
const SEARCH_BATCH = 200;
const CHECK_LEASE_MS = 5 * 60_000;

export type SavedSearchRefusal = { ok: false; status: 400 | 404 | 409; error: string };

/** The query string to keep: without `?`, without the page number (an alert is about results, not a page). */
export function normalizeQuery(raw: string): string {
  const params = new URLSearchParams(raw.startsWith("?") ? raw.slice(1) : raw);
  params.delete("page");
  params.sort();
  return params.toString();
}

/** A few words for the list and the e-mail, from the parsed search. */
export function describeSearch(query: string, now: Date): string {
  const search = parseExploreSearch(new URLSearchParams(query), now);
  const parts: string[] = [];
  if (search.q) parts.push(`“${search.q}”`);
  if (search.type) parts.push(search.type.replace(/-/g, " "));
  if (search.location) parts.push(`in ${search.location}`);
  if (search.date) parts.push(search.end ? `${search.date} to ${search.end}` : search.time ? `${search.date} at ${search.time}` : `on ${search.date}`);
  if (search.hours) parts.push(`${search.hours} h`);
  if (search.guests) parts.push(`${search.guests} guests`);
  if (search.min || search.max) parts.push(`${search.min || "0"}–${search.max || "any"} ${search.currency}`);
  if (search.amenities.length > 0) parts.push(search.amenities.join(", "));
  const where = parseGeoParams(new URLSearchParams(query));
  if (where.problems.length === 0 && (where.place || where.point)) parts.push(`within ${where.radiusKm} km of ${where.place ?? "a point on the map"}`);
  else if (where.problems.length === 0 && where.bounds) parts.push("in an area of the map");
  return (parts.join(" · ") || "All listings").slice(0, 200);
}

export async function saveSearch(db: Db, input: { userId: string; query: unknown; now: Date }): Promise<({ ok: true; id: string; label: string }) | SavedSearchRefusal> {
  if (typeof input.query !== "string") return { ok: false, status: 400, error: SAVED_SEARCH_TEXT.invalid };
  if (input.query.length > MAX_QUERY_CHARS) return { ok: false, status: 400, error: SAVED_SEARCH_TEXT.tooLong };
  const query = normalizeQuery(input.query);
  if (query.length > MAX_QUERY_CHARS) return { ok: false, status: 400, error: SAVED_SEARCH_TEXT.tooLong };
  const parsed = parseExploreSearch(new URLSearchParams(query), input.now);
  if (parsed.problems.length > 0) return { ok: false, status: 400, error: parsed.problems[0]! };
  if (query === "") return { ok: false, status: 400, error: SAVED_SEARCH_TEXT.empty };
  const label = describeSearch(query, input.now);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`rentwell-saved-searches:${input.userId}`}))`);
    const [{ total } = { total: 0 }] = await tx.select({ total: count() }).from(savedSearches).where(eq(savedSearches.userId, input.userId));
    const [same] = await tx.select({ id: savedSearches.id }).from(savedSearches).where(and(eq(savedSearches.userId, input.userId), eq(savedSearches.query, query)));
    if (same) return { ok: false as const, status: 409 as const, error: SAVED_SEARCH_TEXT.duplicate };
    if (Number(total) >= MAX_SAVED_SEARCHES) return { ok: false as const, status: 409 as const, error: SAVED_SEARCH_TEXT.tooMany };
    const [row] = await tx
      .insert(savedSearches)
      .values({ userId: input.userId, query, label, unsubscribeToken: crypto.randomBytes(24).toString("base64url"), createdAt: input.now })
      .returning({ id: savedSearches.id });
    return { ok: true as const, id: row!.id, label };
  });
}

export async function listSavedSearches(db: Db, userId: string) {
  if (!isUuid(userId)) return [];
  return db
    .select({ id: savedSearches.id, query: savedSearches.query, label: savedSearches.label, lastAlertedAt: savedSearches.lastAlertedAt, createdAt: savedSearches.createdAt })
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId))
    .orderBy(asc(savedSearches.createdAt), asc(savedSearches.id))
    .limit(MAX_SAVED_SEARCHES);
}

export async function deleteSavedSearch(db: Db, input: { userId: string; id: string }): Promise<{ ok: true; label: string } | SavedSearchRefusal> {
  if (!isUuid(input.id)) return { ok: false, status: 404, error: SAVED_SEARCH_TEXT.notFound };
  const rows = await db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, input.id), eq(savedSearches.userId, input.userId)))
    .returning({ label: savedSearches.label });
  return rows[0] ? { ok: true, label: rows[0].label } : { ok: false, status: 404, error: SAVED_SEARCH_TEXT.notFound };
}

const TOKEN_RE = /^[A-Za-z0-9_-]{20,64}$/;

/** The saved search an e-mail's delete link names, if it still exists. */
export async function savedSearchByToken(db: Db, token: string) {
  if (!TOKEN_RE.test(token)) return null;
  const [row] = await db.select({ id: savedSearches.id, label: savedSearches.label }).from(savedSearches).where(eq(savedSearches.unsubscribeToken, token));
  return row ?? null;
}

export async function deleteSavedSearchByToken(db: Db, token: string): Promise<boolean> {
  if (!TOKEN_RE.test(token)) return false;
  const rows = await db.delete(savedSearches).where(eq(savedSearches.unsubscribeToken, token)).returning({ id: savedSearches.id });
  return rows.length > 0;
}

/** Claims due checks (SKIP LOCKED) and pushes them one lease ahead: a run that dies leaves them to the next. */
async function claimChecks(db: Db, now: Date) {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: searchAlertChecks.id })
      .from(searchAlertChecks)
      .where(lte(searchAlertChecks.dueAt, now))
      .orderBy(asc(searchAlertChecks.dueAt))
      .limit(CHECK_BATCH)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(searchAlertChecks)
      .set({ dueAt: new Date(now.getTime() + CHECK_LEASE_MS) })
      .where(inArray(searchAlertChecks.id, due.map((row) => row.id)))
      .returning({ id: searchAlertChecks.id, spaceId: searchAlertChecks.spaceId, reason: searchAlertChecks.reason });
  });
}

export type AlertRun = { checks: number; searches: number; sent: number };

/**
 * The `search-alerts` job. For the claimed checks' listings (still published), every
 * saved search not alerted in the last 24 hours is run through the search function; one
 * that now finds any of them gets one e-mail naming them, and its `last_alerted_at` is
 * set in the same transaction as the outbox row (the row is locked and the day re-checked,
 * so two runs at once send one e-mail).
 */
export async function runSearchAlerts(db: Db, now: Date): Promise<AlertRun> {
  const run: AlertRun = { checks: 0, searches: 0, sent: 0 };
  const checks = await claimChecks(db, now);
  if (checks.length === 0) return run;
  run.checks = checks.length;
  const reasons = new Map<string, "published" | "cancellation">();
  for (const check of checks) if (!reasons.has(check.spaceId) || check.reason === "cancellation") reasons.set(check.spaceId, check.reason);
  const changed = await db
    .select({ id: spaces.id, title: spaces.title, location: spaces.location })
    .from(spaces)
    .where(and(inArray(spaces.id, [...reasons.keys()]), eq(spaces.isPublished, true)));
  const changedIds = new Set(changed.map((space) => space.id));
  const places = placesOnce(geocoder());
  const dayAgo = new Date(now.getTime() - ALERT_INTERVAL_MS);
  let after: string | null = null;
  while (changedIds.size > 0) {
    const batch: Array<{ id: string; query: string; language: string | null }> = await db
      .select({ id: savedSearches.id, query: savedSearches.query, language: users.preferredLanguage })
      .from(savedSearches)
      .innerJoin(users, eq(users.id, savedSearches.userId))
      .where(and(or(isNull(savedSearches.lastAlertedAt), lte(savedSearches.lastAlertedAt, dayAgo)), lte(savedSearches.createdAt, now), after ? sql`${savedSearches.id} > ${after}` : undefined))
      .orderBy(asc(savedSearches.id))
      .limit(SEARCH_BATCH);
    if (batch.length === 0) break;
    after = batch[batch.length - 1]!.id;
    for (const saved of batch) {
      run.searches += 1;
      // The whole search, where included (a place is geocoded once a run, outside any transaction).
      const search = await resolveExploreSearch(new URLSearchParams(saved.query), now, places);
      if (search.problems.length > 0) continue;
      // In the member's language, as their e-mail is: the text also matches the hosts' translations into it (ADR 0295).
      const results = await searchExplore(db, { ...search, page: ALERT_RESULT_PAGES, locale: isLocale(saved.language) ? saved.language : DEFAULT_LOCALE }, now);
      const found = changed.filter((space) => results.spaces.some((result) => result.id === space.id));
      if (found.length === 0) continue;
      if (await sendAlert(db, { savedSearchId: saved.id, found: found.map((space) => ({ ...space, reason: reasons.get(space.id)! })), now })) run.sent += 1;
    }
  }
  await db.delete(searchAlertChecks).where(inArray(searchAlertChecks.id, checks.map((check) => check.id)));
  return run;
}

/** `coder`, asked at most once per place text (a run may hold many searches near one place). */
function placesOnce(coder: Geocoder): Geocoder {
  const found = new Map<string, Promise<Point | null>>();
  return {
    geocodeAddress: (address) => coder.geocodeAddress(address),
    geocodePlace: (text) => {
      const key = text.trim().toLowerCase();
      if (!found.has(key)) found.set(key, coder.geocodePlace(text));
      return found.get(key)!;
    },
  };
}

async function sendAlert(db: Db, input: { savedSearchId: string; found: Array<{ id: string; title: string; location: string; reason: "published" | "cancellation" }>; now: Date }): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: savedSearches.id, query: savedSearches.query, label: savedSearches.label, token: savedSearches.unsubscribeToken, lastAlertedAt: savedSearches.lastAlertedAt, userId: savedSearches.userId, email: users.email })
      .from(savedSearches)
      .innerJoin(users, eq(users.id, savedSearches.userId))
      .where(eq(savedSearches.id, input.savedSearchId))
      .for("update", { of: savedSearches });
    if (!row) return false;
    if (row.lastAlertedAt && row.lastAlertedAt.getTime() > input.now.getTime() - ALERT_INTERVAL_MS) return false;
    const deleteUrl = absoluteUrl(`/saved-searches/${row.token}/delete`);
    // In the member's language (ADR 0296), the listings by their hosts' titles in it (ADR 0295); the texts are in ~/features/mail/more-emails.server.
    const lang = await recipientLanguage(tx, row.userId);
    const found = [];
    for (const space of input.found) found.push({ ...space, title: await listingTitleIn(tx, space, lang.locale) });
    const mail = searchAlertMail(lang, { label: row.label, found, resultsUrl: absoluteUrl(`/explore?${row.query}`), deleteUrl });
    const day = input.now.toISOString().slice(0, 10);
    await queueEmail(tx, {
      ...mail,
      kind: "search_alert",
      to: row.email,
      userId: row.userId,
      dedupeKey: `search-alert:${row.id}:${day}`,
      headers: { "List-Unsubscribe": `<${deleteUrl}>` },
      now: input.now,
    });
    await tx.update(savedSearches).set({ lastAlertedAt: input.now }).where(eq(savedSearches.id, row.id));
    return true;
  });
}
