import crypto from "node:crypto";
import { and, asc, count, eq, gt, sql } from "drizzle-orm";
import { createEvents, type EventAttributes } from "ics";
import { spaceAvailability } from "~/db/schema/bookings";
import { calendarImportEvents, calendarImportFeeds } from "~/db/schema/calendar-sync";
import { spaces } from "~/db/schema/listings";
import { lockCalendar } from "~/features/availability/calendar-rows.server";
import { consumeRateLimit, formatRetryAfter } from "~/features/security/rate-limit.server";
import type { Db, Tx } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";
import { safeFetch, SafeFetchError, type SafeFetchOptions } from "~/lib/safe-fetch.server";
import { isUuid } from "~/lib/uuid";
import { CALENDAR_SYNC_TEXT, IMPORT_INTERVAL_MINUTES, MAX_IMPORT_FEEDS, type CalendarSyncView, type ImportFeedView } from "./calendar-sync";
import { CalendarFileError, parseCalendarFile, type ImportedEvent } from "./ical-parse";
import { feedProblemText, type FeedProblem } from "./feed-problem";
import { msg } from "@lingui/core/macro";
import { english, type Translate } from "~/features/i18n/translate";

/**
 * Calendar sync both ways (issue #26 point 6, ADR 0203).
 *
 * Export: each listing has a secret feed URL, /api/spaces/{id}/calendar/{token}.ics,
 * with its bookings ("Booked – Rentwell") and the host's blocks ("Blocked"), built with
 * the `ics` library (as a booking's own .ics file is).
 *
 * Import: up to five .ics URLs per listing, fetched through the SSRF-safe fetch (never in
 * a transaction), parsed with ical.js, then written in one short transaction under the
 * listing's calendar lock: the feed's events are diffed with the stored ones, and the
 * listing's imported blocks are rewritten as the union of every feed's events less the
 * bookings, holds and the host's own blocks (`reconcileImportedBlocks`). An event over a
 * booking or hold is stored with it as its conflict for the host to see, and the rest of
 * its time is still blocked.
 */

export const IMPORT_INTERVAL_MS = IMPORT_INTERVAL_MINUTES * 60_000;
/** A fetcher's claim on a feed: longer than one fetch (10 s) and its write. */
const CLAIM_MS = 2 * 60_000;
/** Feeds one job run fetches, a few at a time. */
const FEEDS_PER_RUN = 40;
const FETCH_CONCURRENCY = 4;
/** Exported rows: from two months back, at most this many. */
const EXPORT_PAST_DAYS = 60;
const EXPORT_MAX_ROWS = 5_000;
/** Calendars a host may try to add (each one is fetched). */
const IMPORT_TRY_LIMITS = [
  { max: 20, windowMs: 10 * 60_000 },
  { max: 100, windowMs: 24 * 60 * 60_000 },
];
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export class CalendarSyncError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "CalendarSyncError";
  }
}

/** The fetch rules of calendar import; tests may shorten the deadline or stand in DNS. */
export function importFetchOptions(overrides: SafeFetchOptions = {}): SafeFetchOptions {
  return { allowLoopback: env().CALENDAR_IMPORT_ALLOW_PRIVATE, maxBytes: 1024 * 1024, timeoutMs: 10_000, ...overrides };
}

type SpaceRow = Pick<typeof spaces.$inferSelect, "id" | "userId" | "title" | "timezone" | "checkInTime" | "checkOutTime" | "quantity" | "calendarToken">;

const spaceColumns = {
  id: spaces.id,
  userId: spaces.userId,
  title: spaces.title,
  timezone: spaces.timezone,
  checkInTime: spaces.checkInTime,
  checkOutTime: spaces.checkOutTime,
  quantity: spaces.quantity,
  calendarToken: spaces.calendarToken,
};

/** The host's listing, or a 404 that reads the same for a missing listing and another host's. */
async function ownedSpace(db: Db | Tx, hostId: string, spaceId: string): Promise<SpaceRow> {
  if (!isUuid(spaceId)) throw new CalendarSyncError(404, CALENDAR_SYNC_TEXT.listingNotFound);
  const [row] = await db.select(spaceColumns).from(spaces).where(eq(spaces.id, spaceId)).limit(1);
  if (!row || row.userId !== hostId) throw new CalendarSyncError(404, CALENDAR_SYNC_TEXT.listingNotFound);
  return row;
}

const newToken = () => crypto.randomBytes(32).toString("base64url");

export function calendarFeedUrl(spaceId: string, token: string): string {
  return `${env().SITE_URL.replace(/\/$/, "")}/api/spaces/${spaceId}/calendar/${token}.ics`;
}

/** The listing's feed token, made on first use. */
async function ensureToken(db: Db, space: SpaceRow): Promise<string> {
  if (space.calendarToken) return space.calendarToken;
  await db
    .update(spaces)
    .set({ calendarToken: newToken() })
    .where(and(eq(spaces.id, space.id), sql`${spaces.calendarToken} is null`));
  const [row] = await db.select({ token: spaces.calendarToken }).from(spaces).where(eq(spaces.id, space.id));
  return row!.token!;
}

/** A new secret for the feed URL: the old URL answers 404 from now on. */
export async function regenerateCalendarToken(db: Db, hostId: string, spaceId: string): Promise<string> {
  const space = await ownedSpace(db, hostId, spaceId);
  const token = newToken();
  await db.update(spaces).set({ calendarToken: token }).where(eq(spaces.id, space.id));
  return calendarFeedUrl(space.id, token);
}

/**
 * The panel's data for the host's calendar page (/my-listings/:id/calendar): the export
 * URL (its token is made on first view) and each imported calendar with its last sync,
 * error and conflicts. Throws CalendarSyncError(404) for a listing that is not the host's.
 */
export async function loadCalendarSync(db: Db, hostId: string, spaceId: string, say: { _: Translate; locale?: string } = { _: english }): Promise<CalendarSyncView> {
  const space = await ownedSpace(db, hostId, spaceId);
  const token = await ensureToken(db, space);
  const feeds = await db.select().from(calendarImportFeeds).where(eq(calendarImportFeeds.spaceId, space.id)).orderBy(asc(calendarImportFeeds.createdAt), asc(calendarImportFeeds.id));
  const conflicts = feeds.length
    ? await db
        .select()
        .from(calendarImportEvents)
        .where(and(eq(calendarImportEvents.spaceId, space.id), sql`${calendarImportEvents.conflictKind} is not null`))
        .orderBy(asc(calendarImportEvents.startTime))
        .limit(200)
    : [];
  const view: ImportFeedView[] = feeds.map((feed) => ({
    id: feed.id,
    url: feed.url,
    name: feed.name,
    lastSyncedAt: feed.lastSyncedAt?.toISOString() ?? null,
    lastAttemptAt: feed.lastAttemptAt?.toISOString() ?? null,
    // In the viewer's language from its stored reason (ADR 0299); a translatable text is its own id, translated where shown.
    lastError: feed.lastError === null ? null : (feedProblemText(feed.lastErrorDetail, say._, say.locale) ?? feed.lastError),
    eventCount: feed.lastEventCount,
    conflicts: conflicts
      .filter((event) => event.feedId === feed.id)
      .map((event) => ({
        eventId: event.id,
        summary: event.summary,
        start: event.startTime.toISOString(),
        end: event.endTime.toISOString(),
        bookingId: event.conflictBookingId,
        kind: event.conflictKind!,
      })),
  }));
  return { spaceId: space.id, exportUrl: calendarFeedUrl(space.id, token), feeds: view, maxFeeds: MAX_IMPORT_FEEDS, intervalMinutes: IMPORT_INTERVAL_MINUTES };
}

// ---------------------------------------------------------------------------------------
// Export

/**
 * The listing's feed, or null when the id or token is wrong (the route answers 404 for
 * both). Bookings (confirmed, completed, disputed) and the host's blocks, never a guest's
 * name or the host's private note; holds and imported blocks are left out (an imported
 * block sent back to the calendar it came from would keep itself alive).
 */
export async function calendarFeedFile(db: Db, spaceId: string, token: string, now: Date): Promise<string | null> {
  if (!isUuid(spaceId) || !TOKEN_PATTERN.test(token)) return null;
  const [space] = await db.select({ id: spaces.id, title: spaces.title, token: spaces.calendarToken }).from(spaces).where(eq(spaces.id, spaceId)).limit(1);
  if (!space?.token) return null;
  const expected = Buffer.from(space.token);
  const given = Buffer.from(token);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return null;
  const since = new Date(now.getTime() - EXPORT_PAST_DAYS * 86_400_000);
  const { rows } = await db.execute<{ id: string; kind: string; start_time: string; end_time: string; booking_id: string | null; created_at: string }>(sql`
    select a.id, a.kind, a.start_time, a.end_time, a.booking_id, a.created_at
      from ${spaceAvailability} a
      left join bookings b on b.id = a.booking_id
     where a.space_id = ${space.id}
       and a.end_time > ${since.toISOString()}::timestamptz
       and ((a.kind = 'blocked' and not a.imported) or (a.kind = 'booking' and b.status in ('confirmed', 'completed', 'disputed')))
     order by a.start_time
     limit ${EXPORT_MAX_ROWS}`);
  const stamp = (value: string) => new Date(value).getTime();
  const events: EventAttributes[] = rows.map((row) => ({
    uid: row.booking_id ? `booking-${row.booking_id}@rentwell` : `block-${row.id}@rentwell`,
    title: row.kind === "booking" ? "Booked – Rentwell" : "Blocked",
    start: stamp(row.start_time),
    startInputType: "utc",
    startOutputType: "utc",
    end: stamp(row.end_time),
    endInputType: "utc",
    endOutputType: "utc",
    created: stamp(row.created_at),
    status: "CONFIRMED",
    busyStatus: "BUSY",
    transp: "OPAQUE",
    classification: "PRIVATE",
  }));
  const header = { productId: "rentwell/calendar", method: "PUBLISH", calName: `Rentwell – ${space.title}`.slice(0, 200) };
  if (events.length === 0) return emptyCalendar(header.calName);
  const { error, value } = createEvents(events, header);
  if (error || !value) throw error ?? new Error("Could not build the calendar feed");
  return value;
}

/** `ics` refuses an empty list; a listing with nothing booked still has a valid, empty calendar. */
function emptyCalendar(name: string): string {
  const escaped = name.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\n/g, "\\n");
  return ["BEGIN:VCALENDAR", "VERSION:2.0", "CALSCALE:GREGORIAN", "PRODID:rentwell/calendar", "METHOD:PUBLISH", `X-WR-CALNAME:${escaped}`, "X-PUBLISHED-TTL:PT1H", "END:VCALENDAR", ""].join("\r\n");
}

// ---------------------------------------------------------------------------------------
// Import: fetch and parse (outside any transaction)

type Fetched = { kind: "events"; name: string | null; events: ImportedEvent[]; etag: string | null; lastModified: string | null } | { kind: "unchanged" };

async function fetchCalendar(url: string, space: SpaceRow, now: Date, options: SafeFetchOptions, conditional: { etag: string | null; lastModified: string | null } | null): Promise<Fetched> {
  const headers: Record<string, string> = {};
  if (conditional?.etag) headers["if-none-match"] = conditional.etag;
  if (conditional?.lastModified) headers["if-modified-since"] = conditional.lastModified;
  const response = await safeFetch(url, { ...options, headers: { ...options.headers, ...headers } });
  if (response.status === 304) return { kind: "unchanged" };
  const text = response.body.toString("utf8");
  const parsed = await parseCalendarFile(text, { timeZone: space.timezone, checkInTime: space.checkInTime, checkOutTime: space.checkOutTime, now });
  const header = (name: string) => {
    const value = response.headers[name];
    return typeof value === "string" && value.length <= 300 ? value : null;
  };
  return { kind: "events", name: parsed.name, events: parsed.events, etag: header("etag"), lastModified: header("last-modified") };
}

/** A fetch or parse failure as the sentence shown beside the URL (English, stored), and what it says as data (ADR 0299). */
function failureOf(error: unknown): { text: string; detail: FeedProblem } | null {
  if (error instanceof SafeFetchError || error instanceof CalendarFileError) return { text: error.message.slice(0, 500), detail: error.detail };
  return null;
}

// ---------------------------------------------------------------------------------------
// Import: the write (one short transaction under the calendar lock)

type StoredEvent = typeof calendarImportEvents.$inferSelect;
const eventKey = (uid: string, recurrenceId: string) => `${uid}\u0000${recurrenceId}`;

/** Makes the feed's stored events those of `events`: inserts, updates and deletes only what changed. */
async function replaceFeedEvents(tx: Tx, feedId: string, spaceId: string, events: ImportedEvent[], now: Date) {
  const stored = await tx.select().from(calendarImportEvents).where(eq(calendarImportEvents.feedId, feedId));
  const byKey = new Map<string, StoredEvent>(stored.map((row) => [eventKey(row.uid, row.recurrenceId), row]));
  const inserts: ImportedEvent[] = [];
  const updates: (ImportedEvent & { id: string })[] = [];
  for (const event of events) {
    const key = eventKey(event.uid, event.recurrenceId);
    const old = byKey.get(key);
    byKey.delete(key);
    if (!old) inserts.push(event);
    else if (old.startTime.getTime() !== event.start.getTime() || old.endTime.getTime() !== event.end.getTime() || old.summary !== event.summary || old.allDay !== event.allDay) updates.push({ ...event, id: old.id });
  }
  if (updates.length > 0) {
    await tx.execute(sql`
      update ${calendarImportEvents} e
         set start_time = u.start_time, end_time = u.end_time, all_day = u.all_day, summary = u.summary, updated_at = ${now.toISOString()}::timestamptz
        from unnest(${textArray(updates.map((e) => e.id))}::uuid[], ${textArray(updates.map((e) => e.start.toISOString()))}::timestamptz[], ${textArray(updates.map((e) => e.end.toISOString()))}::timestamptz[],
                    ${textArray(updates.map((e) => (e.allDay ? "t" : "f")))}::boolean[], ${textArray(updates.map((e) => e.summary))}::text[]) as u(id, start_time, end_time, all_day, summary)
       where e.id = u.id`);
  }
  const gone = [...byKey.values()].map((row) => row.id);
  if (gone.length > 0) await tx.execute(sql`delete from ${calendarImportEvents} where id = any(${textArray(gone)}::uuid[])`);
  // One statement with one array per column (unnest): a 2 000-event feed is one round trip
  // and a few parameters, not 18 000 (bench:ical).
  for (let i = 0; i < inserts.length; i += 5_000) {
    const chunk = inserts.slice(i, i + 5_000);
    await tx.execute(sql`
      insert into ${calendarImportEvents} (feed_id, space_id, uid, recurrence_id, start_time, end_time, all_day, summary, updated_at)
      select ${feedId}::uuid, ${spaceId}::uuid, u.uid, u.recurrence_id, u.start_time, u.end_time, u.all_day, u.summary, ${now.toISOString()}::timestamptz
        from unnest(${textArray(chunk.map((e) => e.uid))}::text[], ${textArray(chunk.map((e) => e.recurrenceId))}::text[],
                    ${textArray(chunk.map((e) => e.start.toISOString()))}::timestamptz[], ${textArray(chunk.map((e) => e.end.toISOString()))}::timestamptz[],
                    ${textArray(chunk.map((e) => (e.allDay ? "t" : "f")))}::boolean[], ${textArray(chunk.map((e) => e.summary))}::text[])
             as u(uid, recurrence_id, start_time, end_time, all_day, summary)`);
  }
}

/**
 * A PostgreSQL array literal of texts (NULL for null), passed as one text parameter: the
 * same on node-postgres and PGlite, whatever either does with a JavaScript array.
 */
function textArray(values: readonly (string | null)[]): string {
  return `{${values.map((value) => (value === null ? "NULL" : `"${value.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`)).join(",")}}`;
}

type Interval = { start: number; end: number };

/** Sorted, merged: touching intervals become one. */
function union(intervals: Interval[]): Interval[] {
  const sorted = [...intervals].sort((a, b) => a.start - b.start);
  const out: Interval[] = [];
  for (const next of sorted) {
    const last = out[out.length - 1];
    if (last && next.start <= last.end) last.end = Math.max(last.end, next.end);
    else out.push({ ...next });
  }
  return out;
}

/** `from` less `minus` (both merged and sorted). */
function subtract(from: Interval[], minus: Interval[]): Interval[] {
  const out: Interval[] = [];
  let j = 0;
  for (const interval of from) {
    let start = interval.start;
    while (j < minus.length && minus[j]!.end <= start) j += 1;
    let k = j;
    while (k < minus.length && minus[k]!.start < interval.end) {
      if (minus[k]!.start > start) out.push({ start, end: minus[k]!.start });
      start = Math.max(start, minus[k]!.end);
      k += 1;
    }
    if (start < interval.end) out.push({ start, end: interval.end });
  }
  return out;
}

/**
 * Rewrites the listing's imported blocks from its imported events (call under
 * `lockCalendar`): the union of the events that have not ended, less every booking and
 * hold row and the host's own blocks, so an imported block never overlaps another row;
 * each event over a live booking or hold records it as its conflict. Only rows that
 * differ are deleted or inserted, so a sync that changed nothing writes nothing.
 * The host's block and unblock should call this after changing blocks (ADR 0203).
 */
export async function reconcileImportedBlocks(tx: Tx, spaceId: string, now: Date): Promise<{ inserted: number; deleted: number; conflicts: number }> {
  const nowIso = now.toISOString();
  const [space] = await tx.select({ quantity: spaces.quantity }).from(spaces).where(eq(spaces.id, spaceId));
  if (!space) return { inserted: 0, deleted: 0, conflicts: 0 };
  const events = await tx
    .select({ id: calendarImportEvents.id, start: calendarImportEvents.startTime, end: calendarImportEvents.endTime, conflictBookingId: calendarImportEvents.conflictBookingId, conflictKind: calendarImportEvents.conflictKind })
    .from(calendarImportEvents)
    .where(and(eq(calendarImportEvents.spaceId, spaceId), gt(calendarImportEvents.endTime, now)));
  // Every row an event can touch: an event under way began before now, and so may a row it overlaps.
  const from = new Date(Math.min(now.getTime(), ...events.map((event) => event.start.getTime()))).toISOString();
  const { rows } = await tx.execute<{ id: string; kind: string; booking_id: string | null; start_time: string; end_time: string; expires_at: string | null; imported: boolean }>(sql`
    select a.id, a.kind, a.booking_id, a.start_time, a.end_time, a.expires_at, a.imported
      from ${spaceAvailability} a
     where a.space_id = ${spaceId} and a.end_time > ${from}::timestamptz`);
  const span = (row: { start_time: string; end_time: string }): Interval => ({ start: Date.parse(row.start_time), end: Date.parse(row.end_time) });
  const taken = rows.filter((row) => !row.imported);
  const liveBookings = taken
    .filter((row) => row.kind !== "blocked" && (row.expires_at === null || Date.parse(row.expires_at) > now.getTime()))
    .map((row) => ({ ...span(row), bookingId: row.booking_id, kind: row.kind === "booking" ? ("booking" as const) : ("hold" as const) }))
    .sort((a, b) => a.start - b.start);

  // Conflicts: each event against the live bookings and holds it overlaps (the first one).
  const changedConflicts: { id: string; bookingId: string | null; kind: "booking" | "hold" | null }[] = [];
  let conflicts = 0;
  for (const event of events) {
    const start = event.start.getTime();
    const end = event.end.getTime();
    const hit = liveBookings.find((row) => row.start < end && row.end > start) ?? null;
    if (hit) conflicts += 1;
    const bookingId = hit?.bookingId ?? null;
    const kind = hit?.kind ?? null;
    if (event.conflictBookingId !== bookingId || event.conflictKind !== kind) changedConflicts.push({ id: event.id, bookingId, kind });
  }
  if (changedConflicts.length > 0) {
    await tx.execute(sql`
      update ${calendarImportEvents} e
         set conflict_booking_id = v.booking_id, conflict_kind = v.kind
        from unnest(${textArray(changedConflicts.map((c) => c.id))}::uuid[], ${textArray(changedConflicts.map((c) => c.bookingId))}::uuid[], ${textArray(changedConflicts.map((c) => c.kind))}::text[]) as v(id, booking_id, kind)
       where e.id = v.id`);
  }

  // Blocks: what the events cover and nothing else holds.
  const wanted = subtract(
    union(events.map((event) => ({ start: event.start.getTime(), end: event.end.getTime() }))),
    union(taken.map(span)),
  );
  const have = rows.filter((row) => row.imported && row.kind === "blocked");
  const wantedKeys = new Set(wanted.map((i) => `${i.start}-${i.end}`));
  const haveKeys = new Set(have.map((row) => `${Date.parse(row.start_time)}-${Date.parse(row.end_time)}`));
  const stale = have.filter((row) => !wantedKeys.has(`${Date.parse(row.start_time)}-${Date.parse(row.end_time)}`)).map((row) => row.id);
  const missing = wanted.filter((i) => !haveKeys.has(`${i.start}-${i.end}`));
  if (stale.length > 0) await tx.execute(sql`delete from ${spaceAvailability} where id = any(${textArray(stale)}::uuid[])`);
  if (missing.length > 0) {
    await tx.execute(sql`
      insert into ${spaceAvailability} (space_id, kind, start_time, end_time, units, shared, imported, created_at)
      select ${spaceId}::uuid, 'blocked', u.s, u.e, ${space.quantity}::int, ${space.quantity > 1}, true, ${nowIso}::timestamptz
        from unnest(${textArray(missing.map((i) => new Date(i.start).toISOString()))}::timestamptz[], ${textArray(missing.map((i) => new Date(i.end).toISOString()))}::timestamptz[]) as u(s, e)`);
  }
  return { inserted: missing.length, deleted: stale.length, conflicts };
}

// ---------------------------------------------------------------------------------------
// Import: the host's requests

export type AddFeedResult = { ok: true; feedId: string } | { ok: false; status: number; error: string };

/**
 * Adds an imported calendar: fetched and read first, so an address that cannot be
 * imported (a private address, a redirect there, too large, too slow, not a calendar)
 * is refused with its reason and nothing is stored.
 */
export async function addImportFeed(db: Db, input: { hostId: string; spaceId: string; url: string; now: Date; fetchOptions?: SafeFetchOptions }, say: { _: Translate; locale?: string } = { _: english }): Promise<AddFeedResult> {
  const space = await ownedSpace(db, input.hostId, input.spaceId);
  const existing = await db.select({ url: calendarImportFeeds.url }).from(calendarImportFeeds).where(eq(calendarImportFeeds.spaceId, space.id));
  if (existing.some((feed) => feed.url === input.url)) return { ok: false, status: 409, error: CALENDAR_SYNC_TEXT.duplicateFeed };
  if (existing.length >= MAX_IMPORT_FEEDS) return { ok: false, status: 409, error: CALENDAR_SYNC_TEXT.tooManyFeeds };
  // Each try is a fetch of an address the host chose: counted, so the form is no fetching proxy.
  const slot = await consumeRateLimit(db, { key: `calendar-import:${input.hostId}`, limits: IMPORT_TRY_LIMITS });
  if (!slot.ok) {
    const wait = formatRetryAfter(slot.retryAfterSeconds, say._);
    return { ok: false, status: 429, error: say._(msg`Too many calendars tried; try again in ${wait}.`) };
  }
  let fetched: Fetched;
  try {
    fetched = await fetchCalendar(input.url, space, input.now, input.fetchOptions ?? importFetchOptions(), null);
  } catch (error) {
    const failure = failureOf(error);
    if (failure) return { ok: false, status: 422, error: (feedProblemText(failure.detail, say._, say.locale) ?? failure.text).slice(0, 500) };
    throw error;
  }
  if (fetched.kind !== "events") return { ok: false, status: 422, error: CALENDAR_SYNC_TEXT.noCalendar };
  try {
    return await storeNewFeed(db, space, input, fetched);
  } catch (error) {
    if (!isOverlapRefusal(error)) throw error;
    return { ok: false, status: 409, error: CALENDAR_SYNC_TEXT.busyAdding };
  }
}

/** An overlap refused by the exclusion constraint (a row written without the calendar lock). */
function isOverlapRefusal(error: unknown): boolean {
  const code = (error as { code?: string })?.code ?? (error as { cause?: { code?: string } })?.cause?.code;
  return code === "23P01";
}

async function storeNewFeed(db: Db, space: SpaceRow, input: { url: string; now: Date }, fetched: Extract<Fetched, { kind: "events" }>): Promise<AddFeedResult> {
  return db.transaction(async (tx) => {
    await lockCalendar(tx, space.id);
    // Counted again under the lock: two requests at once cannot make a sixth.
    const [{ feeds } = { feeds: 0 }] = await tx.select({ feeds: count() }).from(calendarImportFeeds).where(eq(calendarImportFeeds.spaceId, space.id));
    if (feeds >= MAX_IMPORT_FEEDS) return { ok: false as const, status: 409, error: CALENDAR_SYNC_TEXT.tooManyFeeds };
    const [feed] = await tx
      .insert(calendarImportFeeds)
      .values({
        spaceId: space.id,
        url: input.url,
        name: fetched.name,
        lastSyncedAt: input.now,
        lastAttemptAt: input.now,
        lastEventCount: fetched.events.length,
        etag: fetched.etag,
        lastModified: fetched.lastModified,
        nextSyncAt: new Date(input.now.getTime() + IMPORT_INTERVAL_MS),
        // created_at: the database's clock, so the list keeps the order calendars were added in.
      })
      .onConflictDoNothing()
      .returning({ id: calendarImportFeeds.id });
    if (!feed) return { ok: false as const, status: 409, error: CALENDAR_SYNC_TEXT.duplicateFeed };
    await replaceFeedEvents(tx, feed.id, space.id, fetched.events, input.now);
    await reconcileImportedBlocks(tx, space.id, input.now);
    return { ok: true as const, feedId: feed.id };
  });
}

/** Removes an imported calendar, its events and the blocks only it kept. */
export async function removeImportFeed(db: Db, input: { hostId: string; spaceId: string; feedId: string; now: Date }): Promise<{ ok: true } | { ok: false; status: number; error: string }> {
  const space = await ownedSpace(db, input.hostId, input.spaceId);
  if (!isUuid(input.feedId)) return { ok: false, status: 404, error: CALENDAR_SYNC_TEXT.feedNotFound };
  return db.transaction(async (tx) => {
    await lockCalendar(tx, space.id);
    const gone = await tx
      .delete(calendarImportFeeds)
      .where(and(eq(calendarImportFeeds.id, input.feedId), eq(calendarImportFeeds.spaceId, space.id)))
      .returning({ id: calendarImportFeeds.id });
    if (gone.length === 0) return { ok: false as const, status: 404, error: CALENDAR_SYNC_TEXT.feedNotFound };
    await reconcileImportedBlocks(tx, space.id, input.now);
    return { ok: true as const };
  });
}

// ---------------------------------------------------------------------------------------
// Import: the background job

export type SyncOutcome = { feedId: string; status: "synced" | "unchanged" | "failed" | "gone"; events?: number; error?: string };

/** Fetches one feed now and stores what it says (or the reason it could not). */
export async function syncImportFeed(db: Db, feedId: string, now: Date, fetchOptions: SafeFetchOptions = importFetchOptions()): Promise<SyncOutcome> {
  const [feed] = await db.select().from(calendarImportFeeds).where(eq(calendarImportFeeds.id, feedId)).limit(1);
  if (!feed) return { feedId, status: "gone" };
  const [space] = await db.select(spaceColumns).from(spaces).where(eq(spaces.id, feed.spaceId)).limit(1);
  if (!space) return { feedId, status: "gone" };
  const next = new Date(now.getTime() + IMPORT_INTERVAL_MS);
  let fetched: Fetched;
  try {
    fetched = await fetchCalendar(feed.url, space, now, fetchOptions, { etag: feed.etag, lastModified: feed.lastModified });
  } catch (error) {
    const failure = failureOf(error);
    const text = failure?.text ?? CALENDAR_SYNC_TEXT.unreadable;
    if (!failure) logger.warn({ err: error, feedId }, "calendar import failed unexpectedly");
    await db
      .update(calendarImportFeeds)
      .set({ lastAttemptAt: now, lastError: text, lastErrorDetail: failure?.detail ?? null, nextSyncAt: next, claimedUntil: null })
      .where(eq(calendarImportFeeds.id, feedId));
    return { feedId, status: "failed", error: text };
  }
  if (fetched.kind === "unchanged") {
    await db
      .update(calendarImportFeeds)
      .set({ lastSyncedAt: now, lastAttemptAt: now, lastError: null, lastErrorDetail: null, nextSyncAt: next, claimedUntil: null })
      .where(eq(calendarImportFeeds.id, feedId));
    // The events are the same, but bookings may have come or gone since: conflicts and blocks follow them.
    await db.transaction(async (tx) => {
      await lockCalendar(tx, space.id);
      await reconcileImportedBlocks(tx, space.id, now);
    });
    return { feedId, status: "unchanged" };
  }
  try {
    const stored = await db.transaction(async (tx) => {
      await lockCalendar(tx, space.id);
      const [still] = await tx.select({ id: calendarImportFeeds.id }).from(calendarImportFeeds).where(eq(calendarImportFeeds.id, feedId)).for("update");
      if (!still) return false; // removed by the host while it was being fetched
      await replaceFeedEvents(tx, feedId, space.id, fetched.events, now);
      await reconcileImportedBlocks(tx, space.id, now);
      await tx
        .update(calendarImportFeeds)
        .set({ name: fetched.name, lastSyncedAt: now, lastAttemptAt: now, lastError: null, lastErrorDetail: null, lastEventCount: fetched.events.length, etag: fetched.etag, lastModified: fetched.lastModified, nextSyncAt: next, claimedUntil: null })
        .where(eq(calendarImportFeeds.id, feedId));
      return true;
    });
    return stored ? { feedId, status: "synced", events: fetched.events.length } : { feedId, status: "gone" };
  } catch (error) {
    // An overlap refused by the database (a row written without the calendar lock): kept for the next run.
    if (!isOverlapRefusal(error)) throw error;
    await db.update(calendarImportFeeds).set({ lastAttemptAt: now, lastError: CALENDAR_SYNC_TEXT.busy, lastErrorDetail: null, nextSyncAt: new Date(now.getTime() + 60_000), claimedUntil: null }).where(eq(calendarImportFeeds.id, feedId));
    return { feedId, status: "failed", error: CALENDAR_SYNC_TEXT.busy };
  }
}

/**
 * The `ical-import` job: claims the feeds that are due (a lease, SKIP LOCKED, so two
 * workers never fetch the same feed) and syncs them a few at a time.
 */
export async function runIcalImport(db: Db, now: Date, fetchOptions: SafeFetchOptions = importFetchOptions()): Promise<{ synced: number; unchanged: number; failed: number }> {
  const { rows } = await db.execute<{ id: string }>(sql`
    update ${calendarImportFeeds} f
       set claimed_until = ${new Date(now.getTime() + CLAIM_MS).toISOString()}::timestamptz
     where f.id in (
       select id from ${calendarImportFeeds}
        where next_sync_at <= ${now.toISOString()}::timestamptz
          and (claimed_until is null or claimed_until <= ${now.toISOString()}::timestamptz)
        order by next_sync_at
        limit ${FEEDS_PER_RUN}
        for update skip locked)
    returning f.id`);
  const totals = { synced: 0, unchanged: 0, failed: 0 };
  const queue = rows.map((row) => row.id);
  const worker = async () => {
    for (let id = queue.shift(); id; id = queue.shift()) {
      try {
        const outcome = await syncImportFeed(db, id, now, fetchOptions);
        if (outcome.status === "synced") totals.synced += 1;
        else if (outcome.status === "unchanged") totals.unchanged += 1;
        else if (outcome.status === "failed") totals.failed += 1;
      } catch (error) {
        totals.failed += 1;
        logger.error({ err: error, feedId: id }, "calendar import could not be stored");
      }
    }
  };
  await Promise.all(Array.from({ length: FETCH_CONCURRENCY }, worker));
  return totals;
}
