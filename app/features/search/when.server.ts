import { sql, type SQL } from "drizzle-orm";
import { spaceAvailability, spaceDateHours } from "~/db/schema/bookings";
import { spaces } from "~/db/schema/listings";
import type { HoursRange } from "~/db/opening-hours";
import { hourOf, hourText, scheduledEnd, scheduleOf, startHours, weekdayIndex } from "~/features/availability/schedule";
import { feePercent } from "~/features/bookings/booking-rules.server";
import { slotReason, type Availability, type Busy } from "~/features/bookings/booking-widget-rules";
import { quoteBooking, unitPrice, type PricingUnit } from "~/features/bookings/pricing";
import { addDays, localParts, zonedInstant } from "~/features/bookings/slots";
import type { Db } from "~/lib/db.server";
import type { When } from "./search-params";

/**
 * Search by when (issue #27 point 1, ADR 0210). Two steps, one set of rules:
 *
 * 1. SQL narrows (`whenConditions`): bookable, priced for the unit, duration within the
 *    listing's limits, open on the date by its weekly or dated hours (in its own time
 *    zone), notice and how far ahead, and — for a fixed time — no live calendar row
 *    over the time and its buffers (a listing of one unit: the exclusion index's probe;
 *    of several: the hold's running sum of units). These are the hold's conditions
 *    written as SQL, and never stricter than the hold, so nothing bookable is lost.
 * 2. The page's candidates are confirmed (`confirmOffers`) by the booking widget's own
 *    function (`slotReason`/`slotOptions`, the schedule engine's startProblem and the
 *    units count) against their calendar rows and dated hours, read in two queries for
 *    the whole page. A flexible time ('any 3 hours on Saturday') is only narrowed by
 *    SQL (the day is open); this step finds its first free start.
 */

/** The listing columns the schedule and the offer need, besides the card's. */
export const scheduleColumns = {
  timezone: spaces.timezone,
  openingHours: spaces.openingHours,
  checkInTime: spaces.checkInTime,
  checkOutTime: spaces.checkOutTime,
  bufferBeforeMinutes: spaces.bufferBeforeMinutes,
  bufferAfterMinutes: spaces.bufferAfterMinutes,
  minNoticeMinutes: spaces.minNoticeMinutes,
  maxAdvanceDays: spaces.maxAdvanceDays,
  quantity: spaces.quantity,
  minRentalDuration: spaces.minRentalDuration,
  maxRentalDuration: spaces.maxRentalDuration,
};

/** What a result offers for the chosen time: the booking the space page's widget starts from, and its price. */
export type Offer = {
  start: string;
  end: string;
  unit: PricingUnit;
  /** Hours or days. */
  duration: number;
  /** Units or seats (1 on a listing of one). */
  seats: number;
  /** What the guest pays (rental and service fee), minor units of `currency`. */
  totalMinor: number;
  currency: string;
};

const unitOf = (when: When): PricingUnit => (when.kind === "days" ? "day" : "hour");
const lengthOf = (when: When) => (when.kind === "days" ? when.days : when.hours);
const endDateOf = (when: When) => (when.kind === "days" ? when.end : when.date);

/** The hour of an "HH:00" text column or JSON value. */
const hourSql = (expression: SQL) => sql`left(${expression}, 2)::int`;

/** The listing's hours on `date`: its dated hours if it has them, else its weekday's (schedule.ts `hoursOn`). */
function dayHours(date: string) {
  return sql`coalesce((select d.hours from ${spaceDateHours} d where d.space_id = ${spaces.id} and d.date = ${date}), ${spaces.openingHours} -> ${weekdayIndex(date)}::int)`;
}

/** The instant of `hour` o'clock on `date` in the listing's zone. */
const wallInstant = (date: string, hour: SQL) => sql`((${date}::date + make_interval(hours => ${hour})) at time zone ${spaces.timezone})`;

/** A live calendar row of the listing over [start, end) (a hold counts until it lapses). */
function overlapping(start: SQL, end: SQL, now: Date) {
  return sql`a.space_id = ${spaces.id}
    and tstzrange(a.start_time, a.end_time, '[)') && tstzrange(${start}, ${end}, '[)')
    and (a.expires_at is null or a.expires_at > ${now.toISOString()}::timestamptz)`;
}

/**
 * The where-fragments of a search with a time, at `now`, for `units` guests (seats or
 * units on a listing of several). See the module's comment: never stricter than the hold.
 */
export function whenConditions(when: When, units: number, now: Date): { listing: SQL[]; calendar: SQL } {
  const at = sql`${now.toISOString()}::timestamptz`;
  const hours = dayHours(when.date);
  const unit = unitOf(when);
  const length = lengthOf(when);
  const lengthHours = unit === "day" ? length * 24 : length;
  const price = unit === "day" ? spaces.dailyPrice : spaces.hourlyPrice;
  const conditions: SQL[] = [
    sql`${spaces.available} and ${spaces.status} = 'available'`,
    // Written so that no price index is taken for it: the listing's own order decides the plan.
    sql`coalesce(${price}, 0) > 0`,
    // pricing.ts durationRange: the listing's minimum and maximum (in hours) hold the length.
    sql`${spaces.minRentalDuration} <= ${lengthHours} and (${spaces.maxRentalDuration} is null or ${spaces.maxRentalDuration} <= 0 or ${spaces.maxRentalDuration} >= ${lengthHours})`,
  ];
  // The per-row tests (hours, notice, calendar rows) go in one scalar subquery: PostgreSQL
  // then estimates them as one condition (half the rows) instead of multiplying a guess per
  // test down to a handful of rows, a guess that made it sort every text match instead of
  // walking the newest-first index and stopping after a page (bench/README.md).
  const costly: SQL[] = [sql`jsonb_array_length(${hours}) > 0`];
  // `listing`: the listing's own columns, tested while candidates are picked; `calendar`: the per-row tests, on candidates in order (search.server.ts).
  const done = () => ({ listing: conditions, calendar: sql`(select ${sql.join(costly, sql` and `)})` });
  if (when.kind === "flex") {
    // Somewhere in the day is after the notice and within how far ahead (the widget finds the start).
    const dayStart = wallInstant(when.date, sql`0`);
    const dayEnd = wallInstant(when.date, sql`24`);
    costly.push(sql`${dayEnd} > ${at} + make_interval(mins => ${spaces.minNoticeMinutes}) and ${dayStart} <= ${at} + make_interval(days => ${spaces.maxAdvanceDays})`);
    return done();
  }
  let start: SQL;
  let end: SQL;
  if (when.kind === "time") {
    // An opening holds the start, and the end unless the opening runs to midnight (the next day's hours may go on).
    costly.push(sql`exists (select 1 from jsonb_array_elements(${hours}) r
      where ${hourSql(sql`r->>'start'`)} <= ${when.hour} and ${when.hour} < ${hourSql(sql`r->>'end'`)}
        and (${when.hour + when.hours} <= ${hourSql(sql`r->>'end'`)} or r->>'end' = '24:00'))`);
    start = wallInstant(when.date, sql`${when.hour}::int`);
    end = sql`(${start} + make_interval(hours => ${when.hours}::int))`;
  } else {
    // By the day: from check-in, or from the day's first opening hour; to check-out on the last date, or whole days.
    const firstHour = sql`coalesce(${hourSql(sql`${spaces.checkInTime}`)}, (select min(${hourSql(sql`r->>'start'`)}) from jsonb_array_elements(${hours}) r))`;
    start = wallInstant(when.date, firstHour);
    end = sql`(case when ${spaces.checkOutTime} is null then ${start} + make_interval(hours => ${when.days * 24}::int)
      else ${wallInstant(when.end, hourSql(sql`${spaces.checkOutTime}`))} end)`;
  }
  // schedule.ts startProblem's notice and how far ahead; a start must also be in the future.
  costly.push(sql`${start} > ${at} and ${start} >= ${at} + make_interval(mins => ${spaces.minNoticeMinutes}) and ${start} <= ${at} + make_interval(days => ${spaces.maxAdvanceDays})`);
  // The calendar rows over the time and the listing's buffers (hold.server.ts's `taken` test).
  const padded = { start: sql`(${start} - make_interval(mins => ${spaces.bufferBeforeMinutes}))`, end: sql`(${end} + make_interval(mins => ${spaces.bufferAfterMinutes}))` };
  const live = overlapping(padded.start, padded.end, now);
  costly.push(sql`case
    when ${spaces.quantity} = 1 then not exists (select 1 from ${spaceAvailability} a where ${live})
    else ${units} <= ${spaces.quantity} and coalesce((
      with r as (
        select greatest(a.start_time, ${padded.start}) as s, least(a.end_time, ${padded.end}) as e,
               case when a.kind = 'blocked' then ${spaces.quantity} else a.units end as units
          from ${spaceAvailability} a where ${live}
      )
      select max(running) from (
        select sum(d) over (order by t, d rows between unbounded preceding and current row) as running
          from (select s as t, units as d from r union all select e as t, -units as d from r) events) totals), 0) + ${units} <= ${spaces.quantity}
    end`);
  return done();
}

type Candidate = {
  id: string;
  hourlyPrice: number | null;
  dailyPrice: number | null;
  weeklyPrice: number | null;
  monthlyPrice: number | null;
  currency: string;
} & Parameters<typeof scheduleOf>[0] & { quantity: number };

/**
 * The offer of each candidate for the time, or null where the booking widget would
 * refuse it: one query for the page's calendar rows and one for its dated hours, then
 * the widget's own rules per candidate.
 */
export async function confirmOffers(db: Db, candidates: readonly Candidate[], when: When, units: number, now: Date): Promise<Array<Offer | null>> {
  if (candidates.length === 0) return [];
  const ids = candidates.map((row) => row.id);
  const fromDate = addDays(when.date, -2);
  const toDate = addDays(endDateOf(when), 2);
  const idList = sql`(${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})`;
  const [busyRows, datedRows] = await Promise.all([
    db.execute<{ space_id: string; start_time: string; end_time: string; units: number; kind: string }>(sql`
      select a.space_id, a.start_time, a.end_time, a.units, a.kind from ${spaceAvailability} a
       where a.space_id in ${idList}
         and tstzrange(a.start_time, a.end_time, '[)') && tstzrange(${fromDate}::date - 1, ${toDate}::date + 2, '[)')
         and (a.expires_at is null or a.expires_at > ${now.toISOString()}::timestamptz)`),
    db.execute<{ space_id: string; date: string; hours: HoursRange[] }>(sql`
      select d.space_id, d.date, d.hours from ${spaceDateHours} d
       where d.space_id in ${idList} and d.date between ${fromDate} and ${toDate}`),
  ]);
  const busyOf = new Map<string, Busy[]>();
  for (const row of busyRows.rows) {
    const list = busyOf.get(row.space_id) ?? [];
    // A block takes every unit (no `units`: the widget counts it as the whole capacity).
    list.push({ start: new Date(row.start_time).toISOString(), end: new Date(row.end_time).toISOString(), ...(row.kind === "blocked" ? {} : { units: Number(row.units) }) });
    busyOf.set(row.space_id, list);
  }
  const datedOf = new Map<string, Record<string, HoursRange[]>>();
  for (const row of datedRows.rows) {
    const dated = datedOf.get(row.space_id) ?? {};
    dated[row.date] = typeof row.hours === "string" ? (JSON.parse(row.hours) as HoursRange[]) : row.hours;
    datedOf.set(row.space_id, dated);
  }
  const fee = feePercent();
  return candidates.map((row) => {
    const availability: Availability = { schedule: scheduleOf(row, datedOf.get(row.id) ?? {}), capacity: row.quantity, busy: busyOf.get(row.id) ?? [] };
    const seats = row.quantity > 1 ? units : 1;
    const start = offeredStart(availability, when, seats, now);
    if (!start) return null;
    const unit = unitOf(when);
    const duration = lengthOf(when);
    const price = unitPrice(row, unit);
    if (price === null) return null;
    const quote = quoteBooking({ unitPriceMinor: price, quantity: duration * seats, feePercent: fee, currency: row.currency });
    return { start, end: scheduledEnd(availability.schedule, new Date(start), unit, duration).toISOString(), unit, duration, seats, totalMinor: quote.totalMinor, currency: row.currency };
  });
}

/** The start the widget would accept for the search, or null: the asked start, or for a flexible time the first free one of the day. */
function offeredStart(availability: Availability, when: When, seats: number, now: Date): string | null {
  const { schedule } = availability;
  if (when.kind === "flex") {
    // The first start the widget would offer (slotOptions' hours, in order), stopping at the first free one.
    for (const hour of startHours(schedule, when.date, false)) {
      const start = zonedInstant(when.date, hour, schedule.timeZone);
      if (localParts(start, schedule.timeZone).hour !== hour) continue;
      const end = scheduledEnd(schedule, new Date(start), "hour", when.hours).toISOString();
      if (slotReason(availability, { start, end }, false, seats, now) === null) return start;
    }
    return null;
  }
  const unit = unitOf(when);
  const hour = when.kind === "time" ? when.hour : (hourOf(schedule.checkIn ?? "") ?? startHours(schedule, when.date, true)[0]);
  if (hour === undefined) return null;
  const start = zonedInstant(when.date, hour, schedule.timeZone);
  // An hour the clocks skip is no start (as in the widget's list).
  if (localParts(start, schedule.timeZone).hour !== hour) return null;
  const end = scheduledEnd(schedule, new Date(start), unit, lengthOf(when)).toISOString();
  return slotReason(availability, { start, end }, unit !== "hour", seats, now) === null ? start : null;
}

export { hourText };
