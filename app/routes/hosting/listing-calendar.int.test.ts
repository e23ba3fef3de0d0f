import { and, eq } from "drizzle-orm";
import { calendarImportEvents, calendarImportFeeds } from "~/db/schema/calendar-sync";
import { lockCalendar } from "~/features/availability/calendar-rows.server";
import { reconcileImportedBlocks } from "~/features/calendar-sync/calendar-sync.server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { profiles } from "~/db/schema/index";
import { spaceAvailability, spaceDateHours } from "~/db/schema/bookings";
import { spaces } from "~/db/schema/listings";
import type * as ClockModule from "~/lib/clock.server";
import type * as DbModule from "~/lib/db.server";
import { bookingScenario } from "#tests/factories/bookings";
import { createUser, sessionCookieFor } from "#tests/factories/users";
import { createTestDatabase, type TestDatabase } from "#tests/setup/test-database";

/**
 * /my-listings/:id/calendar (issue #26 point 5) through its loader and action, on the
 * engine of the run (PGlite, or PostgreSQL with TEST_DB_ENGINE=postgres): the owner's
 * calendar and forms; another host's listing is a 404 that stores nothing; a block over a
 * confirmed booking is refused naming it; an unblock splits a block; bad hours and
 * quantities store nothing; blocks on the days Paris changes its clocks.
 */

const state = vi.hoisted(() => ({ database: undefined as undefined | { db: unknown } }));
vi.mock("~/lib/db.server", async (original) => ({
  ...(await original<typeof DbModule>()),
  getDb: async () => state.database!.db,
}));

// The page decides at the request's clock (X-Test-Now), as with TEST_CLOCK=1.
vi.mock("~/lib/clock.server", async (original) => ({
  ...(await original<typeof ClockModule>()),
  requestNow: (request: Request) => new Date(request.headers.get("x-test-now") ?? Date.now()),
}));

const route = await import("./listing-calendar");

const NOW = "2026-03-01T09:00:00Z";
const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} as never, unstable_pattern: "" }) as never;

let database: TestDatabase;
let scenario: Awaited<ReturnType<typeof bookingScenario>>;
let hostCookie: string;
let strangerCookie: string;
let bookingId: string;

function post(spaceId: string, cookie: string, body: Record<string, string>, prefix = "") {
  const form = new FormData();
  for (const [key, value] of Object.entries(body)) form.append(key, value);
  return route.action(args(new Request(`http://localhost${prefix}/my-listings/${spaceId}/calendar`, { method: "POST", body: form, headers: { cookie, "x-test-now": NOW } }), { id: spaceId }));
}

function load(spaceId: string, cookie: string, search = "") {
  return route.loader(args(new Request(`http://localhost/my-listings/${spaceId}/calendar${search}`, { headers: { cookie, "x-test-now": NOW } }), { id: spaceId }));
}

async function thrown(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a thrown response");
}

const statusOf = (result: unknown) => (result as { init?: { status?: number } | null }).init?.status ?? 200;
const bodyOf = (result: unknown) => (result as { data: { ok: boolean; error?: string; message?: string; fieldErrors?: Record<string, string> } }).data;

async function blocks(spaceId: string) {
  const rows = await database.db
    .select({ start: spaceAvailability.startTime, end: spaceAvailability.endTime, note: spaceAvailability.note })
    .from(spaceAvailability)
    .where(and(eq(spaceAvailability.spaceId, spaceId), eq(spaceAvailability.kind, "blocked")))
    .orderBy(spaceAvailability.startTime);
  return rows.map((row) => ({ start: row.start.toISOString(), end: row.end.toISOString(), note: row.note }));
}

async function spaceRow(spaceId: string) {
  const [row] = await database.db.select().from(spaces).where(eq(spaces.id, spaceId));
  return row!;
}

const weekly = (day: { start: string; end: string }[]) => JSON.stringify(Array.from({ length: 7 }, () => day));
const settings = (overrides: Record<string, string> = {}) => ({
  intent: "settings",
  weekly: weekly([{ start: "08:00", end: "12:00" }, { start: "14:00", end: "18:00" }]),
  checkInTime: "",
  checkOutTime: "",
  bufferBeforeMinutes: "60",
  bufferAfterMinutes: "0",
  minNoticeMinutes: "120",
  maxAdvanceDays: "365",
  quantity: "1",
  ...overrides,
});

beforeAll(async () => {
  database = await createTestDatabase();
  state.database = database;
  scenario = await bookingScenario(database.db, { now: NOW, listing: { timezone: "Europe/Paris", title: "Canal studio", rentalType: "equipment", quantity: 3 } });
  await database.db.update(profiles).set({ fullName: "Ana López" }).where(eq(profiles.id, scenario.guest.id));
  hostCookie = await sessionCookieFor(database.db, scenario.host.id);
  const stranger = await createUser(database.db);
  strangerCookie = await sessionCookieFor(database.db, stranger.id);
  // A confirmed booking of 2 units on Tue 10 March 2026, 10:00–12:00 Paris time.
  const hold = await scenario.book(scenario.guest, { date: "2026-03-10", hour: 10, hours: 2, units: 2 });
  const paid = await scenario.pay(scenario.guest, hold.clientSecret);
  expect(paid.ok).toBe(true);
  bookingId = hold.bookingId;
}, 60_000);

afterAll(async () => {
  await database.drop();
});

describe("the host's calendar page", () => {
  it("shows the owner the month with the booking, the guest's name and the listing's zone", async () => {
    const page = await load(scenario.space.id, hostCookie, "?view=month&date=2026-03-10");
    expect(page.view).toBe("month");
    expect(page.window).toMatchObject({ from: "2026-02-23", to: "2026-04-05" });
    expect(page.calendar.space.timeZone).toBe("Europe/Paris");
    expect(page.calendar.bookings).toEqual([expect.objectContaining({ id: bookingId, guestName: "Ana López", units: 2, start: "2026-03-10T09:00:00.000Z" })]);
    expect(page.sync.spaceId).toBe(scenario.space.id);
  });

  it("is a 404 for another host's listing or an unknown id, and their forms change nothing", async () => {
    for (const [id, cookie] of [
      [scenario.space.id, strangerCookie],
      ["00000000-0000-4000-8000-000000000000", hostCookie],
      ["nonsense", hostCookie],
    ] as const) {
      const response = (await thrown(load(id, cookie))) as { init: { status: number } };
      expect(response.init.status).toBe(404);
    }
    const before = await spaceRow(scenario.space.id);
    const bodies: Record<string, string>[] = [
      { intent: "block", wholeDays: "on", firstDay: "2026-04-01", lastDay: "2026-04-02", note: "hijack" },
      { intent: "unblock", from: "2026-03-01T00:00", to: "2026-04-01T00:00" },
      settings({ quantity: "7" }),
      settings({ quantity: "0" }),
      { intent: "dated", date: "2026-04-01", hours: "[]" },
    ];
    for (const body of bodies) {
      const response = (await thrown(post(scenario.space.id, strangerCookie, body))) as { init: { status: number } };
      expect(response.init.status).toBe(404);
    }
    expect(await blocks(scenario.space.id)).toEqual([]);
    expect((await spaceRow(scenario.space.id)).quantity).toBe(before.quantity);
    expect(await database.db.select().from(spaceDateHours).where(eq(spaceDateHours.spaceId, scenario.space.id))).toEqual([]);
  });

  it("refuses a block over a confirmed booking, naming it, and stores nothing", async () => {
    const result = await post(scenario.space.id, hostCookie, { intent: "block", wholeDays: "on", firstDay: "2026-03-09", lastDay: "2026-03-11", note: "Holiday" });
    expect(statusOf(result)).toBe(409);
    expect(bodyOf(result).error).toBe("You cannot block this time: it has a confirmed booking by Ana López (Tue 10 Mar, 10:00 – 12:00). Cancel the booking first if you must.");
    expect(await blocks(scenario.space.id)).toEqual([]);
  });

  it("says the refused block in the page's language, with the guest and the time in it (issue #31)", async () => {
    const body = { intent: "block", wholeDays: "on", firstDay: "2026-03-09", lastDay: "2026-03-11", note: "Holiday" };
    const spanish = await post(scenario.space.id, hostCookie, body, "/es");
    expect(statusOf(spanish)).toBe(409);
    expect(bodyOf(spanish).error).toBe("No puedes bloquear este horario: tiene una reserva confirmada de Ana López (mar, 10 mar, 10:00 – 12:00). Cancela primero la reserva si es imprescindible.");
    const arabic = await post(scenario.space.id, hostCookie, body, "/ar");
    expect(bodyOf(arabic).error).toContain("حجز مؤكد باسم Ana López");
    expect(bodyOf(arabic).error).toMatch(/^لا يمكنك حظر هذا الوقت/);
    expect(await blocks(scenario.space.id)).toEqual([]);
  });

  it("blocks whole days with a note, and an unblock of the middle day splits the block in two", async () => {
    const blocked = await post(scenario.space.id, hostCookie, { intent: "block", wholeDays: "on", firstDay: "2026-12-24", lastDay: "2026-12-26", note: "Closed 24–26 Dec" });
    expect(bodyOf(blocked)).toMatchObject({ ok: true, message: "Time blocked." });
    expect(await blocks(scenario.space.id)).toEqual([{ start: "2026-12-23T23:00:00.000Z", end: "2026-12-26T23:00:00.000Z", note: "Closed 24–26 Dec" }]);
    const freed = await post(scenario.space.id, hostCookie, { intent: "unblock", from: "2026-12-25T00:00", to: "2026-12-26T00:00" });
    expect(bodyOf(freed)).toMatchObject({ ok: true, message: "Time unblocked." });
    expect(await blocks(scenario.space.id)).toEqual([
      { start: "2026-12-23T23:00:00.000Z", end: "2026-12-24T23:00:00.000Z", note: "Closed 24–26 Dec" },
      { start: "2026-12-25T23:00:00.000Z", end: "2026-12-26T23:00:00.000Z", note: "Closed 24–26 Dec" },
    ]);
    const page = await load(scenario.space.id, hostCookie, "?view=week&date=2026-12-24");
    expect(page.calendar.blocks.map((block) => block.note)).toEqual(["Closed 24–26 Dec", "Closed 24–26 Dec"]);
    await post(scenario.space.id, hostCookie, { intent: "unblock", wholeDays: "on", firstDay: "2026-12-20", lastDay: "2026-12-31" });
    expect(await blocks(scenario.space.id)).toEqual([]);
  });

  it("refuses bad block input with a message beside the field", async () => {
    const inverted = await post(scenario.space.id, hostCookie, { intent: "block", from: "2026-04-02T10:00", to: "2026-04-02T09:00" });
    expect(statusOf(inverted)).toBe(400);
    expect(bodyOf(inverted).fieldErrors).toEqual({ to: "The end must be after the start" });
    const offHour = await post(scenario.space.id, hostCookie, { intent: "block", from: "2026-04-02T10:30", to: "2026-04-02T12:00" });
    expect(bodyOf(offHour).fieldErrors).toEqual({ from: "Choose a date and a time on the hour" });
    expect(await blocks(scenario.space.id)).toEqual([]);
  });

  it("blocks the days Paris changes its clocks: 23 hours on 29 March, 25 hours on 25 October", async () => {
    await post(scenario.space.id, hostCookie, { intent: "block", wholeDays: "on", firstDay: "2026-03-29", lastDay: "2026-03-29", note: "Spring forward" });
    await post(scenario.space.id, hostCookie, { intent: "block", wholeDays: "on", firstDay: "2026-10-25", lastDay: "2026-10-25", note: "Fall back" });
    // Hours across the change: 01:00 to 04:00 local on 29 March is two real hours.
    await post(scenario.space.id, hostCookie, { intent: "unblock", from: "2026-03-29T00:00", to: "2026-03-30T00:00" });
    const hours = await post(scenario.space.id, hostCookie, { intent: "block", from: "2026-03-29T01:00", to: "2026-03-29T04:00" });
    expect(bodyOf(hours).ok).toBe(true);
    expect(await blocks(scenario.space.id)).toEqual([
      { start: "2026-03-29T00:00:00.000Z", end: "2026-03-29T02:00:00.000Z", note: null },
      { start: "2026-10-24T22:00:00.000Z", end: "2026-10-25T23:00:00.000Z", note: "Fall back" },
    ]);
    // An hour the clocks skip (02:00 on 29 March) is not a start: refused, nothing stored, never a 500.
    const skipped = await post(scenario.space.id, hostCookie, { intent: "block", from: "2026-03-29T02:00", to: "2026-03-29T03:00" });
    expect(statusOf(skipped)).toBe(400);
    expect(bodyOf(skipped).ok).toBe(false);
    // The week of the change shows the block and the listing's day of 23 hours.
    const page = await load(scenario.space.id, hostCookie, "?view=week&date=2026-03-29");
    expect(page.window).toMatchObject({ from: "2026-03-23", to: "2026-03-29" });
    expect(page.calendar.blocks).toHaveLength(1);
    await post(scenario.space.id, hostCookie, { intent: "unblock", wholeDays: "on", firstDay: "2026-03-01", lastDay: "2026-10-31" });
    expect(await blocks(scenario.space.id)).toEqual([]);
  });

  it("saves the hours and rules", async () => {
    const result = await post(scenario.space.id, hostCookie, settings({ checkInTime: "15:00", checkOutTime: "11:00", quantity: "3" }));
    expect(bodyOf(result)).toMatchObject({ ok: true, message: "Hours and rules saved." });
    const row = await spaceRow(scenario.space.id);
    expect(row.openingHours[0]).toEqual([
      { start: "08:00", end: "12:00" },
      { start: "14:00", end: "18:00" },
    ]);
    expect(row).toMatchObject({ checkInTime: "15:00", checkOutTime: "11:00", bufferBeforeMinutes: 60, bufferAfterMinutes: 0, minNoticeMinutes: 120, maxAdvanceDays: 365, quantity: 3 });
  });

  it("stores nothing for overlapping, inverted or past-midnight hours, or a quantity of 0 or 10 000", async () => {
    const before = await spaceRow(scenario.space.id);
    const cases: [Record<string, string>, Record<string, string>][] = [
      [{ weekly: weekly([{ start: "08:00", end: "12:00" }, { start: "11:00", end: "14:00" }]) }, { weekly: "Openings on one day must not overlap" }],
      [{ weekly: weekly([{ start: "18:00", end: "09:00" }]) }, { weekly: "Each opening must end after it starts" }],
      [{ weekly: weekly([{ start: "22:00", end: "26:00" }]) }, { weekly: "Use a time on the hour, from 00:00 to 24:00" }],
      [{ weekly: weekly([{ start: "24:00", end: "24:00" }]) }, { weekly: "Use a time on the hour, from 00:00 to 24:00" }],
      [{ weekly: "not json" }, { weekly: "Hours could not be read" }],
      [{ quantity: "0" }, { quantity: "Choose from 1 to 1000" }],
      [{ quantity: "10000" }, { quantity: "Choose from 1 to 1000" }],
      [{ bufferBeforeMinutes: "1500" }, { bufferBeforeMinutes: "Buffers are from 0 to 24 hours" }],
      [{ checkInTime: "15:00" }, { checkInTime: "Give both check-in and check-out, or neither" }],
    ];
    for (const [overrides, fieldErrors] of cases) {
      const result = await post(scenario.space.id, hostCookie, settings({ ...overrides, bufferBeforeMinutes: overrides.bufferBeforeMinutes ?? "120" }));
      expect(statusOf(result), JSON.stringify(overrides)).toBe(400);
      expect(bodyOf(result).fieldErrors).toEqual(fieldErrors);
    }
    const after = await spaceRow(scenario.space.id);
    expect(after.openingHours).toEqual(before.openingHours);
    expect(after.bufferBeforeMinutes).toBe(before.bufferBeforeMinutes);
    expect(after.quantity).toBe(before.quantity);
  });

  it("refuses a quantity below the units a booking uses, naming its time beside the field", async () => {
    const result = await post(scenario.space.id, hostCookie, settings({ quantity: "1" }));
    expect(statusOf(result)).toBe(409);
    expect(bodyOf(result).fieldErrors).toEqual({ quantity: "2 units are already booked at one time (Tue 10 Mar, 10:00 – 12:00): the quantity cannot be lower than that." });
    expect((await spaceRow(scenario.space.id)).quantity).toBe(3);
  });

  it("refuses the lower quantity in the page's language, with the plural of the units (issue #31)", async () => {
    const spanish = await post(scenario.space.id, hostCookie, settings({ quantity: "1" }), "/es");
    expect(statusOf(spanish)).toBe(409);
    expect(bodyOf(spanish).fieldErrors?.quantity).toMatch(/^Ya hay 2 unidades reservadas a la vez \(.+10:00 – 12:00\): la cantidad no puede ser menor\.$/);
    const arabic = await post(scenario.space.id, hostCookie, settings({ quantity: "1" }), "/ar");
    expect(bodyOf(arabic).fieldErrors?.quantity).toMatch(/^وحدتان محجوزتان بالفعل في وقت واحد \(.+10:00 – 12:00\)/);
    expect((await spaceRow(scenario.space.id)).quantity).toBe(3);
  });

  it("closes a date with a private note and gives it back its usual hours", async () => {
    const closed = await post(scenario.space.id, hostCookie, { intent: "dated", date: "2026-12-31", hours: "[]", note: "Inventory" });
    expect(bodyOf(closed)).toMatchObject({ ok: true, message: "Hours for the date saved." });
    const page = await load(scenario.space.id, hostCookie, "?view=week&date=2026-12-31");
    expect(page.calendar.space.schedule.dated).toEqual({ "2026-12-31": [] });
    expect(page.calendar.datedNotes).toEqual({ "2026-12-31": "Inventory" });
    const overlapping = await post(scenario.space.id, hostCookie, { intent: "dated", date: "2026-12-30", hours: JSON.stringify([{ start: "10:00", end: "14:00" }, { start: "12:00", end: "16:00" }]) });
    expect(statusOf(overlapping)).toBe(400);
    expect(bodyOf(overlapping).fieldErrors).toEqual({ hours: "Openings on one day must not overlap" });
    const cleared = await post(scenario.space.id, hostCookie, { intent: "dated", date: "2026-12-31" });
    expect(bodyOf(cleared)).toMatchObject({ ok: true, message: "The date has its usual hours again." });
    expect(await database.db.select().from(spaceDateHours).where(eq(spaceDateHours.spaceId, scenario.space.id))).toEqual([]);
  });

  it("marks a block of an imported calendar, which an unblock leaves to its source", async () => {
    // An event of an imported calendar, made a block by the sync (calendar-sync.server.ts).
    const [feed] = await database.db.insert(calendarImportFeeds).values({ spaceId: scenario.space.id, url: "https://calendar.example.test/stays.ics" }).returning();
    await database.db.insert(calendarImportEvents).values({ feedId: feed!.id, spaceId: scenario.space.id, uid: "stay-1", startTime: new Date("2026-11-02T09:00:00Z"), endTime: new Date("2026-11-02T12:00:00Z") });
    await database.db.transaction(async (tx) => {
      await lockCalendar(tx, scenario.space.id);
      await reconcileImportedBlocks(tx, scenario.space.id, new Date("2026-10-01T00:00:00Z"));
    });
    await post(scenario.space.id, hostCookie, { intent: "unblock", wholeDays: "on", firstDay: "2026-11-02", lastDay: "2026-11-02" });
    const page = await load(scenario.space.id, hostCookie, "?view=week&date=2026-11-02");
    expect(page.calendar.blocks).toEqual([expect.objectContaining({ imported: true, start: "2026-11-02T09:00:00.000Z" })]);
    await database.db.delete(calendarImportFeeds).where(eq(calendarImportFeeds.id, feed!.id));
    await database.db.delete(spaceAvailability).where(and(eq(spaceAvailability.spaceId, scenario.space.id), eq(spaceAvailability.imported, true)));
  });

  it("answers an unknown intent with a 400", async () => {
    const result = await post(scenario.space.id, hostCookie, { intent: "explode" });
    expect(statusOf(result)).toBe(400);
  });
});
