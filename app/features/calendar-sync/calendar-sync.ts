import { z } from "~/lib/zod";
import { translatable } from "~/features/i18n/translatable";

/** Calendar sync's rules and texts, shared by the panel and the server (issue #26 point 6, ADR 0203). Browser-safe. */

export const MAX_IMPORT_FEEDS = 5;
export const MAX_FEED_URL_LENGTH = 2048;
/** How often the `ical-import` job fetches each imported calendar. */
export const IMPORT_INTERVAL_MINUTES = 30;

export const CALENDAR_SYNC_TEXT = {
  urlRequired: translatable("Paste the address of the calendar to import."),
  // MAX_FEED_URL_LENGTH and MAX_IMPORT_FEEDS written out, so each text is one translatable literal.
  urlTooLong: translatable("That address is too long (2,048 characters at most)."),
  urlInvalid: translatable("Paste an address that starts with https:// (or webcal://), as Airbnb, VRBO or Google give it."),
  tooManyFeeds: translatable("A listing can import at most 5 calendars; remove one first."),
  duplicateFeed: translatable("This calendar is already imported."),
  feedNotFound: translatable("That imported calendar is no longer there."),
  listingNotFound: translatable("Listing not found."),
  signIn: translatable("Sign in to manage the listing's calendar."),
  badRequest: translatable("That request could not be understood."),
  saveFailed: translatable("The calendar could not be saved. Please try again."),
  busy: translatable("The listing's calendar changed while the import was being saved; it will be tried again."),
  busyAdding: translatable("The listing's calendar changed while the calendar was being imported; please try again."),
  // Stored as they are (calendar_import_feeds.last_error) and translated where shown.
  noCalendar: translatable("The server sent no calendar."),
  unreadable: translatable("The calendar could not be read."),
} as const;

/** A calendar address as pasted: trimmed; webcal:// (Apple, Airbnb) read as https://. */
export function normalizeFeedUrl(value: string): string {
  const trimmed = value.trim();
  return /^webcals?:\/\//i.test(trimmed) ? trimmed.replace(/^webcals?:\/\//i, "https://") : trimmed;
}

export const feedUrlSchema = z
  .string({ error: CALENDAR_SYNC_TEXT.urlRequired })
  .transform(normalizeFeedUrl)
  .pipe(
    z
      .string()
      .min(1, CALENDAR_SYNC_TEXT.urlRequired)
      .max(MAX_FEED_URL_LENGTH, CALENDAR_SYNC_TEXT.urlTooLong)
      .refine((value) => {
        try {
          const url = new URL(value);
          return (url.protocol === "https:" || url.protocol === "http:") && url.hostname.length > 0;
        } catch {
          return false;
        }
      }, CALENDAR_SYNC_TEXT.urlInvalid),
  );

/** The panel's three requests to POST /api/spaces/:spaceId/calendar-sync. */
export const calendarSyncActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("add"), url: feedUrlSchema }),
  z.object({ intent: z.literal("remove"), feedId: z.uuid({ error: CALENDAR_SYNC_TEXT.feedNotFound }) }),
  z.object({ intent: z.literal("regenerate") }),
]);

export type CalendarSyncAction = z.output<typeof calendarSyncActionSchema>;

export type ImportConflict = { eventId: string; summary: string | null; start: string; end: string; bookingId: string | null; kind: "booking" | "hold" };

export type ImportFeedView = {
  id: string;
  url: string;
  name: string | null;
  lastSyncedAt: string | null;
  lastAttemptAt: string | null;
  lastError: string | null;
  eventCount: number | null;
  conflicts: ImportConflict[];
};

/** What the host's calendar page gets from `loadCalendarSync` for the panel. */
export type CalendarSyncView = {
  spaceId: string;
  exportUrl: string;
  feeds: ImportFeedView[];
  maxFeeds: number;
  intervalMinutes: number;
};

/** What the action answers (JSON). */
export type CalendarSyncActionData = { ok: true; error: null; view: CalendarSyncView } | { ok: false; error: string; fieldErrors?: { url?: string } };
