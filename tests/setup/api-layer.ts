import http from "node:http";
import type { AddressInfo } from "node:net";
import { apiLayer } from "../../server/api";

/**
 * Sends a web Request to the server's JSON API layer (server/api.ts) over HTTP, as a
 * browser reaches it: for route tests of an endpoint the layer answers (the booking
 * hold), on the test's own modules (a mocked database included). The layer listens on a
 * port of 127.0.0.1, started on first use; anything else than its endpoints gets 404.
 */
let listening: Promise<string> | undefined;

export async function apiFetch(request: Request): Promise<Response> {
  listening ??= new Promise((resolve) => {
    const api = apiLayer();
    const server = http.createServer((req, res) => api(req, res, () => res.writeHead(404).end()));
    server.listen(0, "127.0.0.1", () => {
      server.unref();
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    });
  });
  const url = new URL(request.url);
  const body = request.body ? await request.arrayBuffer() : undefined;
  return fetch(`${await listening}${url.pathname}${url.search}`, { method: request.method, headers: request.headers, body });
}
