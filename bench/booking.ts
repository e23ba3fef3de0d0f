/**
 * Booking integrity and speed (issue #12). On a scratch PostgreSQL database, starts
 * the built server, warms it with unmeasured rushes at other listings for 8 s (at least three), and fires 200 concurrent booking attempts through the HTTP API
 * at 20 slots of one listing (10 different guests racing for each slot), pays every hold it got
 * with the 4242 test card, then counts confirmed bookings and overlapping rows with
 * a SQL self-join, and prints
 *
 *   booking: confirmed 20, overlaps 0, p50 X ms, p99 Y ms
 *
 * In the same run it sends the same hold work straight to PostgreSQL (node-postgres, no
 * app: baselineRush) and prints the rush's attempts per second as a share of that limit:
 *
 *   booking rush: N attempts/s = S % of the PostgreSQL baseline (goal ≥ 50 %)
 *
 * The seats rush (issue #26): 200 guests at once for one one-hour session of a 12-seat
 * experience, 1 seat each, every hold paid, then the seats counted in SQL (live calendar
 * rows and confirmed bookings, at their peak):
 *
 *   seats rush: sold 12 of 12 seats (holds 12), overselling 0, p50 X ms, p99 Y ms
 *
 * and again with 1–3 seats per guest (seeded): at most 12 sold, and how many guests got
 * 'Only … left'.
 *
 * Then it loads 10 000 bookings on the listing and times the availability endpoint
 * (6-week windows):  availability: p50 X ms, p95 Y ms, p99 Z ms
 * and the same for a listing with opening hours (Mon–Fri 08:00–18:00, Sat 10:00–14:00),
 * 100 blocks and 10 000 bookings, with the same SQL timed alone (node-postgres, no app).
 *
 * Last, the live updates' transport (issue #30 point 4, ADR 0265): the same rush again on a
 * restarted server with PostgreSQL NOTIFY, with Redis (PUBSUB_URL=redis://…) and with NATS
 * (nats://…), each after its own warm-up, three times at new listings (the fastest is the figure), beside a busy message thread
 * (MESSAGE_THREADS connections committing announced messages as fast as they can) and a live
 * stream on the listing counting the holds it hears:
 *
 *   booking rush with Redis and a busy message thread (fastest of A / B / C attempts/s): N attempts/s = S % of the PostgreSQL
 *   baseline, R % of NOTIFY's; p99 X ms; messages committed meanwhile M/s; live events heard H of 20 holds,
 *   the last T ms after the rush
 *
 *   npm run build && npm run bench:booking
 *
 * The rush is measured three times at three listings and the fastest is compared with
 * the baseline's fastest of three. BENCH_RUSH_ONLY=1 stops after the rush and its baseline.
 *
 * Settings: BENCH_DATABASE_URL (admin connection, default
 * postgres://postgres@127.0.0.1:5432/postgres), BENCH_PORT (3150), BENCH_NODE_ARGS
 * (extra node flags for the server, e.g. --cpu-prof), BENCH_REDIS_URL (redis://127.0.0.1:6379),
 * BENCH_NATS_URL (nats://127.0.0.1:4222). Exits non-zero
 * when a goal is missed: exactly 20 confirmed, 0 overlaps, p99 ≤ 250 ms, the rush at ≥ 50 % of
 * the PostgreSQL baseline's attempts per second, exactly 12 seats sold and never more than 12
 * at once (at most 12 in the 1–3 seats variant), availability p95 ≤ 10 ms on both listings,
 * and on every transport 20 holds, each heard on the live stream.
 */
import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { sql } from "drizzle-orm";
import pg from "pg";
import { waitFor } from "./support/app-server";
import { cpuMs, processTree, processesNamed } from "./support/proc";

const PORT = Number(process.env.BENCH_PORT ?? 3150);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const SECRET = "bench-booking-secret-bench-booking-secret-0";
// Sessions are signed here and checked by the server: both must use the same secret.
process.env.SESSION_SECRET = SECRET;
process.env.LOG_LEVEL = "error";

const SLOTS = 20;
const ATTEMPTS = 200;
// One guest per attempt: a guest's own second choice replaces their first hold (ADR 0104),
// so racing guests must be different people.
const GUESTS = ATTEMPTS;
const CALENDAR_BOOKINGS = 10_000;
const AVAILABILITY_REQUESTS = 500;
const WARM_UP_RUSHES = 3;
/** Each server worker's pool (app/lib/db.server.ts: openDatabase's default `max`). */
const POOL_PER_WORKER = 10;
/** Measured rushes of the PostgreSQL baseline: the fastest is the limit. */
const BASELINE_RUSHES = 3;
/** Measured rushes of the app, the same number: the fastest is compared with the limit. */
const RUSHES = BASELINE_RUSHES;
/** BENCH_RUSH_ONLY=1: only the rush and its baseline (a quicker run while working on the hold). */
const RUSH_ONLY = process.env.BENCH_RUSH_ONLY === "1";
/** The first runs of the background jobs start 5 s after a worker does (app/lib/jobs.server.ts). */
const STARTUP_JOBS_MS = 8_000;
/** The seats rush (issue #26 point 4): one session of a SEATS-seat experience, ATTEMPTS guests at once. */
const SEATS = 12;
/** Connections of the busy message thread beside the live-transport rushes (issue #30 point 4). */
const MESSAGE_THREADS = 4;
/** Measured rushes per live transport: the fastest is the figure, as for the baseline. */
const TRANSPORT_RUSHES = 3;
/** The availability endpoint on a listing with opening hours (issue #26): its blocks. */
const HOURS_BLOCKS = 100;

/**
 * One request through node:http: for the rush, a POST on its own connection (as 200
 * different browsers would, `agent: false`); for the calendar, GETs on one kept-alive
 * connection (as one browser would). The load generator runs on the same two cores as
 * the server: fetch (undici) spent about 1.5 ms of CPU per request here, 300 ms for the
 * burst, all on this process's one thread, so it measured its own queue; node:http
 * spends about a fifth of that.
 */
function send(url: string, options: { method?: string; payload?: string; headers?: Record<string, string>; agent?: http.Agent | false }): Promise<{ status: number; body: string }> {
  const { method = "GET", payload, headers = {}, agent = false } = options;
  const bodyHeaders: Record<string, string | number> = payload === undefined ? {} : { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(payload) };
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, agent, headers: { "Accept-Encoding": "gzip", ...headers, ...bodyHeaders } }, (response) => {
      const stream = response.headers["content-encoding"] === "gzip" ? response.pipe(zlib.createGunzip()) : response;
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }));
      stream.on("error", reject);
    });
    request.on("error", reject);
    request.end(payload);
  });
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/**
 * The limit the app's rush is measured against (issue #25 point 8): the same hold work
 * sent straight to PostgreSQL by node-postgres, with no app around it, fired the same way
 * (ATTEMPTS at once at SLOTS one-hour slots of a listing, the different guests of the
 * rush, a pool of `poolSize`, as many connections as the server's workers have together).
 * Each attempt is what createBookingHold sends (app/features/bookings/hold.server.ts), on
 * one connection of the pool from its read to its commit:
 *
 * 1. the attempt read: the listing's columns with its schedule (issue #26), its dated
 *    hours, the Idempotency-Key's earlier answer, whether the guest's session is live and
 *    whether the range (with the buffers) is taken — for a listing of several units, full
 *    — as one named prepared statement; a taken range ends the attempt ('slot taken');
 * 2. the slot transaction: BEGIN; the calendar's advisory lock; the sweep of lapsed holds
 *    in the range and of the guest's own open checkout; the booking, the key naming it,
 *    the create_intent provider call and the hold in one statement; COMMIT. A 23P01
 *    (exclusion constraint) is 'slot taken'.
 *
 * Not included: the payment intent made after the commit by the 20 winners (the local
 * processor's row and its recording), the HTTP request and the session's cookies.
 */
async function baselineRush(
  pool: pg.Pool,
  input: { spaceId: string; guests: { userId: string; sessionId: string }[]; slotStart: (i: number) => Date; firstDay: number; amount: number },
): Promise<{ ms: number; held: number; taken: number }> {
  const attemptRead = {
    name: "bench_booking_attempt",
    text: `select s.id, s.user_id, s.is_published, s.available, s.status, s.hourly_price, s.daily_price, s.weekly_price, s.monthly_price,
                  s.min_rental_duration, s.max_rental_duration, s.currency, s.timezone, s.cancellation_policy, s.rental_type,
                  s.opening_hours, s.check_in_time, s.check_out_time, s.buffer_before_minutes, s.buffer_after_minutes,
                  s.min_notice_minutes, s.max_advance_days, s.quantity,
                  (select json_object_agg(d.date, d.hours) from space_date_hours d where d.space_id = s.id and d.date between $9 and $10) as dated,
                  (select json_build_object('requestHash', k.request_hash, 'response', k.response, 'bookingId', k.booking_id, 'lockedUntil', k.locked_until)
                     from idempotency_keys k where k.key = $2) as earlier,
                  ($3::uuid is null or exists (select 1 from sessions se join users u on u.id = se.user_id
                     where se.id = $3::uuid and se.user_id = $4::uuid and se.revoked_at is null and se.expires_at > $5::timestamptz and u.suspended_at is null)) as session_live,
                  (s.check_in_time is null) and case
                    when s.quantity = 1 then exists (select 1 from space_availability a where a.space_id = s.id
                         and tstzrange(a.start_time, a.end_time, '[)') && tstzrange($6::timestamptz - make_interval(mins => s.buffer_before_minutes), $7::timestamptz + make_interval(mins => s.buffer_after_minutes), '[)')
                         and (a.expires_at is null or a.expires_at > $8::timestamptz)
                         and not exists (select 1 from bookings b where b.id = a.booking_id and b.user_id = $4::uuid and b.status = 'pending_payment'))
                    else coalesce((
                      with r as (
                        select greatest(a.start_time, $6::timestamptz - make_interval(mins => s.buffer_before_minutes)) as rs,
                               least(a.end_time, $7::timestamptz + make_interval(mins => s.buffer_after_minutes)) as re,
                               case when a.kind = 'blocked' then s.quantity else a.units end as units
                          from space_availability a where a.space_id = s.id
                         and tstzrange(a.start_time, a.end_time, '[)') && tstzrange($6::timestamptz - make_interval(mins => s.buffer_before_minutes), $7::timestamptz + make_interval(mins => s.buffer_after_minutes), '[)')
                         and (a.expires_at is null or a.expires_at > $8::timestamptz)
                         and not exists (select 1 from bookings b where b.id = a.booking_id and b.user_id = $4::uuid and b.status = 'pending_payment')
                      )
                      select max(running) from (
                        select sum(d) over (order by t, d rows between unbounded preceding and current row) as running
                          from (select rs as t, units as d from r union all select re as t, -units as d from r) events) totals), 0) >= s.quantity
                  end as taken
             from spaces s where s.id = $1`,
  };
  const sweep = `
    with lapsed as (
      select a.id from space_availability a join bookings b on b.id = a.booking_id
       where a.kind = 'hold' and (a.expires_at <= $1::timestamptz and a.space_id = $2 and tstzrange(a.start_time, a.end_time, '[)') && tstzrange($3::timestamptz, $4::timestamptz, '[)'))
         and not exists (select 1 from local_payment_intents i where i.booking_id = b.id and i.status = 'succeeded')
       for update of a, b skip locked
    ), open_checkout as (
      select a.id from bookings b join space_availability a on a.booking_id = b.id
       where a.kind = 'hold' and a.space_id = $2 and b.user_id = $5 and b.status = 'pending_payment'
       for update of b, a
    ), gone as (
      delete from space_availability a where a.id in (select id from lapsed union select id from open_checkout) returning a.id, a.booking_id
    ), ended as (
      update bookings b set status = 'expired', hold_expires_at = null, updated_at = $1::timestamptz,
             ended_reason = case when gone.id in (select id from open_checkout) then 'released' else 'lapsed' end
        from gone where b.id = gone.booking_id and b.status in ('pending_payment')
      returning b.id, b.payment_intent_id, b.currency, b.ended_reason
    ), calls as (
      insert into provider_calls (booking_id, kind, provider, amount, currency, intent_id, reason, next_attempt_at, created_at, updated_at)
      select ended.id, 'cancel_intent', 'local', 0, ended.currency, ended.payment_intent_id,
             case when ended.ended_reason = 'released' then 'release' else 'expire' end, $1::timestamptz, $1::timestamptz, $1::timestamptz
        from ended where ended.payment_intent_id is not null
      returning id
    )
    select (select count(*) from ended)::int as expired, (select coalesce(json_agg(id), '[]') from calls)::text as calls`;
  const hold = `
    with made as (insert into bookings (id, user_id, space_id, start_time, end_time, pricing_unit, quantity, units, rental_amount, total_price, platform_fee_percentage, platform_fee_amount,
                                   currency, status, hold_expires_at, payout_release_at, cancellation_policy, refund_service_fee, created_at, updated_at)
             values ($15, $2, $6, $7, $8, 'hour', 1, 1, $9, $10, 10, $11, 'USD', 'pending_payment', $12, $13, 'flexible', $14, $5, $5) returning id),
    claimed as (insert into idempotency_keys (key, user_id, request_hash, booking_id, locked_until, created_at) values ($1, $2, $3, $15, $4, $5) on conflict do nothing returning key),
    called as (insert into provider_calls (booking_id, kind, provider, amount, currency, intent_id, reason, next_attempt_at, created_at, updated_at)
               values ($15, 'create_intent', 'local', $10, 'USD', null, 'hold', $5, $5, $5) returning id),
    held as (
      insert into space_availability (space_id, booking_id, kind, start_time, end_time, expires_at, units, shared, created_at)
      select $6, made.id, 'hold', $7::timestamptz, $8::timestamptz, $12::timestamptz, 1, false, $5::timestamptz
        from made where exists (select 1 from claimed)
      returning booking_id
    )
    select held.booking_id, (select id from called) as call_id from held`;
  const rental = Math.round(input.amount / 1.1);
  const attempt = async (i: number): Promise<"held" | "taken"> => {
    const guest = input.guests[i % input.guests.length]!;
    const start = input.slotStart(input.firstDay + (i % SLOTS));
    const end = new Date(start.getTime() + 3_600_000);
    const now = new Date();
    const key = `booking-hold:${guest.userId}:${crypto.randomUUID()}`;
    const requestHash = crypto.createHash("sha256").update(JSON.stringify([input.spaceId, start.toISOString(), end.toISOString(), 1, "hour", input.amount, "USD"])).digest("hex");
    const tx = await pool.connect();
    try {
      const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
      const { rows } = await tx.query({
        ...attemptRead,
        values: [input.spaceId, key, guest.sessionId, guest.userId, new Date().toISOString(), start.toISOString(), end.toISOString(), now.toISOString(), day(start.getTime() - 2 * 86_400_000), day(end.getTime() + 2 * 86_400_000)],
      });
      if (!rows[0]?.session_live) throw new Error("baseline: the guest's session is not live");
      if (rows[0].taken) return "taken";
      await tx.query("begin");
      await tx.query("select pg_advisory_xact_lock($1::int, hashtext($2))", [1, input.spaceId]);
      await tx.query(sweep, [now.toISOString(), input.spaceId, start.toISOString(), end.toISOString(), guest.userId]);
      const expiresAt = new Date(now.getTime() + 15 * 60_000).toISOString();
      const made = await tx.query(hold, [key, guest.userId, requestHash, new Date(now.getTime() + 120_000).toISOString(), now.toISOString(), input.spaceId, start.toISOString(), end.toISOString(), rental, input.amount, input.amount - rental, expiresAt, new Date(end.getTime() + 24 * 3_600_000).toISOString(), true, crypto.randomUUID()]);
      if (made.rows.length === 0) throw new Error("baseline: the key was not claimed");
      await tx.query("commit");
      return "held";
    } catch (error) {
      await tx.query("rollback").catch(() => undefined);
      if ((error as { code?: string }).code === "23P01") return "taken";
      throw error;
    } finally {
      tx.release();
    }
  };
  const started = performance.now();
  const outcomes = await Promise.all(Array.from({ length: ATTEMPTS }, (_, i) => attempt(i)));
  return { ms: performance.now() - started, held: outcomes.filter((o) => o === "held").length, taken: outcomes.filter((o) => o === "taken").length };
}

/** A seeded pseudo-random generator (mulberry32): the 1–3 seats variant asks the same seats in every run. */
function seededRandom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * The most seats in use at one moment on a listing, by its live calendar rows (holds not
 * lapsed, bookings and blocks; a block takes every seat) and by its confirmed bookings;
 * and the seats its confirmed bookings hold. The peak is reached at the start of a row.
 */
async function seatCount(client: pg.Client, spaceId: string, quantity: number): Promise<{ sold: number; confirmed: number; livePeak: number; confirmedPeak: number }> {
  const { rows } = await client.query(
    `with live as (
       select a.start_time as s, a.end_time as e, case when a.kind = 'blocked' then $2::int else a.units end as u
         from space_availability a where a.space_id = $1 and (a.expires_at is null or a.expires_at > now())
     ), paid as (
       select b.start_time as s, b.end_time as e, b.units as u from bookings b where b.space_id = $1 and b.status = 'confirmed'
     )
     select (select coalesce(sum(u), 0) from paid)::int as sold,
            (select count(*) from paid)::int as confirmed,
            (select coalesce(max((select sum(r.u) from live r where r.s <= p.s and r.e > p.s)), 0) from live p)::int as live_peak,
            (select coalesce(max((select sum(r.u) from paid r where r.s <= p.s and r.e > p.s)), 0) from paid p)::int as confirmed_peak`,
    [spaceId, quantity],
  );
  const row = rows[0] as { sold: number; confirmed: number; live_peak: number; confirmed_peak: number };
  return { sold: row.sold, confirmed: row.confirmed, livePeak: row.live_peak, confirmedPeak: row.confirmed_peak };
}

async function main() {
  if (!fs.existsSync(path.resolve("build/server/index.js"))) throw new Error("No server build: run `npm run build` first");
  const { openDatabase, runMigrations } = await import("~/lib/db.server");
  const { createUser, sessionCookieFor } = await import("../tests/factories/users");
  const { createSpace } = await import("../tests/factories/listings");
  const { quoteBooking } = await import("~/features/bookings/pricing");

  const name = `rentwell_bench_booking_${Date.now()}_${crypto.randomBytes(3).toString("hex")}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  let server: ChildProcess | undefined;
  const database = await openDatabase({ engine: "postgres", url: databaseUrl, max: 4 });
  let failed = false;
  try {
    await runMigrations(database);
    const db = database.db;
    const host = await createUser(db);
    const space = await createSpace(db, { userId: host.id, hourlyPrice: 5000, timezone: "UTC", title: "Bench Studio" });
    // The measured rushes' listings (the first is also the one whose calendar is timed at the end).
    const rushSpaces = [space, ...(await Promise.all(Array.from({ length: RUSHES - 1 }, (_, i) => createSpace(db, { userId: host.id, hourlyPrice: 5000, timezone: "UTC", title: `Bench Studio ${i + 2}` }))))];
    // Warm-up rushes go to other listings, so the measured one starts empty.
    const warmUpSpaces = await Promise.all(Array.from({ length: 6 }, (_, i) => createSpace(db, { userId: host.id, hourlyPrice: 5000, timezone: "UTC", title: `Bench Warm-up Studio ${i + 1}` })));
    // The PostgreSQL baseline's own listings: one to warm its connections, one measured.
    const baselineWarmUp = await createSpace(db, { userId: host.id, hourlyPrice: 5000, timezone: "UTC", title: "Bench Baseline Warm-up" });
    const baselineSpaces = await Promise.all(Array.from({ length: BASELINE_RUSHES }, (_, i) => createSpace(db, { userId: host.id, hourlyPrice: 5000, timezone: "UTC", title: `Bench Baseline Studio ${i + 1}` })));
    // The seats rushes' experiences (one warm-up, one of 1 seat per guest, one of 1–3 seats),
    // and the listing with opening hours whose calendar is timed at the end.
    const seatListing = (title: string) => createSpace(db, { userId: host.id, hourlyPrice: 5000, timezone: "UTC", rentalType: "experience", quantity: SEATS, title });
    const seatsWarmUp = await seatListing("Bench Seats Warm-up Class");
    const seatsOne = await seatListing("Bench Seats Class");
    const seatsMixed = await seatListing("Bench Seats Class, 1–3 Seats");
    const hoursSpace = await createSpace(db, {
      userId: host.id,
      hourlyPrice: 5000,
      timezone: "America/New_York",
      title: "Bench Studio with Opening Hours",
      // Mon–Fri 08:00–18:00, Sat 10:00–14:00, Sunday closed.
      openingHours: [...Array.from({ length: 5 }, () => [{ start: "08:00", end: "18:00" }]), [{ start: "10:00", end: "14:00" }], []],
    });
    const guests = await Promise.all(Array.from({ length: GUESTS }, () => createUser(db)));
    const cookies = await Promise.all(guests.map((guest) => sessionCookieFor(db, guest.id)));
    const sessionsOf = (await db.execute(sql`select id, user_id from sessions`)).rows as { id: string; user_id: string }[];
    const sessionOf = new Map(sessionsOf.map((row) => [row.user_id, row.id]));
    const baselineGuests = guests.map((guest) => ({ userId: guest.id, sessionId: sessionOf.get(guest.id)! }));

    const baseUrl = `http://127.0.0.1:${PORT}`;
    // BENCH_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", to profile the server.
    const nodeArgs = (process.env.BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean);
    /** The built server on this database; `env` adds settings (PUBSUB_URL for the broker rushes). */
    const startBenchServer = async (env: Record<string, string> = {}) => {
      server = spawn(process.execPath, [...nodeArgs, "server/index.js"], {
        env: {
          ...process.env,
          PORT: String(PORT),
          HOST: "127.0.0.1",
          DATABASE_URL: databaseUrl,
          DATA_DIR: path.resolve(`tmp/bench-booking-${PORT}`),
          SITE_URL: baseUrl,
          NODE_ENV: "production",
          SEED_DEMO_DATA: "false",
          LOG_LEVEL: "error",
          SESSION_SECRET: SECRET,
          ...env,
        },
        stdio: ["ignore", "inherit", "inherit"],
      });
      await waitFor(`${baseUrl}/healthz`, 120_000);
      return performance.now();
    };
    const stopBenchServer = async () => {
      if (!server || server.exitCode !== null || server.signalCode !== null) return;
      const exited = new Promise((resolve) => server!.once("exit", resolve));
      server.kill("SIGTERM");
      await exited;
    };
    const serverUp = await startBenchServer();
    const serverPid = server!.pid!;

    // 20 one-hour slots at 10:00 UTC on consecutive days from tomorrow; 10 attempts each.
    const day0 = new Date();
    day0.setUTCHours(10, 0, 0, 0);
    const slotStart = (i: number) => new Date(day0.getTime() + (i + 1) * 24 * 3_600_000);
    const quote = quoteBooking({ unitPriceMinor: 5000, quantity: 1, feePercent: 10, currency: "USD" });
    const attempt = async (i: number, spaceId = space.id, firstDay = 0) => {
      const start = slotStart(firstDay + (i % SLOTS));
      const body = {
        spaceId,
        startTime: start.toISOString(),
        endTime: new Date(start.getTime() + 3_600_000).toISOString(),
        duration: 1,
        pricingUnit: "hour",
        amount: quote.totalMinor,
        currency: "USD",
      };
      const cookie = cookies[i % GUESTS]!;
      const payload = JSON.stringify(body);
      const started = performance.now();
      const response = await send(`${baseUrl}/api/bookings/payment-intent`, { method: "POST", payload, headers: { Cookie: cookie, "Idempotency-Key": crypto.randomUUID() } });
      const json = JSON.parse(response.body) as { clientSecret?: string; code?: string };
      return { ms: performance.now() - started, status: response.status, json, cookie };
    };
    // Pays every hold with the 4242 test card, each as its guest.
    const payHolds = (holdsToPay: { json: { clientSecret?: string }; cookie: string }[]) =>
      Promise.all(
        holdsToPay.map((hold) =>
          fetch(`${baseUrl}/api/payments/confirm`, {
            method: "POST",
            headers: { "Content-Type": "application/json", Cookie: hold.cookie },
            body: JSON.stringify({ clientSecret: hold.json.clientSecret, card: { number: "4242424242424242", expMonth: "12", expYear: "2034", cvc: "123", name: "Bench" } }),
          }).then((response) => response.json()),
        ),
      );
    // Warm-up, outside the measurement, as bench:search warms each page for 2 s: a server
    // that has been running has compiled its hot code and planned its prepared statements
    // on every pooled connection. Rushes of the same shape at other listings' slots.
    // It goes on until the background jobs' first runs (5 s after a worker starts) are
    // over, so they do not land in the measured rush; each round takes new slots.
    // (At most 60 rounds: their slots stay within the 12 months a booking may be ahead.)
    for (let round = 0; round < 60 && (round < WARM_UP_RUSHES || performance.now() - serverUp < STARTUP_JOBS_MS); round++) {
      const warmUpSpace = warmUpSpaces[round % warmUpSpaces.length]!;
      await Promise.all(Array.from({ length: ATTEMPTS }, (_, i) => attempt(i, warmUpSpace.id, 40 + Math.floor(round / warmUpSpaces.length) * SLOTS)));
    }

    // The measured rushes, each at a listing of its own (`rushSpaces`), as the baseline's are:
    // the fastest is the figure, compared with the baseline's fastest (the others waited on
    // something else). Where each rush's CPU goes (Linux /proc, 10 ms resolution): the
    // server's workers, PostgreSQL (every postgres process: run this on an otherwise idle
    // machine) and this client.
    const serverPids = processTree(serverPid);
    const postgresPids = processesNamed("postgres");
    // Each measured rush starts on a settled server: the e-mails of the previous rush's
    // paid bookings (rendered and sent by the outbox job) are out, as nothing runs beside
    // the baseline's rushes. Before this wait the second rush of every run was the slowest,
    // with the e-mails' rendering in its server CPU.
    const settled = async () => {
      for (const deadline = Date.now() + 30_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 100))) {
        const [{ pending }] = (await db.execute(sql`select count(*)::int as pending from email_outbox where status = 'pending'`)).rows as [{ pending: number }];
        if (pending === 0) break;
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
    };
    const measuredRush = async (spaceId: string) => {
      await settled();
      const cpuBefore = { server: cpuMs(serverPids), primary: cpuMs([serverPid]), postgres: cpuMs(postgresPids), client: process.cpuUsage() };
      const started = performance.now();
      const results = await Promise.all(Array.from({ length: ATTEMPTS }, (_, i) => attempt(i, spaceId)));
      const ms = performance.now() - started;
      const serverCpu = cpuMs(serverPids) - cpuBefore.server;
      const primaryCpu = cpuMs([serverPid]) - cpuBefore.primary;
      const clientUsage = process.cpuUsage(cpuBefore.client);
      const cpu = `server ${serverCpu.toFixed(0)} ms (${(serverCpu / ATTEMPTS).toFixed(2)} ms per attempt; the cluster's primary ${primaryCpu.toFixed(0)} ms), PostgreSQL ${(cpuMs(postgresPids) - cpuBefore.postgres).toFixed(0)} ms, client ${((clientUsage.user + clientUsage.system) / 1000).toFixed(0)} ms`;
      const statuses = new Map<string, number>();
      for (const r of results) statuses.set(`${r.status} ${r.json.code ?? "ok"}`, (statuses.get(`${r.status} ${r.json.code ?? "ok"}`) ?? 0) + 1);
      await payHolds(results.filter((r) => r.status === 200 && r.json.clientSecret));
      const [{ confirmed }] = (await db.execute(sql`select count(*)::int as confirmed from bookings where status = 'confirmed' and space_id = ${spaceId}`)).rows as [{ confirmed: number }];
      const [{ overlaps }] = (
        await db.execute(sql`
          select count(*)::int as overlaps
            from bookings a join bookings b
              on a.space_id = b.space_id and a.id < b.id
             and tstzrange(a.start_time, a.end_time, '[)') && tstzrange(b.start_time, b.end_time, '[)')
           where a.status = 'confirmed' and b.status = 'confirmed' and a.space_id = ${spaceId}`)
      ).rows as [{ overlaps: number }];
      const latencies = results.map((r) => r.ms).sort((a, b) => a - b);
      return { ms, results, cpu, statuses, confirmed, overlaps, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
    };
    const rushes = [];
    for (const rushSpace of rushSpaces) {
      const rush = await measuredRush(rushSpace.id);
      rushes.push(rush);
      console.log(`booking attempts by answer: ${[...rush.statuses].map(([k, v]) => `${k}: ${v}`).join(", ")}`);
      console.log(`booking: confirmed ${rush.confirmed}, overlaps ${rush.overlaps}, p50 ${rush.p50.toFixed(0)} ms, p99 ${rush.p99.toFixed(0)} ms`);
      console.log(`booking rush: ${rush.ms.toFixed(0)} ms wall; CPU: ${rush.cpu}`);
      if (rush.confirmed !== SLOTS || rush.overlaps !== 0) failed = true;
    }
    const fastest = rushes.reduce((best, rush) => (rush.ms < best.ms ? rush : best));
    const { p50 } = fastest;
    const rushMs = fastest.ms;
    if (fastest.p99 > 250) failed = true;

    // The limit: the same hold work straight against PostgreSQL, same shape, same pool
    // (each worker's pool of POOL_PER_WORKER connections × the workers), after one warm-up rush.
    const workers = Number(process.env.WEB_CONCURRENCY) || os.availableParallelism(); // server/cluster.ts workerCount on PostgreSQL
    const poolSize = POOL_PER_WORKER * workers;
    const baselineInput = { guests: baselineGuests, slotStart, amount: quote.totalMinor };
    const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize });
    const baselines = await (async () => {
      try {
        await baselineRush(pool, { ...baselineInput, spaceId: baselineWarmUp.id, firstDay: 40 });
        const rushes = [];
        for (const baselineSpace of baselineSpaces) rushes.push(await baselineRush(pool, { ...baselineInput, spaceId: baselineSpace.id, firstDay: 0 }));
        return rushes;
      } finally {
        await pool.end();
      }
    })();
    // The limit is the fastest of the measured rushes (the others waited on something else).
    const baseline = baselines.reduce((best, rush) => (rush.ms < best.ms ? rush : best));
    const appRate = ATTEMPTS / (rushMs / 1000);
    const baselineRate = ATTEMPTS / (baseline.ms / 1000);
    const share = (100 * appRate) / baselineRate;
    console.log(
      `PostgreSQL baseline (node-postgres, no app; pool ${poolSize}; fastest of ${baselines.map((rush) => `${rush.ms.toFixed(0)}`).join(" / ")} ms): ${baselineRate.toFixed(0)} attempts/s (held ${baseline.held}, taken ${baseline.taken})`,
    );
    console.log(
      `booking rush (fastest of ${rushes.map((rush) => rush.ms.toFixed(0)).join(" / ")} ms): ${appRate.toFixed(0)} attempts/s = ${share.toFixed(0)} % of the PostgreSQL baseline (goal ≥ 50 %)`,
    );
    if (baselines.some((rush) => rush.held !== SLOTS)) {
      console.error(`A baseline rush held ${baselines.map((rush) => rush.held).join(" / ")} slots, not ${SLOTS}`);
      failed = true;
    }
    if (share < 50) failed = true;

    // For context: the same request one at a time (no queueing), on slots nobody else wants.
    const alone: number[] = [];
    for (let i = 0; i < 20; i++) {
      const start = slotStart(SLOTS + 2 + i);
      const started = performance.now();
      const response = await fetch(`${baseUrl}/api/bookings/payment-intent`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Cookie: cookies[i % GUESTS]!, "Idempotency-Key": crypto.randomUUID() },
        body: JSON.stringify({ spaceId: space.id, startTime: start.toISOString(), endTime: new Date(start.getTime() + 3_600_000).toISOString(), duration: 1, pricingUnit: "hour", amount: quote.totalMinor, currency: "USD" }),
      });
      await response.arrayBuffer();
      alone.push(performance.now() - started);
    }
    alone.sort((a, b) => a - b);
    console.log(`booking one at a time (20 requests): p50 ${percentile(alone, 50).toFixed(1)} ms, max ${alone.at(-1)!.toFixed(1)} ms`);
    if (rushes.some((rush) => rush.results.some((r) => r.status >= 500))) {
      console.error("Some attempts got a server error");
      failed = true;
    }
    // The finally below stops the server and drops the database.
    if (RUSH_ONLY) return failed;

    // The seats rush (issue #26 point 4): ATTEMPTS guests at once for one one-hour session
    // of a SEATS-seat experience, each on its own connection as in the rush above; then
    // every hold is paid. After one unmeasured warm-up rush at another class.
    const seatsAttempt = async (i: number, spaceId: string, start: Date, seats: number) => {
      const seatQuote = quoteBooking({ unitPriceMinor: 5000, quantity: seats, feePercent: 10, currency: "USD" });
      const payload = JSON.stringify({
        spaceId,
        startTime: start.toISOString(),
        endTime: new Date(start.getTime() + 3_600_000).toISOString(),
        duration: 1,
        pricingUnit: "hour",
        amount: seatQuote.totalMinor,
        currency: "USD",
        units: seats,
      });
      const cookie = cookies[i % GUESTS]!;
      const started = performance.now();
      const response = await send(`${baseUrl}/api/bookings/payment-intent`, { method: "POST", payload, headers: { Cookie: cookie, "Idempotency-Key": crypto.randomUUID() } });
      const json = JSON.parse(response.body) as { clientSecret?: string; code?: string; error?: string };
      return { ms: performance.now() - started, status: response.status, json, cookie, seats };
    };
    const seatsRush = async (spaceId: string, start: Date, seatsOf: (i: number) => number) => {
      const cpuStart = { server: cpuMs(serverPids), postgres: cpuMs(postgresPids) };
      const started = performance.now();
      const answers = await Promise.all(Array.from({ length: ATTEMPTS }, (_, i) => seatsAttempt(i, spaceId, start, seatsOf(i))));
      const wallMs = performance.now() - started;
      const cpu = { server: cpuMs(serverPids) - cpuStart.server, postgres: cpuMs(postgresPids) - cpuStart.postgres };
      const held = answers.filter((r) => r.status === 200 && r.json.clientSecret);
      await payHolds(held);
      const counts = await seatCount(checker, spaceId, SEATS);
      const sorted = answers.map((r) => r.ms).sort((a, b) => a - b);
      const byAnswer = new Map<string, number>();
      for (const r of answers) {
        const label = r.status === 200 ? "200 held" : `${r.status} ${r.json.code ?? ""}${/^Only /.test(r.json.error ?? "") ? " (Only … left)" : ""}`;
        byAnswer.set(label, (byAnswer.get(label) ?? 0) + 1);
      }
      return {
        answers,
        held,
        wallMs,
        cpu,
        counts,
        p50: percentile(sorted, 50),
        p99: percentile(sorted, 99),
        onlyLeft: answers.filter((r) => /^Only .* left/.test(r.json.error ?? "")).length,
        serverErrors: answers.filter((r) => r.status >= 500).length,
        byAnswer: [...byAnswer].map(([k, v]) => `${k}: ${v}`).join(", "),
      };
    };
    const checker = new pg.Client({ connectionString: databaseUrl });
    await checker.connect();
    try {
      const session = slotStart(3);
      await seatsRush(seatsWarmUp.id, session, () => 1);
      const one = await seatsRush(seatsOne.id, session, () => 1);
      const overselling = Math.max(0, one.counts.livePeak - SEATS, one.counts.confirmedPeak - SEATS);
      console.log(`seats rush attempts by answer: ${one.byAnswer}`);
      console.log(
        `seats rush: sold ${one.counts.sold} of ${SEATS} seats (holds ${one.held.length}), overselling ${overselling}, p50 ${one.p50.toFixed(0)} ms, p99 ${one.p99.toFixed(0)} ms (${one.wallMs.toFixed(0)} ms wall; seats in use at the peak: live rows ${one.counts.livePeak}, confirmed bookings ${one.counts.confirmedPeak})`,
      );
      // Against the one-unit rush of this run (same guests, same server, same machine load).
      console.log(
        `seats rush: ${(ATTEMPTS / (one.wallMs / 1000)).toFixed(0)} attempts/s = ${((100 * rushMs) / one.wallMs).toFixed(0)} % of the one-unit rush's ${appRate.toFixed(0)}; p50 ${(one.p50 / p50).toFixed(1)}× its p50; CPU: server ${one.cpu.server.toFixed(0)} ms (${(one.cpu.server / ATTEMPTS).toFixed(2)} ms per attempt), PostgreSQL ${one.cpu.postgres.toFixed(0)} ms`,
      );
      if (one.counts.sold !== SEATS || one.counts.livePeak > SEATS || one.counts.confirmedPeak > SEATS || one.serverErrors > 0) {
        console.error(`The seats rush sold ${one.counts.sold} seats (peak ${one.counts.livePeak} live, ${one.counts.confirmedPeak} confirmed; ${one.serverErrors} server errors): exactly ${SEATS}, never more, was the goal`);
        failed = true;
      }
      // The variant: each guest asks 1–3 seats (seeded, the same in every run).
      const random = seededRandom(26);
      const asks = Array.from({ length: ATTEMPTS }, () => 1 + Math.floor(random() * 3));
      const mixed = await seatsRush(seatsMixed.id, session, (i) => asks[i]!);
      const mixedOverselling = Math.max(0, mixed.counts.livePeak - SEATS, mixed.counts.confirmedPeak - SEATS);
      console.log(`seats rush 1–3 seats attempts by answer: ${mixed.byAnswer}`);
      console.log(
        `seats rush, 1–3 seats each (seeded): sold ${mixed.counts.sold} of ${SEATS} seats to ${mixed.counts.confirmed} guests (holds ${mixed.held.length}), overselling ${mixedOverselling}, refused with "Only … left" ${mixed.onlyLeft}, p50 ${mixed.p50.toFixed(0)} ms, p99 ${mixed.p99.toFixed(0)} ms (${mixed.wallMs.toFixed(0)} ms wall)`,
      );
      if (mixed.counts.sold > SEATS || mixed.counts.livePeak > SEATS || mixed.counts.confirmedPeak > SEATS || mixed.serverErrors > 0) {
        console.error(`The 1–3 seats rush sold ${mixed.counts.sold} seats (peak ${mixed.counts.livePeak} live, ${mixed.counts.confirmedPeak} confirmed; ${mixed.serverErrors} server errors): at most ${SEATS} was the goal`);
        failed = true;
      }
    } finally {
      await checker.end();
    }

    // 10 000 bookings on the listing: one-hour rows every 2 hours after the slots above.
    const base = slotStart(SLOTS + 30);
    await db.execute(sql`
      with series as (select g, ${base.toISOString()}::timestamptz + make_interval(hours => g * 2) as s from generate_series(0, ${CALENDAR_BOOKINGS - 1}) g),
      made as (
        insert into bookings (user_id, space_id, start_time, end_time, rental_amount, total_price, platform_fee_percentage, platform_fee_amount, currency, status, payout_release_at)
        select ${guests[0]!.id}, ${space.id}, s, s + interval '1 hour', 5000, 5500, 10, 500, 'USD', 'confirmed', s + interval '25 hours' from series
        returning id, start_time, end_time)
      insert into space_availability (space_id, booking_id, kind, start_time, end_time)
      select ${space.id}, id, 'booking', start_time, end_time from made`);
    await db.execute(sql`analyze space_availability`);
    const windowMs = 42 * 24 * 3_600_000;
    const span = CALENDAR_BOOKINGS * 2 * 3_600_000 - windowMs;
    const busyUrl = (i: number) => {
      const from = new Date(base.getTime() + ((i * 7_919 * 3_600_000) % span));
      return `${baseUrl}/api/spaces/${space.id}/busy?from=${from.toISOString()}&to=${new Date(from.getTime() + windowMs).toISOString()}`;
    };
    const browser = new http.Agent({ keepAlive: true, maxSockets: 1 });
    for (let i = 0; i < 30; i++) await send(busyUrl(i), { agent: browser });
    const samples: number[] = [];
    let ranges = 0;
    for (let i = 0; i < AVAILABILITY_REQUESTS; i++) {
      const started = performance.now();
      const response = await send(busyUrl(i + 30), { agent: browser });
      const body = JSON.parse(response.body) as { busy: unknown[] };
      samples.push(performance.now() - started);
      ranges += body.busy.length;
    }
    browser.destroy();
    samples.sort((a, b) => a - b);
    const a95 = percentile(samples, 95);
    console.log(
      `availability (${CALENDAR_BOOKINGS} bookings, 6-week windows, ~${Math.round(ranges / AVAILABILITY_REQUESTS)} ranges each): p50 ${percentile(samples, 50).toFixed(1)} ms, p95 ${a95.toFixed(1)} ms, p99 ${percentile(samples, 99).toFixed(1)} ms`,
    );
    if (a95 > 10) failed = true;

    // The availability endpoint for a listing with opening hours (issue #26): Mon–Fri
    // 08:00–18:00 and Sat 10:00–14:00 in New York, HOURS_BLOCKS whole-day blocks (every
    // 14th day from the 4th) and CALENDAR_BOOKINGS one-hour bookings filling every open
    // hour of the other days, and 20 dated hours; 500 requests over 6-week windows on one
    // kept-alive connection. Then the same SQL alone (busyRanges' prepared statement,
    // app/features/bookings/availability.server.ts) through node-postgres, no app, the
    // same windows on one connection: the endpoint's time as a share of its query's.
    const hoursBase = new Date(slotStart(SLOTS + 30).getTime());
    hoursBase.setUTCHours(0, 0, 0, 0);
    const zone = "America/New_York";
    await db.execute(sql`
      with days as (select (${hoursBase.toISOString()}::timestamptz at time zone ${zone})::date as first),
      blocked as (select (select first from days) + 4 + g * 14 as d from generate_series(0, ${HOURS_BLOCKS - 1}) g),
      hours as (
        select h, h at time zone ${zone} as l
          from generate_series(${hoursBase.toISOString()}::timestamptz, ${hoursBase.toISOString()}::timestamptz + interval '2000 days', interval '1 hour') h
      ),
      open as (
        select h from hours
         where ((extract(isodow from l) between 1 and 5 and extract(hour from l) between 8 and 17)
             or (extract(isodow from l) = 6 and extract(hour from l) between 10 and 13))
           and l::date not in (select d from blocked)
         order by h limit ${CALENDAR_BOOKINGS}
      ),
      made as (
        insert into bookings (user_id, space_id, start_time, end_time, rental_amount, total_price, platform_fee_percentage, platform_fee_amount, currency, status, payout_release_at)
        select ${guests[1]!.id}, ${hoursSpace.id}, h, h + interval '1 hour', 5000, 5500, 10, 500, 'USD', 'confirmed', h + interval '25 hours' from open
        returning id, start_time, end_time),
      calendar as (
        insert into space_availability (space_id, booking_id, kind, start_time, end_time)
        select ${hoursSpace.id}, id, 'booking', start_time, end_time from made
        returning 1)
      insert into space_availability (space_id, kind, start_time, end_time, units, note)
      select ${hoursSpace.id}, 'blocked', d::timestamp at time zone ${zone}, (d + 1)::timestamp at time zone ${zone}, 1, 'Bench block'
        from blocked`);
    // Extra hours on 20 Sundays (closed otherwise), one every five weeks.
    await db.execute(sql`
      with days as (select (${hoursBase.toISOString()}::timestamptz at time zone ${zone})::date as first)
      insert into space_date_hours (space_id, date, hours, note)
      select ${hoursSpace.id}, to_char(first + (7 - extract(isodow from first)::int) + g * 35, 'YYYY-MM-DD'), '[{"start":"12:00","end":"16:00"}]'::jsonb, 'Bench dated hours'
        from days, generate_series(0, 19) g`);
    await db.execute(sql`analyze space_availability`);
    const [{ hoursBookings, hoursBlocks, lastEnd }] = (
      await db.execute(sql`select count(*) filter (where kind = 'booking')::int as "hoursBookings", count(*) filter (where kind = 'blocked')::int as "hoursBlocks", max(end_time) as "lastEnd" from space_availability where space_id = ${hoursSpace.id}`)
    ).rows as [{ hoursBookings: number; hoursBlocks: number; lastEnd: string }];
    const hoursSpan = new Date(lastEnd).getTime() - hoursBase.getTime() - windowMs;
    const hoursWindow = (i: number) => {
      const from = new Date(hoursBase.getTime() + ((i * 7_919 * 3_600_000) % hoursSpan));
      return { from, to: new Date(from.getTime() + windowMs) };
    };
    const hoursUrl = (i: number) => {
      const { from, to } = hoursWindow(i);
      return `${baseUrl}/api/spaces/${hoursSpace.id}/busy?from=${from.toISOString()}&to=${to.toISOString()}`;
    };
    const hoursBrowser = new http.Agent({ keepAlive: true, maxSockets: 1 });
    for (let i = 0; i < 30; i++) await send(hoursUrl(i), { agent: hoursBrowser });
    const hoursSamples: number[] = [];
    let hoursRanges = 0;
    let datedSeen = 0;
    for (let i = 0; i < AVAILABILITY_REQUESTS; i++) {
      const started = performance.now();
      const response = await send(hoursUrl(i + 30), { agent: hoursBrowser });
      const body = JSON.parse(response.body) as { busy: unknown[]; dated: Record<string, unknown> };
      hoursSamples.push(performance.now() - started);
      hoursRanges += body.busy.length;
      datedSeen += Object.keys(body.dated).length;
    }
    hoursBrowser.destroy();
    hoursSamples.sort((a, b) => a - b);
    // The same statement, as busyRanges prepares it, straight to PostgreSQL on one connection.
    const busySql = {
      name: "bench_busy_ranges",
      text: `select (
          select coalesce(json_agg(json_build_object('start', to_char(a.start_time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'end', to_char(a.end_time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'units', case when a.kind = 'blocked' then "spaces"."quantity" else a.units end) order by a.start_time), '[]')::text
            from space_availability a
           where a.space_id = "spaces"."id"
             and tstzrange(a.start_time, a.end_time, '[)') && tstzrange($1::timestamptz, $2::timestamptz, '[)')
             and (a.expires_at is null or a.expires_at > $3::timestamptz)) as busy,
        (select coalesce(json_object_agg(d.date, d.hours), '{}')::text from space_date_hours d
           where d.space_id = "spaces"."id" and d.date between $4 and $5) as dated
        from spaces where spaces.id = $6 and spaces.is_published = true`,
    };
    const direct = new pg.Client({ connectionString: databaseUrl });
    await direct.connect();
    const sqlSamples: number[] = [];
    try {
      const run = async (i: number) => {
        const { from, to } = hoursWindow(i);
        const values = [from.toISOString(), to.toISOString(), new Date().toISOString(), new Date(from.getTime() - 86_400_000).toISOString().slice(0, 10), new Date(to.getTime() + 86_400_000).toISOString().slice(0, 10), hoursSpace.id];
        const { rows } = await direct.query({ ...busySql, values });
        const row = rows[0] as { busy: string; dated: string };
        return (JSON.parse(row.busy) as unknown[]).length;
      };
      for (let i = 0; i < 30; i++) await run(i);
      for (let i = 0; i < AVAILABILITY_REQUESTS; i++) {
        const started = performance.now();
        await run(i + 30);
        sqlSamples.push(performance.now() - started);
      }
    } finally {
      await direct.end();
    }
    sqlSamples.sort((a, b) => a - b);
    const h50 = percentile(hoursSamples, 50);
    const h95 = percentile(hoursSamples, 95);
    const s50 = percentile(sqlSamples, 50);
    const s95 = percentile(sqlSamples, 95);
    console.log(
      `availability with opening hours (${hoursBookings} bookings, ${hoursBlocks} blocks, 20 dated hours; 6-week windows, ~${Math.round(hoursRanges / AVAILABILITY_REQUESTS)} ranges and ~${Math.round(datedSeen / AVAILABILITY_REQUESTS)} dated days each): p50 ${h50.toFixed(1)} ms, p95 ${h95.toFixed(1)} ms, p99 ${percentile(hoursSamples, 99).toFixed(1)} ms (goal p95 ≤ 10 ms)`,
    );
    console.log(
      `  the same SQL alone (node-postgres, prepared, one connection): p50 ${s50.toFixed(1)} ms, p95 ${s95.toFixed(1)} ms, p99 ${percentile(sqlSamples, 99).toFixed(1)} ms; the SQL is ${((100 * s50) / h50).toFixed(0)} % of the endpoint's p50 (${((100 * s95) / h95).toFixed(0)} % of its p95)`,
    );
    if (hoursBookings !== CALENDAR_BOOKINGS || hoursBlocks !== HOURS_BLOCKS) {
      console.error(`The listing with opening hours got ${hoursBookings} bookings and ${hoursBlocks} blocks, not ${CALENDAR_BOOKINGS} and ${HOURS_BLOCKS}`);
      failed = true;
    }
    if (h95 > 10) failed = true;

    // The live updates' transport (issue #30 point 4, ADR 0265): the same rush with PostgreSQL
    // NOTIFY, Redis and NATS (PUBSUB_URL), each on a restarted server, each at its own new
    // listing after its own warm-up, while a busy message thread commits an announced message
    // as fast as it can (MESSAGE_THREADS connections, the same live_publish that
    // sendMessage calls) and a live stream on the listing's calendar counts what arrives.
    // With NOTIFY every commit that announced something queues for one global lock; with a
    // broker the triggers write outbox rows and the relay publishes after the commit.
    const transports: { name: string; env: Record<string, string> }[] = [
      { name: "PostgreSQL NOTIFY", env: {} },
      { name: "Redis", env: { PUBSUB_URL: process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379" } },
      { name: "NATS", env: { PUBSUB_URL: process.env.BENCH_NATS_URL ?? "nats://127.0.0.1:4222" } },
    ];
    type TransportRush = { name: string; rate: number; messagesPerSecond: number; heard: number; held: number; heardAfterMs: number; p99: number };
    const transportRushes: (TransportRush & { rates: number[] })[] = [];
    for (const transport of transports) {
      await stopBenchServer();
      const prefix = `rentwell-bench-${crypto.randomBytes(4).toString("hex")}.`;
      const up = await startBenchServer({ ...transport.env, PUBSUB_PREFIX: prefix });
      const warmUp = await createSpace(db, { userId: host.id, hourlyPrice: 5000, timezone: "UTC", title: `Bench ${transport.name} Warm-up` });
      for (let round = 0; round < 15 && (round < WARM_UP_RUSHES || performance.now() - up < STARTUP_JOBS_MS); round++) {
        await Promise.all(Array.from({ length: ATTEMPTS }, (_, i) => attempt(i, warmUp.id, 40 + round * SLOTS)));
      }
      const rounds: TransportRush[] = [];
      for (let round = 0; round < TRANSPORT_RUSHES; round++) {
        const measured = await createSpace(db, { userId: host.id, hourlyPrice: 5000, timezone: "UTC", title: `Bench ${transport.name} Studio ${round + 1}` });
        // The listing's live stream, as its page opens it (answers once subscribed).
        const controller = new AbortController();
        const stream = await fetch(`${baseUrl}/api/live?topics=availability`, { signal: controller.signal });
        let heardText = "";
        const listening = (async () => {
          const reader = stream.body!.getReader();
          for (;;) {
            const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
            if (done) return;
            heardText += new TextDecoder().decode(value);
          }
        })();
        const threads = await Promise.all(
          Array.from({ length: MESSAGE_THREADS }, async () => {
            const client = new pg.Client({ connectionString: databaseUrl });
            await client.connect();
            return client;
          }),
        );
        let rushing = true;
        let messagesSent = 0;
        const messageThread = Promise.all(
          threads.map(async (client, thread) => {
            while (rushing) {
              await client.query("begin");
              await client.query("select live_publish('messages_changed', $1)", [JSON.stringify({ op: "INSERT", id: String(thread * 1_000_000 + messagesSent), conversationId: measured.id, participants: [] })]);
              await client.query("commit");
              messagesSent += 1;
            }
          }),
        );
        const started = performance.now();
        const rush = await Promise.all(Array.from({ length: ATTEMPTS }, (_, i) => attempt(i, measured.id)));
        const ended = performance.now();
        const ms = ended - started;
        rushing = false;
        await messageThread;
        await Promise.all(threads.map((client) => client.end()));
        // Each hold is one event on the listing's calendar: how long after the rush the stream has heard them all (at most 5 s).
        const holdsMade = rush.filter((r) => r.status === 200 && r.json.clientSecret).length;
        const eventsHeard = () => heardText.split(`"spaceId":"${measured.id}"`).length - 1;
        while (eventsHeard() < holdsMade && performance.now() - ended < 5_000) await new Promise((resolve) => setTimeout(resolve, 5));
        const heardAfterMs = performance.now() - ended;
        controller.abort();
        await listening;
        const latencies = rush.map((r) => r.ms).sort((a, b) => a - b);
        rounds.push({ name: transport.name, rate: ATTEMPTS / (ms / 1000), messagesPerSecond: messagesSent / (ms / 1000), heard: eventsHeard(), held: holdsMade, heardAfterMs, p99: percentile(latencies, 99) });
        if (holdsMade !== SLOTS || rush.some((r) => r.status >= 500)) {
          console.error(`A ${transport.name} rush held ${holdsMade} slots (${rush.filter((r) => r.status >= 500).length} server errors): ${SLOTS} was the goal`);
          failed = true;
        }
        if (eventsHeard() < holdsMade) {
          console.error(`The live stream heard ${eventsHeard()} of ${holdsMade} holds with ${transport.name} within 5 s`);
          failed = true;
        }
      }
      // As for the baseline: the fastest rush is the figure, the others waited on something else.
      const fastest = rounds.reduce((best, rush) => (rush.rate > best.rate ? rush : best));
      transportRushes.push({ ...fastest, rates: rounds.map((rush) => rush.rate) });
    }
    const notifyRate = transportRushes[0]!.rate;
    for (const rush of transportRushes) {
      console.log(
        `booking rush with ${rush.name} and a busy message thread (fastest of ${rush.rates.map((rate) => rate.toFixed(0)).join(" / ")} attempts/s): ${rush.rate.toFixed(0)} attempts/s = ${((100 * rush.rate) / baselineRate).toFixed(0)} % of the PostgreSQL baseline, ${((100 * rush.rate) / notifyRate).toFixed(0)} % of NOTIFY's; p99 ${rush.p99.toFixed(0)} ms; messages committed meanwhile ${rush.messagesPerSecond.toFixed(0)}/s; live events heard ${rush.heard} of ${rush.held} holds, the last ${rush.heardAfterMs.toFixed(0)} ms after the rush`,
      );
    }
  } finally {
    if (server && server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server!.once("exit", resolve));
      server.kill("SIGTERM");
      await exited;
    }
    await database.close();
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  }
  return failed;
}

void main().then(
  (failed) => {
    if (!failed) return;
    console.error("A booking goal was missed.");
    process.exitCode = 1;
  },
  (error) => {
    console.error(error);
    process.exitCode = 1;
  },
);
