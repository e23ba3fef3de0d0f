import { expect, test } from "@playwright/test";
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/** Runs the built server as a child process and collects what it prints. */
function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ["server/index.js"], {
    env: { PATH: process.env.PATH ?? "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, exited, output: () => output };
}

/**
 * A port nobody listens on, from the OS. A fixed port made two runs of this file at once
 * (`--repeat-each`, two workers) poll each other's server and fail.
 */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

test.describe("server process", () => {
  test("in production without its required settings it refuses to start and names each missing variable", async () => {
    const server = startServer({ NODE_ENV: "production", PORT: "3199" });
    const code = await server.exited;
    expect(code).not.toBe(0);
    expect(server.output()).toContain("Missing environment variables: SESSION_SECRET, SITE_URL");
  });

  test("serves, then on SIGTERM finishes and exits cleanly", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rentwell-server-"));
    const port = await freePort();
    const server = startServer({ PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, SEED_DEMO_DATA: "false" });
    try {
      await expect
        .poll(async () => (await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => null))?.status, { timeout: 60_000 })
        .toBe(200);
      server.child.kill("SIGTERM");
      expect(await server.exited).toBe(0);
      // JSON log lines (pino): the shutdown is logged with its signal.
      const lines = server
        .output()
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .map((line) => JSON.parse(line) as { msg: string; signal?: string });
      expect(lines.some((line) => line.signal === "SIGTERM" && line.msg.startsWith("Stopping"))).toBe(true);
      expect(lines.some((line) => line.msg === "Stopped.")).toBe(true);
    } finally {
      server.child.kill("SIGKILL");
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
