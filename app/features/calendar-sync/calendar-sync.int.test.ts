import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { bookings, calendarImportEvents, calendarImportFeeds, spaceAvailability, spaces } from "~/db/schema/index";
import { parseCalendarFile } from "./ical-parse";
import { i18nFor, loadAllCatalogs, translate } from "~/features/i18n/i18n";
import {
  addImportFeed,
  CalendarSyncError,
  calendarFeedFile,
  loadCalendarSync,
  regenerateCalendarToken,
  removeImportFeed,
  runIcalImport,
  syncImportFeed,
} from "./calendar-sync.server";
import { createHost, createSpace } from "#tests/factories/listings";
import { createUser } from "#tests/factories/users";
import { startCalendarServer, type CalendarServer } from "#tests/setup/calendar-server";
import { createTestDatabase, type TestDatabase } from "#tests/setup/test-database";

/**
 * Calendar sync on the configured engine (PGlite, or PostgreSQL with TEST_DB_ENGINE=postgres):
 * imports from a local server serving Google, Airbnb and VRBO exports, the blocks and
 * conflicts they make, changes at the source, refusals that store nothing, the job's
 * claims, and the export feed.
 */
const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, "../../../tests/fixtures/calendars", name), "utf8");
const NOW = new Date("2027-01-01T00:00:00Z");
const local = { allowLoopback: true, timeoutMs: 2_000 };

let database: TestDatabase;
let server: CalendarServer;

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startCalendarServer();
  server.set("/airbnb.ics", fixture("airbnb.ics"));
  server.set("/vrbo.ics", fixture("vrbo.ics"));
  server.set("/google.ics", fixture("google.ics"));
});

afterAll(async () => {
  await server?.close();
  await database?.drop();
});

async function listing(overrides: Parameters<typeof createSpace>[1] = {}) {
  const host = await createHost(database.db);
  const space = await createSpace(database.db, { userId: host.id, timezone: "America/New_York", checkInTime: "15:00", checkOutTime: "11:00", rentalType: "space", dailyPrice: 10000, ...overrides });
  return { host, space };
}

/** A confirmed booking and its calendar row, written directly. */
async function confirmedBooking(spaceId: string, start: string, end: string) {
  const guest = await createUser(database.db, { signIn: false });
  const [booking] = await database.db
    .insert(bookings)
    .values({
      userId: guest.id,
      spaceId,
      startTime: new Date(start),
      endTime: new Date(end),
      pricingUnit: "day",
      rentalAmount: 10000,
      totalPrice: 11000,
      platformFeePercentage: 10,
      platformFeeAmount: 1000,
      status: "confirmed",
      payoutReleaseAt: new Date(end),
    })
    .returning();
  await database.db.insert(spaceAvailability).values({ spaceId, bookingId: booking!.id, kind: "booking", startTime: new Date(start), endTime: new Date(end) });
  return booking!;
}

async function calendarRows(spaceId: string) {
  const rows = await database.db.select().from(spaceAvailability).where(eq(spaceAvailability.spaceId, spaceId)).orderBy(spaceAvailability.startTime);
  return rows.map((row) => ({ kind: row.kind, imported: row.imported, start: row.startTime.toISOString(), end: row.endTime.toISOString() }));
}

async function storedFeeds(spaceId: string) {
  return database.db.select().from(calendarImportFeeds).where(eq(calendarImportFeeds.spaceId, spaceId));
}

describe("import", () => {
  it("an Airbnb calendar becomes blocks, from check-in to check-out, with its last sync shown", async () => {
    const { host, space } = await listing();
    const result = await addImportFeed(database.db, { hostId: host.id, spaceId: space.id, url: server.url("/airbnb.ics"), now: NOW, fetchOptions: local });
    expect(result.ok).toBe(true);
    expect(await calendarRows(space.id)).toEqual([
      { kind: "blocked", imported: true, start: "2027-01-10T20:00:00.000Z", end: "2027-01-15T16:00:00.000Z" },
      { kind: "blocked", imported: true, start: "2027-02-01T20:00:00.000Z", end: "2027-02-05T16:00:00.000Z" },
      { kind: "blocked", imported: true, start: "2027-02-27T20:00:00.000Z", end: "2027-03-02T16:00:00.000Z" },
    ]);
    const view = await loadCalendarSync(database.db, host.id, space.id);
    expect(view.feeds).toHaveLength(1);
    expect(view.feeds[0]).toMatchObject({ url: server.url("/airbnb.ics"), lastSyncedAt: NOW.toISOString(), lastError: null, eventCount: 3, conflicts: [] });
    expect(view.exportUrl).toMatch(new RegExp(`/api/spaces/${space.id}/calendar/[A-Za-z0-9_-]{43}\\.ics$`));
  });

  it("Google (recurring, VTIMEZONE) and VRBO calendars together: one union of blocks, less the host's own block, never overlapping", async () => {
    const { host, space } = await listing({ checkInTime: null, checkOutTime: null, timezone: "America/New_York" });
    // The host's own block over part of the VRBO reservation (20–24 January).
    await database.db.insert(spaceAvailability).values({ spaceId: space.id, kind: "blocked", startTime: new Date("2027-01-21T05:00:00Z"), endTime: new Date("2027-01-22T05:00:00Z"), note: "Painting" });
    for (const file of ["/google.ics", "/vrbo.ics"]) {
      const result = await addImportFeed(database.db, { hostId: host.id, spaceId: space.id, url: server.url(file), now: NOW, fetchOptions: local });
      expect(result).toMatchObject({ ok: true });
    }
    const rows = await calendarRows(space.id);
    // VRBO's reservation is cut around the host's block.
    expect(rows.filter((row) => row.start.startsWith("2027-01-2"))).toEqual([
      { kind: "blocked", imported: true, start: "2027-01-20T05:00:00.000Z", end: "2027-01-21T05:00:00.000Z" },
      { kind: "blocked", imported: false, start: "2027-01-21T05:00:00.000Z", end: "2027-01-22T05:00:00.000Z" },
      { kind: "blocked", imported: true, start: "2027-01-22T05:00:00.000Z", end: "2027-01-24T05:00:00.000Z" },
    ]);
    // The weekly class: 6 Mondays less the EXDATE; the moved one at 19:00 EDT.
    expect(rows.filter((row) => row.start.startsWith("2027-03-2"))).toEqual([
      { kind: "blocked", imported: true, start: "2027-03-22T23:00:00.000Z", end: "2027-03-23T01:00:00.000Z" },
      { kind: "blocked", imported: true, start: "2027-03-29T22:00:00.000Z", end: "2027-03-30T00:00:00.000Z" },
    ]);
    const view = await loadCalendarSync(database.db, host.id, space.id);
    expect(view.feeds.map((feed) => [feed.name, feed.eventCount])).toEqual([
      ["Loft – studio bookings", 7],
      ["VRBO #4321987", 2],
    ]);
  });

  it("an event over a booking is a conflict the host sees; the rest of its time is still blocked", async () => {
    const { host, space } = await listing();
    const booking = await confirmedBooking(space.id, "2027-01-12T20:00:00Z", "2027-01-13T16:00:00Z");
    const result = await addImportFeed(database.db, { hostId: host.id, spaceId: space.id, url: server.url("/airbnb.ics"), now: NOW, fetchOptions: local });
    expect(result.ok).toBe(true);
    const rows = await calendarRows(space.id);
    expect(rows.slice(0, 3)).toEqual([
      { kind: "blocked", imported: true, start: "2027-01-10T20:00:00.000Z", end: "2027-01-12T20:00:00.000Z" },
      { kind: "booking", imported: false, start: "2027-01-12T20:00:00.000Z", end: "2027-01-13T16:00:00.000Z" },
      { kind: "blocked", imported: true, start: "2027-01-13T16:00:00.000Z", end: "2027-01-15T16:00:00.000Z" },
    ]);
    const view = await loadCalendarSync(database.db, host.id, space.id);
    expect(view.feeds[0]!.conflicts).toEqual([
      expect.objectContaining({ summary: "Reserved", bookingId: booking.id, kind: "booking", start: "2027-01-10T20:00:00.000Z", end: "2027-01-15T16:00:00.000Z" }),
    ]);
    // The booking is cancelled: the next sync blocks the whole stay and the conflict goes.
    await database.db.update(bookings).set({ status: "cancelled" }).where(eq(bookings.id, booking.id));
    await database.db.delete(spaceAvailability).where(eq(spaceAvailability.bookingId, booking.id));
    const [feed] = await storedFeeds(space.id);
    await syncImportFeed(database.db, feed!.id, new Date(NOW.getTime() + 31 * 60_000), local);
    expect((await calendarRows(space.id))[0]).toEqual({ kind: "blocked", imported: true, start: "2027-01-10T20:00:00.000Z", end: "2027-01-15T16:00:00.000Z" });
    expect((await loadCalendarSync(database.db, host.id, space.id)).feeds[0]!.conflicts).toEqual([]);
  });

  it("changes at the source are followed: a moved event moves its block, a removed one frees it; a failed fetch keeps the last good events", async () => {
    const { host, space } = await listing();
    server.set("/changing.ics", fixture("airbnb.ics"));
    const added = await addImportFeed(database.db, { hostId: host.id, spaceId: space.id, url: server.url("/changing.ics"), now: NOW, fetchOptions: local });
    const feedId = (added as { feedId: string }).feedId;
    const later = new Date(NOW.getTime() + 31 * 60_000);
    server.set(
      "/changing.ics",
      fixture("airbnb.ics")
        .replace("DTEND;VALUE=DATE:20270115\r\nDTSTART;VALUE=DATE:20270110", "DTEND;VALUE=DATE:20270118\r\nDTSTART;VALUE=DATE:20270116")
        .replace(/BEGIN:VEVENT\r\nDTEND;VALUE=DATE:20270205[\s\S]*?END:VEVENT\r\n/, ""),
    );
    expect(await syncImportFeed(database.db, feedId, later, local)).toMatchObject({ status: "synced", events: 2 });
    expect((await calendarRows(space.id)).map((row) => row.start)).toEqual(["2027-01-16T20:00:00.000Z", "2027-02-27T20:00:00.000Z"]);

    // The source breaks: the error is shown, the blocks stay.
    server.set("/changing.ics", "<html>Temporarily unavailable</html>");
    const failed = await syncImportFeed(database.db, feedId, new Date(later.getTime() + 31 * 60_000), local);
    expect(failed).toMatchObject({ status: "failed" });
    const [feed] = await storedFeeds(space.id);
    expect(feed!.lastError).toContain("not an iCalendar");
    expect(feed!.lastSyncedAt!.toISOString()).toBe(later.toISOString());
    expect(await calendarRows(space.id)).toHaveLength(2);
    expect((await loadCalendarSync(database.db, host.id, space.id)).feeds[0]!.lastError).toContain("not an iCalendar");
    // Stored as data too (ADR 0299), so a host reading in Spanish or Arabic reads it in theirs (issue #31).
    expect(feed!.lastErrorDetail).toEqual({ reason: "no_begin" });
    expect((await loadCalendarSync(database.db, host.id, space.id, await say("es"))).feeds[0]!.lastError).toBe("No es un archivo iCalendar (.ics): no empieza por BEGIN:VCALENDAR.");
    expect((await loadCalendarSync(database.db, host.id, space.id, await say("ar"))).feeds[0]!.lastError).toBe("هذا ليس ملف iCalendar (.ics)‏: لا يبدأ بـ BEGIN:VCALENDAR.");
    // A row stored before the detail existed keeps its English sentence.
    await database.db.update(calendarImportFeeds).set({ lastErrorDetail: null }).where(eq(calendarImportFeeds.id, feedId));
    expect((await loadCalendarSync(database.db, host.id, space.id, await say("es"))).feeds[0]!.lastError).toContain("not an iCalendar");

    // Unchanged since the last fetch (ETag): 304, nothing rewritten.
    server.set("/changing.ics", fixture("vrbo.ics"));
    await syncImportFeed(database.db, feedId, new Date(later.getTime() + 62 * 60_000), local);
    const before = await database.db.select().from(calendarImportEvents).where(eq(calendarImportEvents.feedId, feedId));
    expect(await syncImportFeed(database.db, feedId, new Date(later.getTime() + 93 * 60_000), local)).toMatchObject({ status: "unchanged" });
    const after = await database.db.select().from(calendarImportEvents).where(eq(calendarImportEvents.feedId, feedId));
    expect(after).toEqual(before);
    expect((await storedFeeds(space.id))[0]!.lastError).toBeNull();
  });

  it("removing a calendar removes its events and the blocks only it kept; the host's block stays", async () => {
    const { host, space } = await listing();
    await database.db.insert(spaceAvailability).values({ spaceId: space.id, kind: "blocked", startTime: new Date("2027-06-01T00:00:00Z"), endTime: new Date("2027-06-02T00:00:00Z") });
    const a = await addImportFeed(database.db, { hostId: host.id, spaceId: space.id, url: server.url("/airbnb.ics"), now: NOW, fetchOptions: local });
    const v = await addImportFeed(database.db, { hostId: host.id, spaceId: space.id, url: server.url("/vrbo.ics"), now: NOW, fetchOptions: local });
    expect((await calendarRows(space.id)).filter((row) => row.imported)).toHaveLength(5);
    const stranger = await createHost(database.db);
    await expect(removeImportFeed(database.db, { hostId: stranger.id, spaceId: space.id, feedId: (a as { feedId: string }).feedId, now: NOW })).rejects.toThrow(CalendarSyncError);
    expect(await removeImportFeed(database.db, { hostId: host.id, spaceId: space.id, feedId: (a as { feedId: string }).feedId, now: NOW })).toEqual({ ok: true });
    const rows = await calendarRows(space.id);
    expect(rows.filter((row) => row.imported)).toHaveLength(2);
    expect(rows.filter((row) => !row.imported)).toHaveLength(1);
    expect(await database.db.select().from(calendarImportEvents).where(eq(calendarImportEvents.spaceId, space.id))).toHaveLength(2);
    expect(await removeImportFeed(database.db, { hostId: host.id, spaceId: space.id, feedId: (a as { feedId: string }).feedId, now: NOW })).toMatchObject({ ok: false, status: 404 });
    expect((v as { ok: boolean }).ok).toBe(true);
  });

  it("stores summaries and UIDs with quotes, backslashes, commas and braces as they are", async () => {
    const { host, space } = await listing();
    server.set(
      "/odd.ics",
      'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:odd"{1,2}\\\\x@example.test\r\nDTSTART:20270301T100000Z\r\nDTEND:20270301T110000Z\r\nSUMMARY:Say "hi"\\, {NULL} \\\\ back – ünï\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nUID:NULL\r\nDTSTART:20270302T100000Z\r\nDTEND:20270302T110000Z\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n',
    );
    expect((await addImportFeed(database.db, { hostId: host.id, spaceId: space.id, url: server.url("/odd.ics"), now: NOW, fetchOptions: local })).ok).toBe(true);
    const events = await database.db.select().from(calendarImportEvents).where(eq(calendarImportEvents.spaceId, space.id)).orderBy(calendarImportEvents.startTime);
    expect(events.map((e) => [e.uid, e.summary])).toEqual([
      ['odd"{1,2}\\x@example.test', 'Say "hi", {NULL} \\ back – ünï'],
      ["NULL", null],
    ]);
  });

  it("an event under way is cut around a block that ended before now (no overlap with past rows)", async () => {
    const { host, space } = await listing();
    await database.db.insert(spaceAvailability).values({ spaceId: space.id, kind: "blocked", startTime: new Date("2026-12-29T00:00:00Z"), endTime: new Date("2026-12-31T12:00:00Z") });
    server.set("/under-way.ics", "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:now\r\nDTSTART:20261231T000000Z\r\nDTEND:20270102T000000Z\r\nSUMMARY:Under way\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n");
    expect(await addImportFeed(database.db, { hostId: host.id, spaceId: space.id, url: server.url("/under-way.ics"), now: NOW, fetchOptions: local })).toMatchObject({ ok: true });
    expect((await calendarRows(space.id)).map((row) => [row.imported, row.start, row.end])).toEqual([
      [false, "2026-12-29T00:00:00.000Z", "2026-12-31T12:00:00.000Z"],
      [true, "2026-12-31T12:00:00.000Z", "2027-01-02T00:00:00.000Z"],
    ]);
  });

  it("a listing of several units: imported blocks take every unit, as the host's blocks do", async () => {
    const { host, space } = await listing({ quantity: 5, rentalType: "equipment" });
    await addImportFeed(database.db, { hostId: host.id, spaceId: space.id, url: server.url("/vrbo.ics"), now: NOW, fetchOptions: local });
    const rows = await database.db.select().from(spaceAvailability).where(eq(spaceAvailability.spaceId, space.id));
    expect(rows.map((row) => [row.units, row.shared, row.imported])).toEqual([
      [5, true, true],
      [5, true, true],
    ]);
  });
});

describe("refusals store nothing", () => {
  let host: { id: string };
  let spaceId: string;

  beforeEach(async () => {
    const made = await listing();
    host = made.host;
    spaceId = made.space.id;
  });

  async function refused(url: string, fetchOptions: Parameters<typeof addImportFeed>[1]["fetchOptions"] = local) {
    const result = await addImportFeed(database.db, { hostId: host.id, spaceId, url, now: NOW, fetchOptions });
    expect(result.ok).toBe(false);
    expect(await storedFeeds(spaceId)).toHaveLength(0);
    expect(await database.db.select().from(spaceAvailability).where(eq(spaceAvailability.spaceId, spaceId))).toHaveLength(0);
    return result as { ok: false; status: number; error: string };
  }

  it.each([
    ["http://127.0.0.1:9/calendar.ics", "loopback"],
    ["http://169.254.169.254/latest/meta-data/", "link-local"],
    ["http://10.1.2.3/calendar.ics", "private"],
    ["http://[::1]/calendar.ics", "loopback"],
  ])("%s (loopback not allowed)", async (url, words) => {
    const result = await refused(url, { timeoutMs: 2_000 });
    expect(result.status).toBe(422);
    expect(result.error).toContain(words);
  });

  it("a name that resolves to 127.0.0.1", async () => {
    const result = await refused(`http://calendar.attacker.test:${server.port}/airbnb.ics`, { timeoutMs: 2_000, resolve: async () => [{ address: "127.0.0.1", family: 4 }] });
    expect(result.error).toContain("127.0.0.1");
  });

  it("a feed that redirects to the metadata address or a private one", async () => {
    expect((await refused(server.url("/to-metadata"))).error).toContain("169.254.169.254");
    expect((await refused(server.url("/to-private"))).error).toContain("192.168.1.20");
  });

  it("a 50 MB feed, a never-ending feed, a feed that never answers", async () => {
    expect((await refused(server.url("/huge"))).error).toContain("larger than 1 MB");
    expect((await refused(server.url("/endless"))).error).toContain("larger than 1 MB");
    const started = Date.now();
    expect((await refused(server.url("/hang"), { allowLoopback: true, timeoutMs: 500 })).error).toContain("did not send the calendar");
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it("hostile and malformed calendars", async () => {
    server.set("/rrule.ics", "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:x\r\nDTSTART:20270101T000000Z\r\nDURATION:PT1M\r\nRRULE:FREQ=MINUTELY;COUNT=2000000000\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n");
    expect((await refused(server.url("/rrule.ics"))).error).toContain("more than 5,000 events");
    server.set("/zone.ics", "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:z\r\nDTSTART;TZID=Atlantis/Capital:20270301T100000\r\nDTEND;TZID=Atlantis/Capital:20270301T110000\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n");
    expect((await refused(server.url("/zone.ics"))).error).toContain('"Atlantis/Capital"');
    server.set("/junk.ics", "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART:2027");
    expect((await refused(server.url("/junk.ics"))).error).toContain("malformed");
    expect((await refused(server.url("/missing.ics"))).error).toContain("404");
  });

  it("more than 20 tries in 10 minutes are refused before fetching (429)", async () => {
    for (let i = 0; i < 20; i += 1) expect((await refused(`http://10.0.0.${i + 1}/calendar.ics`, { timeoutMs: 2_000 })).status).toBe(422);
    const result = await refused(server.url("/airbnb.ics"));
    expect(result.status).toBe(429);
    expect(result.error).toMatch(/^Too many calendars tried; try again in \d+ minutes?\.$/);
  });

  it("another host's listing reads as a missing one", async () => {
    const stranger = await createHost(database.db);
    for (const id of [spaceId, "00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
      const error = await addImportFeed(database.db, { hostId: stranger.id, spaceId: id, url: server.url("/airbnb.ics"), now: NOW, fetchOptions: local }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(CalendarSyncError);
      expect((error as CalendarSyncError).status).toBe(404);
      await expect(loadCalendarSync(database.db, stranger.id, id)).rejects.toMatchObject({ status: 404 });
    }
    expect(await storedFeeds(spaceId)).toHaveLength(0);
  });

  it("more than five calendars, and the same one twice", async () => {
    for (let i = 0; i < 5; i += 1) {
      server.set(`/five-${i}.ics`, fixture("vrbo.ics").replace(/UID:/g, `UID:${i}-`));
      expect((await addImportFeed(database.db, { hostId: host.id, spaceId, url: server.url(`/five-${i}.ics`), now: NOW, fetchOptions: local })).ok).toBe(true);
    }
    server.set("/sixth.ics", fixture("airbnb.ics"));
    const sixth = await addImportFeed(database.db, { hostId: host.id, spaceId, url: server.url("/sixth.ics"), now: NOW, fetchOptions: local });
    expect(sixth).toMatchObject({ ok: false, status: 409, error: "A listing can import at most 5 calendars; remove one first." });
    expect(server.hits("/sixth.ics")).toBe(0); // refused before any fetch
    const again = await addImportFeed(database.db, { hostId: host.id, spaceId, url: server.url("/five-0.ics"), now: NOW, fetchOptions: local });
    expect(again).toMatchObject({ ok: false, status: 409, error: "This calendar is already imported." });
    expect(await storedFeeds(spaceId)).toHaveLength(5);
  });
});

describe("the ical-import job", () => {
  it("fetches each due feed once, even when two workers run at the same moment, and again 30 minutes later", async () => {
    const { host, space } = await listing();
    server.set("/job-a.ics", fixture("airbnb.ics"));
    server.set("/job-b.ics", fixture("vrbo.ics"));
    await addImportFeed(database.db, { hostId: host.id, spaceId: space.id, url: server.url("/job-a.ics"), now: NOW, fetchOptions: local });
    await addImportFeed(database.db, { hostId: host.id, spaceId: space.id, url: server.url("/job-b.ics"), now: NOW, fetchOptions: local });
    // Other tests' feeds may be due too; only this listing's requests are counted.
    expect(await runIcalImport(database.db, new Date(NOW.getTime() + 10 * 60_000), local)).toMatchObject({ synced: 0, unchanged: 0, failed: 0 });
    const due = new Date(NOW.getTime() + 30 * 60_000);
    const [one, two] = await Promise.all([runIcalImport(database.db, due, local), runIcalImport(database.db, due, local)]);
    expect(server.hits("/job-a.ics")).toBe(2); // the add, then one of the two runs
    expect(server.hits("/job-b.ics")).toBe(2);
    expect(one.synced + one.unchanged + two.synced + two.unchanged).toBeGreaterThanOrEqual(2);
    const feeds = await storedFeeds(space.id);
    expect(feeds.every((feed) => feed.nextSyncAt.getTime() === due.getTime() + 30 * 60_000 && feed.claimedUntil === null)).toBe(true);
  });
});

describe("the job as scheduled", () => {
  it("`ical-import` is in the job list and fetches with the configured rules (loopback refused unless CALENDAR_IMPORT_ALLOW_PRIVATE)", async () => {
    const { backgroundJob } = await import("~/features/jobs/background-jobs.server");
    const job = backgroundJob("ical-import")!;
    expect(job.intervalMs).toBe(5 * 60_000);
    const { host, space } = await listing();
    server.set("/scheduled.ics", fixture("vrbo.ics"));
    const added = await addImportFeed(database.db, { hostId: host.id, spaceId: space.id, url: server.url("/scheduled.ics"), now: NOW, fetchOptions: local });
    const feedId = (added as { feedId: string }).feedId;
    // Far in the future, so this feed is due; the configured rules refuse its loopback address.
    const later = new Date("2030-01-01T00:00:00Z");
    await job.run(database.db, later);
    const [feed] = await database.db.select().from(calendarImportFeeds).where(eq(calendarImportFeeds.id, feedId));
    expect(feed!.lastError).toContain("loopback");
    // Its values are kept: the host reads the address and its kind in Arabic (issue #31).
    expect(feed!.lastErrorDetail).toMatchObject({ reason: "blocked", values: { range: "loopback" } });
    const arabic = (await loadCalendarSync(database.db, host.id, space.id, await say("ar"))).feeds.find((view) => view.id === feedId)!.lastError;
    expect(arabic).toMatch(/^127\.0\.0\.1 عنوان استرجاع محلي \(127\.0\.0\.1\)؛ لا يمكن الجلب إلا من العناوين العامة\.$/);
    expect(feed!.lastAttemptAt!.toISOString()).toBe(later.toISOString());
    expect(feed!.nextSyncAt.toISOString()).toBe("2030-01-01T00:30:00.000Z");
    expect(await database.db.select().from(calendarImportEvents).where(eq(calendarImportEvents.feedId, feedId))).toHaveLength(2);
  });
});

describe("export", () => {
  it("the secret feed lists bookings and the host's blocks, never holds, imported blocks, names or notes; a new token retires the old URL", async () => {
    const { host, space } = await listing({ title: "Harbour loft" });
    const booking = await confirmedBooking(space.id, "2027-02-10T20:00:00Z", "2027-02-12T16:00:00Z");
    await database.db.insert(spaceAvailability).values([
      { spaceId: space.id, kind: "blocked", startTime: new Date("2027-03-01T00:00:00Z"), endTime: new Date("2027-03-02T00:00:00Z"), note: "Plumber – private" },
      { spaceId: space.id, kind: "hold", startTime: new Date("2027-04-01T10:00:00Z"), endTime: new Date("2027-04-01T12:00:00Z"), expiresAt: new Date("2027-01-01T00:15:00Z") },
    ]);
    await addImportFeed(database.db, { hostId: host.id, spaceId: space.id, url: server.url("/vrbo.ics"), now: NOW, fetchOptions: local });
    const view = await loadCalendarSync(database.db, host.id, space.id);
    const token = /calendar\/([^/]+)\.ics$/.exec(view.exportUrl)![1]!;
    const file = await calendarFeedFile(database.db, space.id, token, NOW);
    expect(file).not.toBeNull();
    expect(file).toContain("X-WR-CALNAME:Rentwell – Harbour loft");
    expect(file).toContain("SUMMARY:Booked – Rentwell");
    expect(file).toContain(`UID:booking-${booking.id}@rentwell`);
    expect(file).toContain("SUMMARY:Blocked");
    expect(file).not.toContain("Plumber");
    expect(file!.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    // Read back by the same parser the import uses: two events at the right times.
    const parsed = await parseCalendarFile(file!, { timeZone: "UTC", now: NOW });
    expect(parsed.events.map((e) => [e.start.toISOString(), e.end.toISOString()])).toEqual([
      ["2027-02-10T20:00:00.000Z", "2027-02-12T16:00:00.000Z"],
      ["2027-03-01T00:00:00.000Z", "2027-03-02T00:00:00.000Z"],
    ]);

    expect(await calendarFeedFile(database.db, space.id, "A".repeat(43), NOW)).toBeNull();
    expect(await calendarFeedFile(database.db, space.id, `${token}x`, NOW)).toBeNull();
    expect(await calendarFeedFile(database.db, "not-a-uuid", token, NOW)).toBeNull();
    const fresh = await regenerateCalendarToken(database.db, host.id, space.id);
    expect(fresh).not.toBe(view.exportUrl);
    expect(await calendarFeedFile(database.db, space.id, token, NOW)).toBeNull();
    const newToken = /calendar\/([^/]+)\.ics$/.exec(fresh)![1]!;
    expect(await calendarFeedFile(database.db, space.id, newToken, NOW)).toContain("BEGIN:VCALENDAR");
    const stranger = await createHost(database.db);
    await expect(regenerateCalendarToken(database.db, stranger.id, space.id)).rejects.toMatchObject({ status: 404 });
    expect((await database.db.select({ token: spaces.calendarToken }).from(spaces).where(eq(spaces.id, space.id)))[0]!.token).toBe(newToken);
  });

  it("an empty listing has a valid empty calendar", async () => {
    const { host, space } = await listing();
    const view = await loadCalendarSync(database.db, host.id, space.id);
    const token = /calendar\/([^/]+)\.ics$/.exec(view.exportUrl)![1]!;
    const file = await calendarFeedFile(database.db, space.id, token, NOW);
    expect((await parseCalendarFile(file!, { timeZone: "UTC", now: NOW })).events).toEqual([]);
  });
});

/** A language's `_` and locale, as the calendar page's loader passes them. */
async function say(locale: "es" | "ar") {
  await loadAllCatalogs(locale);
  const i18n = i18nFor(locale);
  return { _: (text: Parameters<typeof translate>[1]) => translate(i18n, text), locale };
}
