import { sql } from "drizzle-orm";
import { bookings, spaceAvailability } from "~/db/schema/bookings";
import { spaces } from "~/db/schema/listings";
import type { Db, Tx } from "~/lib/db.server";

/**
 * Writing a listing's calendar (issue #26, ADR 0202). Every row — a hold, a booking, a
 * host's block, an imported event — goes in under the listing's calendar lock. On a
 * listing of one unit the exclusion constraint refuses an overlap (23P01); on a listing
 * of several units or seats the rows are `shared` and this module counts, under the same
 * lock, that the units in use at every moment of the range stay within the quantity (an
 * exclusion constraint cannot count). A block takes every unit.
 *
 * Lock order (app/features/bookings/process.server.ts): a booking's row lock, when one is
 * taken, comes before the calendar lock.
 */

/** The class of the two-key advisory locks that guard a listing's calendar (jobs use the one-key form). */
const CALENDAR_LOCK = 1;

/**
 * Takes the listing's calendar for the rest of the transaction, before a row goes into
 * it. The exclusion constraint alone lets two transactions that insert overlapping rows
 * at the same moment each wait for the other: PostgreSQL then aborts one with "deadlock
 * detected" after a second (seen in bench:booking when two workers took one slot). In
 * turn, the second inserter finds the first's row and is refused at once (23P01).
 */
export async function lockCalendar(tx: Tx, spaceId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(${CALENDAR_LOCK}::int, hashtext(${spaceId}))`);
}

/** A live calendar row: a booking, a block, or a hold that has not lapsed at `now`. */
const live = (now: Date) => sql`(a.expires_at is null or a.expires_at > ${now.toISOString()}::timestamptz)`;

/**
 * The most units in use at any moment of [start, end) by live rows of the listing (a
 * block counts as all `quantity`), leaving out the rows of `exceptBooking`: a running sum
 * over the rows' starts (+units) and ends (−units) in time order, ends first at the same
 * instant (ranges are half-open), so it is one sort however many rows a session has.
 */
export async function unitsInUse(db: Db | Tx, input: { spaceId: string; start: Date; end: Date; quantity: number; now: Date; exceptBooking?: string | null }): Promise<number> {
  const { rows } = await db.execute<{ used: number }>(sql`
    with r as (
      select greatest(a.start_time, ${input.start.toISOString()}::timestamptz) as s,
             least(a.end_time, ${input.end.toISOString()}::timestamptz) as e,
             case when a.kind = 'blocked' then ${input.quantity}::int else a.units end as units
        from ${spaceAvailability} a
       where a.space_id = ${input.spaceId}
         and tstzrange(a.start_time, a.end_time, '[)') && tstzrange(${input.start.toISOString()}::timestamptz, ${input.end.toISOString()}::timestamptz, '[)')
         and ${live(input.now)}
         ${input.exceptBooking ? sql`and a.booking_id is distinct from ${input.exceptBooking}::uuid` : sql``}
    ), events as (
      select s as t, units as d from r union all select e as t, -units as d from r
    )
    select coalesce(max(running), 0)::int as used
      from (select sum(d) over (order by t, d rows between unbounded preceding and current row) as running from events) totals`);
  return Number(rows[0]?.used ?? 0);
}

export type Conflict = { bookingId: string | null; kind: "booking" | "hold" | "blocked"; start: Date; end: Date };

/** The first live row of the listing overlapping [start, end), bookings and holds before blocks. */
export async function firstConflict(db: Db | Tx, input: { spaceId: string; start: Date; end: Date; now: Date; kinds?: readonly ("booking" | "hold" | "blocked")[]; exceptBooking?: string }): Promise<Conflict | null> {
  const kinds = input.kinds ?? ["booking", "hold", "blocked"];
  const { rows } = await db.execute<{ booking_id: string | null; kind: Conflict["kind"]; start_time: string; end_time: string }>(sql`
    select a.booking_id, a.kind, coalesce(b.start_time, a.start_time) as start_time, coalesce(b.end_time, a.end_time) as end_time
      from ${spaceAvailability} a left join ${bookings} b on b.id = a.booking_id
     where a.space_id = ${input.spaceId}
       and tstzrange(a.start_time, a.end_time, '[)') && tstzrange(${input.start.toISOString()}::timestamptz, ${input.end.toISOString()}::timestamptz, '[)')
       and ${live(input.now)}
       and a.kind in (${sql.join(kinds.map((kind) => sql`${kind}`), sql`, `)})
       ${input.exceptBooking ? sql`and a.booking_id is distinct from ${input.exceptBooking}::uuid` : sql``}
     order by (a.kind = 'blocked'), a.start_time
     limit 1`);
  const row = rows[0];
  return row ? { bookingId: row.booking_id, kind: row.kind, start: new Date(row.start_time), end: new Date(row.end_time) } : null;
}

/**
 * A block of [start, end), under the calendar lock (call `lockCalendar` first): refused,
 * with the booking or hold it would cover, when one overlaps; blocks it touches or
 * overlaps are merged into it (the note given wins, else the first one's).
 */
export async function insertBlock(tx: Tx, input: { spaceId: string; start: Date; end: Date; note: string | null; now: Date }): Promise<{ ok: true; id: string } | { ok: false; conflict: Conflict }> {
  const conflict = await firstConflict(tx, { ...input, kinds: ["booking", "hold"] });
  if (conflict) return { ok: false, conflict };
  // Imported blocks under the new one give way (the sync derives them again around the
  // host's blocks, calendar-sync.server.ts `reconcileImportedBlocks`); the host's own merge.
  await tx.execute(sql`
    delete from ${spaceAvailability} a
     where a.space_id = ${input.spaceId} and a.kind = 'blocked' and a.imported
       and tstzrange(a.start_time, a.end_time, '[)') && tstzrange(${input.start.toISOString()}::timestamptz, ${input.end.toISOString()}::timestamptz, '[)')`);
  const { rows: touching } = await tx.execute<{ id: string; start_time: string; end_time: string; note: string | null }>(sql`
    delete from ${spaceAvailability} a
     where a.space_id = ${input.spaceId} and a.kind = 'blocked' and not a.imported
       and tstzrange(a.start_time, a.end_time, '[]') && tstzrange(${input.start.toISOString()}::timestamptz, ${input.end.toISOString()}::timestamptz, '[]')
    returning a.id, a.start_time, a.end_time, a.note`);
  const start = Math.min(input.start.getTime(), ...touching.map((row) => Date.parse(row.start_time)));
  const end = Math.max(input.end.getTime(), ...touching.map((row) => Date.parse(row.end_time)));
  const note = input.note ?? touching.find((row) => row.note)?.note ?? null;
  const { rows } = await tx.execute<{ id: string }>(sql`
    insert into ${spaceAvailability} (space_id, kind, start_time, end_time, units, shared, note, created_at)
    select s.id, 'blocked', ${new Date(start).toISOString()}::timestamptz, ${new Date(end).toISOString()}::timestamptz, s.quantity, s.quantity > 1, ${note}, ${input.now.toISOString()}::timestamptz
      from ${spaces} s where s.id = ${input.spaceId}
    returning id`);
  return { ok: true, id: rows[0]!.id };
}

/**
 * Frees [start, end) of the host's blocks (under the calendar lock): a block inside it
 * goes, one across its edge is cut back, one around it is split in two (each part keeps
 * its note). Imported blocks follow their source calendar, not this. Returns how many
 * blocks changed.
 */
export async function removeBlocks(tx: Tx, input: { spaceId: string; start: Date; end: Date }): Promise<number> {
  const range = sql`tstzrange(${input.start.toISOString()}::timestamptz, ${input.end.toISOString()}::timestamptz, '[)')`;
  const { rows } = await tx.execute<{ changed: number }>(sql`
    with gone as (
      delete from ${spaceAvailability} a
       where a.space_id = ${input.spaceId} and a.kind = 'blocked' and not a.imported and tstzrange(a.start_time, a.end_time, '[)') && ${range}
      returning a.*
    ), kept as (
      insert into ${spaceAvailability} (space_id, kind, start_time, end_time, units, shared, note, created_at)
      select g.space_id, 'blocked', part.s, part.e, g.units, g.shared, g.note, g.created_at
        from gone g
        cross join lateral (values (g.start_time, ${input.start.toISOString()}::timestamptz), (${input.end.toISOString()}::timestamptz, g.end_time)) as part(s, e)
       where part.e > part.s and part.s >= g.start_time and part.e <= g.end_time
      returning 1
    )
    select (select count(*) from gone)::int as changed`);
  return Number(rows[0]?.changed ?? 0);
}
