import { and, asc, between, eq, gt, inArray, isNull, or, sql } from "drizzle-orm";
import { profiles } from "~/db/schema/index";
import { bookings, spaceAvailability, spaceDateHours } from "~/db/schema/bookings";
import { spaces } from "~/db/schema/listings";
import { getOwnerSpace, HostingError } from "~/features/hosting/listings.server";
import { rangeInZone } from "~/features/bookings/booking-widget-rules";
import type { Db, Tx } from "~/lib/db.server";
import { sweepExpiredHolds } from "~/features/bookings/hold.server";
import { lockCalendar, insertBlock, removeBlocks, type Conflict } from "./calendar-rows.server";
import { scheduleOf, unitWords, type HoursRange } from "./schedule";
import { translatable } from "~/features/i18n/translatable";
import type { BlockInput, DatedHoursInput, ScheduleSettings } from "./schedule-form";
import { addDays, zonedInstant } from "~/features/bookings/slots";
import { reconcileImportedBlocks } from "~/features/calendar-sync/calendar-sync.server";
import { msg, plural } from "@lingui/core/macro";
import { english, type Translate } from "~/features/i18n/translate";

/**
 * The host's side of availability (issue #26, ADR 0202): the listing's hours and rules,
 * blocks, and dated hours, and the calendar the host sees. Every function checks that
 * the listing is the host's (another host's listing is 'Listing not found', 404) and
 * answers a refusal as a value with a message, never an exception.
 */

export type HostScheduleResult = { ok: true } | { ok: false; status: 400 | 404 | 409; error: string; field?: string };

/**
 * The refusals with values, in the request's language (`_`, English by default); `when` is
 * a range already formatted in that language (`rangeInZone` with the request's locale).
 */
export const HOST_SCHEDULE_MESSAGES = {
  blockOverBooking: (what: string, when: string, _: Translate = english) => _(msg`You cannot block this time: it has ${what} (${when}). Cancel the booking first if you must.`),
  /** `units` booked at once: "3 units are already booked …" (never fewer than two: the quantity is at least one). */
  quantityInUse: (units: number, words: { one: string; many: string }, when: string, _: Translate = english) =>
    words.one === "seat"
      ? _(msg`${plural(units, { one: `# seat are already booked at one time (${when}): the quantity cannot be lower than that.`, other: `# seats are already booked at one time (${when}): the quantity cannot be lower than that.` })}`)
      : _(msg`${plural(units, { one: `# unit are already booked at one time (${when}): the quantity cannot be lower than that.`, other: `# units are already booked at one time (${when}): the quantity cannot be lower than that.` })}`),
} as const;

/** What a refused block would cover, as a whole phrase per case ("a confirmed booking by Ana"). */
function coveredText(kind: Conflict["kind"], status: string | null, guest: string, _: Translate): string {
  if (kind === "hold") return _(msg`a guest checking out`);
  if (status === null) return _(msg`a booking`);
  const confirmed = status === "confirmed";
  if (!guest) return confirmed ? _(msg`a confirmed booking`) : _(msg`a booking`);
  return confirmed ? _(msg`a confirmed booking by ${guest}`) : _(msg`a booking by ${guest}`);
}

/** The request's language for the refusals (ADR 0294, 0298): its `_` and the locale dates are formatted in. */
export type ScheduleSay = { _: Translate; locale?: string };
const ENGLISH_SAY: ScheduleSay = { _: english };

/** The instant of a local "YYYY-MM-DDTHH:00" in the zone. */
function localInstant(local: string, timeZone: string): Date {
  const [date, time] = local.split("T") as [string, string];
  return new Date(zonedInstant(date, Number(time.slice(0, 2)), timeZone));
}

/** Saves the listing's hours and rules. Lowering the quantity below what future bookings use at once is refused. */
export async function saveScheduleSettings(db: Db, input: { hostId: string; spaceId: string; settings: ScheduleSettings; now: Date }, say: ScheduleSay = ENGLISH_SAY): Promise<HostScheduleResult> {
  const space = await ownedSpace(db, input.hostId, input.spaceId);
  if (!space) return notFound();
  const { settings, now } = input;
  return db.transaction(async (tx) => {
    await lockCalendar(tx, space.id);
    if (settings.quantity < space.quantity) {
      const peak = await futurePeak(tx, space.id, now);
      if (peak && peak.units > settings.quantity) {
        const when = rangeInZone(peak.start.toISOString(), peak.end.toISOString(), space.timezone, say.locale);
        return { ok: false as const, status: 409 as const, field: "quantity", error: HOST_SCHEDULE_MESSAGES.quantityInUse(peak.units, unitWords(space.rentalType), when, say._) };
      }
    }
    await tx
      .update(spaces)
      .set({
        openingHours: settings.weekly,
        checkInTime: settings.checkInTime,
        checkOutTime: settings.checkOutTime,
        bufferBeforeMinutes: settings.bufferBeforeMinutes,
        bufferAfterMinutes: settings.bufferAfterMinutes,
        minNoticeMinutes: settings.minNoticeMinutes,
        maxAdvanceDays: settings.maxAdvanceDays,
        quantity: settings.quantity,
        updatedAt: now,
      })
      .where(and(eq(spaces.id, space.id), eq(spaces.userId, input.hostId)));
    // Future rows follow the new quantity: shared when several, and a block takes them all.
    // A booking that a change in checkout replaces keeps its own lane (ADR 0205).
    await tx.execute(sql`
      update ${spaceAvailability} a
         set shared = ${settings.quantity > 1}
                      or exists (select 1 from ${bookings} r where r.replaces_booking_id = a.booking_id and r.status = 'pending_payment'),
             units = case when kind = 'blocked' then ${settings.quantity}::int else units end
       where space_id = ${space.id} and end_time > ${now.toISOString()}::timestamptz`);
    return { ok: true as const };
  });
}

/**
 * The most units live rows use at one moment from now on, and the booking or hold that
 * starts then: a running sum over starts and ends in time order (as `unitsInUse`).
 */
async function futurePeak(tx: Tx, spaceId: string, now: Date): Promise<{ units: number; start: Date; end: Date } | null> {
  const { rows } = await tx.execute<{ units: number; start_time: string; end_time: string }>(sql`
    with r as (
      select a.start_time, a.end_time, a.units from ${spaceAvailability} a
       where a.space_id = ${spaceId} and a.kind <> 'blocked' and a.end_time > ${now.toISOString()}::timestamptz
         and (a.expires_at is null or a.expires_at > ${now.toISOString()}::timestamptz)
    ), events as (
      select start_time as t, units as d, start_time, end_time from r
      union all select end_time as t, -units as d, null, null from r
    ), totals as (
      select sum(d) over (order by t, d rows between unbounded preceding and current row) as units, start_time, end_time from events
    )
    select units::int, start_time, end_time from totals where start_time is not null order by units desc, start_time limit 1`);
  const row = rows[0];
  return row ? { units: Number(row.units), start: new Date(row.start_time), end: new Date(row.end_time) } : null;
}

/** Blocks [from, to) in the listing's zone; refused over a booking or a hold, naming it. */
export async function blockTime(db: Db, input: { hostId: string; spaceId: string; block: BlockInput; now: Date }, say: ScheduleSay = ENGLISH_SAY): Promise<HostScheduleResult & { id?: string }> {
  const space = await ownedSpace(db, input.hostId, input.spaceId);
  if (!space) return notFound();
  const start = localInstant(input.block.from, space.timezone);
  const end = localInstant(input.block.to, space.timezone);
  if (end <= start) return { ok: false, status: 400, field: "to", error: BLOCK_END_TEXT };
  const result = await db.transaction(async (tx) => {
    await lockCalendar(tx, space.id);
    // Holds that lapsed over the range go first (the clock's `expire`): they no longer keep the time, but the constraint still sees them.
    await sweepExpiredHolds(tx, input.now, { spaceId: space.id, start, end });
    const inserted = await insertBlock(tx, { spaceId: space.id, start, end, note: input.block.note, now: input.now });
    if (inserted.ok) await reconcileImportedBlocks(tx, space.id, input.now);
    return inserted;
  });
  if (!result.ok) return { ok: false, status: 409, error: await conflictText(db, result.conflict, space.timezone, say) };
  return { ok: true, id: result.id };
}

/** The words naming what a block would cover: "a confirmed booking by Ana" and when. */
export async function conflictText(db: Db, conflict: Conflict, timeZone: string, say: ScheduleSay = ENGLISH_SAY): Promise<string> {
  let row: { status: string; name: string | null } | undefined;
  if (conflict.bookingId && conflict.kind === "booking") {
    [row] = await db
      .select({ status: bookings.status, name: profiles.fullName })
      .from(bookings)
      .leftJoin(profiles, eq(profiles.id, bookings.userId))
      .where(eq(bookings.id, conflict.bookingId));
  }
  const what = coveredText(conflict.kind, row?.status ?? null, row?.name?.trim() ?? "", say._);
  return HOST_SCHEDULE_MESSAGES.blockOverBooking(what, rangeInZone(conflict.start.toISOString(), conflict.end.toISOString(), timeZone, say.locale), say._);
}

/** Frees [from, to) of the host's blocks (bookings are untouched). */
export async function unblockTime(db: Db, input: { hostId: string; spaceId: string; block: BlockInput; now: Date }): Promise<HostScheduleResult & { changed?: number }> {
  const space = await ownedSpace(db, input.hostId, input.spaceId);
  if (!space) return notFound();
  const start = localInstant(input.block.from, space.timezone);
  const end = localInstant(input.block.to, space.timezone);
  const changed = await db.transaction(async (tx) => {
    await lockCalendar(tx, space.id);
    const removed = await removeBlocks(tx, { spaceId: space.id, start, end });
    // Imported events the host's block hid become blocks of their own again.
    await reconcileImportedBlocks(tx, space.id, input.now);
    return removed;
  });
  return { ok: true, changed };
}

/** Sets a date's own hours (an empty list closes it), or with no hours goes back to the weekday's. */
export async function saveDatedHours(db: Db, input: { hostId: string; spaceId: string; dated: DatedHoursInput; now: Date }): Promise<HostScheduleResult> {
  const space = await ownedSpace(db, input.hostId, input.spaceId);
  if (!space) return notFound();
  const { date, hours, note } = input.dated;
  if (hours === undefined) {
    await db.delete(spaceDateHours).where(and(eq(spaceDateHours.spaceId, space.id), eq(spaceDateHours.date, date)));
  } else {
    await db
      .insert(spaceDateHours)
      .values({ spaceId: space.id, date, hours, note, updatedAt: input.now })
      .onConflictDoUpdate({ target: [spaceDateHours.spaceId, spaceDateHours.date], set: { hours, note, updatedAt: input.now } });
  }
  return { ok: true };
}

export type HostCalendar = Awaited<ReturnType<typeof getHostCalendar>>;

/**
 * What the host's calendar shows between two local dates (inclusive, at most 62 days):
 * the listing's schedule, its bookings (guest, status, units, the conversation), live
 * holds, blocks with their notes, and dated hours. Null when the listing is not the host's.
 */
export async function getHostCalendar(db: Db, input: { hostId: string; spaceId: string; from: string; to: string; now: Date }) {
  const space = await ownedSpace(db, input.hostId, input.spaceId);
  if (!space) return null;
  const start = new Date(zonedInstant(input.from, 0, space.timezone));
  const end = new Date(zonedInstant(addDays(input.to, 1), 0, space.timezone));
  const overlapping = sql`tstzrange(${bookings.startTime}, ${bookings.endTime}, '[)') && tstzrange(${start.toISOString()}::timestamptz, ${end.toISOString()}::timestamptz, '[)')`;
  const [bookingRows, rows, dated] = await Promise.all([
    db
      .select({
        id: bookings.id,
        start: bookings.startTime,
        end: bookings.endTime,
        status: bookings.status,
        units: bookings.units,
        guestId: bookings.userId,
        guestName: profiles.fullName,
      })
      .from(bookings)
      .leftJoin(profiles, eq(profiles.id, bookings.userId))
      .where(and(eq(bookings.spaceId, space.id), inArray(bookings.status, ["confirmed", "completed", "disputed"]), overlapping))
      .orderBy(asc(bookings.startTime)),
    db
      .select({ id: spaceAvailability.id, kind: spaceAvailability.kind, start: spaceAvailability.startTime, end: spaceAvailability.endTime, units: spaceAvailability.units, note: spaceAvailability.note, imported: spaceAvailability.imported })
      .from(spaceAvailability)
      .where(
        and(
          eq(spaceAvailability.spaceId, space.id),
          inArray(spaceAvailability.kind, ["blocked", "hold"]),
          or(isNull(spaceAvailability.expiresAt), gt(spaceAvailability.expiresAt, input.now)),
          sql`tstzrange(${spaceAvailability.startTime}, ${spaceAvailability.endTime}, '[)') && tstzrange(${start.toISOString()}::timestamptz, ${end.toISOString()}::timestamptz, '[)')`,
        ),
      )
      .orderBy(asc(spaceAvailability.startTime)),
    db.select().from(spaceDateHours).where(and(eq(spaceDateHours.spaceId, space.id), between(spaceDateHours.date, input.from, input.to))),
  ]);
  const iso = (date: Date) => date.toISOString();
  return {
    space: {
      id: space.id,
      title: space.title,
      timeZone: space.timezone,
      quantity: space.quantity,
      unitWords: unitWords(space.rentalType),
      schedule: scheduleOf(space, Object.fromEntries(dated.map((row) => [row.date, row.hours]))),
    },
    bookings: bookingRows.map((row) => ({ ...row, start: iso(row.start), end: iso(row.end) })),
    holds: rows.filter((row) => row.kind === "hold").map((row) => ({ id: row.id, start: iso(row.start), end: iso(row.end), units: row.units })),
    // Imported blocks (calendar sync) are shown but not the host's to unblock here: their source decides.
    blocks: rows.filter((row) => row.kind === "blocked").map((row) => ({ id: row.id, start: iso(row.start), end: iso(row.end), note: row.note, imported: row.imported })),
    datedNotes: Object.fromEntries(dated.map((row) => [row.date, row.note])) as Record<string, string | null>,
  };
}

/** The host's listing, or null when it is another host's or does not exist (a 404 alike). */
export async function ownedSpace(db: Db, hostId: string, spaceId: string) {
  try {
    return await getOwnerSpace(db, hostId, spaceId);
  } catch (error) {
    if (error instanceof HostingError && error.status === 404) return null;
    throw error;
  }
}

function notFound(): HostScheduleResult & { ok: false } {
  return { ok: false, status: 404, error: translatable("Listing not found") };
}

/** Beside the "to" field; translated where shown (the form's FieldError). */
const BLOCK_END_TEXT = translatable("The end must be after the start");

export type { HoursRange };
