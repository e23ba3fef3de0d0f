import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/** Polls `url` until it answers 2xx, or fails after `timeoutMs`. */
export async function waitFor(url: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/**
 * The built app in production mode on a fresh embedded database with the demo
 * data, on 127.0.0.1:`port`; or, when `baseUrl` is given, that running server.
 */
export async function startAppServer({ port, name, baseUrl }: { port: number; name: string; baseUrl?: string }): Promise<{ baseUrl: string; server: ChildProcess | null }> {
  if (baseUrl) return { baseUrl: baseUrl.replace(/\/$/, ""), server: null };
  const url = `http://127.0.0.1:${port}`;
  const dataDir = path.resolve(`tmp/${name}-data-${port}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  const server = spawn(process.execPath, ["server/index.js"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SITE_URL: url,
      LOG_LEVEL: "error",
      NODE_ENV: "production",
      SEED_DEMO_DATA: process.env.SEED_DEMO_DATA ?? "true",
      SESSION_SECRET: `${name}-bench-secret-`.padEnd(40, "x"),
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  await waitFor(`${url}/healthz`, 120_000);
  return { baseUrl: url, server };
}
