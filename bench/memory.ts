/**
 * `npm run bench:memory`: memory under oversized bodies (issue #11). Starts the built
 * server (production mode, fresh embedded database, BENCH_PORT default 3134), then
 * CLIENTS (default 20) clients per form route at once each send a 1 GB chunked body
 * (BENCH_BODY_MB) to every route that reads a body. Prints the server's RSS at idle,
 * the peak while the bodies arrive and after; fails when the peak is 100 MB or more
 * above idle. Needs `npm run build` first.
 */
import fs from "node:fs";
import { startAppServer } from "./support/app-server";
import { processTree, rssMb } from "./support/proc";
import { chunks, rawRequest } from "../tests/setup/raw-http";

const PORT = Number(process.env.BENCH_PORT ?? 3134);
const CLIENTS = Number(process.env.CLIENTS ?? 20);
const BODY_BYTES = Number(process.env.BENCH_BODY_MB ?? 1024) * 1024 * 1024;
const BUDGET_MB = 100;

/** RSS in MB of the server and its cluster workers. */
const serverRssMb = (rootPid: number) => rssMb(processTree(rootPid));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main() {
  if (!fs.existsSync("build/server/index.js")) throw new Error("Build the app first: npm run build");
  process.env.SEED_DEMO_DATA ??= "false";
  const { baseUrl, server } = await startAppServer({ port: PORT, name: "bench-memory" });
  const pid = server!.pid!;
  try {
    // A signed-in user with one listing, for the hosting routes.
    const email = `bench-${Date.now()}@example.test`;
    const signUp = await rawRequest(baseUrl, {
      method: "POST",
      path: "/auth/sign-up",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email, password: "violet-otter-canvas-19-bench" }),
    });
    if (signUp.status !== 200) throw new Error(`sign-up failed: ${signUp.status} ${signUp.body}`);
    const cookie = ([] as string[]).concat(signUp.headers["set-cookie"] ?? []).map((line) => line.split(";")[0]).join("; ");
    await rawRequest(baseUrl, {
      method: "POST",
      path: "/api/space-types",
      headers: { "Content-Type": "application/x-www-form-urlencoded", cookie },
      body: "label=Studio",
    });
    const create = await rawRequest(baseUrl, {
      method: "POST",
      path: "/create-listing",
      headers: { "Content-Type": "application/x-www-form-urlencoded", cookie },
      body: new URLSearchParams({ title: "Bench loft", description: "d", rentalType: "space", type: "studio", hourlyPrice: "30", capacity: "2", location: "Austin", country: "United States", amenities: "Wi-Fi", intent: "draft" }).toString(),
    });
    const listingId = /saved=([0-9a-f-]{36})/.exec(String(create.headers.location ?? ""))?.[1];
    if (!listingId) throw new Error(`creating the bench listing failed: ${create.status} ${(create.body.match(/(Failed|Choose|must|required)[^"<\\]{0,120}/g) ?? []).join(" | ")}`);

    const routes = [
      { path: "/auth/sign-in", type: "application/x-www-form-urlencoded" },
      { path: "/auth/sign-up", type: "application/json" },
      { path: "/contact", type: "application/x-www-form-urlencoded" },
      { path: "/newsletter", type: "multipart/form-data; boundary=x" },
      { path: "/create-listing", type: "application/x-www-form-urlencoded", signedIn: true },
      { path: `/edit-listing/${listingId}`, type: "application/x-www-form-urlencoded", signedIn: true },
      { path: "/my-listings", type: "application/x-www-form-urlencoded", signedIn: true },
      { path: "/api/space-types", type: "application/x-www-form-urlencoded", signedIn: true },
      { path: `/api/spaces/${listingId}/availability`, type: "application/x-www-form-urlencoded", signedIn: true },
      { path: "/api/media/uploads", type: "multipart/form-data; boundary=x", signedIn: true, upload: true },
    ];

    await sleep(3_000);
    const idleSamples: number[] = [];
    for (let i = 0; i < 10; i++) {
      idleSamples.push(serverRssMb(pid));
      await sleep(200);
    }
    const idle = Math.max(...idleSamples);

    let peak = idle;
    const sampler = setInterval(() => (peak = Math.max(peak, serverRssMb(pid))), 100);
    const started = Date.now();
    const statuses = new Map<string, number>();
    let sentBytes = 0;
    const uploadHead = Buffer.from('--x\r\nContent-Disposition: form-data; name="files"; filename="big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n');
    await Promise.all(
      routes.flatMap((route) =>
        Array.from({ length: CLIENTS }, async () => {
          const body = route.upload
            ? function* () {
                yield uploadHead;
                yield* chunks(BODY_BYTES - uploadHead.length);
              }
            : () => chunks(BODY_BYTES);
          try {
            const response = await rawRequest(baseUrl, {
              method: "POST",
              path: route.path,
              headers: { "Content-Type": route.type, ...(route.signedIn ? { cookie } : {}) },
              body,
            });
            sentBytes += response.sentBytes;
            const key = `${route.path.replace(/[0-9a-f-]{36}/, ":id")} ${response.status}`;
            statuses.set(key, (statuses.get(key) ?? 0) + 1);
          } catch (error) {
            const key = `${route.path.replace(/[0-9a-f-]{36}/, ":id")} ${(error as NodeJS.ErrnoException).code ?? "error"}`;
            statuses.set(key, (statuses.get(key) ?? 0) + 1);
          }
        }),
      ),
    );
    const seconds = (Date.now() - started) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, serverRssMb(pid));
    await sleep(5_000);
    const after = serverRssMb(pid);

    const clients = routes.length * CLIENTS;
    console.log(`memory under oversized bodies: ${clients} clients (${CLIENTS} per route × ${routes.length} routes), ${BODY_BYTES / 1024 / 1024} MB chunked bodies each`);
    console.log(`RSS idle ${idle.toFixed(1)} MB, peak during ${peak.toFixed(1)} MB (+${(peak - idle).toFixed(1)} MB), after ${after.toFixed(1)} MB`);
    console.log(`all answered in ${seconds.toFixed(1)} s; clients had written ${(sentBytes / 1024 / 1024).toFixed(1)} MB in all (socket buffers included) when refused`);
    for (const [key, count] of [...statuses].sort()) console.log(`  ${key}: ${count}`);
    if (peak - idle >= BUDGET_MB) {
      console.error(`FAIL: peak is ${(peak - idle).toFixed(1)} MB above idle (budget < ${BUDGET_MB} MB)`);
      process.exitCode = 1;
    }
  } finally {
    server?.kill("SIGTERM");
  }
}

await main();
