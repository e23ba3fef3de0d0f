import compression from "compression";
import type { IncomingMessage, ServerResponse } from "node:http";

/**
 * Gzip for pages, scripts and GET answers. JSON answers to the API's POST, PUT and
 * DELETE calls are sent as they are: they are a few hundred bytes, and React Router
 * writes them without a Content-Length, so compression's 1 KB threshold never saw their
 * size and gzipped each one, a zlib stream per answer, about a tenth of a worker's CPU in
 * bench:booking's rush (bench/README.md).
 */
export function compressResponses() {
  return compression({ filter: (req, res) => (isRead(req) || !isJson(res)) && compression.filter(req, res) });
}

function isRead(req: IncomingMessage) {
  return req.method === "GET" || req.method === "HEAD";
}

function isJson(res: ServerResponse) {
  return /^application\/json\b/i.test(String(res.getHeader("Content-Type") ?? ""));
}
