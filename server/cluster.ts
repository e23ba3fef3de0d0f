import cluster, { type Worker } from "node:cluster";
import { closeDatabase, getDatabase } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";
import { workerCount } from "~/lib/workers.server";

/** How long the primary waits for its workers to finish after SIGTERM. */
const SHUTDOWN_MS = 10_000;


/**
 * `node server/index.js`: on PostgreSQL, a primary process migrates the database
 * once and runs one worker per core (node:cluster; the workers share the port,
 * nothing in memory: sessions, rate limits, live updates and jobs live in the
 * database), replaces a worker that dies, and on SIGTERM lets every worker finish
 * its requests. On the embedded database, which only one process can open, it
 * serves from this one process and says so. docs/decisions/0091-one-worker-per-core.md
 *
 * `start` serves from this process (server/main.ts passes it: this file knows nothing of the app).
 */
export async function supervise(entry: string, start: () => Promise<unknown>) {
  if (cluster.isWorker) {
    await start();
    // The primary is gone (killed): stop too rather than serve unsupervised.
    process.on("disconnect", () => process.kill(process.pid, "SIGTERM"));
    return;
  }
  const settings = env();
  const count = workerCount(settings);
  if (!settings.DATABASE_URL) {
    logger.info({ workers: 1 }, "Embedded database: serving from one process (only one process can open PGlite); set DATABASE_URL to use every core");
    await start();
    return;
  }

  // Migrate (and seed when asked) once, before any worker opens the database.
  await getDatabase();
  await closeDatabase();
  logger.info({ workers: count }, `Starting ${count} worker${count === 1 ? "" : "s"} (WEB_CONCURRENCY, default one per core)`);
  cluster.setupPrimary({ exec: entry });

  let stopping = false;
  const recentCrashes: number[] = [];
  const fork = () => cluster.fork();
  for (let i = 0; i < count; i++) fork();

  cluster.on("exit", (worker: Worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) {
        logger.info("All workers stopped.");
        process.exit(0);
      }
      return;
    }
    logger.error({ workerPid: worker.process.pid, code, signal }, "A worker stopped unexpectedly; starting a new one");
    // A worker that dies at once again and again (a bad setting, the port taken) is
    // restarted more slowly, so the log says why instead of spinning.
    const now = Date.now();
    recentCrashes.push(now);
    while (recentCrashes.length > 0 && recentCrashes[0]! < now - 60_000) recentCrashes.shift();
    const delay = recentCrashes.length > 5 ? 5_000 : 0;
    setTimeout(() => {
      if (!stopping) fork();
    }, delay).unref();
  });

  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "Stopping: every worker finishes its open requests");
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
    setTimeout(() => {
      logger.error("Workers did not stop within 10 s; exiting.");
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGKILL");
      process.exit(1);
    }, SHUTDOWN_MS).unref();
  };
  process.once("SIGTERM", () => shutdown("SIGTERM"));
  process.once("SIGINT", () => shutdown("SIGINT"));
}
