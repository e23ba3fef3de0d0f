// The bare Node HTTP server of bench/support/bare-baseline.ts, in its own process so a
// load generator in the benchmark's process does not share its event loop.
// Usage: node bench/support/bare-server.mjs <pages.json> <port>
import fs from "node:fs";
import http from "node:http";

const [file, port] = process.argv.slice(2);
const pages = new Map(Object.entries(JSON.parse(fs.readFileSync(file, "utf8"))).map(([url, page]) => [url, { ...page, body: Buffer.from(page.body, "base64") }]));
const server = http.createServer((request, response) => {
  const page = pages.get(request.url ?? "");
  if (!page) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(page.status, { ...page.headers, "Content-Length": String(page.body.length) });
  response.end(page.body);
});
server.keepAliveTimeout = 65_000;
server.listen(Number(port), "127.0.0.1", () => process.send?.("listening"));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
