import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { bookingScenario } from "../../../tests/factories/bookings";
import { createUser } from "../../../tests/factories/users";
import { busyRanges } from "~/features/bookings/availability.server";
import { DEFAULT_WEEKLY_HOURS } from "./schedule";
import { blockSchema, scheduleSettingsSchema } from "./schedule-form";
import { blockTime, saveDatedHours, saveScheduleSettings, unblockTime } from "./host-schedule.server";
import { eq, like } from "drizzle-orm";
import { emailOutbox } from "~/db/schema/index";
import { payouts } from "~/db/schema/bookings";
import { BOOKING_MESSAGES } from "~/features/bookings/booking-rules.server";
import { rescheduleBooking } from "~/features/bookings/reschedule.server";
import { zonedInstant } from "~/features/bookings/slots";
import { calendarImportEvents, calendarImportFeeds } from "~/db/schema/calendar-sync";
import { reconcileImportedBlocks } from "~/features/calendar-sync/calendar-sync.server";
import { lockCalendar } from "./calendar-rows.server";

/**
 * The availability engine through the real booking hold and the host's functions
 * (issue #26), on PGlite and on PostgreSQL (TEST_DB_ENGINE=postgres): every rule is
 * enforced by the server whatever the request says, and seats never oversell.
 */
let database: TestDatabase;
const NOW = "2026-06-01T12:00:00.000Z"; // a Monday; 08:00 in New York
const HOUR = 3_600_000;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

const scenario = (listing: Parameters<typeof bookingScenario>[1]["listing"] = {}) => bookingScenario(database.db, { now: NOW, listing, quickUsers: true });
const weekdays = (ranges: { start: string; end: string }[], weekend: { start: string; end: string }[] = []) => [0, 1, 2, 3, 4, 5, 6].map((day) => (day < 5 ? ranges : weekend));

async function refusal(s: Awaited<ReturnType<typeof scenario>>, pick: Parameters<typeof s.request>[0]) {
  const result = await s.hold(s.guest, s.request(pick));
  return result.ok ? "held" : result.error;
}

const block = (from: string, to: string, note?: string) => {
  const parsed = blockSchema.safeParse({ from, to, note });
  if (!parsed.success) throw new Error(parsed.error.message);
  return parsed.data;
};

describe("opening hours, dated hours and rules", () => {
  it("refuses starts outside the hours, on closed days and past closing, and takes those inside", async () => {
    const s = await scenario({ openingHours: weekdays([{ start: "08:00", end: "18:00" }], []) });
    expect(await refusal(s, { date: "2026-06-07", hour: 10 })).toBe("The listing is closed on this date"); // Sunday
    expect(await refusal(s, { date: "2026-06-08", hour: 7 })).toBe("Please pick a start time between 08:00 and 17:00");
    expect(await refusal(s, { date: "2026-06-08", hour: 17, hours: 2 })).toBe("This booking would run past the listing's opening hours: pick an earlier start or a shorter time");
    expect(await refusal(s, { date: "2026-06-08", hour: 8, hours: 10 })).toBe("held");
    expect(await busyRanges(database.db, { spaceId: s.space.id, from: "2026-06-08T00:00:00Z", to: "2026-06-09T00:00:00Z", now: s.now })).toMatchObject({ ok: true, busy: [{ start: "2026-06-08T12:00:00.000Z", end: "2026-06-08T22:00:00.000Z", units: 1 }] });
  });

  it("a date's own hours replace its weekday's: opening a closed Sunday, closing a Tuesday", async () => {
    const s = await scenario({ openingHours: weekdays([{ start: "09:00", end: "17:00" }], []) });
    const save = (date: string, hours?: { start: string; end: string }[]) =>
      saveDatedHours(database.db, { hostId: s.host.id, spaceId: s.space.id, dated: { date, hours, note: null }, now: s.now });
    expect(await save("2026-06-14", [{ start: "10:00", end: "14:00" }])).toEqual({ ok: true });
    expect(await save("2026-06-09", [])).toEqual({ ok: true });
    expect(await refusal(s, { date: "2026-06-14", hour: 13 })).toBe("held");
    expect(await refusal(s, { date: "2026-06-14", hour: 14 })).toBe("Please pick a start time between 10:00 and 13:00");
    expect(await refusal(s, { date: "2026-06-09", hour: 10 })).toBe("The listing is closed on this date");
    // Back to the weekday's hours.
    expect(await save("2026-06-09")).toEqual({ ok: true });
    expect(await refusal(s, { date: "2026-06-09", hour: 10 })).toBe("held");
    const busy = await busyRanges(database.db, { spaceId: s.space.id, from: "2026-06-08T00:00:00Z", to: "2026-06-20T00:00:00Z", now: s.now });
    expect(busy.ok && busy.dated).toEqual({ "2026-06-14": [{ start: "10:00", end: "14:00" }] });
  });

  it("enforces minimum notice and how far ahead guests may book", async () => {
    const s = await scenario({ minNoticeMinutes: 180, maxAdvanceDays: 30 });
    // Now is 08:00 in New York: 10:00 is two hours away, 11:00 three.
    expect(await refusal(s, { date: "2026-06-01", hour: 10 })).toBe("This listing needs 3 hours notice before a booking starts");
    expect(await refusal(s, { date: "2026-06-01", hour: 11 })).toBe("held");
    expect(await refusal(s, { date: "2026-07-02", hour: 10 })).toBe("Bookings can start at most 1 month ahead");
    expect(await refusal(s, { date: "2026-06-30", hour: 10 })).toBe("held");
  });

  it("rentals by the day start at check-in and end at check-out", async () => {
    const s = await scenario({ dailyPrice: 20000, checkInTime: "15:00", checkOutTime: "11:00" });
    expect(await refusal(s, { date: "2026-06-10", hour: 10, unit: "day", quantity: 2 })).toBe("Bookings by the day start at check-in, 15:00");
    const hold = await s.hold(s.guest, s.request({ date: "2026-06-10", hour: 15, unit: "day", quantity: 2 }));
    expect(hold.ok).toBe(true);
    const booking = await s.booking(hold.ok ? hold.bookingId : "");
    expect(booking.startTime.toISOString()).toBe("2026-06-10T19:00:00.000Z");
    expect(booking.endTime.toISOString()).toBe("2026-06-12T15:00:00.000Z");
    // An end the browser computed as 48 hours is not the listing's.
    expect((await s.hold(s.otherGuest, s.request({ date: "2026-06-20", hour: 15, unit: "day", quantity: 2 }, { endTime: "2026-06-22T19:00:00.000Z" }))).ok).toBe(false);
  });

  it("keeps the buffers free: the calendar row covers them, and a booking inside them is refused", async () => {
    const s = await scenario({ bufferBeforeMinutes: 30, bufferAfterMinutes: 60 });
    const first = await s.book(s.guest, { date: "2026-06-10", hour: 10, hours: 2 });
    const row = (await s.calendar()).find((entry) => entry.bookingId === first.bookingId)!;
    expect([row.startTime.toISOString(), row.endTime.toISOString()]).toEqual(["2026-06-10T13:30:00.000Z", "2026-06-10T17:00:00.000Z"]);
    // 12:00 starts inside the hour after; 13:00's half hour before meets the first's hour after exactly.
    const at12 = await s.hold(s.otherGuest, s.request({ date: "2026-06-10", hour: 12 }));
    expect(at12.ok ? "held" : at12.code).toBe("slot_taken");
    const at13 = await s.hold(s.otherGuest, s.request({ date: "2026-06-10", hour: 14 }));
    expect(at13.ok).toBe(true);
  });
});

describe("blocks", () => {
  it("a block closes the time to guests; one over a booking is refused naming it; unblocking part splits it", async () => {
    const s = await scenario({});
    const paid = await s.book(s.guest, { date: "2026-06-10", hour: 10, hours: 2 });
    await s.pay(s.guest, paid.clientSecret);
    const over = await blockTime(database.db, { hostId: s.host.id, spaceId: s.space.id, block: block("2026-06-10T00:00", "2026-06-11T00:00"), now: s.now });
    expect(over).toMatchObject({ ok: false, status: 409 });
    expect(!over.ok && over.error).toMatch(/^You cannot block this time: it has a confirmed booking( by .+)? \(Wed 10 Jun, 10:00 – 12:00\)\. Cancel the booking first if you must\.$/);

    const closed = await blockTime(database.db, { hostId: s.host.id, spaceId: s.space.id, block: block("2026-06-24T00:00", "2026-06-27T00:00", "Family visit"), now: s.now });
    expect(closed.ok).toBe(true);
    const refused = await s.hold(s.otherGuest, s.request({ date: "2026-06-25", hour: 14 }));
    expect(refused.ok ? "held" : refused.code).toBe("slot_taken");

    // Open the 25th again: the block becomes the 24th and the 26th, each with its note.
    expect(await unblockTime(database.db, { hostId: s.host.id, spaceId: s.space.id, block: block("2026-06-25T00:00", "2026-06-26T00:00"), now: s.now })).toEqual({ ok: true, changed: 1 });
    const blocks = (await s.calendar()).filter((row) => row.kind === "blocked").sort((a, b) => a.startTime.getTime() - b.startTime.getTime());
    expect(blocks.map((row) => [row.startTime.toISOString(), row.endTime.toISOString(), row.note])).toEqual([
      ["2026-06-24T04:00:00.000Z", "2026-06-25T04:00:00.000Z", "Family visit"],
      ["2026-06-26T04:00:00.000Z", "2026-06-27T04:00:00.000Z", "Family visit"],
    ]);
    expect((await s.hold(s.otherGuest, s.request({ date: "2026-06-25", hour: 14 }))).ok).toBe(true);
  });

  it("a host's block next to an imported one does not swallow it, and unblocking hands the time back to the import", async () => {
    const s = await scenario({});
    const [feed] = await database.db.insert(calendarImportFeeds).values({ spaceId: s.space.id, url: "https://calendar.example.test/airbnb.ics" }).returning();
    await database.db.insert(calendarImportEvents).values({ feedId: feed!.id, spaceId: s.space.id, uid: "stay-1", startTime: new Date("2026-06-20T04:00:00Z"), endTime: new Date("2026-06-22T04:00:00Z") });
    await database.db.transaction(async (tx) => {
      await lockCalendar(tx, s.space.id);
      await reconcileImportedBlocks(tx, s.space.id, s.now);
    });
    const blocks = async () =>
      (await s.calendar())
        .filter((row) => row.kind === "blocked")
        .sort((a, b) => a.startTime.getTime() - b.startTime.getTime())
        .map((row) => [row.startTime.toISOString().slice(0, 13), row.endTime.toISOString().slice(0, 13), row.imported]);
    // The host blocks the two days after the stay (touching it) and one inside it.
    expect((await blockTime(database.db, { hostId: s.host.id, spaceId: s.space.id, block: block("2026-06-21T00:00", "2026-06-24T00:00"), now: s.now })).ok).toBe(true);
    expect(await blocks()).toEqual([
      ["2026-06-20T04", "2026-06-21T04", true],
      ["2026-06-21T04", "2026-06-24T04", false],
    ]);
    // Unblocking the host's days gives the 21st back to the stay, nothing more.
    expect((await unblockTime(database.db, { hostId: s.host.id, spaceId: s.space.id, block: block("2026-06-21T00:00", "2026-06-24T00:00"), now: s.now })).ok).toBe(true);
    expect(await blocks()).toEqual([["2026-06-20T04", "2026-06-22T04", true]]);
  });

  it("a whole-day block on the day clocks change covers that day's 23 hours; another host's listing is not found", async () => {
    const s = await scenario({ timezone: "Europe/Paris" });
    expect((await blockTime(database.db, { hostId: s.host.id, spaceId: s.space.id, block: block("2026-03-29T00:00", "2026-03-30T00:00"), now: new Date("2026-03-01T00:00:00Z") })).ok).toBe(true);
    const [row] = (await s.calendar()).filter((entry) => entry.kind === "blocked");
    expect((row!.endTime.getTime() - row!.startTime.getTime()) / HOUR).toBe(23);
    const stranger = await createUser(database.db, { signIn: false });
    expect(await blockTime(database.db, { hostId: stranger.id, spaceId: s.space.id, block: block("2026-04-01T00:00", "2026-04-02T00:00"), now: s.now })).toEqual({ ok: false, status: 404, error: "Listing not found" });
    expect((await s.calendar()).filter((entry) => entry.kind === "blocked")).toHaveLength(1);
  });
});

describe("units and seats", () => {
  it("prices per seat, refuses more seats than the listing or the time has, and a block takes them all", async () => {
    const s = await scenario({ rentalType: "experience", quantity: 12, hourlyPrice: 2500 });
    const three = await s.hold(s.guest, s.request({ date: "2026-06-10", hour: 10, units: 3 }));
    expect(three).toMatchObject({ ok: true, rental: 7500 });
    const thirteen = await s.hold(s.otherGuest, s.request({ date: "2026-06-10", hour: 10, units: 13 }));
    expect(thirteen.ok ? "held" : thirteen.error).toBe("This listing has 12 seats at one time");
    const others = await Promise.all([1, 2, 3].map(() => createUser(database.db, { signIn: false })));
    expect((await s.hold(others[0]!, s.request({ date: "2026-06-10", hour: 10, units: 8 }))).ok).toBe(true);
    const tooMany = await s.hold(others[1]!, s.request({ date: "2026-06-10", hour: 10, units: 2 }));
    expect(tooMany.ok ? "held" : tooMany.error).toBe("Only 1 seat left at this time — please book fewer or pick another time");
    expect((await s.hold(others[1]!, s.request({ date: "2026-06-10", hour: 10, units: 1 }))).ok).toBe(true);
    // Full: answered from the attempt's read, before any transaction.
    const full = await s.hold(others[2]!, s.request({ date: "2026-06-10", hour: 10, units: 1 }));
    expect(full.ok ? "held" : [full.code, full.error]).toEqual(["slot_taken", "No seats are left at this time — please pick another time"]);
    // Another hour is free for all twelve, until the host blocks it.
    expect((await blockTime(database.db, { hostId: s.host.id, spaceId: s.space.id, block: block("2026-06-10T14:00", "2026-06-10T15:00"), now: s.now })).ok).toBe(true);
    const blocked = await s.hold(others[2]!, s.request({ date: "2026-06-10", hour: 14, units: 1 }));
    expect(blocked.ok ? "held" : blocked.code).toBe("slot_taken");
  });

  it("sells exactly the seats there are to many guests at once", async () => {
    const s = await scenario({ rentalType: "experience", quantity: 5 });
    const guests = await Promise.all(Array.from({ length: 20 }, () => createUser(database.db, { signIn: false })));
    const results = await Promise.all(guests.map((guest) => s.hold(guest, s.request({ date: "2026-06-12", hour: 11 }))));
    expect(results.filter((result) => result.ok)).toHaveLength(5);
    expect(results.filter((result) => !result.ok).every((result) => !result.ok && result.code === "slot_taken")).toBe(true);
    const rows = (await s.calendar()).filter((row) => row.kind === "hold");
    expect(rows.reduce((sum, row) => sum + row.units, 0)).toBe(5);
  });

  it("the quantity cannot go below what future bookings use at one time, and bad settings store nothing", async () => {
    const s = await scenario({ rentalType: "equipment", quantity: 4 });
    await s.book(s.guest, { date: "2026-06-10", hour: 10, units: 3 });
    const settings = (quantity: string, weekly = JSON.stringify(DEFAULT_WEEKLY_HOURS)) =>
      scheduleSettingsSchema.safeParse({ weekly, checkInTime: "", checkOutTime: "", bufferBeforeMinutes: "0", bufferAfterMinutes: "0", minNoticeMinutes: "0", maxAdvanceDays: "365", quantity });
    const lower = settings("2");
    expect(lower.success).toBe(true);
    const refused = await saveScheduleSettings(database.db, { hostId: s.host.id, spaceId: s.space.id, settings: lower.success ? lower.data : (undefined as never), now: s.now });
    expect(refused).toEqual({ ok: false, status: 409, field: "quantity", error: "3 units are already booked at one time (Wed 10 Jun, 10:00 – 11:00): the quantity cannot be lower than that." });
    expect(settings("0").error?.issues[0]?.message).toBe("Choose from 1 to 1000");
    expect(settings("10000").error?.issues[0]?.message).toBe("Choose from 1 to 1000");
    const overlapping = JSON.stringify([[{ start: "09:00", end: "12:00" }, { start: "11:00", end: "13:00" }], [], [], [], [], [], []]);
    expect(settings("4", overlapping).error?.issues[0]?.message).toBe("Openings on one day must not overlap");
    expect(settings("4", JSON.stringify([[{ start: "22:00", end: "02:00" }], [], [], [], [], [], []])).error?.issues[0]?.message).toBe("Each opening must end after it starts");
    const kept = await s.booking((await s.calendar())[0]!.bookingId!);
    expect(kept.units).toBe(3);
  });
});

describe("moving a booking", () => {
  it("moves a confirmed booking 3 days later: the old time reopens, the payout follows, both sides hear; refusals change nothing", async () => {
    const s = await scenario({});
    const hold = await s.book(s.guest, { date: "2026-06-10", hour: 10, hours: 2 });
    await s.pay(s.guest, hold.clientSecret);
    const taken = await s.book(s.otherGuest, { date: "2026-06-13", hour: 14, hours: 1 });
    const move = (startTime: string, userId = s.guest.id, now = s.now) => rescheduleBooking(database.db, { userId, bookingId: hold.bookingId, startTime, now });
    const at = (date: string, hour: number) => zonedInstant(date, hour, "America/New_York");

    expect(await move(at("2026-06-13", 13))).toEqual({ ok: false, code: "not_allowed", error: BOOKING_MESSAGES.slotTaken });
    expect(await move(at("2026-06-13", 20))).toMatchObject({ ok: false, code: "invalid", error: "This booking would run past the listing's opening hours: pick an earlier start or a shorter time" });
    expect(await move(at("2026-06-13", 10), s.otherGuest.id)).toMatchObject({ ok: false, code: "not_found" });
    expect(await move(at("2026-06-13", 10), s.guest.id, new Date("2026-06-08T15:00:00Z"))).toEqual({ ok: false, code: "not_allowed", error: "Bookings can be changed up to 48 hours before they start" });
    expect((await s.booking(hold.bookingId)).startTime.toISOString()).toBe("2026-06-10T14:00:00.000Z");

    expect(await move(at("2026-06-13", 10))).toEqual({ ok: true, startTime: "2026-06-13T14:00:00.000Z", endTime: "2026-06-13T16:00:00.000Z" });
    const moved = await s.booking(hold.bookingId);
    expect([moved.status, moved.totalPrice, moved.payoutReleaseAt.toISOString()]).toEqual(["confirmed", 11000, "2026-06-14T16:00:00.000Z"]);
    const row = (await s.calendar()).find((entry) => entry.bookingId === hold.bookingId)!;
    expect([row.kind, row.startTime.toISOString(), row.endTime.toISOString()]).toEqual(["booking", "2026-06-13T14:00:00.000Z", "2026-06-13T16:00:00.000Z"]);
    const [payout] = await database.db.select().from(payouts).where(eq(payouts.bookingId, hold.bookingId));
    expect(payout!.releaseAt.toISOString()).toBe("2026-06-14T16:00:00.000Z");
    // The old time is free for someone else at once.
    expect((await s.hold(s.otherGuest, s.request({ date: "2026-06-10", hour: 10, hours: 2 }))).ok).toBe(true);
    const mails = await database.db.select().from(emailOutbox).where(like(emailOutbox.dedupeKey, `booking-moved:${hold.bookingId}:%`));
    expect(mails.map((mail) => mail.subject).sort()).toEqual(["Booking moved: " + s.space.title, "Booking moved: " + s.space.title]);
    expect(taken.ok).toBe(true);
  });

  it("a cancelled booking cannot be moved", async () => {
    const s = await scenario({});
    const hold = await s.book(s.guest, { date: "2026-06-10", hour: 10 });
    await s.pay(s.guest, hold.clientSecret);
    await s.cancel(s.guest, hold.bookingId);
    expect(await rescheduleBooking(database.db, { userId: s.guest.id, bookingId: hold.bookingId, startTime: zonedInstant("2026-06-12", 10, "America/New_York"), now: s.now })).toEqual({
      ok: false,
      code: "not_allowed",
      error: "Only upcoming confirmed bookings can be changed",
    });
  });
});
