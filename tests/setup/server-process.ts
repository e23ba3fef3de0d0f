import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { Readable } from "node:stream";

/** A JSON log line of the server (pino). */
export type LogLine = { level: number; msg: string; pid: number; req?: { id?: string; path?: string }; res?: { statusCode?: number }; [key: string]: unknown };

export type ServerProcess = {
  url: string;
  child: ChildProcess;
  logs: LogLine[];
  /** Resolves with the first log line matching, waiting up to `timeoutMs`. */
  waitForLog(match: (line: LogLine) => boolean, timeoutMs?: number): Promise<LogLine>;
  /** Resolves with the exit code/signal once the process has ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stop(): Promise<void>;
};

/** The built server must exist: these tests run the real entry (`node server/index.js`). */
export function assertBuilt() {
  if (!fs.existsSync(path.resolve("build/server/index.js"))) throw new Error("Run `npm run build` first: this test starts the built server.");
}

/**
 * Starts `node server/index.js` with `env` (JSON logs at info), collects its log
 * lines and waits until GET /healthz answers. `source: true` runs the same entry from
 * the source tree instead (tests/setup/app-process-child.ts: one process, no build), for
 * integration tests.
 */
export async function startServer(env: Record<string, string>, { detached = false, source = false } = {}): Promise<ServerProcess> {
  if (!source) assertBuilt();
  const url = `http://127.0.0.1:${env.PORT}`;
  const entry = source ? ["--import", "tsx", "--import", "./scripts/lingui-register.mjs", "tests/setup/app-process-child.ts"] : ["server/index.js"];
  const child = spawn(process.execPath, entry, {
    env: { ...process.env, NODE_ENV: "", HOST: "127.0.0.1", SITE_URL: url, LOG_LEVEL: "info", APP_ENV: "local", ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached,
  });
  const logs: LogLine[] = [];
  const waiters = new Set<{ match: (line: LogLine) => boolean; resolve: (line: LogLine) => void }>();
  let buffered = "";
  const onData = (chunk: Buffer) => {
    buffered += chunk.toString("utf8");
    let newline: number;
    while ((newline = buffered.indexOf("\n")) >= 0) {
      const text = buffered.slice(0, newline);
      buffered = buffered.slice(newline + 1);
      let line: LogLine;
      try {
        line = JSON.parse(text) as LogLine;
      } catch {
        line = { level: 30, msg: text, pid: child.pid ?? 0 };
      }
      logs.push(line);
      for (const waiter of [...waiters]) {
        if (waiter.match(line)) {
          waiters.delete(waiter);
          waiter.resolve(line);
        }
      }
    }
  };
  child.stdout!.on("data", onData);
  child.stderr!.on("data", onData);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  const waitForLog = (match: (line: LogLine) => boolean, timeoutMs = 30_000) => {
    const found = logs.find(match);
    if (found) return Promise.resolve(found);
    return new Promise<LogLine>((resolve, reject) => {
      const waiter = { match, resolve };
      waiters.add(waiter);
      setTimeout(() => {
        if (waiters.delete(waiter)) reject(new Error(`No matching log line within ${timeoutMs} ms. Logs:\n${logs.map((l) => JSON.stringify(l)).join("\n")}`));
      }, timeoutMs).unref();
    });
  };
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited (${child.exitCode}):\n${logs.map((l) => JSON.stringify(l)).join("\n")}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error("The server did not answer /healthz within 90 s");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    child,
    logs,
    waitForLog,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}

/**
 * fetch() on a new TCP connection each time (fetch pools keep-alive connections,
 * and one connection always reaches the same cluster worker). Redirects are not followed.
 */
export function freshFetch(url: string, init: { method?: string; headers?: Record<string, string>; body?: string | URLSearchParams; signal?: AbortSignal } = {}): Promise<Response> {
  const body = init.body === undefined ? undefined : String(init.body);
  const headers: Record<string, string> = { ...init.headers };
  if (init.body instanceof URLSearchParams) headers["Content-Type"] ??= "application/x-www-form-urlencoded";
  if (body !== undefined) headers["Content-Length"] = String(Buffer.byteLength(body));
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: init.method ?? "GET", headers, agent: false, signal: init.signal }, (response) => {
      const responseHeaders = new Headers();
      for (const [name, value] of Object.entries(response.headers)) {
        for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) responseHeaders.append(name, item);
      }
      const status = response.statusCode ?? 500;
      const stream = [204, 304].includes(status) ? null : (Readable.toWeb(response) as ReadableStream<Uint8Array>);
      resolve(new Response(stream, { status, headers: responseHeaders }));
    });
    request.on("error", reject);
    request.end(body);
  });
}
