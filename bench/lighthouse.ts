/**
 * Lighthouse (mobile form factor) on the design's budget pages: performance,
 * accessibility, best practices and SEO. Starts the built app on a fresh embedded
 * database (or uses LIGHTHOUSE_BASE_URL), runs each page RUNS times and reports the
 * median score per category. Fails when any category is below 95.
 *
 *   npm run build && npm run bench:lighthouse
 *   LIGHTHOUSE_PAGES=/how-it-works,/blog npm run bench:lighthouse
 *
 * Default pages: /, /explore, a space page (`{space}`: the first listing /explore
 * links to) and a city page (/tokyo).
 */
import fs from "node:fs";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { startAppServer } from "./support/app-server";

const PORT = Number(process.env.BENCH_PORT ?? 3206);
const PAGE_LIST = (process.env.LIGHTHOUSE_PAGES ?? "/,/explore,{space},/tokyo").split(",").map((page) => page.trim());
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const THRESHOLD = 95;
const GATED: readonly string[] = ["performance", "accessibility", "best-practices", "seo"];

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const { baseUrl, server } = await startAppServer({ port: PORT, name: "lighthouse", baseUrl: process.env.LIGHTHOUSE_BASE_URL });

/** `{space}`: the first space page /explore links to. */
async function resolvePage(page: string) {
  if (page !== "{space}") return page;
  const html = await (await fetch(`${baseUrl}/explore`)).text();
  const href = /href="(\/space\/[^"]+)"/.exec(html)?.[1];
  if (!href) throw new Error("No space page linked from /explore");
  return href.replaceAll("&amp;", "&");
}
const PAGES = await Promise.all(PAGE_LIST.map(resolvePage));
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
});

const METRICS = ["first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "cumulative-layout-shift", "speed-index"] as const;
const rows: { page: string; scores: Record<string, number>; metrics: Record<string, string>; failedAudits: string[] }[] = [];
try {
  for (const page of PAGES) {
    const runs: Record<string, number[]> = Object.fromEntries(CATEGORIES.map((category) => [category, []]));
    const failedAudits = new Set<string>();
    let metrics: Record<string, string> = {};
    for (let run = 0; run < RUNS; run += 1) {
      const result = await lighthouse(`${baseUrl}${page}`, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: [...CATEGORIES],
        formFactor: "mobile",
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${page}`);
      const { lhr } = result;
      metrics = Object.fromEntries(METRICS.map((id) => [id, lhr.audits[id]?.displayValue ?? "?"]));
      for (const category of CATEGORIES) runs[category]!.push(Math.round((lhr.categories[category]?.score ?? 0) * 100));
      for (const category of GATED) {
        for (const ref of lhr.categories[category]?.auditRefs ?? []) {
          const audit = lhr.audits[ref.id];
          if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) failedAudits.add(`${category}: ${audit.id} — ${audit.title}`);
        }
      }
    }
    const scores = Object.fromEntries(CATEGORIES.map((category) => [category, median(runs[category]!)]));
    rows.push({ page, scores, metrics, failedAudits: [...failedAudits] });
    console.log(`${page}: ${CATEGORIES.map((category) => `${category} ${scores[category]}`).join(", ")}`);
    console.log(`  last run: ${METRICS.map((id) => `${id} ${metrics[id]}`).join(", ")}`);
    for (const audit of failedAudits) console.log(`  ✗ ${audit}`);
  }
} finally {
  await chrome.kill();
  server?.kill("SIGTERM");
}

console.log("\n| page | performance | accessibility | best practices | SEO |\n|---|---|---|---|---|");
for (const row of rows) {
  console.log(`| ${row.page} | ${CATEGORIES.map((category) => row.scores[category]).join(" | ")} |`);
}
fs.mkdirSync("bench/results", { recursive: true });
fs.writeFileSync("bench/results/lighthouse.json", JSON.stringify({ date: new Date().toISOString(), runs: RUNS, rows }, null, 2));

const failures = rows.flatMap((row) =>
  GATED.filter((category) => row.scores[category]! < THRESHOLD).map((category) => `${row.page} ${category} ${row.scores[category]} < ${THRESHOLD}`),
);
if (failures.length > 0) {
  console.error(`\nBelow budget:\n${failures.join("\n")}`);
  process.exit(1);
}
