import crypto from "node:crypto";
import fs from "node:fs/promises";
import type { Server } from "node:http";
import os from "node:os";
import path from "node:path";
import { createServer, type ViteDevServer } from "vite";
import { createTestDatabase, testEngine, type TestDatabase } from "./test-database";

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
  close(): Promise<void>;
};

const TOUCHED = ["DATABASE_URL", "DATA_DIR", "SEED_DEMO_DATA", "SITE_URL", "TRUST_PROXY", "HOST", "LOG_LEVEL", "SESSION_SECRET"] as const;

export async function startAppHttp({ port, env = {} }: { port: number; env?: Record<string, string> }): Promise<AppHttp> {
  const saved = Object.fromEntries(TOUCHED.map((name) => [name, process.env[name]]));
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "rentwell-http-"));
  let database: TestDatabase | undefined;
  if (testEngine() === "postgres") {
    database = await createTestDatabase();
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${database.name}`;
    process.env.DATABASE_URL = url.toString();
  } else {
    delete process.env.DATABASE_URL;
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
    server: { middlewareMode: true, hmr: false, watch: null },
    appType: "custom",
    logLevel: "error",
  });
  const { createApp } = (await vite.ssrLoadModule("/server/app.ts")) as { createApp(): import("express").Express };
  const { getDatabase } = (await vite.ssrLoadModule("/app/lib/db.server.ts")) as { getDatabase(): Promise<unknown> };
  await getDatabase();
  const app = createApp();
  const server = await new Promise<Server>((resolve) => {
    const listening = app.listen(port, "127.0.0.1", () => resolve(listening));
  });
  return {
    baseUrl,
    load: async <T,>(module: string) => (await vite.ssrLoadModule(module)) as T,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      const { closeDatabase } = (await vite.ssrLoadModule("/app/lib/db.server.ts")) as { closeDatabase(): Promise<void> };
      const { closeLiveStreams } = (await vite.ssrLoadModule("/app/features/realtime/live-hub.server.ts")) as { closeLiveStreams(): Promise<void> };
      await closeLiveStreams();
      await closeDatabase();
      await vite.close();
      await database?.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    },
  };
}

export type RawResponse = { status: number; headers: import("node:http").IncomingHttpHeaders; body: string; sentBytes: number };

/**
 * One request with node:http, so any method (TRACE) and any body (chunked, endless) can
 * be sent. `body` may be a generator: chunks are written until it ends or the server
 * answers (then sending stops). Reads at most `maxBodyBytes` of the answer.
 */
export async function rawRequest(
  baseUrl: string,
  { method = "GET", path: target = "/", headers = {}, body, maxBodyBytes = 256 * 1024 }: {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer | (() => Generator<Buffer>);
    maxBodyBytes?: number;
  },
): Promise<RawResponse> {
  const http = await import("node:http");
  // The target is sent as written (a path like "//x" is not a host here).
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    let sentBytes = 0;
    let answered = false;
    const request = http.request(
      { host: url.hostname, port: url.port, method, path: target, headers, agent: false },
      (response) => {
        answered = true;
        const chunks: Buffer[] = [];
        let size = 0;
        const finish = () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString("utf8"), sentBytes });
        if (String(response.headers["content-type"] ?? "").startsWith("text/event-stream")) {
          finish();
          response.destroy();
          return;
        }
        response.on("data", (chunk: Buffer) => {
          if (size < maxBodyBytes) chunks.push(chunk);
          size += chunk.length;
        });
        response.on("end", finish);
        response.on("error", finish);
        response.on("close", finish);
      },
    );
    request.setTimeout(30_000, () => request.destroy(new Error(`${method} ${target}: no answer in 30 s`)));
    request.on("error", (error) => (answered ? undefined : reject(error)));
    if (body === undefined) return void request.end();
    if (typeof body === "string" || Buffer.isBuffer(body)) {
      sentBytes = Buffer.byteLength(body);
      return void request.end(body);
    }
    const chunks = body();
    const pump = () => {
      for (;;) {
        if (answered || request.destroyed) return;
        const next = chunks.next();
        if (next.done) return void request.end();
        sentBytes += next.value.length;
        if (!request.write(next.value)) return void request.once("drain", pump);
      }
    };
    pump();
  });
}

/** `total` bytes in chunks of 64 KiB, produced lazily. */
export function* chunks(total: number, fill = "a"): Generator<Buffer> {
  const chunk = Buffer.alloc(64 * 1024, fill);
  for (let sent = 0; sent < total; sent += chunk.length) yield chunk;
}
