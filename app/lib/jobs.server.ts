import { sql } from "drizzle-orm";
import type { Database, Db } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";

export type JobOutcome<T> = { ran: true; result: T } | { ran: false };

/**
 * Runs `job` only if no other process (another worker, another machine on the same
 * database) is running the job of the same name: a transaction-scoped advisory
 * lock, released when the transaction ends, even if the process dies.
 *
 * The embedded database belongs to one process, so there is nobody to exclude; and
 * its one connection is held by an open transaction, so a job querying through `db`
 * inside one would wait for itself forever. There the job simply runs.
 */
export async function runExclusive<T>(database: Pick<Database, "db" | "engine">, name: string, job: () => Promise<T>): Promise<JobOutcome<T>> {
  const { db } = database;
  if (database.engine === "pglite") return { ran: true, result: await job() };
  return db.transaction(async (tx) => {
    const locked = await tx.execute<{ locked: boolean }>(sql`select pg_try_advisory_xact_lock(hashtext(${`rentwell-job:${name}`})) as locked`);
    if (!locked.rows[0]?.locked) return { ran: false as const };
    return { ran: true as const, result: await job() };
  });
}

/**
 * The background jobs of this process run one after another. A run holds a pooled
 * connection for its lock (runExclusive) while its work takes others; jobs started
 * together (all of them, 5 s after a worker starts) each held their lock's connection
 * and waited for a second one, so a pool of 10 could be all locks and open
 * transactions waiting on each other, and every request in the pool's queue failed
 * with "timeout exceeded when trying to connect" after 5 s (bench:booking, ADR 0192).
 */
let jobLine: Promise<void> = Promise.resolve();

/**
 * Runs a background job after `firstDelayMs` and then every `intervalMs` on unref'd
 * timers (they never keep the process alive), once at a time across every worker
 * and machine (runExclusive), and one job at a time in this process (jobLine). Each
 * run that did something is logged with its result. Returns a function that stops
 * the schedule.
 */
export function scheduleJob<T>(options: {
  name: string;
  intervalMs: number;
  firstDelayMs?: number;
  getDatabase: () => Promise<Pick<Database, "db" | "engine">>;
  run: (db: Db) => Promise<T>;
}): () => void {
  const { name, intervalMs, firstDelayMs = 5_000, getDatabase, run } = options;
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    jobLine = jobLine.then(runOnce);
  };
  const runOnce = async () => {
    try {
      const database = await getDatabase();
      const outcome = await runExclusive(database, name, () => run(database.db));
      if (outcome.ran) logger.info({ job: name, result: outcome.result }, `job ${name} finished`);
      else logger.debug({ job: name }, `job ${name} is running elsewhere; skipped`);
    } catch (error) {
      logger.error({ job: name, err: error }, `job ${name} failed`);
    } finally {
      running = false;
    }
  };
  const first = setTimeout(tick, firstDelayMs);
  const timer = setInterval(tick, intervalMs);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
