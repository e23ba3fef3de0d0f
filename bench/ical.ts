/**
 * Calendar import speed and memory (issue #26 point 6, ADR 0203). Serves a generated
 * 2 000-event calendar (Airbnb-style all-day stays, Google-style timed events in a
 * VTIMEZONE, weekly RRULEs with EXDATEs and RECURRENCE-ID overrides; about 0.5 MB) from a
 * local HTTP server and imports it into a listing that already has 300 bookings, as the
 * `ical-import` job does: safe fetch, ical.js parse and expansion, then one transaction
 * that writes the events and the listing's imported blocks. Prints
 *
 *   parser alone: p50 X ms                         (the baseline, same text, in memory)
 *   first import: p50 X ms, max Y ms = N × the parser alone (parser S % of it)
 *   re-sync, 10 % of events moved: …   re-sync, not modified (304): …
 *   memory: RSS +X MB, heap +Y MB during an import (goal ≤ 50 MB)
 *
 *   npm run bench:ical                      (embedded PGlite)
 *   BENCH_DB_ENGINE=postgres npm run bench:ical   (scratch database next to BENCH_DATABASE_URL)
 *
 * Exits non-zero when a goal is missed: a first import over 2 s, or memory rising over 50 MB.
 */
import { eq } from "drizzle-orm";
import { bookings, calendarImportEvents, spaceAvailability } from "~/db/schema/index";
import { addImportFeed, syncImportFeed } from "~/features/calendar-sync/calendar-sync.server";
import { parseCalendarFile } from "~/features/calendar-sync/ical-parse";
import { openDatabase, runMigrations, type Database } from "~/lib/db.server";
import { createHost, createSpace } from "#tests/factories/listings";
import { createUser } from "#tests/factories/users";
import { startCalendarServer } from "#tests/setup/calendar-server";
import { createScratchPostgres } from "#tests/setup/test-database";

process.env.LOG_LEVEL = "error";
const EVENTS = 2_000;
const RUNS = 5;
const GOAL_MS = 2_000;
const GOAL_MB = 50;
const NOW = new Date("2027-01-01T00:00:00Z");
const fetchOptions = { allowLoopback: true, timeoutMs: 10_000 };

const ZONE = [
  "BEGIN:VTIMEZONE",
  "TZID:America/New_York",
  "BEGIN:DAYLIGHT",
  "TZOFFSETFROM:-0500",
  "TZOFFSETTO:-0400",
  "TZNAME:EDT",
  "DTSTART:19700308T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU",
  "END:DAYLIGHT",
  "BEGIN:STANDARD",
  "TZOFFSETFROM:-0400",
  "TZOFFSETTO:-0500",
  "TZNAME:EST",
  "DTSTART:19701101T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU",
  "END:STANDARD",
  "END:VTIMEZONE",
].join("\r\n");

const pad = (n: number) => String(n).padStart(2, "0");
const day = (offset: number) => {
  const d = new Date(NOW.getTime() + offset * 86_400_000);
  return `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}`;
};

/** 2 000 occurrences: 1 000 stays, 800 timed events, 20 weekly series of 10 (with an EXDATE and an override each). */
function generateFeed(shift = 0): string {
  const lines = ["BEGIN:VCALENDAR", "PRODID:-//Rentwell bench//EN", "VERSION:2.0", "CALSCALE:GREGORIAN", "METHOD:PUBLISH", "X-WR-CALNAME:Bench calendar", ZONE];
  for (let i = 0; i < 1_000; i += 1) {
    const start = (i * 0.7 + (i % 10 === 0 ? shift : 0)) | 0;
    lines.push("BEGIN:VEVENT", `DTEND;VALUE=DATE:${day(start + 2)}`, `DTSTART;VALUE=DATE:${day(start)}`, `UID:stay-${i}-1418fb94e984@airbnb.com`, i % 3 ? "SUMMARY:Reserved" : "SUMMARY:Airbnb (Not available)", "DESCRIPTION:Reservation URL: https://www.airbnb.com/hosting/reservations/details/HM" + String(100000 + i) + "\\nPhone Number (Last 4 Digits): 1234", "END:VEVENT");
  }
  for (let i = 0; i < 800; i += 1) {
    const hour = 8 + (i % 10);
    const date = day(1 + (i % 700) + (i % 10 === 0 ? shift : 0));
    lines.push("BEGIN:VEVENT", `DTSTART;TZID=America/New_York:${date}T${pad(hour)}0000`, `DTEND;TZID=America/New_York:${date}T${pad(hour + 2)}0000`, `DTSTAMP:20261215T093000Z`, `UID:timed-${i}@google.com`, "STATUS:CONFIRMED", "TRANSP:OPAQUE", `SUMMARY:Shoot ${i}`, "END:VEVENT");
  }
  for (let i = 0; i < 20; i += 1) {
    const first = day(3 + i * 30);
    const moved = day(3 + i * 30 + 14);
    lines.push(
      "BEGIN:VEVENT",
      `DTSTART;TZID=America/New_York:${first}T180000`,
      `DTEND;TZID=America/New_York:${first}T200000`,
      "RRULE:FREQ=WEEKLY;COUNT=11",
      `EXDATE;TZID=America/New_York:${day(3 + i * 30 + 7)}T180000`,
      `UID:series-${i}@google.com`,
      `SUMMARY:Weekly class ${i}`,
      "END:VEVENT",
      "BEGIN:VEVENT",
      `RECURRENCE-ID;TZID=America/New_York:${moved}T180000`,
      `DTSTART;TZID=America/New_York:${moved}T190000`,
      `DTEND;TZID=America/New_York:${moved}T210000`,
      `UID:series-${i}@google.com`,
      `SUMMARY:Weekly class ${i} (moved)`,
      "END:VEVENT",
    );
  }
  lines.push("END:VCALENDAR", "");
  return lines.join("\r\n");
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const mb = (bytes: number) => (bytes / (1024 * 1024)).toFixed(1);

async function openBenchDatabase(): Promise<{ database: Database; drop: () => Promise<void>; engine: string }> {
  if (process.env.BENCH_DB_ENGINE === "postgres") {
    process.env.TEST_DATABASE_URL ??= process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
    const scratch = await createScratchPostgres("rentwell_bench_ical");
    const database = await openDatabase({ engine: "postgres", url: scratch.url, max: 4 });
    await runMigrations(database);
    return { database, engine: "PostgreSQL", drop: async () => (await database.close(), await scratch.drop()) };
  }
  const database = await openDatabase({ engine: "pglite" });
  await runMigrations(database);
  return { database, engine: "PGlite", drop: () => database.close() };
}

/** A listing with 300 one-night bookings over the next two years (so the import has conflicts and gaps to work around). */
async function listingWithBookings(db: Database["db"]) {
  const host = await createHost(db);
  const space = await createSpace(db, { userId: host.id, timezone: "America/New_York", rentalType: "space", dailyPrice: 10000, checkInTime: "15:00", checkOutTime: "11:00" });
  const guest = await createUser(db, { signIn: false });
  const rows = Array.from({ length: 300 }, (_, i) => {
    const start = new Date(NOW.getTime() + (i * 2.4 + 0.5) * 86_400_000);
    return { start, end: new Date(start.getTime() + 20 * 3_600_000) };
  });
  const made = await db
    .insert(bookings)
    .values(rows.map((r) => ({ userId: guest.id, spaceId: space.id, startTime: r.start, endTime: r.end, pricingUnit: "day" as const, rentalAmount: 10000, totalPrice: 11000, platformFeePercentage: 10, platformFeeAmount: 1000, status: "confirmed" as const, payoutReleaseAt: r.end })))
    .returning({ id: bookings.id, startTime: bookings.startTime, endTime: bookings.endTime });
  await db.insert(spaceAvailability).values(made.map((b) => ({ spaceId: space.id, bookingId: b.id, kind: "booking" as const, startTime: b.startTime, endTime: b.endTime })));
  return { host, space };
}

async function main() {
  const text = generateFeed();
  const moved = generateFeed(3);
  const server = await startCalendarServer();
  server.set("/bench.ics", text);
  const { database, drop, engine } = await openBenchDatabase();
  const { db } = database;
  try {
    const parsed = await parseCalendarFile(text, { timeZone: "America/New_York", checkInTime: "15:00", checkOutTime: "11:00", now: NOW });
    console.log(`feed: ${parsed.events.length} events, ${(Buffer.byteLength(text) / 1024).toFixed(0)} KB; ${engine}`);
    if (parsed.events.length !== EVENTS) throw new Error(`the generated feed has ${parsed.events.length} events, not ${EVENTS}`);

    // Baseline: the parser alone on the same text (ical.js parse and expansion, no fetch, no database).
    const parserMs: number[] = [];
    for (let i = 0; i < RUNS + 2; i += 1) {
      const started = performance.now();
      await parseCalendarFile(text, { timeZone: "America/New_York", checkInTime: "15:00", checkOutTime: "11:00", now: NOW });
      if (i >= 2) parserMs.push(performance.now() - started);
    }

    // Warm-up import (JIT, prepared statements), not measured.
    {
      const { host, space } = await listingWithBookings(db);
      await addImportFeed(db, { hostId: host.id, spaceId: space.id, url: server.url("/bench.ics"), now: NOW, fetchOptions });
    }

    const importMs: number[] = [];
    const rssRise: number[] = [];
    const heapRise: number[] = [];
    let last: { host: { id: string }; space: { id: string }; feedId: string } | null = null;
    for (let i = 0; i < RUNS; i += 1) {
      const { host, space } = await listingWithBookings(db);
      (globalThis as { gc?: () => void }).gc?.();
      const before = process.memoryUsage();
      let peakRss = before.rss;
      let peakHeap = before.heapUsed;
      const sampler = setInterval(() => {
        const now = process.memoryUsage();
        peakRss = Math.max(peakRss, now.rss);
        peakHeap = Math.max(peakHeap, now.heapUsed);
      }, 5);
      const started = performance.now();
      const result = await addImportFeed(db, { hostId: host.id, spaceId: space.id, url: server.url("/bench.ics"), now: NOW, fetchOptions });
      importMs.push(performance.now() - started);
      clearInterval(sampler);
      const after = process.memoryUsage();
      peakRss = Math.max(peakRss, after.rss);
      peakHeap = Math.max(peakHeap, after.heapUsed);
      rssRise.push(peakRss - before.rss);
      heapRise.push(peakHeap - before.heapUsed);
      if (!result.ok) throw new Error(`import refused: ${result.error}`);
      last = { host, space, feedId: result.feedId };
    }
    const stored = await db.select({ id: calendarImportEvents.id }).from(calendarImportEvents).where(eq(calendarImportEvents.feedId, last!.feedId));
    const blocks = await db.select({ id: spaceAvailability.id }).from(spaceAvailability).where(eq(spaceAvailability.spaceId, last!.space.id));

    // Re-syncs of the last listing's feed: 10 % of events moved, then not modified (304).
    server.set("/bench.ics", moved);
    let started = performance.now();
    const resync = await syncImportFeed(db, last!.feedId, new Date(NOW.getTime() + 31 * 60_000), fetchOptions);
    const resyncMs = performance.now() - started;
    started = performance.now();
    const unchanged = await syncImportFeed(db, last!.feedId, new Date(NOW.getTime() + 62 * 60_000), fetchOptions);
    const unchangedMs = performance.now() - started;

    const parser = median(parserMs);
    const first = median(importMs);
    const worst = Math.max(...importMs);
    console.log(`parser alone (baseline): p50 ${parser.toFixed(0)} ms`);
    console.log(`first import of ${EVENTS} events: p50 ${first.toFixed(0)} ms, max ${worst.toFixed(0)} ms (goal ≤ ${GOAL_MS} ms) = ${(first / parser).toFixed(2)} × the parser alone (parser ${((parser / first) * 100).toFixed(0)} % of the import)`);
    console.log(`  stored: ${stored.length} events, ${blocks.length} calendar rows (300 bookings + imported blocks around them)`);
    console.log(`re-sync, 10 % of events moved: ${resyncMs.toFixed(0)} ms (${resync.status})`);
    console.log(`re-sync, not modified (304): ${unchangedMs.toFixed(0)} ms (${unchanged.status})`);
    const rss = Math.max(...rssRise);
    const heap = Math.max(...heapRise);
    console.log(`memory during an import: RSS +${mb(rss)} MB, heap +${mb(heap)} MB at most over ${RUNS} imports (goal ≤ ${GOAL_MB} MB)${(globalThis as { gc?: unknown }).gc ? "" : "; run with --expose-gc for a settled start"}`);
    const failures = [];
    if (worst > GOAL_MS) failures.push(`an import took ${worst.toFixed(0)} ms`);
    if (rss > GOAL_MB * 1024 * 1024) failures.push(`RSS rose ${mb(rss)} MB`);
    if (failures.length) {
      console.error(`bench:ical missed its goals: ${failures.join("; ")}`);
      process.exitCode = 1;
    }
  } finally {
    await server.close();
    await drop();
  }
}

await main();
