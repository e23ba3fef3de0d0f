/**
 * Server rendering per language (issue #31): requests per second of GET /explore in
 * English against the same page in every other language (/es/explore, /fr/explore,
 * /ja/explore, /ar/explore), in one run on one server, so a language whose rendering is
 * slower (its catalogs, Intl formatting, the right-to-left document) shows as a share of
 * English's figure:
 *
 *   /explore     en    98.1 req/s  p50 99 ms  p99 180 ms  ·  112.4 req per CPU-second
 *   /ar/explore  ar    95.4 req/s  p50 …      ·  109.9 req per CPU-second  97.8 % of English
 *
 * The built app runs in production mode on a fresh embedded database with the demo data
 * (bench/support/app-server.ts), one worker by default (WEB_CONCURRENCY=1: the figures
 * compare languages, not cores). Each round measures every language right before or
 * after English (the order swapped every round).
 *
 * Requests per second on a shared machine say as much about the other processes as
 * about the page (a 2-core machine at a load of 18 gave 7–19 req/s for the same URL from
 * one round to the next). So the server's own CPU time (its processes' utime + stime in
 * /proc) is read around each measurement too: requests per CPU-second is the rate one
 * idle core would serve, and a language's share of English is the ratio of those, summed
 * over the rounds. Exits non-zero when Arabic's share is under 90 %, or on any error or
 * non-2xx answer. With BENCH_URL (a server this run did not start, its CPU time unknown)
 * the share is the ratio of requests per second.
 *
 *   npx react-router build && npm run bench:ssr-locale
 *
 * Settings: BENCH_DURATION (seconds per measurement, 3), BENCH_ROUNDS (5),
 * BENCH_CONNECTIONS (10), BENCH_PORT (3240), BENCH_URL (an already running server instead),
 * BENCH_PATH (/explore), WEB_CONCURRENCY (1).
 */
import fs from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import { LOCALES, localizedPath, type Locale } from "~/lib/locales";
import { startAppServer } from "./support/app-server";

const DURATION = Number(process.env.BENCH_DURATION ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PORT = Number(process.env.BENCH_PORT ?? 3240);
const PAGE = process.env.BENCH_PATH ?? "/explore";
/** Arabic's floor, as a share of English's requests per (CPU-)second. */
const ARABIC_FLOOR = 0.9;
const TICKS_PER_SECOND = 100; // USER_HZ on Linux

type Sample = { requests: number; rps: number; p50: number; p99: number; errors: number; cpuSeconds: number | null };

/** CPU seconds (user + system) used so far by process `pid` and every process under it (the cluster's workers). */
function treeCpuSeconds(pid: number): number | null {
  if (!fs.existsSync("/proc/self/stat")) return null;
  const stats = new Map<number, { ppid: number; ticks: number }>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      // The fields after "(comm)": state ppid … utime(14) stime(15), counted from 1 with comm as 2.
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      stats.set(Number(entry), { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // the process ended meanwhile
    }
  }
  if (!stats.has(pid)) return null;
  let ticks = 0;
  const queue = [pid];
  while (queue.length > 0) {
    const current = queue.pop()!;
    ticks += stats.get(current)?.ticks ?? 0;
    for (const [child, stat] of stats) if (stat.ppid === current) queue.push(child);
  }
  return ticks / TICKS_PER_SECOND;
}

async function load(url: string, duration: number, pid: number | null): Promise<Sample> {
  const before = pid === null ? null : treeCpuSeconds(pid);
  const result = await autocannon({ url, connections: CONNECTIONS, duration });
  const after = pid === null ? null : treeCpuSeconds(pid);
  return {
    requests: result.requests.total,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    cpuSeconds: before === null || after === null ? null : after - before,
  };
}

function sum(values: number[]) {
  return values.reduce((total, value) => total + value, 0);
}

function mean(values: number[]) {
  return sum(values) / values.length;
}

async function main() {
  if (!process.env.BENCH_URL && !fs.existsSync(path.resolve("build/server/index.js"))) throw new Error("No server build: run `npx react-router build` first");
  process.env.WEB_CONCURRENCY ??= "1";
  const { baseUrl, server } = await startAppServer({ port: PORT, name: "bench-ssr-locale", baseUrl: process.env.BENCH_URL });
  const pid = server?.pid ?? null;
  try {
    const urls = Object.fromEntries(LOCALES.map((locale) => [locale, `${baseUrl}${localizedPath(locale, PAGE)}`])) as Record<Locale, string>;

    // Each address answers its page in its language (no redirect, no error), then a warm-up.
    for (const locale of LOCALES) {
      const response = await fetch(urls[locale], { redirect: "manual" });
      const html = await response.text();
      const lang = /<html[^>]*\slang="([^"]+)"/.exec(html)?.[1];
      if (response.status !== 200 || lang !== locale) throw new Error(`${urls[locale]} answered ${response.status} with <html lang="${lang}">, not a ${locale} page`);
      await load(urls[locale], 2, null);
    }

    // Paired measurements: each language right next to an English one.
    const samples = new Map<Locale, Sample[]>(LOCALES.map((locale) => [locale, []]));
    const pairs = new Map<Locale, { english: Sample; other: Sample }[]>(LOCALES.map((locale) => [locale, []]));
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const locale of LOCALES.filter((entry) => entry !== "en")) {
        const englishFirst = round % 2 === 0;
        const first = await load(urls[englishFirst ? "en" : locale], DURATION, pid);
        const second = await load(urls[englishFirst ? locale : "en"], DURATION, pid);
        const [english, other] = englishFirst ? [first, second] : [second, first];
        samples.get("en")!.push(english);
        samples.get(locale)!.push(other);
        pairs.get(locale)!.push({ english, other });
      }
    }

    const perCpuSecond = (list: Sample[]) => (list.every((sample) => sample.cpuSeconds !== null) ? sum(list.map((s) => s.requests)) / sum(list.map((s) => s.cpuSeconds!)) : null);
    const perSecond = (list: Sample[]) => mean(list.map((sample) => sample.rps));
    /** A language's share of English over its own pairs: by CPU time when known, else by requests per second. */
    const share = (locale: Locale) => {
      const list = pairs.get(locale)!;
      const others = list.map((pair) => pair.other);
      const english = list.map((pair) => pair.english);
      const byCpu = perCpuSecond(others) !== null && perCpuSecond(english) !== null ? perCpuSecond(others)! / perCpuSecond(english)! : null;
      return { byCpu, byWall: perSecond(others) / perSecond(english) };
    };

    console.log(`GET ${PAGE} by language: ${ROUNDS} rounds, each language ${DURATION} s beside ${DURATION} s of English, ${CONNECTIONS} connections, WEB_CONCURRENCY=${process.env.WEB_CONCURRENCY}`);
    let failed = false;
    for (const locale of LOCALES) {
      const all = samples.get(locale)!;
      const errors = sum(all.map((sample) => sample.errors));
      const cpu = perCpuSecond(all);
      const address = localizedPath(locale, PAGE).padEnd(PAGE.length + 4);
      let line = `${address} ${locale}  ${perSecond(all).toFixed(1).padStart(6)} req/s  p50 ${mean(all.map((s) => s.p50)).toFixed(0)} ms  p99 ${mean(all.map((s) => s.p99)).toFixed(0)} ms`;
      if (cpu !== null) line += `  ·  ${cpu.toFixed(1).padStart(6)} req per CPU-second`;
      if (locale !== "en") {
        const { byCpu, byWall } = share(locale);
        line += byCpu === null ? `  ${(byWall * 100).toFixed(1)} % of English` : `  ${(byCpu * 100).toFixed(1)} % of English (by req/s ${(byWall * 100).toFixed(0)} %)`;
      }
      if (errors) line += `  ${errors} errors`;
      console.log(line);
      if (errors > 0) failed = true;
    }
    const arabic = share("ar").byCpu ?? share("ar").byWall;
    if (arabic < ARABIC_FLOOR) {
      console.error(`FAIL: Arabic serves ${(arabic * 100).toFixed(1)} % of English's requests (floor ${ARABIC_FLOOR * 100} %)`);
      failed = true;
    }
    if (failed) process.exitCode = 1;
  } finally {
    server?.kill("SIGTERM");
  }
}

await main();
