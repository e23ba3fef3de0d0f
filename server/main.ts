import type { Server } from "node:http";
import type { ServerBuild } from "react-router";
import { BACKGROUND_JOBS } from "~/features/jobs/background-jobs.server";
import { closeLiveStreams } from "~/features/realtime/live-hub.server";
import { startLiveTransport } from "~/features/realtime/pubsub.server";
import { closeDatabase, getDatabase } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { scheduleJob } from "~/lib/jobs.server";
import { logger } from "~/lib/logger.server";
import { createApp } from "./app";
import { supervise } from "./cluster";
import { seedDemoDataIfWanted } from "./demo-data";
import { loadBundledExchangeRates } from "./exchange-rates";

/**
 * The server's one entry (the SSR build's input; `node server/index.js` calls `serve`),
 * in the order it runs: settings → database (migrated, seeded when wanted) → the app →
 * listening → the background jobs → a graceful shutdown on SIGTERM/SIGINT. On PostgreSQL,
 * server/cluster.ts runs this in one worker per core.
 */
export function serve(entry: string) {
  return supervise(entry, start);
}

/** Opens (migrates, seeds) the database, then listens. Resolves with the server. */
export async function start(): Promise<Server> {
  const settings = env();
  await seedDemoDataIfWanted(await getDatabase(), settings);
  // The bundled dated exchange rates, so the display currency works offline (ADR 0292).
  await loadBundledExchangeRates(await getDatabase());
  // NOTIFY, or the outbox and its relay to the broker of PUBSUB_URL (ADR 0265).
  const stopLiveTransport = await startLiveTransport(await getDatabase(), settings);

  let stopping = false;
  // Every route module is loaded and the route table derived before the first request.
  const build = (await import("virtual:react-router/server-build")) as ServerBuild;
  const app = createApp(build, { shuttingDown: () => stopping });
  const server = await new Promise<Server>((resolve) => {
    const listening = app.listen(settings.PORT, settings.HOST, () => resolve(listening));
  });
  logger.info(
    { port: settings.PORT, database: settings.DATABASE_URL ? "postgres" : "embedded", appEnv: settings.APP_ENV, react: process.env.NODE_ENV === "production" ? "production" : "development" },
    `Rentwell is serving at ${settings.SITE_URL}`,
  );

  // Every periodic task is a background job (app/features/jobs/background-jobs.server.ts),
  // run once at a time across every worker and machine.
  const stopJobs = BACKGROUND_JOBS.map((job) =>
    scheduleJob({ name: job.name, intervalMs: job.intervalMs, getDatabase, run: (db) => job.run(db, new Date()) }),
  );

  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true; // /readyz answers 503 from now on
    for (const stop of stopJobs) stop();
    logger.info({ signal }, "Stopping: no new connections; finishing open requests and ending live streams");
    const force = setTimeout(() => {
      logger.error("Shutdown took longer than 10 s; exiting.");
      process.exit(1);
    }, 9_500);
    force.unref();
    server.close(async () => {
      await stopLiveTransport().catch((error) => logger.error({ err: error }, "Closing the live-update broker failed"));
      await closeDatabase().catch((error) => logger.error({ err: error }, "Closing the database failed"));
      logger.info("Stopped.");
      process.exit(0);
    });
    server.closeIdleConnections();
    // Live-update streams never end on their own: end them, then drop the idle sockets.
    void closeLiveStreams().finally(() => setImmediate(() => server.closeIdleConnections()));
  };
  process.once("SIGTERM", () => shutdown("SIGTERM"));
  process.once("SIGINT", () => shutdown("SIGINT"));
  return server;
}
