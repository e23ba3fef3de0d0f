import { fork } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";

/**
 * The ceiling a page's throughput is compared with (issue #30 point 1): the same bytes
 * and headers a page answered, served from memory by a bare Node HTTP server in the
 * same run on the same machine. Absolute req/s differ up to three times between
 * machines of one kind; a page's share of this ceiling does not.
 */
export type CapturedPage = { status: number; headers: Record<string, string>; body: Buffer };

/** What `url` answers now, with the request headers a browser would send (gzip included). */
export async function capturePage(url: string, headers: Record<string, string> = {}): Promise<CapturedPage> {
  const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
    http.get(url, { headers: { "Accept-Encoding": "gzip", ...headers } }, resolve).on("error", reject);
  });
  const chunks: Buffer[] = [];
  for await (const chunk of response) chunks.push(chunk as Buffer);
  const kept = Object.entries(response.headers).filter(([name, value]) => typeof value === "string" && !["connection", "keep-alive", "transfer-encoding", "date"].includes(name));
  return { status: response.statusCode ?? 0, headers: Object.fromEntries(kept) as Record<string, string>, body: Buffer.concat(chunks) };
}

/**
 * A server answering each captured path with its bytes (anything else: 404), in a
 * process of its own (bench/support/bare-server.mjs).
 */
export async function startBareServer(pages: Map<string, CapturedPage>, port: number): Promise<{ url: string; close(): Promise<void> }> {
  const file = path.join(os.tmpdir(), `rentwell-bare-${port}-${process.pid}.json`);
  fs.writeFileSync(file, JSON.stringify(Object.fromEntries([...pages].map(([url, page]) => [url, { ...page, body: page.body.toString("base64") }]))));
  const child = fork(path.resolve("bench/support/bare-server.mjs"), [file, String(port)], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
  await new Promise<void>((resolve, reject) => {
    child.once("message", () => resolve());
    child.once("exit", (code) => reject(new Error(`the bare Node server exited (${code})`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      fs.rmSync(file, { force: true });
    },
  };
}

/** "12 % of bare Node" */
export function shareOf(rps: number, bareRps: number) {
  return `${((100 * rps) / bareRps).toFixed(rps / bareRps < 0.1 ? 1 : 0)} % of bare Node`;
}
