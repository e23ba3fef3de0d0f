import type { Express } from "express";
import crypto from "node:crypto";
import fs from "node:fs/promises";
import type { Server } from "node:http";
import os from "node:os";
import path from "node:path";
import { createServer, type ViteDevServer } from "vite";
import { openDatabase } from "~/lib/db.server";
import { createTestDatabase, migratedPgliteSnapshot, testEngine, type TestDatabase } from "./test-database";
import { isRouteTypegenRace } from "./typegen-race";

/**
 * The whole HTTP stack (server/app.ts: Express, the hardening middleware, React Router
 * with every route) on a fresh test database, for tests that must see what a client
 * sees: status codes, headers, streamed bodies. The app's modules are loaded through
 * Vite (as `react-router dev` does), so `load()` gives a test the app's own instances
 * (its database, its settings) to prepare data with.
 *
 * Listens on 127.0.0.1:`port` (a port from the hardening range, 3130–3139).
 */
export type AppHttp = {
  baseUrl: string;
  load<T = Record<string, unknown>>(module: string): Promise<T>;
  /** Connections the server holds open now. */
  openConnections(): Promise<number>;
  close(): Promise<void>;
};

const TOUCHED = ["DATABASE_URL", "DATA_DIR", "SEED_DEMO_DATA", "SITE_URL", "TRUST_PROXY", "HOST", "LOG_LEVEL", "SESSION_SECRET"] as const;

export async function startAppHttp({ port, env = {} }: { port: number; env?: Record<string, string> }): Promise<AppHttp> {
  // Every setting this server changes is put back when it closes, the test's own too.
  const saved = Object.fromEntries([...TOUCHED, ...Object.keys(env)].map((name) => [name, process.env[name]]));
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "rentwell-http-"));
  let database: TestDatabase | undefined;
  if (testEngine() === "postgres") {
    database = await createTestDatabase();
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${database.name}`;
    process.env.DATABASE_URL = url.toString();
  } else {
    delete process.env.DATABASE_URL;
    // The app's embedded database (DATA_DIR/db) starts as the migrated snapshot, not an empty cluster.
    const seeded = await openDatabase({ engine: "pglite", dataDir: path.join(dataDir, "db"), loadDataDir: await migratedPgliteSnapshot() });
    await seeded.close();
  }
  const baseUrl = `http://127.0.0.1:${port}`;
  Object.assign(process.env, {
    DATA_DIR: dataDir,
    SEED_DEMO_DATA: "false",
    SITE_URL: baseUrl,
    HOST: "127.0.0.1",
    SESSION_SECRET: crypto.randomBytes(32).toString("hex"),
    ...env,
  });
  const vite: ViteDevServer = await createServer({
    configFile: path.resolve("vite.config.ts"),
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
    appType: "custom",
    logLevel: "error",
  });
  const { createApp } = (await vite.ssrLoadModule("/server/app.ts")) as { createApp(): Express };
  const { getDatabase } = (await vite.ssrLoadModule("/app/lib/db.server.ts")) as { getDatabase(): Promise<unknown> };
  await getDatabase();
  const app = createApp();
  const server = await new Promise<Server>((resolve) => {
    const listening = app.listen(port, "127.0.0.1", () => resolve(listening));
  });
  return {
    baseUrl,
    load: async <T,>(module: string) => (await vite.ssrLoadModule(module)) as T,
    openConnections: () => new Promise<number>((resolve, reject) => server.getConnections((error, count) => (error ? reject(error) : resolve(count)))),
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      const { closeDatabase } = (await vite.ssrLoadModule("/app/lib/db.server.ts")) as { closeDatabase(): Promise<void> };
      const { closeLiveStreams } = (await vite.ssrLoadModule("/app/features/realtime/live-hub.server.ts")) as { closeLiveStreams(): Promise<void> };
      await closeLiveStreams();
      await closeDatabase();
      // A route-types write that lost the race at start fails the plugin's close (tests/setup/typegen-race.ts).
      await vite.close().catch((error: unknown) => {
        if (!isRouteTypegenRace(error)) throw error;
      });
      await database?.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    },
  };
}

export { chunks, rawRequest, type RawResponse } from "./raw-http";
