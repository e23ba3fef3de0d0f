import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { sweepOrphanedMedia } from "~/features/media/orphans.server";
import { localStorage } from "~/features/media/storage.server";
import { openDatabase, type Database } from "~/lib/db.server";
import { spaces } from "~/db/schema/index";
import { freshFetch, startServer, type ServerProcess } from "../tests/setup/server-process";
import { createScratchPostgres, testEngine } from "../tests/setup/test-database";

/**
 * Faults under the real server (`node server/index.js`, built app): killed with
 * SIGKILL in the middle of listing creations with uploads, and its database
 * going away and coming back while it runs.
 */

const PORT = 3142;
const engine = testEngine();
const cleanups: Array<() => Promise<void> | void> = [];

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function png(seed: number) {
  const color = `#${crypto.createHash("sha1").update(String(seed)).digest("hex").slice(0, 6)}`;
  return sharp({ create: { width: 64, height: 48, channels: 3, background: color } }).png().toBuffer();
}

async function signUpHost(url: string) {
  const response = await freshFetch(`${url}/auth/sign-up`, {
    method: "POST",
    headers: { Origin: url, "Content-Type": "application/json" },
    body: JSON.stringify({ email: `fault-${Date.now()}@example.test`, password: "a-long-password-999" }),
  });
  expect(response.status).toBe(200);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0]!)
    .join("; ");
}

/** Upload one photo, then create a draft listing with it: the browser's two steps. */
async function createListingWithPhoto(url: string, cookie: string, n: number): Promise<"created" | "failed"> {
  try {
    const upload = new FormData();
    upload.set("files", new Blob([new Uint8Array(await png(n))], { type: "image/png" }), `photo-${n}.png`);
    const uploaded = await fetch(`${url}/api/media/uploads`, { method: "POST", headers: { Origin: url, cookie }, body: upload });
    if (uploaded.status !== 200) return "failed";
    const { files } = (await uploaded.json()) as { files: { url: string }[] };
    const form = new URLSearchParams({
      title: `Crash loft ${n}`,
      description: "Made while the server is killed",
      rentalType: "space",
      type: "fault-loft",
      hourlyPrice: "30",
      currency: "USD",
      capacity: "2",
      location: "Austin",
      country: "United States",
      amenities: "Wi-Fi",
      intent: "draft",
    });
    for (const file of files) form.append("images", file.url);
    const created = await fetch(`${url}/create-listing`, { method: "POST", headers: { Origin: url, cookie }, body: form, redirect: "manual" });
    return created.status === 302 || created.status === 303 ? "created" : "failed";
  } catch {
    return "failed"; // the server died under this request
  }
}

function serverEnv(dataDir: string, databaseUrl?: string): Record<string, string> {
  return { PORT: String(PORT), DATA_DIR: dataDir, WEB_CONCURRENCY: "1", SEED_DEMO_DATA: "false", ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
}

describe(`faults (${engine})`, () => {
  it("SIGKILL in the middle of 100 listing creations with uploads: every listing whole or absent, no orphaned file", async () => {
    const dataDir = path.resolve(`tmp/faults-kill-${process.pid}`);
    fs.rmSync(dataDir, { recursive: true, force: true });
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    let databaseUrl: string | undefined;
    if (engine === "postgres") {
      const scratch = await createScratchPostgres("rentwell_faults");
      cleanups.push(() => scratch.drop());
      databaseUrl = scratch.url;
    }
    // Detached: SIGKILL goes to the whole process group (the primary and its worker).
    let server: ServerProcess = await startServer(serverEnv(dataDir, databaseUrl), { detached: true });
    cleanups.push(() => {
      try {
        process.kill(-server.child.pid!, "SIGKILL");
      } catch {
        // already gone
      }
    });
    const cookie = await signUpHost(server.url);
    const type = await freshFetch(`${server.url}/api/space-types`, { method: "POST", headers: { Origin: server.url, cookie }, body: new URLSearchParams({ label: "Fault Loft" }) });
    expect(type.status).toBe(200);

    // 100 creations, 4 at a time; the server is killed once 30 have been acknowledged.
    const outcomes: Array<"created" | "failed"> = [];
    let next = 0;
    let killed = false;
    const runner = async () => {
      while (next < 100) {
        const n = next++;
        const outcome = await createListingWithPhoto(server.url, cookie, n);
        outcomes.push(outcome);
        if (!killed && outcomes.filter((o) => o === "created").length >= 30) {
          killed = true;
          process.kill(-server.child.pid!, "SIGKILL");
        }
      }
    };
    await Promise.all([runner(), runner(), runner(), runner()]);
    await server.exited;
    expect(killed).toBe(true);
    const acknowledged = outcomes.filter((o) => o === "created").length;
    expect(outcomes).toHaveLength(100);
    expect(outcomes.filter((o) => o === "failed").length).toBeGreaterThan(0);

    // Straight after the crash, from the files and the database as they are.
    const database: Database = databaseUrl
      ? await openDatabase({ engine: "postgres", url: databaseUrl, max: 2 })
      : await openDatabase({ engine: "pglite", dataDir: path.join(dataDir, "db") });
    const storage = localStorage(path.join(dataDir, "media"));
    try {
      const rows = await database.db.select({ title: spaces.title, images: spaces.images }).from(spaces);
      // Every acknowledged creation survived; none beyond the 100 asked for; no half listing.
      expect(rows.length).toBeGreaterThanOrEqual(acknowledged);
      expect(rows.length).toBeLessThan(100);
      const referenced = new Set<string>();
      for (const row of rows) {
        expect(row.title).toMatch(/^Crash loft \d+$/);
        expect(row.images).toHaveLength(1);
        for (const url of row.images) {
          const key = storage.keyFromUrl(url)!;
          expect(key, url).toBeTruthy();
          referenced.add(key);
          const card = key.replace(/\.webp$/, ".card.webp");
          referenced.add(card);
          // The media is stored whole: both sizes decode as images.
          for (const stored of [key, card]) {
            const meta = await sharp(path.join(dataDir, "media", stored)).metadata();
            expect(meta.format, stored).toBe("webp");
          }
        }
      }
      // Uploads whose listing never got created are orphans: the media sweep (run by the
      // server hourly, for files over a day old) removes every one, and nothing referenced.
      const dayLater = new Date(Date.now() + 25 * 60 * 60 * 1000);
      await sweepOrphanedMedia(database.db, storage, dayLater);
      const remaining: string[] = [];
      for (const owner of fs.readdirSync(path.join(dataDir, "media"))) {
        for (const name of fs.readdirSync(path.join(dataDir, "media", owner))) remaining.push(`${owner}/${name}`);
      }
      expect(remaining.sort()).toEqual([...referenced].sort());
    } finally {
      await database.close();
    }

    // And the server starts again on what the crash left.
    server = await startServer(serverEnv(dataDir, databaseUrl), { detached: true });
    expect(await (await freshFetch(`${server.url}/readyz`)).json()).toEqual({ ok: true });
    const listings = await freshFetch(`${server.url}/my-listings`, { headers: { cookie } });
    expect(listings.status).toBe(200);
    expect(await listings.text()).toContain("Crash loft");
    await server.stop();
  });

  if (engine === "postgres") {
    it("the database going away answers 503 for that moment, and the app recovers by itself", async () => {
      const scratch = await createScratchPostgres("rentwell_outage");
      cleanups.push(() => scratch.drop());
      // A TCP proxy between the app and PostgreSQL that the test cuts and restores
      // (the machine's PostgreSQL itself is never touched).
      const target = new URL(scratch.url);
      const sockets = new Set<net.Socket>();
      let down = false;
      const proxy = net.createServer((client) => {
        if (down) return void client.destroy();
        const upstream = net.connect(Number(target.port || 5432), target.hostname);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on("close", () => sockets.delete(socket));
          socket.on("error", () => undefined);
        }
        client.pipe(upstream).pipe(client);
        client.on("close", () => upstream.destroy());
        upstream.on("close", () => client.destroy());
      });
      await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
      cleanups.push(() => new Promise<void>((resolve) => proxy.close(() => resolve())));
      const proxied = new URL(scratch.url);
      proxied.host = `127.0.0.1:${(proxy.address() as net.AddressInfo).port}`;

      const dataDir = path.resolve(`tmp/faults-outage-${process.pid}`);
      cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
      const server = await startServer({ ...serverEnv(dataDir, proxied.toString()), PORT: String(PORT + 1) });
      cleanups.push(() => server.stop());
      const cookie = await signUpHost(server.url);
      const page = () => freshFetch(`${server.url}/my-listings`, { headers: { cookie } });
      expect((await page()).status).toBe(200);

      // Cut: every open connection dropped, new ones refused.
      down = true;
      for (const socket of sockets) socket.destroy();
      const during = await page();
      expect(during.status).toBe(503);
      expect(during.headers.get("retry-after")).toBe("5");
      expect(await during.text()).toContain("Something went wrong");
      expect((await freshFetch(`${server.url}/healthz`)).status).toBe(200);
      const notReady = await freshFetch(`${server.url}/readyz`);
      expect(notReady.status).toBe(503);
      expect(await notReady.json()).toEqual({ ok: false, reason: "database unreachable" });

      // Restore: the next requests succeed without restarting anything.
      down = false;
      await expect.poll(async () => (await page()).status, { timeout: 15_000 }).toBe(200);
      expect((await freshFetch(`${server.url}/readyz`)).status).toBe(200);
      expect(server.logs.some((line) => line.level >= 50 && /SESSION_SECRET|password/i.test(JSON.stringify(line)))).toBe(false);
    });
  }
});
