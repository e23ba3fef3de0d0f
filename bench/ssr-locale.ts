/**
 * Server rendering per language (issue #31): requests per second of GET /explore in
 * English against the same page in every other language (/ar/explore, /es/explore,
 * /fr/explore, /ja/explore), in one run on one server, so a language whose rendering is
 * slower (its catalogs, Intl formatting, the right-to-left document) shows as a share of
 * English's figure:
 *
 *   /explore      en   98.1 req/s  p50 99 ms  p99 180 ms
 *   /ar/explore   ar   95.4 req/s  p50 …              97.2 % of English
 *
 * The built app runs in production mode on a fresh embedded database with the demo data
 * (bench/support/app-server.ts), one worker by default (WEB_CONCURRENCY=1: the figures
 * compare languages, not cores). Each language is measured in several rounds, the order
 * rotated every round, so the load of a shared machine falls on all of them alike.
 * Exits non-zero when Arabic serves less than 90 % of English's requests per second.
 *
 *   npx react-router build && npm run bench:ssr-locale
 *
 * Settings: BENCH_DURATION (seconds per language per round, 5), BENCH_ROUNDS (3),
 * BENCH_CONNECTIONS (10), BENCH_PORT (3240), BENCH_URL (an already running server instead),
 * BENCH_PATH (/explore), WEB_CONCURRENCY (1).
 */
import fs from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import { LOCALES, localizedPath, type Locale } from "~/lib/locales";
import { startAppServer } from "./support/app-server";

const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PORT = Number(process.env.BENCH_PORT ?? 3240);
const PAGE = process.env.BENCH_PATH ?? "/explore";
/** Arabic's floor, as a share of English's requests per second. */
const ARABIC_FLOOR = 0.9;

type Sample = { rps: number; p50: number; p99: number; errors: number };

async function load(url: string, duration: number): Promise<Sample> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.timeouts + result.non2xx };
}

function mean(values: number[]) {
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

async function main() {
  if (!process.env.BENCH_URL && !fs.existsSync(path.resolve("build/server/index.js"))) throw new Error("No server build: run `npx react-router build` first");
  process.env.WEB_CONCURRENCY ??= "1";
  const { baseUrl, server } = await startAppServer({ port: PORT, name: "bench-ssr-locale", baseUrl: process.env.BENCH_URL });
  try {
    const urls = Object.fromEntries(LOCALES.map((locale) => [locale, `${baseUrl}${localizedPath(locale, PAGE)}`])) as Record<Locale, string>;

    // Each address answers its page in its language (no redirect, no error), then a warm-up.
    for (const locale of LOCALES) {
      const response = await fetch(urls[locale], { redirect: "manual" });
      const html = await response.text();
      const lang = /<html[^>]*\slang="([^"]+)"/.exec(html)?.[1];
      if (response.status !== 200 || lang !== locale) throw new Error(`${urls[locale]} answered ${response.status} with <html lang="${lang}">, not a ${locale} page`);
      await load(urls[locale], 2);
    }

    const samples = new Map<Locale, Sample[]>(LOCALES.map((locale) => [locale, []]));
    for (let round = 0; round < ROUNDS; round += 1) {
      const order = LOCALES.map((_, i) => LOCALES[(i + round) % LOCALES.length]!);
      for (const locale of order) samples.get(locale)!.push(await load(urls[locale], DURATION));
    }

    const rps = (locale: Locale) => mean(samples.get(locale)!.map((sample) => sample.rps));
    const english = rps("en");
    console.log(`GET ${PAGE} by language: ${ROUNDS} rounds × ${DURATION} s, ${CONNECTIONS} connections, WEB_CONCURRENCY=${process.env.WEB_CONCURRENCY}`);
    let failed = false;
    for (const locale of LOCALES) {
      const all = samples.get(locale)!;
      const errors = all.reduce((sum, sample) => sum + sample.errors, 0);
      const share = rps(locale) / english;
      const address = localizedPath(locale, PAGE).padEnd(PAGE.length + 4);
      const rounds = all.map((sample) => sample.rps.toFixed(0)).join("/");
      console.log(
        `${address} ${locale}  ${rps(locale).toFixed(1).padStart(6)} req/s  p50 ${mean(all.map((s) => s.p50)).toFixed(0)} ms  p99 ${mean(all.map((s) => s.p99)).toFixed(0)} ms  (rounds ${rounds})` +
          (locale === "en" ? "" : `  ${(share * 100).toFixed(1)} % of English`) +
          (errors ? `  ${errors} errors` : ""),
      );
      if (errors > 0) failed = true;
    }
    const arabic = rps("ar") / english;
    if (arabic < ARABIC_FLOOR) {
      console.error(`FAIL: Arabic serves ${(arabic * 100).toFixed(1)} % of English's requests per second (floor ${ARABIC_FLOOR * 100} %)`);
      failed = true;
    }
    if (failed) process.exitCode = 1;
  } finally {
    server?.kill("SIGTERM");
  }
}

await main();
