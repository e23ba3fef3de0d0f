/**
 * First-load JavaScript of a visitor's page: every script the server-rendered
 * HTML loads (entry, route modules and their modulepreloads), as served with
 * gzip. Budget (docs/product.md#quality-bars): at most 170 KB on /. Prints one line per page and
 * exits non-zero when / is over budget.
 *
 *   npm run build && npm run bench:js
 *   JS_PAGES=/,/explore BENCH_BASE_URL=http://127.0.0.1:3000 npm run bench:js
 */
import http from "node:http";
import { startAppServer } from "./support/app-server";

const BUDGET_KB = 170;
const PAGES = (process.env.JS_PAGES ?? "/,/explore,/how-it-works").split(",").map((page) => page.trim());

/** The bytes as sent on the wire for `Accept-Encoding: gzip` (fetch would decompress them). */
function wireBytes(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "Accept-Encoding": "gzip" } }, (response) => {
        if (response.statusCode !== 200) reject(new Error(`${url}: status ${response.statusCode}`));
        let bytes = 0;
        response.on("data", (chunk: Buffer) => (bytes += chunk.length));
        response.on("end", () => resolve(bytes));
      })
      .on("error", reject);
  });
}

const { baseUrl, server } = await startAppServer({ port: Number(process.env.BENCH_PORT ?? 3208), name: "first-load-js", baseUrl: process.env.BENCH_BASE_URL });
let overBudget = false;
try {
  for (const page of PAGES) {
    const html = await (await fetch(`${baseUrl}${page}`)).text();
    const scripts = [...new Set(html.match(/\/assets\/[\w./-]+\.js/g) ?? [])];
    const sizes = await Promise.all(scripts.map((script) => wireBytes(`${baseUrl}${script}`)));
    const kb = sizes.reduce((sum, size) => sum + size, 0) / 1024;
    const gated = page === "/";
    if (gated && kb > BUDGET_KB) overBudget = true;
    console.log(`${page}: ${kb.toFixed(1)} KB gzip in ${scripts.length} scripts${gated ? ` (budget ${BUDGET_KB} KB)` : ""}`);
  }
} finally {
  server?.kill("SIGTERM");
}
if (overBudget) {
  console.error(`First-load JavaScript on / is over ${BUDGET_KB} KB.`);
  process.exit(1);
}
