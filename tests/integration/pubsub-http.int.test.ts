import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHANNEL_OF_TOPIC } from "~/features/realtime/live-event";
import { openDatabase, runMigrations, type Database } from "~/lib/db.server";
import { parseEnv } from "~/lib/env.server";
import { createSpace } from "../factories/listings";
import { createUser, sessionCookieFor } from "../factories/users";
import { freePort } from "../setup/free-port";
import { startServer, type LogLine, type ServerProcess } from "../setup/server-process";
import { createScratchPostgres, testEngine } from "../setup/test-database";

/**
 * Issue #30 point 4: PUBSUB_URL picks the live updates' transport. Two real server processes
 * (server/main.ts from the source tree) on one PostgreSQL database, for each transport:
 * PostgreSQL NOTIFY (unset), Redis pub/sub and NATS (127.0.0.1:6379 and :4222 on this kind of
 * machine and on CI's). A booking made through process A reaches the space page's live
 * stream open on process B (the page refetches its calendar on that event). With a broker,
 * the booking's transaction takes no NOTIFY at all: a LISTEN on the database hears nothing.
 * Each test uses its own channel prefix, so parallel test files share the brokers safely.
 */
describe("PUBSUB_URL settings", () => {
  it("accepts redis://, rediss://, nats:// and tls:// URLs with PostgreSQL, and refuses anything else with a clear message", () => {
    const postgres = { DATABASE_URL: "postgres://postgres@127.0.0.1:5432/x" };
    expect(parseEnv(postgres).PUBSUB_URL).toBeUndefined();
    expect(parseEnv(postgres).PUBSUB_PREFIX).toBe("rentwell.");
    for (const url of ["redis://127.0.0.1:6379", "rediss://user:secret@cache.example:6380/2", "nats://127.0.0.1:4222", "tls://nats.example:4222"]) {
      expect(parseEnv({ ...postgres, PUBSUB_URL: url }).PUBSUB_URL).toBe(url);
    }
    expect(() => parseEnv({ ...postgres, PUBSUB_URL: "ftp://x" })).toThrow(/PUBSUB_URL: must be a redis:\/\/, rediss:\/\/, nats:\/\/ or tls:\/\/ URL/);
    expect(() => parseEnv({ ...postgres, PUBSUB_URL: "localhost:6379" })).toThrow(/PUBSUB_URL/);
    expect(() => parseEnv({ ...postgres, PUBSUB_PREFIX: "a b" })).toThrow(/PUBSUB_PREFIX/);
    // The embedded database is one process: nothing for a broker to connect.
    expect(() => parseEnv({ PUBSUB_URL: "redis://127.0.0.1:6379" })).toThrow(/PUBSUB_URL: a message broker needs PostgreSQL \(DATABASE_URL\)/);
  });
});

/**
 * Reads a live stream until `until(text)` holds or the server ends it; gives up after `ms`.
 * Says what arrived and whether the server ended the stream.
 */
async function readStream(response: Response, until: (text: string) => boolean, ms: number): Promise<{ text: string; ended: boolean }> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  let ended = false;
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    void reader.cancel();
  }, ms);
  try {
    while (!until(text)) {
      const { value, done } = await reader.read();
      if (done) {
        ended = !timedOut;
        break;
      }
      text += decoder.decode(value, { stream: true });
    }
  } finally {
    clearTimeout(timer);
    void reader.cancel().catch(() => undefined);
  }
  return { text, ended };
}

if (testEngine() === "postgres") {
  const secret = crypto.randomBytes(32).toString("hex");
  const savedSecret = process.env.SESSION_SECRET;
  let scratch: Awaited<ReturnType<typeof createScratchPostgres>>;
  let database: Database;
  let dataDir: string;
  const running: ServerProcess[] = [];

  beforeAll(async () => {
    // The servers check the session cookies this process signs: one secret for all.
    process.env.SESSION_SECRET = secret;
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "rentwell-pubsub-"));
    scratch = await createScratchPostgres("rentwell_pubsub");
    database = await openDatabase({ engine: "postgres", url: scratch.url, max: 3 });
    await runMigrations(database);
  });
  afterAll(async () => {
    await Promise.all(running.map((server) => server.stop()));
    await database?.close();
    await scratch?.drop();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
    if (savedSecret === undefined) delete process.env.SESSION_SECRET;
    else process.env.SESSION_SECRET = savedSecret;
  });

  const serve = async (port: number, env: Record<string, string>) => {
    const server = await startServer(
      { PORT: String(port), DATABASE_URL: scratch.url, SESSION_SECRET: secret, SEED_DEMO_DATA: "false", DATA_DIR: path.join(dataDir, String(port)), ...env },
      { source: true },
    );
    running.push(server);
    return server;
  };
  const stop = async (...servers: ServerProcess[]) => {
    await Promise.all(servers.map((server) => server.stop()));
    for (const server of servers) running.splice(running.indexOf(server), 1);
  };

  /** Bookings made at once in each transport's test. */
  const BOOKINGS = 5;
  let day = 2;
  /** Holds next free one-hour slot of `spaceId` through `server`, as a guest's browser does. */
  const book = async (server: ServerProcess, spaceId: string, cookie: string) => {
    const start = new Date();
    start.setUTCHours(10, 0, 0, 0);
    start.setUTCDate(start.getUTCDate() + day++);
    const response = await fetch(`${server.url}/api/bookings/payment-intent`, {
      method: "POST",
      headers: { "Content-Type": "application/json", cookie, "Idempotency-Key": crypto.randomUUID() },
      body: JSON.stringify({ spaceId, startTime: start.toISOString(), endTime: new Date(start.getTime() + 3_600_000).toISOString(), duration: 1, pricingUnit: "hour", amount: 5500, currency: "USD" }),
    });
    expect(response.status).toBe(200);
  };

  describe.each([
    { transport: "notify", ports: [3160, 3161], url: undefined },
    { transport: "redis", ports: [3162, 3163], url: "redis://127.0.0.1:6379" },
    { transport: "nats", ports: [3164, 3165], url: "nats://127.0.0.1:4222" },
  ])("live updates over $transport between two server processes", ({ transport, ports, url }) => {
    it(
      "bookings through one process refresh the space page's live stream on the other, one event each",
      async () => {
        const prefix = `rentwell-test-${crypto.randomBytes(4).toString("hex")}.`;
        const env: Record<string, string> = url ? { PUBSUB_URL: url, PUBSUB_PREFIX: prefix } : {};
        // The database is migrated already (beforeAll), so both can start at once.
        const [a, b] = await Promise.all([serve(ports[0]!, env), serve(ports[1]!, env)]);
        try {
          const { rows } = (await database.db.execute(sql`select outbox from live_transport`)) as { rows: { outbox: boolean }[] };
          expect(rows[0]!.outbox).toBe(Boolean(url));
          if (url) await a.waitForLog((line) => line.msg === `Live updates: ${transport}`);

          const host = await createUser(database.db);
          const guests = await Promise.all(Array.from({ length: BOOKINGS }, () => createUser(database.db)));
          const cookies = await Promise.all(guests.map((guest) => sessionCookieFor(database.db, guest.id)));
          const space = await createSpace(database.db, { userId: host.id, hourlyPrice: 5000, timezone: "UTC", title: `Live ${transport} Studio`, isPublished: true });

          // What the database itself announces: with a broker, nothing (no NOTIFY lock at commit).
          const listener = new pg.Client({ connectionString: scratch.url });
          await listener.connect();
          const notified: string[] = [];
          listener.on("notification", (message) => notified.push(message.payload ?? ""));
          await listener.query(`LISTEN ${CHANNEL_OF_TOPIC.availability}`);
          try {
            // The space page's stream, on process B (the stream answers once it is subscribed).
            const stream = await fetch(`${b.url}/api/live?topics=availability`);
            expect(stream.status).toBe(200);
            // Several guests book the listing at once through process A: each booking is an event on B.
            const booked = `"op":"INSERT","id":"${space.id}","spaceId":"${space.id}"`;
            const heard = readStream(stream, (text) => text.split(booked).length - 1 >= BOOKINGS, 10_000);
            await Promise.all(cookies.map((cookie) => book(a, space.id, cookie)));
            const { text } = await heard;
            expect(text).toContain("event: availability");
            expect(text.split(booked).length - 1).toBe(BOOKINGS);
            // The LISTEN connection has had the same time as B to hear the commit.
            await listener.query("select 1");
            if (url) expect(notified).toEqual([]);
            else expect(notified.some((payload) => payload.includes(space.id))).toBe(true);
          } finally {
            await listener.end();
          }
          if (url) {
            // The relay emptied the outbox; nothing is left behind for later.
            const { rows: left } = (await database.db.execute(sql`select count(*)::int as count from live_outbox`)) as { rows: { count: number }[] };
            expect(left[0]!.count).toBe(0);
          }
        } finally {
          await stop(a, b);
        }
      },
      // Two servers started from source (Vite transforms the app in each): 15–25 s on an idle
      // machine, 43–63 s seen at a load average of 17.
      180_000,
    );
  });

  it.each([
    { transport: "redis", port: 3166, command: (port: number) => ["redis-server", "--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"] },
    { transport: "nats", port: 3169, command: (port: number) => ["/usr/sbin/nats-server", "-a", "127.0.0.1", "-p", String(port)] },
  ])(
    "a $transport broker that is down: the server says so, serves pages, answers the live stream 503, streams once the broker is up, and ends the streams when it goes again",
    async ({ transport, port: appPort, command }) => {
      const port = await freePort(); // nothing listens there yet: a broker that is down
      const url = `${transport}://127.0.0.1:${port}`;
      const server = await serve(appPort, { PUBSUB_URL: url, PUBSUB_PREFIX: "rentwell-test-down." });
      let broker: ChildProcess | undefined;
      const unreachable = (entry: LogLine) => entry.msg === "Live-update broker unreachable; retrying";
      try {
        const line = await server.waitForLog(unreachable);
        expect(line).toMatchObject({ transport, url });
        expect((await fetch(`${server.url}/`)).status).toBe(200);
        expect((await fetch(`${server.url}/about`)).status).toBe(200);
        const live = await fetch(`${server.url}/api/live?topics=spaces`);
        expect(live.status).toBe(503);
        expect(live.headers.get("retry-after")).toBe("5");
        expect(await live.json()).toEqual({ error: "Live updates are unavailable" });

        // The broker starts (Debian's package, on that port): the server connects by itself.
        const [file, ...args] = command(port);
        broker = spawn(file!, args, { stdio: "ignore" });
        await server.waitForLog((entry) => entry.msg === "Live-update broker connected again");
        const back = await fetch(`${server.url}/api/live?topics=spaces`);
        expect(back.status).toBe(200);

        // The broker goes away: the open stream ends (the browser reconnects and reloads), and the log says so again.
        const ended = new Promise((resolve) => broker!.once("exit", resolve));
        broker.kill("SIGTERM");
        await ended;
        expect(await readStream(back, () => false, 10_000)).toMatchObject({ text: expect.stringContaining(": connected"), ended: true });
        await expect.poll(() => server.logs.filter(unreachable).length, { timeout: 10_000 }).toBe(2);
      } finally {
        await stop(server);
        if (broker && broker.exitCode === null && broker.signalCode === null) {
          const ended = new Promise((resolve) => broker!.once("exit", resolve));
          broker.kill("SIGTERM");
          await ended;
        }
      }
    },
    120_000,
  );

  it(
    "a PUBSUB_URL that is no broker's: the server refuses to start and says why",
    async () => {
      await expect(serve(3167, { PUBSUB_URL: "ftp://x" })).rejects.toThrow(/The server exited \(1\)[\s\S]*PUBSUB_URL: must be a redis:\/\/, rediss:\/\/, nats:\/\/ or tls:\/\/ URL/);
    },
    120_000,
  );
}
