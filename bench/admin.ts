/**
 * Platform analytics and the dashboard at scale (issue #14). Creates a scratch
 * PostgreSQL database, loads the demo data, generated listings (BENCH_LISTINGS,
 * default 100 000) and 100 000 generated bookings over the last 13 months in four
 * currencies (BENCH_BOOKINGS), plus contact messages and newsletter subscribers, then
 * prints p50/p95/p99 of every query the /admin and /dashboard pages run, one line each:
 *
 *   admin revenue by currency: p50 9.1 ms, p95 11.0 ms, p99 12.3 ms
 *
 * The scratch database is dropped at the end (also on Ctrl-C). Exits non-zero when a
 * query's p95 is over 50 ms.
 *
 *   npm run bench:admin
 *
 * Settings: BENCH_DATABASE_URL (an admin connection, default
 * postgres://postgres@127.0.0.1:5432/postgres), BENCH_LISTINGS, BENCH_BOOKINGS,
 * BENCH_ITERATIONS (200 per query).
 */
import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import { contactInbox, monthlyFees, platformCounts, revenueByCurrency, subscriberList } from "~/features/admin/analytics.server";
import { findModerationTargets, listAdminActions } from "~/features/admin/moderation.server";
import { loadDashboard } from "~/features/dashboard/dashboard.server";
import { openDatabase, type Db } from "~/lib/db.server";
import { prepare } from "./scale-data";

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const LISTINGS = Number(process.env.BENCH_LISTINGS ?? 100_000);
const BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 100_000);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 200);
const WARMUP = 20;
const P95_TARGET_MS = 50;

type Result = { name: string; p95: number };

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

async function time(name: string, run: (i: number) => Promise<unknown>): Promise<Result> {
  for (let i = 0; i < WARMUP; i += 1) await run(i);
  const samples: number[] = [];
  for (let i = 0; i < ITERATIONS; i += 1) {
    const started = performance.now();
    await run(i);
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  const [p50, p95, p99] = [50, 95, 99].map((p) => percentile(samples, p));
  console.log(`${name}: p50 ${p50!.toFixed(1)} ms, p95 ${p95!.toFixed(1)} ms, p99 ${p99!.toFixed(1)} ms`);
  return { name, p95: p95! };
}

/** BOOKINGS paid, cancelled and lapsed bookings over the last 13 months, in USD, EUR, GBP and JPY, on the newest listings. */
async function loadBookings(db: Db, total: number) {
  const guests = (await db.execute<{ id: string }>(sql`select id from users order by created_at limit 20`)).rows;
  const guestIds = sql.raw(`(ARRAY[${guests.map((row) => `'${row.id}'`).join(",")}]::uuid[])`);
  const spaceIds = (await db.execute<{ id: string }>(sql`select id from spaces order by created_at desc limit 2000`)).rows;
  const spaceArray = sql.raw(`(ARRAY[${spaceIds.map((row) => `'${row.id}'`).join(",")}]::uuid[])`);
  const batch = 25_000;
  for (let start = 1; start <= total; start += batch) {
    const end = Math.min(total, start + batch - 1);
    await db.execute(sql`
      insert into bookings (user_id, space_id, start_time, end_time, pricing_unit, quantity, rental_amount, total_price,
                            platform_fee_percentage, platform_fee_amount, currency, status, payout_release_at, created_at)
      select ${guestIds}[1 + g % ${sql.raw(String(guests.length))}],
             ${spaceArray}[1 + g % ${sql.raw(String(spaceIds.length))}],
             now() - make_interval(mins => g * 5) + interval '3 days',
             now() - make_interval(mins => g * 5) + interval '3 days 1 hour',
             'hour', 1,
             (1000 + g % 9000), (1000 + g % 9000) + (100 + g % 900), 10, (100 + g % 900),
             (array['USD','USD','USD','EUR','GBP','JPY'])[1 + g % 6],
             (array['confirmed','confirmed','completed','confirmed','cancelled','confirmed','completed','expired','confirmed','pending_payment'])[1 + g % 10],
             now() - make_interval(mins => g * 5) + interval '4 days',
             now() - make_interval(mins => g * 5)
      from generate_series(${start}::int, ${end}::int) as g`);
  }
  await db.execute(sql`
    insert into contact_messages (name, email, subject, message, created_at)
    select 'Sender ' || g, 'sender' || g || '@example.test', 'general', 'Message number ' || g, now() - make_interval(mins => g)
    from generate_series(1, 5000) as g`);
  await db.execute(sql`
    insert into newsletter_subscribers (email, created_at)
    select 'reader' || g || '@example.test', now() - make_interval(mins => g) from generate_series(1, 5000) as g`);
  await db.execute(sql`vacuum analyze bookings`);
  await db.execute(sql`vacuum analyze contact_messages`);
  await db.execute(sql`vacuum analyze newsletter_subscribers`);
}

async function withScratchDatabase<T>(work: (url: string) => Promise<T>): Promise<T> {
  const name = `rentwell_bench_admin_${Date.now()}_${crypto.randomBytes(3).toString("hex")}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const drop = async () => {
    const dropper = new pg.Client({ connectionString: ADMIN_URL });
    await dropper.connect();
    try {
      await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    } finally {
      await dropper.end();
    }
  };
  const onSignal = () => {
    void drop().finally(() => process.exit(130));
  };
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  try {
    return await work(url.toString());
  } finally {
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
    await drop();
    console.log(`Dropped the scratch database ${name}.`);
  }
}

const results = await withScratchDatabase(async (url) => {
  const database = await openDatabase({ engine: "postgres", url, max: 4 });
  try {
    await prepare(database, LISTINGS);
    const started = performance.now();
    await loadBookings(database.db, BOOKINGS);
    const { db } = database;
    const [{ n }] = (await db.execute<{ n: number }>(sql`select count(*)::int as n from bookings`)).rows as [{ n: number }];
    console.log(`Loaded ${n.toLocaleString("en-US")} bookings in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
    const [busiest] = (
      await db.execute<{ host: string; guest: string }>(sql`
        select s.user_id as host, (select user_id from bookings group by user_id order by count(*) desc limit 1) as guest
          from bookings b join spaces s on s.id = b.space_id group by s.user_id order by count(*) desc limit 1`)
    ).rows;
    const now = new Date();
    console.log(`\nQueries on PostgreSQL (${ITERATIONS} runs each; target p95 ≤ ${P95_TARGET_MS} ms):`);
    return [
      await time("admin revenue by currency", () => revenueByCurrency(db, now)),
      await time("admin counts (active spaces, users, rating)", () => platformCounts(db)),
      await time("admin monthly fees (total_platform_fees, 12 months)", () => monthlyFees(db, now)),
      await time("admin contact messages page 1", () => contactInbox(db, 1)),
      await time("admin contact messages page 200", () => contactInbox(db, 200)),
      await time("admin subscribers page 1", () => subscriberList(db, 1)),
      await time("admin action log", () => listAdminActions(db)),
      await time("admin find by title", (i) => findModerationTargets(db, ["loft", "kayak", "studio #12", "nothing at all"][i % 4]!)),
      await time("dashboard, busiest host", () => loadDashboard(db, busiest!.host, now)),
      await time("dashboard, busiest guest", () => loadDashboard(db, busiest!.guest, now)),
    ];
  } finally {
    await database.close();
  }
});

const missed = results.filter((result) => result.p95 > P95_TARGET_MS);
if (missed.length > 0) {
  console.error(`\nMissed p95 ≤ ${P95_TARGET_MS} ms: ${missed.map((result) => `${result.name} (${result.p95.toFixed(1)} ms)`).join(", ")}`);
  process.exitCode = 1;
} else {
  console.log(`\nEvery query p95 ≤ ${P95_TARGET_MS} ms.`);
}
