/**
 * Search at scale (issue #4 "Fast at scale"). Creates a scratch PostgreSQL
 * database, loads the demo data plus 100 000 generated listings, and prints
 * p50/p95/p99 of every discovery query (explore, the home page's queries, a city
 * page), one line each:
 *
 *   explore: p50 1.9 ms, p95 4.2 ms, p99 7.0 ms
 *
 * then starts the built server on that database and measures requests per
 * second for GET /about, GET /explore, a filtered explore and a space page with
 * autocannon, first as one process (WEB_CONCURRENCY=1, how the app ran before
 * issue #16) and then with one worker per core (the default). The scratch database
 * is dropped at the end (also on Ctrl-C).
 *
 *   npx react-router build && npm run bench:search
 *
 * Settings: BENCH_DATABASE_URL (an admin connection, default
 * postgres://postgres@127.0.0.1:5432/postgres), BENCH_LISTINGS (100000),
 * BENCH_ITERATIONS (200 per query), BENCH_DURATION (seconds per URL, 10),
 * BENCH_CONNECTIONS (10), BENCH_PORT (3207), BENCH_PGLITE=1 to also time the
 * queries on an in-memory PGlite, BENCH_HTTP=0 to skip the HTTP part.
 * BENCH_WORKERS: the worker counts to compare (default "1,default").
 * BENCH_KEEP_DATABASE=1 keeps the scratch database (its name is printed) instead of
 * dropping it; BENCH_REUSE_DATABASE=<name> times an already loaded one (no load, not
 * dropped): a 1 000 000-listing load takes minutes, so a re-run after a change reuses it.
 * Issue #27 adds search by when and the filters (text + date + time; a date range with
 * price, guests and two amenities; any 3 hours on Saturday; the worst bad input) with a
 * p95 target of 15 ms, and explore with a date filter at ≥ 60 % of explore's req/s.
 * Exits non-zero when a target is missed: search p95 ≤ 25 ms on PostgreSQL; with
 * the default workers GET /about ≥ 400 req/s, /explore ≥ 250, a space page ≥ 250,
 * p99 ≤ 100 ms (issue #16; figures on a shared machine vary, see bench/README.md).
 */
import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import pg from "pg";
import { cityStats, listCitySpaces, type CityMatch } from "~/features/cities/city-pages.server";
import { parseExploreSearch } from "~/features/search/search-params";
import { exploreStatements, featuredUsa, internationalSpaces, listLocations, priceHistogram, searchExplore, searchHome } from "~/features/search/search.server";
import { EXPLORE_PAGE_SIZE } from "~/features/search/search-links";
import { addDays } from "~/features/bookings/slots";
import { spacePath } from "~/features/listings/slug";
import { openDatabase, type Database } from "~/lib/db.server";
import { prepare } from "./scale-data";
import { explainGeo, GEO_QUERIES, timeGeoQueries } from "./geo-data";
import { capturePage, shareOf, startBareServer, type CapturedPage } from "./support/bare-baseline";

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const LISTINGS = Number(process.env.BENCH_LISTINGS ?? 100_000);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 200);
const WARMUP = 20;
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PORT = Number(process.env.BENCH_PORT ?? 3207);
/** Issue #4's target for every query, at its scale of 100 000 listings. */
const P95_TARGET_MS = 25;
/** Issue #27's queries: p95 ≤ 15 ms at 100 000 listings, ≤ 50 ms at 1 000 000. */
const whenP95TargetMs = (listings: number) => (listings > 200_000 ? 50 : 15);
const REUSE_DATABASE = process.env.BENCH_REUSE_DATABASE;
const KEEP_DATABASE = process.env.BENCH_KEEP_DATABASE === "1" || Boolean(REUSE_DATABASE);
const WHEN_QUERIES = ["explore text only", "explore text + date + time", "explore date range + price + capacity + 2 amenities", "explore worst bad input", ...GEO_QUERIES];

// ------------------------------------------------------------ query timings

type Result = { name: string; p50: number; p95: number; p99: number };

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

async function time(name: string, run: (i: number) => Promise<unknown>): Promise<Result> {
  for (let i = 0; i < WARMUP; i += 1) await run(i);
  const samples: number[] = [];
  for (let i = 0; i < ITERATIONS; i += 1) {
    const started = performance.now();
    await run(i + WARMUP);
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  const result = { name, p50: percentile(samples, 50), p95: percentile(samples, 95), p99: percentile(samples, 99) };
  console.log(`${name}: p50 ${result.p50.toFixed(1)} ms, p95 ${result.p95.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms`);
  return result;
}

const TEXTS = ["studio", "loft", "kayak", "Camera", "harbour", "wifi", "natural light", "pontoon", "100%", "no such thing"];
/** Words of the Spanish translations (bench/scale-data.ts), common and rare, and one found nowhere. */
const TEXTS_ES = ["estudio", "azotea", "furgoneta", "luz natural", "pontón", "del puerto", "muelle de carga", "hidrolavadora", "#4242", "no existe"];
const TYPE_OF = (types: string[], i: number) => types[i % types.length]!;
const EXPLORE_LOCATIONS = ["New York", "tampa", "London", "Tokyo", "Sydney", "Austin", "Paris", "Dubai"];
const REGION_IDS = ["asia-pacific", "europe", "middle-east", "americas"];
/** The Saturday `weeks` weeks after the coming one ("YYYY-MM-DD"). */
function saturday(weeks: number) {
  const day = new Date();
  day.setUTCDate(day.getUTCDate() + ((6 - day.getUTCDay() + 7) % 7) + 7 + weeks * 7);
  return day.toISOString().slice(0, 10);
}
const AMENITY_PAIRS = ["Parking", "Kitchen", "Projector", "Lighting"];
/** Everything wrong at once: a past date, an inverted range, 1e309, a negative price, 500 amenities. */
const WORST_BAD_INPUT = `date=2001-01-01&end=2000-01-01&hours=99&min=-5&max=1e309&guests=0&${Array.from({ length: 500 }, (_, i) => `amenity=a${i}`).join("&")}`;
const CITY: CityMatch = { kind: "exact", name: "New York" };
const CATCH_ALL_CITIES: CityMatch[] = ["tokyo", "london", "paris", "sydney", "dubai", "seoul", "toronto", "berlin"].map((name) => ({ kind: "contains", terms: [name] }));
const SAN_JOSE: CityMatch = { kind: "contains", terms: ["san jose", "santa clara county"] };

async function timeQueries(database: Database, label: string) {
  const db = database.db;
  const types = ((await db.execute(sql`select name from space_types order by name`)).rows as Array<{ name: string }>).map((row) => row.name);
  const suffix = label ? ` [${label}]` : "";
  const explore = (query: string, locale?: "es") => searchExplore(db, { ...parseExploreSearch(new URLSearchParams(query)), locale });
  return [
    await time(`explore${suffix}`, (i) =>
      explore(new URLSearchParams({ q: TEXTS[i % TEXTS.length]!, type: TYPE_OF(types, i), location: EXPLORE_LOCATIONS[i % EXPLORE_LOCATIONS.length]! }).toString()),
    ),
    await time(`explore text only${suffix}`, (i) => explore(new URLSearchParams({ q: TEXTS[i % TEXTS.length]! }).toString())),
    // Issue #31 point 5 (ADR 0295): on a Spanish page the text also matches the hosts' Spanish
    // translations (20 % of the listings have one). The lines above search the originals only,
    // as every search did before; the same English words, then Spanish ones, on /es/explore:
    await time(`explore text only [es]${suffix}`, (i) => explore(new URLSearchParams({ q: TEXTS[i % TEXTS.length]! }).toString(), "es")),
    await time(`explore text only, Spanish words [es]${suffix}`, (i) => explore(new URLSearchParams({ q: TEXTS_ES[i % TEXTS_ES.length]! }).toString(), "es")),
    await time(`explore [es]${suffix}`, (i) =>
      explore(new URLSearchParams({ q: TEXTS[i % TEXTS.length]!, type: TYPE_OF(types, i), location: EXPLORE_LOCATIONS[i % EXPLORE_LOCATIONS.length]! }).toString(), "es"),
    ),
    await time(`explore text + date + time [es]${suffix}`, (i) =>
      explore(new URLSearchParams({ q: TEXTS[i % TEXTS.length]!, date: saturday(i % 6), time: `${String(9 + (i % 8)).padStart(2, "0")}:00`, hours: "3" }).toString(), "es"),
    ),
    await time(`explore Spanish words + date + time [es]${suffix}`, (i) =>
      explore(new URLSearchParams({ q: TEXTS_ES[i % TEXTS_ES.length]!, date: saturday(i % 6), time: `${String(9 + (i % 8)).padStart(2, "0")}:00`, hours: "3" }).toString(), "es"),
    ),
    // Issue #27: by when, filters, the worst bad input (a message, no query).
    await time(`explore text + date + time${suffix}`, (i) =>
      explore(new URLSearchParams({ q: TEXTS[i % TEXTS.length]!, date: saturday(i % 6), time: `${String(9 + (i % 8)).padStart(2, "0")}:00`, hours: "3" }).toString()),
    ),
    await time(`explore date + time only${suffix}`, (i) => explore(new URLSearchParams({ date: saturday(i % 6), time: "10:00", hours: "3" }).toString())),
    await time(`explore any 3 hours on Saturday${suffix}`, (i) => explore(new URLSearchParams({ date: saturday(i % 6), hours: "3" }).toString())),
    await time(`explore date range + price + capacity + 2 amenities${suffix}`, (i) =>
      explore(`${new URLSearchParams({ date: saturday(i % 6), end: addDays(saturday(i % 6), 2), min: "100", max: "600", guests: "4" }).toString()}&amenity=WiFi&amenity=${AMENITY_PAIRS[i % AMENITY_PAIRS.length]}`),
    ),
    await time(`explore price sort + rating${suffix}`, (i) => explore(new URLSearchParams({ sort: i % 2 ? "price_asc" : "price_desc", rating: "4" }).toString())),
    await time(`explore worst bad input${suffix}`, () => explore(WORST_BAD_INPUT)),
    // Issue #27 points 3 and 4: near a point by distance, map bounds with 500 pins (bench/geo-data.ts).
    ...(await timeGeoQueries(db, time, suffix)),
    await time(`explore price histogram${suffix}`, (i) => priceHistogram(db, parseExploreSearch(new URLSearchParams({ q: TEXTS[i % TEXTS.length]! })))),
    await time(`explore unfiltered${suffix}`, () => explore("")),
    await time(`explore page 5${suffix}`, (i) => explore(new URLSearchParams({ type: TYPE_OF(types, i), page: "5" }).toString())),
    await time(`explore locations${suffix}`, () => listLocations(db)),
    await time(`home search${suffix}`, (i) => searchHome(db, { q: TEXTS[i % TEXTS.length]!, category: i % 2 ? TYPE_OF(types, i) : "" })),
    await time(`home search [es]${suffix}`, (i) => searchHome(db, { q: TEXTS[i % TEXTS.length]!, category: i % 2 ? TYPE_OF(types, i) : "", locale: "es" })),
    await time(`home search, Spanish words [es]${suffix}`, (i) => searchHome(db, { q: TEXTS_ES[i % TEXTS_ES.length]!, category: i % 2 ? TYPE_OF(types, i) : "", locale: "es" })),
    await time(`home featured usa${suffix}`, () => featuredUsa(db)),
    await time(`home international${suffix}`, () => internationalSpaces(db, null)),
    await time(`home international region${suffix}`, (i) => internationalSpaces(db, REGION_IDS[i % REGION_IDS.length]!)),
    await time(`city page${suffix}`, () => listCitySpaces(db, { match: CITY, page: 1 })),
    await time(`city page stats${suffix}`, () => cityStats(db, CITY)),
    await time(`catch-all city page${suffix}`, (i) =>
      listCitySpaces(db, { match: CATCH_ALL_CITIES[i % CATCH_ALL_CITIES.length]!, type: i % 2 ? TYPE_OF(types, i) : null, page: 1 }),
    ),
    await time(`san jose page${suffix}`, () => listCitySpaces(db, { match: SAN_JOSE, page: 1 })),
  ];
}

/** How PostgreSQL plans issue #27's queries (the page of candidates and the capped count), as recorded in bench/README.md. */
async function explainQueries(database: Database) {
  const db = database.db;
  const now = new Date();
  const shapes: Array<readonly [string, string, "es"?]> = [
    ["text only", "q=studio"],
    // Issue #31 point 5: the same on a Spanish page, a common and a rare Spanish word.
    ["text only [es]", "q=studio", "es"],
    ["Spanish word [es]", "q=azotea", "es"],
    ["rare Spanish word [es]", "q=hidrolavadora", "es"],
    ["text + date + time", `q=studio&date=${saturday(1)}&time=10%3A00&hours=3`],
    ["date + time only", `date=${saturday(1)}&time=10%3A00&hours=3`],
    ["date range + price + capacity + 2 amenities", `date=${saturday(1)}&end=${addDays(saturday(1), 2)}&min=100&max=600&guests=4&amenity=WiFi&amenity=Parking`],
  ];
  for (const [name, query, locale] of shapes) {
    const search = { ...parseExploreSearch(new URLSearchParams(query), now), locale };
    const { page: pageOf, count } = exploreStatements(db, search, now);
    const page = pageOf(0, EXPLORE_PAGE_SIZE + 13);
    for (const [part, built] of [["page", page], ["count", count]] as const) {
      const { sql: text, params } = built.toSQL();
      const inline = text.replace(/\$(\d+)/g, (_, i: string) => {
        const value = params[Number(i) - 1];
        return typeof value === "number" ? String(value) : `'${String(value).replace(/'/g, "''")}'`;
      });
      const { rows } = await db.execute<Record<string, string>>(sql.raw(`explain (analyze, costs off, timing off, summary on) ${inline}`));
      console.log(`\nEXPLAIN ${name} — ${part}:\n${rows.map((row) => `  ${Object.values(row)[0]}`).join("\n")}`);
    }
  }
}

// ------------------------------------------------------------ HTTP load

async function waitFor(url: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

async function load(url: string) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION });
  const errors = result.errors + result.timeouts + result.non2xx;
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors };
}

const HTTP_TARGETS = { "/about": 400, "/explore": 250, space: 250 } as const;
const P99_TARGET_MS = 100;

async function httpLoad(databaseUrl: string, spacePage: string, workers: string) {
  if (!fs.existsSync(path.resolve("build/server/index.js"))) throw new Error("No server build: run `npx react-router build` first");
  const baseUrl = `http://127.0.0.1:${PORT}`;
  const server: ChildProcess = spawn(process.execPath, ["server/index.js"], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATABASE_URL: databaseUrl,
      DATA_DIR: path.resolve(`tmp/bench-search-${PORT}`),
      SITE_URL: baseUrl,
      NODE_ENV: "production",
      SEED_DEMO_DATA: "false",
      LOG_LEVEL: "error",
      SESSION_SECRET: "bench-search-secret-bench-search-secret-000",
      ...(workers === "default" ? {} : { WEB_CONCURRENCY: workers }),
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  let bare: Awaited<ReturnType<typeof startBareServer>> | undefined;
  try {
    const startFailed = new Promise<never>((_, reject) =>
      server.once("exit", (code) => reject(new Error(`The server exited before it was ready (exit code ${code})`))),
    );
    startFailed.catch(() => undefined);
    await Promise.race([waitFor(`${baseUrl}/healthz`, 120_000), startFailed]);
    const pages = [
      ["GET /about", "/about"],
      ["GET /explore", "/explore"],
      ["GET /explore?q=studio&type=…&location=New York", `/explore?q=studio&type=photo-studio&location=New+York`],
      ["GET /explore?date=…&time=10:00&hours=3", `/explore?date=${saturday(1)}&time=10%3A00&hours=3`],
      ["GET a space page", spacePage],
    ] as const;
    // The ceiling, run the same way: each page's bytes from a bare Node server (bench/support/bare-baseline.ts).
    const captured = new Map<string, CapturedPage>();
    for (const [, pathname] of pages) captured.set(pathname, await capturePage(`${baseUrl}${pathname}`));
    bare = await startBareServer(captured, PORT + 50);
    const measured: Record<string, { rps: number; p99: number }> = {};
    for (const [name, pathname] of pages) {
      await autocannon({ url: `${baseUrl}${pathname}`, connections: CONNECTIONS, duration: 2 }); // warm-up, not counted
      const { rps, p50, p99, errors } = await load(`${baseUrl}${pathname}`);
      const ceiling = await load(`${bare.url}${pathname}`);
      measured[pathname] = { rps, p99 };
      console.log(`${name}: ${rps.toFixed(0)} req/s (${shareOf(rps, ceiling.rps)}, ${ceiling.rps.toFixed(0)} req/s), latency p50 ${p50} ms, p99 ${p99} ms${errors ? `, ${errors} errors` : ""} (${CONNECTIONS} connections, ${DURATION} s)`);
    }
    return { about: measured["/about"]!, explore: measured["/explore"]!, space: measured[spacePage]!, exploreWhen: measured[`/explore?date=${saturday(1)}&time=10%3A00&hours=3`]! };
  } finally {
    await bare?.close();
    // A server that already exited (it could not start) must not leave us waiting,
    // or the scratch database would never be dropped.
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server.once("exit", resolve));
      server.kill("SIGTERM");
      await exited;
    }
  }
}

// ------------------------------------------------------------ main

async function withScratchDatabase<T>(work: (url: string) => Promise<T>): Promise<T> {
  const name = REUSE_DATABASE ?? `rentwell_bench_${Date.now()}_${crypto.randomBytes(3).toString("hex")}`;
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  if (KEEP_DATABASE) {
    if (!REUSE_DATABASE) await createDatabase(name);
    try {
      return await work(url.toString());
    } finally {
      console.log(`Kept the database ${name} (BENCH_REUSE_DATABASE=${name} times it again; drop it when done).`);
    }
  }
  await createDatabase(name);
  const drop = async () => {
    const dropper = new pg.Client({ connectionString: ADMIN_URL });
    await dropper.connect();
    try {
      await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    } finally {
      await dropper.end();
    }
  };
  const onSignal = () => {
    void drop().finally(() => process.exit(130));
  };
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  try {
    return await work(url.toString());
  } finally {
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
    await drop();
    console.log(`Dropped the scratch database ${name}.`);
  }
}

async function createDatabase(name: string) {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
}

let failed = false;

await withScratchDatabase(async (url) => {
  const database = await openDatabase({ engine: "postgres", url, max: 4 });
  let spacePage = "/explore";
  try {
    if (!REUSE_DATABASE) await prepare(database, LISTINGS);
    const [{ listings }] = (await database.db.execute(sql`select count(*)::int as listings from spaces`)).rows as [{ listings: number }];
    const whenTarget = whenP95TargetMs(listings);
    const [space] = (
      await database.db.execute<{ id: string; title: string; location: string }>(
        sql`select id, title, location from spaces where is_published and available order by created_at desc limit 1`,
      )
    ).rows;
    if (space) spacePage = spacePath(space);
    console.log(`\nQueries on PostgreSQL, ${listings.toLocaleString("en-US")} listings (${ITERATIONS} runs each after ${WARMUP} warm-up runs):`);
    const results = await timeQueries(database, "");
    await explainQueries(database);
    console.log(`\nHow the geographic queries are planned (EXPLAIN ANALYZE):\n${await explainGeo(database.db)}`);
    for (const result of results) {
      if (WHEN_QUERIES.some((name) => result.name.startsWith(name)) && result.p95 > whenTarget) {
        failed = true;
        console.log(`  MISSED: ${result.name} p95 ${result.p95.toFixed(1)} ms > ${whenTarget} ms (issue #27 at ${listings.toLocaleString("en-US")} listings)`);
      }
      if (listings <= 200_000 && result.p95 > P95_TARGET_MS) {
        failed = true;
        console.log(`  MISSED: ${result.name} p95 ${result.p95.toFixed(1)} ms > ${P95_TARGET_MS} ms`);
      }
    }
  } finally {
    await database.close();
  }
  if (process.env.BENCH_HTTP !== "0") {
    for (const workers of (process.env.BENCH_WORKERS ?? "1,default").split(",")) {
      console.log(`\nHTTP on PostgreSQL (autocannon), ${workers === "default" ? "one worker per core (default)" : `WEB_CONCURRENCY=${workers}`}:`);
      const { about, explore, space, exploreWhen } = await httpLoad(url, spacePage, workers);
      const ratio = explore.rps / about.rps;
      console.log(`explore/about: ${(ratio * 100).toFixed(0)} % (target ≥ 50 %)`);
      if (ratio < 0.5) failed = true;
      // Issue #27: explore with a date filter keeps at least 60 % of explore's throughput.
      const whenRatio = exploreWhen.rps / explore.rps;
      console.log(`explore with a date/explore: ${(whenRatio * 100).toFixed(0)} % (target ≥ 60 %)`);
      if (whenRatio < 0.6) failed = true;
      if (workers !== "default") continue;
      for (const [name, result, target] of [
        ["GET /about", about, HTTP_TARGETS["/about"]],
        ["GET /explore", explore, HTTP_TARGETS["/explore"]],
        ["GET a space page", space, HTTP_TARGETS.space],
      ] as const) {
        if (result.rps < target || result.p99 > P99_TARGET_MS) {
          failed = true;
          console.log(`  MISSED: ${name} ${result.rps.toFixed(0)} req/s (target ≥ ${target}), p99 ${result.p99} ms (target ≤ ${P99_TARGET_MS})`);
        }
      }
    }
  }
});

if (process.env.BENCH_PGLITE === "1") {
  const database = await openDatabase({ engine: "pglite" });
  try {
    await prepare(database, LISTINGS);
    console.log(`\nQueries on PGlite, in memory (${ITERATIONS} runs each; no target):`);
    await timeQueries(database, "pglite");
  } finally {
    await database.close();
  }
}

if (failed) {
  console.log("\nA target was missed.");
  process.exitCode = 1;
} else {
  console.log("\nAll targets met.");
}
