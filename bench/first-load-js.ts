/**
 * First-load JavaScript of a visitor's page: every script the server-rendered
 * HTML loads (entry, route modules and their modulepreloads), as served with
 * gzip, plus the page's language catalogs the browser imports before hydrating
 * (ADRs 0293, 0294: `core` on /, every browser area elsewhere). Budget (docs/product.md#quality-bars): at most 170 KB on / in every
 * language. Prints one line per page and language and exits non-zero when / is over
 * budget in any language.
 *
 *   npm run build && npm run bench:js
 *   JS_PAGES=/,/explore JS_LOCALES=en,ar BENCH_BASE_URL=http://127.0.0.1:3000 npm run bench:js
 */
import http from "node:http";
import { startAppServer } from "./support/app-server";
import { areasBeforeHydration } from "../app/features/i18n/areas";
import { localizedPath, LOCALES } from "../app/lib/locales";

const BUDGET_KB = 170;
const PAGES = (process.env.JS_PAGES ?? "/,/explore,/how-it-works").split(",").map((page) => page.trim());
const BENCH_LOCALES = (process.env.JS_LOCALES ?? LOCALES.join(",")).split(",").map((locale) => locale.trim());

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
    for (const locale of BENCH_LOCALES) {
      const path = localizedPath(locale as (typeof LOCALES)[number], page);
      const html = await (await fetch(`${baseUrl}${path}`)).text();
      const scripts = [...new Set(html.match(/\/assets\/[\w./-]+\.js/g) ?? [])];
      // The page's catalogs: named for their language and area (vite.config.ts), referenced from the shell chunk.
      const shellChunk = scripts.find((script) => /\/shell-[\w-]+\.js$/.test(script));
      const shellText = shellChunk ? await (await fetch(`${baseUrl}${shellChunk}`)).text() : "";
      for (const area of areasBeforeHydration(page)) {
        const catalog = new RegExp(`catalog-${locale}-${area}-[\\w-]+\\.js`).exec(shellText)?.[0];
        if (!catalog) throw new Error(`${path}: no catalog-${locale}-${area} chunk referenced by the shell chunk`);
        scripts.push(`/assets/${catalog}`);
      }
      const sizes = await Promise.all(scripts.map((script) => wireBytes(`${baseUrl}${script}`)));
      const kb = sizes.reduce((sum, size) => sum + size, 0) / 1024;
      const gated = page === "/";
      if (gated && kb > BUDGET_KB) overBudget = true;
      console.log(`${path} [${locale}]: ${kb.toFixed(1)} KB gzip in ${scripts.length} scripts${gated ? ` (budget ${BUDGET_KB} KB)` : ""}`);
    }
  }
} finally {
  server?.kill("SIGTERM");
}
if (overBudget) {
  console.error(`First-load JavaScript on / is over ${BUDGET_KB} KB in some language.`);
  process.exit(1);
}
