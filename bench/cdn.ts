/**
 * A caching proxy in front of the app (issue #30 point 1, ADR 0270). Starts, in one run:
 * the built app on a scratch PostgreSQL database with the demo data; Debian's nginx
 * with `proxy_cache` in front of it (installed when missing, with wrk, the load
 * generator); and a bare Node HTTP server answering the same bytes from memory. Then,
 * for /about, /explore and a space page, it prints requests per second through each,
 * and each as a share of bare Node (the figure to compare across machines):
 *
 *   /about    app 212 req/s (1.9 % of bare Node) · via nginx 9 870 req/s (87 %) · 46.5× the app
 *
 * It also checks what a cache must never do: a signed-in visitor's page is never
 * stored or served to another visitor (rounds of signed-in and anonymous requests
 * interleaved under load, then every stored file searched for the visitor), and live
 * updates still arrive through the proxy. Exits non-zero when nginx is under 20× the
 * app for /about or 10× for the other pages, or when either check fails.
 *
 *   npm run build && npm run bench:cdn
 *
 * Settings: BENCH_DATABASE_URL (admin connection, default postgres://postgres@127.0.0.1:5432/postgres),
 * BENCH_DURATION (seconds per measurement, 10), BENCH_CONNECTIONS (50), BENCH_PORT (3230; +1 nginx, +2 bare Node).
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { capturePage, shareOf, startBareServer, type CapturedPage } from "./support/bare-baseline";
import { waitFor } from "./support/app-server";
import { nginxVersion, startCachingProxy, type CachingProxy } from "../tests/setup/nginx";
import { createScratchPostgres } from "../tests/setup/test-database";

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const APP_PORT = Number(process.env.BENCH_PORT ?? 3230);
const CDN_PORT = APP_PORT + 1;
const BARE_PORT = APP_PORT + 2;
const SESSION_SECRET = `bench-cdn-secret-${crypto.randomBytes(8).toString("hex")}`.padEnd(40, "x");
const WORK_DIR = path.resolve(`tmp/bench-cdn-${APP_PORT}`);
/** The goals: nginx's throughput as a multiple of the app alone. */
const GOALS: Record<string, number> = { "/about": 20, "/explore": 10, space: 10 };

/** Debian's wrk (the load generator), installed when missing; nginx comes with tests/setup/nginx.ts. */
function ensureWrk() {
  if (fs.existsSync("/usr/bin/wrk")) return;
  console.log("Installing Debian's wrk…");
  for (const args of [["update", "-qq"], ["install", "-y", "-qq", "wrk"]]) {
    const result = spawnSync("apt-get", args, { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
    if (result.status !== 0) throw new Error(`apt-get ${args.join(" ")} failed`);
  }
}

/**
 * wrk's requests per second for `url` (gzip accepted, as browsers do). Asynchronous: the
 * bare Node server answers from this process, so its event loop must keep running.
 */
async function wrk(url: string, headers: Record<string, string> = {}): Promise<{ rps: number; non2xx: number }> {
  const headerArgs = Object.entries({ "Accept-Encoding": "gzip", ...headers }).flatMap(([name, value]) => ["-H", `${name}: ${value}`]);
  const child = spawn("wrk", ["-t", "2", "-c", String(CONNECTIONS), "-d", `${DURATION}s`, ...headerArgs, url], { stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const status = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  if (status !== 0) throw new Error(`wrk failed: ${stderr}`);
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1] ?? NaN);
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(stdout)?.[1] ?? 0);
  return { rps, non2xx };
}

async function get(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, { headers, redirect: "manual" });
  return { status: response.status, headers: response.headers, body: await response.text() };
}

/**
 * Signed-in and anonymous requests interleaved through the proxy, with wrk loading the
 * same pages anonymously at the same time: every signed-in answer is the member's own
 * and private; no anonymous answer, and no file in the cache, holds anything of theirs.
 */
async function checkNoPersonalBytesShared(cdnUrl: string, cacheDir: string, pages: string[], cookie: string, marker: string): Promise<string[]> {
  const problems: string[] = [];
  const load = spawn("wrk", ["-t", "1", "-c", "20", "-d", "6s", `${cdnUrl}${pages[0]}`], { stdio: "ignore" });
  try {
    for (let round = 0; round < 30; round += 1) {
      for (const page of pages) {
        const [member, visitor] = await Promise.all([get(`${cdnUrl}${page}`, { Cookie: cookie }), get(`${cdnUrl}${page}`)]);
        if (!member.body.includes(marker)) problems.push(`${page}: the signed-in member's page did not show them`);
        if (member.headers.get("cache-control") !== "private, no-store") problems.push(`${page}: signed-in page answered ${member.headers.get("cache-control")}`);
        if (member.headers.get("x-cache") === "HIT") problems.push(`${page}: a signed-in visitor was served from the cache`);
        if (visitor.body.includes(marker)) problems.push(`${page}: an anonymous visitor was served the member's page`);
      }
    }
  } finally {
    await new Promise((resolve) => (load.exitCode === null ? load.once("exit", resolve) : resolve(null)));
  }
  const stored = spawnSync("grep", ["-rl", marker, cacheDir], { encoding: "utf8" }).stdout.trim();
  if (stored) problems.push(`the cache stored the member's page: ${stored}`);
  return [...new Set(problems)];
}

/** A change published by the database reaches a browser's live stream through the proxy. */
async function checkLiveThroughProxy(cdnUrl: string, databaseUrl: string): Promise<number> {
  const { CHANNEL_OF_TOPIC } = await import("~/features/realtime/live-event");
  const controller = new AbortController();
  const response = await fetch(`${cdnUrl}/api/live?topics=spaces`, { signal: controller.signal });
  if (response.status !== 200 || !response.body) throw new Error(`live stream through nginx answered ${response.status}`);
  const reader = response.body.getReader();
  const id = `bench-live-${crypto.randomBytes(4).toString("hex")}`;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  // The stream is open at the app once its first bytes (the retry line) came through.
  await reader.read();
  const sent = performance.now();
  await client.query("select pg_notify($1, $2)", [CHANNEL_OF_TOPIC.spaces, JSON.stringify({ op: "UPDATE", id, visible: true })]);
  await client.end();
  const deadline = setTimeout(() => controller.abort(), 5_000);
  let text = "";
  try {
    while (!text.includes(id)) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
  } catch {
    // aborted: reported below
  } finally {
    clearTimeout(deadline);
    controller.abort();
  }
  if (!text.includes(id)) throw new Error("a live update did not come through nginx within 5 s");
  return performance.now() - sent;
}

async function main() {
  if (!fs.existsSync(path.resolve("build/server/index.js"))) throw new Error("No server build: run `npm run build` first");
  ensureWrk();
  fs.rmSync(WORK_DIR, { recursive: true, force: true });
  fs.mkdirSync(WORK_DIR, { recursive: true });
  const scratch = await createScratchPostgres("rentwell_bench_cdn", ADMIN_URL);
  const databaseUrl = scratch.url;
  const children: ChildProcess[] = [];
  let bare: Awaited<ReturnType<typeof startBareServer>> | undefined;
  let proxy: CachingProxy | undefined;
  let failed = false;
  try {
    const appUrl = `http://127.0.0.1:${APP_PORT}`;
    const app = spawn(process.execPath, ["server/index.js"], {
      env: {
        ...process.env,
        PORT: String(APP_PORT),
        HOST: "127.0.0.1",
        DATABASE_URL: databaseUrl,
        DATA_DIR: path.join(WORK_DIR, "data"),
        SITE_URL: appUrl,
        NODE_ENV: "production",
        LOG_LEVEL: "error",
        SEED_DEMO_DATA: "true",
        SESSION_SECRET,
        TRUST_PROXY: "1",
      },
      stdio: ["ignore", "inherit", "inherit"],
    });
    children.push(app);
    await waitFor(`${appUrl}/healthz`, 180_000);
    await waitFor(`${appUrl}/readyz`, 180_000);
    proxy = await startCachingProxy({ upstreamPort: APP_PORT, port: CDN_PORT });
    const cdnUrl = proxy.url;

    // A published demo listing's page, and a demo member to sign in as.
    process.env.SESSION_SECRET = SESSION_SECRET;
    const { openDatabase } = await import("~/lib/db.server");
    const { spacePath } = await import("~/features/listings/slug");
    const { sessionCookieFor } = await import("../tests/factories/users");
    const reader = new pg.Client({ connectionString: databaseUrl });
    reader.on("error", () => {}); // the scratch database is dropped with it open when a step fails
    await reader.connect();
    const space = (await reader.query(`select id, title, location from spaces where is_published order by created_at limit 1`)).rows[0] as { id: string; title: string; location: string };
    const member = (await reader.query(`select id, email from users where suspended_at is null order by created_at limit 1`)).rows[0] as { id: string; email: string };
    await reader.end();
    const database = await openDatabase({ engine: "postgres", url: databaseUrl, max: 2 });
    const cookie = await sessionCookieFor(database.db, member.id);
    await database.close();

    const pages: Record<string, string> = { "/about": "/about", "/explore": "/explore", space: spacePath(space) };
    console.log(`App: one process per core on ${databaseUrl.replace(/^.*\//, "")} (demo data); ${nginxVersion()} proxy_cache; wrk ${CONNECTIONS} connections, ${DURATION} s each.`);

    // What each page answers now is what the bare server will answer.
    const captured = new Map<string, CapturedPage>();
    for (const [label, page] of Object.entries(pages)) {
      const answer = await capturePage(`${appUrl}${page}`);
      const cacheControl = answer.headers["cache-control"] ?? "";
      if (answer.status !== 200 || !cacheControl.startsWith("public") || !answer.headers.etag) throw new Error(`${label} is not a public page: ${answer.status} ${cacheControl}`);
      captured.set(page, answer);
    }
    bare = await startBareServer(captured, BARE_PORT);

    const results: Record<string, { app: number; cdn: number; bare: number }> = {};
    for (const [label, page] of Object.entries(pages)) {
      // One request fills the cache; wrk's first second warms every side alike.
      await get(`${cdnUrl}${page}`);
      const cached = await get(`${cdnUrl}${page}`);
      if (cached.headers.get("x-cache") !== "HIT") throw new Error(`${label} was not served from nginx's cache (X-Cache: ${cached.headers.get("x-cache")})`);
      const measured = { app: await wrk(`${appUrl}${page}`), cdn: await wrk(`${cdnUrl}${page}`), bare: await wrk(`${bare.url}${page}`) };
      for (const [side, { non2xx }] of Object.entries(measured)) if (non2xx > 0) throw new Error(`${label} ${side}: ${non2xx} answers were not 2xx/3xx`);
      results[label] = { app: measured.app.rps, cdn: measured.cdn.rps, bare: measured.bare.rps };
      const { app: appRps, cdn, bare: bareRps } = results[label]!;
      const times = cdn / appRps;
      const goal = GOALS[label]!;
      const met = times >= goal;
      if (!met) failed = true;
      console.log(
        `${label.padEnd(9)} app ${appRps.toFixed(0)} req/s (${shareOf(appRps, bareRps)}) · via nginx ${cdn.toFixed(0)} req/s (${shareOf(cdn, bareRps)}) · bare Node ${bareRps.toFixed(0)} req/s · ${times.toFixed(1)}× the app (goal ≥ ${goal}×${met ? "" : ", MISSED"})`,
      );
    }

    const problems = await checkNoPersonalBytesShared(cdnUrl, proxy.cacheDir, Object.values(pages), cookie, member.email);
    if (problems.length > 0) {
      failed = true;
      console.log(`Personal bytes: FAILED\n  ${problems.join("\n  ")}`);
    } else {
      console.log(`Personal bytes: none shared (30 rounds × ${Object.keys(pages).length} pages signed in and anonymous under load; the cache holds no page of the member's)`);
    }
    const liveMs = await checkLiveThroughProxy(cdnUrl, databaseUrl);
    console.log(`Live updates through nginx: an event reached the stream ${liveMs.toFixed(0)} ms after the database published it`);
    fs.writeFileSync(path.join(WORK_DIR, "results.json"), JSON.stringify(results, null, 2));
  } catch (error) {
    failed = true;
    console.error(error);
  } finally {
    await bare?.close();
    await proxy?.stop();
    for (const child of children.reverse()) {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
    }
    await scratch.drop();
  }
  if (failed) process.exitCode = 1;
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
