import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import type { Server } from "node:http";
import path from "node:path";
import { sql } from "drizzle-orm";
import { sweepAllExpiredHolds } from "~/features/bookings/bookings.server";
import { sweepOrphanedMedia } from "~/features/media/orphans.server";
import { mediaStorage } from "~/features/media/storage.server";
import { closeLiveStreams } from "~/features/realtime/live-hub.server";
import { CLIENT_IP_HEADER } from "~/features/security/client-ip.server";
import { scheduleAuthCleanup } from "~/features/auth/cleanup.server";
import { closeDatabase, getDatabase, getDb } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { BASE_SECURITY_HEADERS } from "~/lib/security-headers.server";

/**
 * The production HTTP server: security headers on every response, compression,
 * long-cached hashed assets, uploaded media from DATA_DIR, the React Router
 * handler, and a graceful shutdown on SIGTERM/SIGINT.
 */
export function createApp() {
  const settings = env();
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", settings.isProduction ? 1 : false);

  app.use((_req, res, next) => {
    for (const [name, value] of Object.entries(BASE_SECURITY_HEADERS)) res.setHeader(name, value);
    if (settings.isProduction) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  });
  app.use(compression());
  // The client's address for rate limits (app/features/security/client-ip.server.ts);
  // whatever a client sent under this name is replaced.
  app.use((req, _res, next) => {
    req.headers[CLIENT_IP_HEADER] = req.ip ?? req.socket.remoteAddress ?? "";
    next();
  });

  const clientDir = path.resolve("build/client");
  app.use("/assets", express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y", index: false }));
  app.use(express.static(clientDir, { maxAge: "1h", index: false }));

  // Uploaded media: served as inert files, never as pages or scripts.
  app.use(
    "/media",
    (_req, res, next) => {
      res.setHeader("Content-Security-Policy", "default-src 'none'; sandbox");
      res.setHeader("Cross-Origin-Resource-Policy", "same-origin");
      next();
    },
    express.static(path.join(settings.dataDir, "media"), {
      immutable: true,
      maxAge: "1y",
      index: false,
      dotfiles: "deny",
      redirect: false,
      fallthrough: false,
    }),
  );

  app.get("/healthz", async (_req, res) => {
    try {
      const { db } = await getDatabase();
      await db.execute(sql`select 1`);
      res.json({ ok: true });
    } catch {
      res.status(503).json({ ok: false });
    }
  });

  app.all(
    "/{*splat}",
    createRequestHandler({
      build: () => import("virtual:react-router/server-build"),
      mode: settings.isProduction ? "production" : "development",
    }),
  );
  return app;
}

/** Opens (migrates, seeds) the database, then listens. Resolves with the server. */
export async function start(): Promise<Server> {
  const settings = env();
  await getDatabase();
  const app = createApp();
  const server = await new Promise<Server>((resolve) => {
    const listening = app.listen(settings.PORT, settings.HOST, () => resolve(listening));
  });
  const stopAuthCleanup = scheduleAuthCleanup(getDb);
  console.log(`Rentwell is serving at ${settings.SITE_URL} (port ${settings.PORT}, ${settings.DATABASE_URL ? "PostgreSQL" : "embedded database"})`);

  // Uploads never attached to a listing are deleted after a day (docs/decisions/0051).
  const sweepMedia = async () => {
    try {
      const { db } = await getDatabase();
      const deleted = await sweepOrphanedMedia(db, mediaStorage());
      if (deleted > 0 && settings.LOG_LEVEL !== "silent") console.log(`Deleted ${deleted} unattached media files.`);
    } catch (error) {
      console.error("Media sweep failed:", error);
    }
  };
  const mediaSweeper = setInterval(() => void sweepMedia(), 60 * 60 * 1000);
  mediaSweeper.unref();

  // Lapsed 15-minute booking holds are released every minute (SKIP LOCKED: safe with
  // several processes). Booking requests also sweep their own range first (ADR 0104).
  const holdSweeper = setInterval(() => {
    void getDatabase()
      .then(({ db }) => sweepAllExpiredHolds(db))
      .catch((error) => console.error("Hold sweep failed:", error));
  }, 60 * 1000);
  holdSweeper.unref();

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    stopAuthCleanup();
    clearInterval(mediaSweeper);
    clearInterval(holdSweeper);
    console.log(`${signal} received: finishing open requests, then stopping.`);
    const force = setTimeout(() => {
      console.error("Shutdown took longer than 10 s; exiting.");
      process.exit(1);
    }, 10_000);
    force.unref();
    server.close(async () => {
      await closeDatabase().catch((error) => console.error("Closing the database failed:", error));
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
