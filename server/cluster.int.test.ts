import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freshFetch, startServer, type LogLine, type ServerProcess } from "../tests/setup/server-process";
import { createScratchPostgres, testEngine } from "../tests/setup/test-database";

/**
 * The real entry (`node server/index.js`, built app) with one worker per core on
 * PostgreSQL: nothing a request needs lives in one worker's memory. Which worker
 * served a request is read from the JSON log line carrying the request id we sent.
 */

const PORT = 3141;

function requestId() {
  return `t-${crypto.randomUUID()}`;
}

async function servedBy(server: ServerProcess, id: string): Promise<number> {
  return (await server.waitForLog((line) => line.req?.id === id)).pid;
}

function cookiesOf(response: Response) {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0]!)
    .join("; ");
}

/** Reads an SSE stream until `predicate` holds for the text so far. */
async function readUntil(body: ReadableStream<Uint8Array>, predicate: (text: string) => boolean, timeoutMs = 15_000) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  const deadline = Date.now() + timeoutMs;
  while (!predicate(text)) {
    if (Date.now() > deadline) throw new Error(`Stream did not deliver in time; got: ${text}`);
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  reader.releaseLock();
  return text;
}

function workerPids(server: ServerProcess) {
  return new Set(server.logs.filter((line) => line.msg.startsWith("Rentwell is serving")).map((line) => line.pid));
}

if (testEngine() === "postgres") {
  describe("two workers on one PostgreSQL database", () => {
    let server: ServerProcess | undefined;
    let database: { url: string; drop(): Promise<void> } | undefined;
    const dataDir = path.resolve(`tmp/cluster-test-${process.pid}`);

    afterAll(async () => {
      if (server && server.child.exitCode === null) server.child.kill("SIGKILL");
      await database?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it("shares sessions, rate limits, live updates and jobs; replaces a crashed worker; stops within 10 s", async () => {
      database = await createScratchPostgres("rentwell_cluster");
      // An upload nobody attached, two days old: the media sweep job must delete it once.
      const orphan = path.join(dataDir, "media", crypto.randomUUID(), `${crypto.randomBytes(16).toString("base64url")}.webp`);
      fs.mkdirSync(path.dirname(orphan), { recursive: true });
      fs.writeFileSync(orphan, "not really an image");
      const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
      fs.utimesSync(orphan, twoDaysAgo, twoDaysAgo);

      server = await startServer({ PORT: String(PORT), DATABASE_URL: database.url, DATA_DIR: dataDir, WEB_CONCURRENCY: "2", SEED_DEMO_DATA: "false" });
      await server.waitForLog((line) => line.msg.startsWith("Starting 2 workers"));
      await expect.poll(() => workerPids(server!).size, { timeout: 30_000 }).toBe(2);
      const headers = { Origin: server.url, "Content-Type": "application/json" };

      // A session started on one worker is honoured by the other.
      const email = `cluster-${Date.now()}@example.test`;
      const signUpId = requestId();
      const signUp = await freshFetch(`${server.url}/auth/sign-up`, {
        method: "POST",
        headers: { ...headers, "X-Request-Id": signUpId },
        body: JSON.stringify({ email, password: "a-long-password-789" }),
      });
      expect(signUp.status).toBe(200);
      expect(signUp.headers.get("x-request-id")).toBe(signUpId);
      const cookie = cookiesOf(signUp);
      const signUpPid = await servedBy(server, signUpId);
      let otherWorkerSawSession = false;
      for (let attempt = 0; attempt < 6 && !otherWorkerSawSession; attempt++) {
        const id = requestId();
        const page = await freshFetch(`${server.url}/my-listings`, { headers: { cookie, "X-Request-Id": id }, });
        expect(page.status).toBe(200);
        expect(await page.text()).toContain("No Listings Yet");
        if ((await servedBy(server, id)) !== signUpPid) otherWorkerSawSession = true;
      }
      expect(otherWorkerSawSession).toBe(true);

      // The failed sign-in limit (10 a minute per account) counts attempts on both workers together.
      const pids = new Set<number>();
      for (let attempt = 0; attempt < 10; attempt++) {
        const id = requestId();
        const failed = await freshFetch(`${server.url}/auth/sign-in`, {
          method: "POST",
          headers: { ...headers, "X-Request-Id": id },
          body: JSON.stringify({ email, password: `wrong-password-${attempt}` }),
        });
        expect(failed.status).toBe(401);
        pids.add(await servedBy(server, id));
      }
      expect(pids.size).toBe(2);
      const limited = await freshFetch(`${server.url}/auth/sign-in`, { method: "POST", headers, body: JSON.stringify({ email, password: "a-long-password-789" }) });
      expect(limited.status).toBe(429);

      // A live update written through one worker reaches streams open on both.
      const streams = await Promise.all(
        [0, 1].map(async () => {
          const id = requestId();
          const controller = new AbortController();
          const response = await freshFetch(`${server!.url}/api/live?topics=space_types`, { headers: { "X-Request-Id": id }, signal: controller.signal });
          expect(response.status).toBe(200);
          return { id, controller, body: response.body! };
        }),
      );
      const label = `Cluster Loft ${Date.now()}`;
      const added = await freshFetch(`${server.url}/api/space-types`, {
        method: "POST",
        headers: { Origin: server.url, cookie, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ label }),
      });
      expect(added.status).toBe(200);
      for (const stream of streams) expect(await readUntil(stream.body, (text) => text.includes(label))).toContain(label);
      for (const stream of streams) stream.controller.abort();
      const streamPids = await Promise.all(streams.map((stream) => servedBy(server!, stream.id)));
      expect(new Set(streamPids).size).toBe(2);

      // The media sweep runs on both workers' schedules, and the orphan is deleted exactly once.
      await expect.poll(() => fs.existsSync(orphan), { timeout: 30_000 }).toBe(false);
      const sweeps = () => server!.logs.filter((line) => line.job === "media-sweep" && line.msg.endsWith("finished"));
      await expect.poll(() => sweeps().length, { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
      expect(sweeps().reduce((sum, line) => sum + Number(line.result), 0)).toBe(1);
      expect(server.logs.filter((line) => line.job === "media-sweep" && line.msg.endsWith("failed"))).toEqual([]);

      // A worker that crashes is logged and replaced; the site keeps answering.
      const [victim] = [...workerPids(server)];
      process.kill(victim!, "SIGKILL");
      const crash: LogLine = await server.waitForLog((line) => line.msg.startsWith("A worker stopped unexpectedly"));
      expect(crash.workerPid).toBe(victim);
      expect(crash.signal).toBe("SIGKILL");
      await expect.poll(() => workerPids(server!).size, { timeout: 30_000 }).toBe(3);
      for (let i = 0; i < 4; i++) expect((await freshFetch(`${server.url}/about`)).status).toBe(200);

      // SIGTERM: open live streams end (browsers reconnect elsewhere), every process exits cleanly within 10 s.
      const open = await freshFetch(`${server.url}/api/live?topics=spaces`);
      const ended = readUntil(open.body!, () => false, 12_000);
      const stoppedAt = Date.now();
      server.child.kill("SIGTERM");
      await ended;
      const exit = await server.exited;
      expect(exit.code).toBe(0);
      expect(Date.now() - stoppedAt).toBeLessThan(10_000);
      expect(server.logs.some((line) => line.msg === "All workers stopped.")).toBe(true);
      // No password, cookie or token ever reached a log line.
      const logged = JSON.stringify(server.logs);
      expect(logged).not.toContain("a-long-password-789");
      expect(logged).not.toContain("wrong-password-");
      for (const pair of cookie.split("; ")) expect(logged).not.toContain(pair.split("=")[1]);
    });
  });
} else {
  describe("the embedded database", () => {
    const dataDir = path.resolve(`tmp/single-test-${process.pid}`);
    let server: ServerProcess | undefined;

    afterAll(() => {
      if (server && server.child.exitCode === null) server.child.kill("SIGKILL");
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it("is served by one process, which says so, and stops within 10 s on SIGTERM", async () => {
      server = await startServer({ PORT: String(PORT + 2), DATA_DIR: dataDir, WEB_CONCURRENCY: "2", SEED_DEMO_DATA: "false" });
      const notice = await server.waitForLog((line) => line.msg.startsWith("Embedded database: serving from one process"));
      expect(notice.workers).toBe(1);
      expect(workerPids(server)).toEqual(new Set([server.child.pid]));
      const ready = await freshFetch(`${server.url}/readyz`);
      expect(await ready.json()).toEqual({ ok: true });

      const open = await freshFetch(`${server.url}/api/live?topics=spaces`);
      const ended = readUntil(open.body!, () => false, 12_000);
      const stoppedAt = Date.now();
      server.child.kill("SIGTERM");
      await ended;
      expect((await server.exited).code).toBe(0);
      expect(Date.now() - stoppedAt).toBeLessThan(10_000);
    });
  });
}
