/**
 * `npm run bench:jobs` (issue #30 point 7, ADR 0268): the hand-written job runner against
 * graphile-worker and pg-boss on PostgreSQL, in one run, doing the same work.
 *
 * Each engine gets its own scratch database (so its connections and schema are counted
 * alone) and, in order:
 *
 * 1. enqueue: N jobs (BENCH_JOBS_N, default 10 000), one call per job as a request would
 *    make it, from 10 callers at once, no worker running;
 * 2. drain: workers with the same concurrency (BENCH_JOBS_CONCURRENCY, default 10) start
 *    and run the N jobs; the time until the last one started, and the most connections
 *    the engine held on its database meanwhile (pg_stat_activity, sampled every 20 ms);
 * 3. enqueue in a transaction: 1 000 caller transactions each insert a row of their own
 *    and enqueue a job; 100 more do the same and roll back. Every committed job must run,
 *    no rolled-back one may;
 * 4. latency: with the workers idle, 20 jobs enqueued one every 500 ms; the time from
 *    enqueue to the handler's start, p50 and p95.
 *
 * The current runner is the real one: jobs are e-mails queued with `queueEmail` (the
 * outbox of ADR 0170) and sent by `sendDueEmails` through a transport that records the
 * moment it is called. In phases 2–3 it runs as C loops calling `sendDueEmails` back to
 * back (its claim is FOR UPDATE SKIP LOCKED, so loops take different rows); in phase 4 it
 * runs as deployed, `scheduleJob` (app/lib/jobs.server.ts) at the mail-outbox job's own
 * interval from BACKGROUND_JOBS, one run at a time across processes (runExclusive).
 * graphile-worker and pg-boss get the same payload (an e-mail's subject, text and HTML)
 * and a handler that records the moment it starts.
 *
 * Speeds are printed as ratios to the current runner measured in the same run: absolute
 * figures vary several times between machines of this kind.
 *
 * Settings: BENCH_DATABASE_URL (admin connection, default postgres://postgres@127.0.0.1:5432/postgres),
 * BENCH_JOBS_N, BENCH_JOBS_CONCURRENCY, BENCH_JOBS_ENGINES (comma list of current,graphile-worker,pg-boss,pg-boss-listen).
 */
import crypto from "node:crypto";
import pg from "pg";
import type { Db } from "~/lib/db.server";

process.env.LOG_LEVEL ??= "error";

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const N = Number(process.env.BENCH_JOBS_N ?? 10_000);
const CONCURRENCY = Number(process.env.BENCH_JOBS_CONCURRENCY ?? 10);
const CALLERS = 10;
const TX_COMMITTED = 1_000;
const TX_ROLLED_BACK = 100;
const PACED_JOBS = 20;
const PACED_GAP_MS = 500;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What every job carries: an e-mail of a typical size, and when it was enqueued. */
const SUBJECT = "Your booking at Bucket loft is confirmed";
const TEXT = "Hello,\n\nyour booking is confirmed. ".padEnd(600, "Details follow. ");
const HTML = `<p>${TEXT.replace(/\n/g, "<br>")}</p>`.padEnd(1_200, " ");
type Payload = { to: string; subject: string; text: string; html: string; enqueuedAt: number; phase: string; n: number };
const payload = (phase: string, n: number): Payload => ({ to: `guest${n}@example.com`, subject: SUBJECT, text: TEXT, html: HTML, enqueuedAt: Date.now(), phase, n });

/** The handlers' log: when each job started, by phase. */
class Starts {
  private byPhase = new Map<string, Array<{ n: number; enqueuedAt: number; startedAt: number }>>();
  private waiters: Array<() => void> = [];
  record(phase: string, n: number, enqueuedAt: number) {
    const list = this.byPhase.get(phase) ?? [];
    list.push({ n, enqueuedAt, startedAt: Date.now() });
    this.byPhase.set(phase, list);
    for (const wake of this.waiters.splice(0)) wake();
  }
  list(phase: string) {
    return this.byPhase.get(phase) ?? [];
  }
  async until(phase: string, count: number, timeoutMs: number) {
    const deadline = Date.now() + timeoutMs;
    while (this.list(phase).length < count) {
      if (Date.now() > deadline) throw new Error(`${phase}: ${this.list(phase).length} of ${count} jobs started within ${timeoutMs / 1000} s`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  }
}

/** One engine behind the same five operations. */
type Engine = {
  name: string;
  /** Installs the engine's schema, if it has one. */
  install(): Promise<void>;
  enqueue(job: Payload): Promise<void>;
  /** Enqueues inside the caller's open transaction on `client` (BEGIN already sent). */
  enqueueIn(client: pg.PoolClient, job: Payload): Promise<void>;
  startWorkers(starts: Starts): Promise<void>;
  stopWorkers(): Promise<void>;
  /** Phase 4 may run the engine differently (the current runner: as scheduled). */
  startPacedWorkers?(starts: Starts): Promise<void>;
  close(): Promise<void>;
  needs: { schema: string; listen: string; cron: string; retry: string; history: string; node: string };
};

async function currentRunner(url: string): Promise<Engine> {
  const { openDatabase, runMigrations } = await import("~/lib/db.server");
  const { queueEmail, sendDueEmails } = await import("~/features/mail/outbox.server");
  const { scheduleJob } = await import("~/lib/jobs.server");
  const { backgroundJob } = await import("~/features/jobs/background-jobs.server");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const database = await openDatabase({ engine: "postgres", url, max: CONCURRENCY });
  await runMigrations(database);
  const transportFor = (starts: Starts) => ({
    async send(message: { headers?: Record<string, string> }) {
      const tag = JSON.parse(message.headers?.["X-Bench"] ?? "{}") as { phase: string; n: number; enqueuedAt: number };
      starts.record(tag.phase, tag.n, tag.enqueuedAt);
    },
  });
  const input = (job: Payload) => ({
    kind: "booking_confirmed" as const,
    to: job.to,
    subject: job.subject,
    text: job.text,
    html: job.html,
    headers: { "X-Bench": JSON.stringify({ phase: job.phase, n: job.n, enqueuedAt: job.enqueuedAt }) },
    now: new Date(job.enqueuedAt),
  });
  let running = false;
  let loops: Promise<void>[] = [];
  let stopSchedule: (() => void) | undefined;
  return {
    name: "current runner",
    async install() {},
    async enqueue(job) {
      await queueEmail(database.db, input(job));
    },
    async enqueueIn(client, job) {
      await queueEmail(drizzle(client) as unknown as Db, input(job));
    },
    async startWorkers(starts) {
      running = true;
      const transport = transportFor(starts);
      loops = Array.from({ length: CONCURRENCY }, async () => {
        while (running) {
          const run = await sendDueEmails(database.db, new Date(), transport);
          if (run.sent === 0) await sleep(50);
        }
      });
    },
    async stopWorkers() {
      running = false;
      await Promise.all(loops);
      stopSchedule?.();
    },
    async startPacedWorkers(starts) {
      const job = backgroundJob("mail-outbox")!;
      const transport = transportFor(starts);
      stopSchedule = scheduleJob({
        name: job.name,
        intervalMs: job.intervalMs,
        firstDelayMs: 0,
        getDatabase: async () => database,
        run: (db) => sendDueEmails(db, new Date(), transport),
      });
    },
    close: () => database.close(),
    needs: {
      schema: "one table per kind of job (email_outbox, provider_calls …), app migrations",
      listen: "no (polls every job's interval)",
      cron: "intervals only (BACKGROUND_JOBS)",
      retry: "per job, hand-written (outbox: 1, 2, 4 … min)",
      history: "the job's own rows (sent_at, attempts, last_error)",
      node: "any (PGlite too)",
    },
  };
}

async function graphileWorker(url: string): Promise<Engine> {
  const { run, makeWorkerUtils, Logger } = await import("graphile-worker");
  const quiet = new Logger(() => () => undefined);
  // One pool for enqueueing and working, as the app would share it: a connection per
  // concurrent job plus the one that LISTENs.
  const pgPool = new pg.Pool({ connectionString: url, max: CONCURRENCY + 1 });
  pgPool.on("error", () => undefined);
  pgPool.on("connect", (client) => client.on("error", () => undefined));
  const utils = await makeWorkerUtils({ pgPool, logger: quiet });
  let runner: Awaited<ReturnType<typeof run>> | undefined;
  return {
    name: "graphile-worker",
    async install() {
      await utils.migrate();
    },
    async enqueue(job) {
      await utils.addJob("send_email", job);
    },
    async enqueueIn(client, job) {
      await client.query("select graphile_worker.add_job('send_email', $1::json)", [JSON.stringify(job)]);
    },
    async startWorkers(starts) {
      runner = await run({
        pgPool,
        concurrency: CONCURRENCY,
        noHandleSignals: true,
        logger: quiet,
        taskList: {
          send_email: async (job) => {
            const { phase, n, enqueuedAt } = job as Payload;
            starts.record(phase, n, enqueuedAt);
          },
        },
      });
    },
    async stopWorkers() {
      await runner?.stop();
      runner = undefined;
    },
    close: async () => {
      await utils.release();
      await pgPool.end();
    },
    needs: {
      schema: "schema graphile_worker (its own migrations at start)",
      listen: "yes, one session connection (falls back to polling every 2 s)",
      cron: "yes (crontab, at most once a minute, backfill)",
      retry: "yes, exponential, max_attempts 25",
      history: "no: a finished job is deleted",
      node: ">= 22.18 (0.18.0)",
    },
  };
}

async function pgBoss(url: string, listen: boolean): Promise<Engine> {
  const { PgBoss } = await import("pg-boss");
  const boss = new PgBoss({ connectionString: url, max: CONCURRENCY, useListenNotify: listen, registerInstance: false, schedule: false });
  boss.on("error", (error: Error) => console.error(`pg-boss: ${error.message}`));
  const queue = "send-email";
  return {
    name: listen ? "pg-boss (LISTEN)" : "pg-boss (polling)",
    async install() {
      await boss.start();
      await boss.createQueue(queue, { notify: listen });
    },
    async enqueue(job) {
      await boss.send(queue, job);
    },
    async enqueueIn(client, job) {
      await boss.send(queue, job, { db: { executeSql: (text, values) => client.query(text, values as unknown[]) } });
    },
    async startWorkers(starts) {
      // Batches of 20 as the outbox claims them, fetched back to back while they come
      // back full: with batchSize 1 a pg-boss worker waits its polling interval after
      // every job (10 workers at 2 s: 5 jobs a second), and burstWhenBatchFull needs > 1.
      await boss.work<Payload>(queue, { localConcurrency: CONCURRENCY, batchSize: 20, burstWhenBatchFull: true, pollingIntervalSeconds: 2 }, async (jobs) => {
        for (const job of jobs) starts.record(job.data.phase, job.data.n, job.data.enqueuedAt);
      });
    },
    async stopWorkers() {
      await boss.offWork(queue);
    },
    close: () => boss.stop({ graceful: false, timeout: 5_000 }),
    needs: {
      schema: "schema pgboss (its own migrations at start)",
      listen: listen ? "yes, one session connection (opt-in), polling as fallback" : "no: polls (default 2 s, at least 0.5 s)",
      cron: "yes (schedule(), cron syntax, one instance sends)",
      retry: "yes, retryLimit/retryDelay/retryBackoff, dead-letter queue",
      history: "yes: completed/failed jobs kept (retention setting)",
      node: ">= 22.12 (12.38.0)",
    },
  };
}

/** The most connections other than the sampler's own open on `database` while `work` runs. */
async function peakConnections<T>(database: string, work: () => Promise<T>): Promise<{ result: T; peak: number }> {
  const sampler = new pg.Client({ connectionString: ADMIN_URL });
  await sampler.connect();
  let peak = 0;
  let sampling = true;
  const loop = (async () => {
    while (sampling) {
      const { rows } = await sampler.query<{ n: number }>("select count(*)::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()", [database]);
      peak = Math.max(peak, rows[0]!.n);
      await sleep(20);
    }
  })();
  try {
    const result = await work();
    return { result, peak };
  } finally {
    sampling = false;
    await loop;
    await sampler.end();
  }
}

async function countSchema(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `select (select count(*) from pg_tables where schemaname in ('graphile_worker', 'graphile_worker_private', 'pgboss'))
            + (select count(*) from pg_proc p join pg_namespace s on s.oid = p.pronamespace where s.nspname in ('graphile_worker', 'graphile_worker_private', 'pgboss')) as n`,
    );
    return Number(rows[0]!.n);
  } finally {
    await client.end();
  }
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};

async function inParallel(count: number, workers: number, task: (i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (next < count) await task(next++);
    }),
  );
}

type Result = {
  name: string;
  enqueuePerS: number;
  drainS: number;
  drainPerS: number;
  peakConnections: number;
  txPerS: number;
  txCorrect: string;
  latencyP50: number;
  latencyP95: number;
  schemaObjects: number;
  needs: Engine["needs"];
};

async function bench(kind: string): Promise<Result> {
  const name = `rentwell_bench_jobs_${kind.replace(/\W/g, "_")}_${crypto.randomBytes(3).toString("hex")}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  let pool: pg.Pool | undefined;
  let engine: Engine | undefined;
  try {
    engine =
      kind === "current"
        ? await currentRunner(url.toString())
        : kind === "graphile-worker"
          ? await graphileWorker(url.toString())
          : await pgBoss(url.toString(), kind === "pg-boss-listen");
    await engine.install();
    const starts = new Starts();

    // 1. Enqueue N, one call each, from 10 callers.
    let started = performance.now();
    await inParallel(N, CALLERS, (n) => engine!.enqueue(payload("drain", n)));
    const enqueueS = (performance.now() - started) / 1000;

    // 2. Drain with C workers.
    started = performance.now();
    const { peak } = await peakConnections(name, async () => {
      await engine!.startWorkers(starts);
      await starts.until("drain", N, 600_000);
    });
    const drainS = (performance.now() - started) / 1000;

    // 3. Enqueue inside callers' transactions; the rolled-back ones must never run.
    const callers = (pool = new pg.Pool({ connectionString: url.toString(), max: CALLERS }));
    await callers.query("create table bench_orders (id serial primary key, n int not null)");
    started = performance.now();
    await inParallel(TX_COMMITTED + TX_ROLLED_BACK, CALLERS, async (n) => {
      const client = await callers.connect();
      try {
        await client.query("begin");
        await client.query("insert into bench_orders (n) values ($1)", [n]);
        await engine!.enqueueIn(client, payload(n < TX_COMMITTED ? "tx" : "rolled-back", n));
        await client.query(n < TX_COMMITTED ? "commit" : "rollback");
      } finally {
        client.release();
      }
    });
    const txS = (performance.now() - started) / 1000;
    await starts.until("tx", TX_COMMITTED, 120_000);
    await sleep(1_000);
    const { rows } = await callers.query<{ n: number }>("select count(*)::int as n from bench_orders");
    const ranOnce = new Set(starts.list("tx").map((s) => s.n)).size === starts.list("tx").length;
    const txCorrect =
      rows[0]!.n === TX_COMMITTED && starts.list("tx").length === TX_COMMITTED && starts.list("rolled-back").length === 0 && ranOnce ? "yes" : "NO";

    // 4. Latency at a trickle, workers idle (the current runner as scheduled).
    if (engine.startPacedWorkers) {
      await engine.stopWorkers();
      await engine.startPacedWorkers(starts);
    }
    for (let n = 0; n < PACED_JOBS; n++) {
      await engine.enqueue(payload("paced", n));
      await sleep(PACED_GAP_MS);
    }
    await starts.until("paced", PACED_JOBS, 120_000);
    const latencies = starts.list("paced").map((s) => s.startedAt - s.enqueuedAt);
    await engine.stopWorkers();
    const schemaObjects = await countSchema(url.toString());
    return {
      name: engine.name,
      enqueuePerS: N / enqueueS,
      drainS,
      drainPerS: N / drainS,
      peakConnections: peak,
      txPerS: (TX_COMMITTED + TX_ROLLED_BACK) / txS,
      txCorrect,
      latencyP50: percentile(latencies, 50),
      latencyP95: percentile(latencies, 95),
      schemaObjects,
      needs: engine.needs,
    };
  } finally {
    await engine?.close().catch(() => undefined);
    await pool?.end();
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
}

const kinds = (process.env.BENCH_JOBS_ENGINES ?? "current,graphile-worker,pg-boss,pg-boss-listen").split(",");
const results: Result[] = [];
for (const kind of kinds) {
  console.log(`… ${kind}: ${N} jobs, concurrency ${CONCURRENCY}`);
  results.push(await bench(kind));
}

const base = results.find((r) => r.name === "current runner") ?? results[0]!;
const fmt = (value: number, digits = 0) => value.toFixed(digits);
const ms = (value: number) => (value >= 1000 ? `${(value / 1000).toFixed(1)} s` : `${value.toFixed(0)} ms`);
console.log(`\nJobs on PostgreSQL: N = ${N}, concurrency ${CONCURRENCY}, ${CALLERS} callers; ratios against "${base.name}" in this run\n`);
const table = [
  ["engine", "enqueue/s", "×", "drain s", "drain/s", "×", "peak conns", "tx enqueue/s", "tx safe", "latency p50", "p95", "schema tables+functions"],
  ...results.map((r) => [
    r.name,
    fmt(r.enqueuePerS),
    fmt(r.enqueuePerS / base.enqueuePerS, 2),
    fmt(r.drainS, 1),
    fmt(r.drainPerS),
    fmt(r.drainPerS / base.drainPerS, 2),
    String(r.peakConnections),
    fmt(r.txPerS),
    r.txCorrect,
    ms(r.latencyP50),
    ms(r.latencyP95),
    r.name === "current runner" ? "own tables" : String(r.schemaObjects),
  ]),
];
const widths = table[0]!.map((_, i) => Math.max(...table.map((row) => row[i]!.length)));
for (const row of table) console.log(row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join("  "));
console.log("\nWhat each needs:");
for (const r of results) {
  console.log(`- ${r.name}: schema: ${r.needs.schema}; LISTEN: ${r.needs.listen}; cron: ${r.needs.cron}; retry: ${r.needs.retry}; history: ${r.needs.history}; Node: ${r.needs.node}`);
}
process.exit(0);
