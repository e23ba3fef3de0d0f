import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { spaces } from "./listings";

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * External calendars a host imports into a listing (issue #26 point 6, ADR 0203): up to
 * five .ics URLs per listing (an Airbnb or VRBO export), fetched by the `ical-import`
 * job every 30 minutes. `claimed_until` is a fetcher's lease, so two workers never fetch
 * the same feed at once.
 */
export const calendarImportFeeds = pgTable(
  "calendar_import_feeds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    spaceId: uuid("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    /** The calendar's own name (X-WR-CALNAME), when it gives one. */
    name: text("name"),
    /** The last fetch that was read and stored (null: never). */
    lastSyncedAt: ts("last_synced_at"),
    /** The last fetch, good or not. */
    lastAttemptAt: ts("last_attempt_at"),
    /** Why the last fetch was not stored (null after a good one); the events of the last good one stay. */
    lastError: text("last_error"),
    /**
     * `lastError` as data, { reason, values } (ADR 0299): the panel says it in the viewer's
     * language (features/calendar-sync/feed-problem.ts). Null with no error, or for a text
     * that is its own translatable id, or a row from before (its English is shown).
     */
    lastErrorDetail: jsonb("last_error_detail").$type<{ reason: string; values?: Record<string, string | number> }>(),
    lastEventCount: integer("last_event_count"),
    etag: text("etag"),
    lastModified: text("last_modified"),
    nextSyncAt: ts("next_sync_at").notNull().defaultNow(),
    claimedUntil: ts("claimed_until"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("calendar_import_feeds_space_url_key").on(t.spaceId, t.url),
    index("calendar_import_feeds_due_idx").on(t.nextSyncAt),
    check("calendar_import_feeds_url_check", sql`char_length(${t.url}) <= 2048 and ${t.url} ~ '^https?://'`),
    check("calendar_import_feeds_text_check", sql`char_length(${t.lastError}) <= 500 and char_length(${t.name}) <= 200`),
  ],
);

export const IMPORT_CONFLICT_KINDS = ["booking", "hold"] as const;

/**
 * The events of an imported calendar from its last good fetch, recurring events
 * expanded (one row per occurrence within the next two years). Their times are blocked
 * on the listing's calendar as `space_availability` rows marked `imported` (the union of
 * every feed's events, less bookings, holds and the host's own blocks); an event over a
 * booking or hold is kept here with that booking as its conflict, for the host to see.
 */
export const calendarImportEvents = pgTable(
  "calendar_import_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    feedId: uuid("feed_id")
      .notNull()
      .references(() => calendarImportFeeds.id, { onDelete: "cascade" }),
    spaceId: uuid("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    uid: text("uid").notNull(),
    /** The occurrence of a recurring event (its original start, ISO), '' for a single event. */
    recurrenceId: text("recurrence_id").notNull().default(""),
    startTime: ts("start_time").notNull(),
    endTime: ts("end_time").notNull(),
    allDay: boolean("all_day").notNull().default(false),
    summary: text("summary"),
    /** The booking (or hold) the event overlaps: shown to the host as a conflict. */
    conflictBookingId: uuid("conflict_booking_id"),
    conflictKind: text("conflict_kind", { enum: IMPORT_CONFLICT_KINDS }),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("calendar_import_events_key").on(t.feedId, t.uid, t.recurrenceId),
    index("calendar_import_events_space_idx").on(t.spaceId, t.startTime),
    check("calendar_import_events_time_order_check", sql`${t.endTime} > ${t.startTime}`),
    check("calendar_import_events_conflict_kind_check", sql`${t.conflictKind} is null or ${t.conflictKind} in ('booking', 'hold')`),
    check("calendar_import_events_text_check", sql`char_length(${t.uid}) <= 500 and char_length(${t.summary}) <= 200`),
  ],
);
