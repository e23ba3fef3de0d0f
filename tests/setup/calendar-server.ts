import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local HTTP server that serves calendars the way Airbnb, VRBO and Google do (tests and
 * bench:ical of calendar sync, ADR 0203): `set(path, body)` publishes or changes a
 * calendar (ETag and 304 like a real server), and a few misbehaving paths: /huge (a 50 MB
 * body), /endless (a body that never ends), /hang (no answer), /to-metadata and
 * /to-private (redirects inside). Counts requests per path. Listens on 127.0.0.1 only.
 */
export async function startCalendarServer() {
  const bodies = new Map<string, string>();
  const hits = new Map<string, number>();
  const open = new Set<http.ServerResponse>();
  const server = http.createServer((request, response) => {
    const path = (request.url ?? "/").split("?")[0]!;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const body = bodies.get(path);
    if (body !== undefined) {
      const etag = `"${Buffer.from(body).length.toString(16)}-${hash(body)}"`;
      if (request.headers["if-none-match"] === etag) return void response.writeHead(304, { etag }).end();
      return void response.writeHead(200, { "content-type": "text/calendar; charset=utf-8", etag }).end(body);
    }
    if (path === "/huge") {
      // 50 MB declared and sent in chunks (the fetch stops at 1 MB).
      response.writeHead(200, { "content-type": "text/calendar", "content-length": String(50 * 1024 * 1024) });
      return streamUntilClosed(response, open, 50 * 1024 * 1024);
    }
    if (path === "/endless") {
      response.writeHead(200, { "content-type": "text/calendar" });
      response.write("BEGIN:VCALENDAR\r\n");
      return streamUntilClosed(response, open, Infinity);
    }
    if (path === "/hang") {
      open.add(response);
      response.on("close", () => open.delete(response));
      return;
    }
    if (path === "/to-metadata") return void response.writeHead(302, { location: "http://169.254.169.254/latest/meta-data/iam/" }).end();
    if (path === "/to-private") return void response.writeHead(307, { location: "http://192.168.1.20/calendar.ics" }).end();
    response.writeHead(404, { "content-type": "text/plain" }).end("Not found");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    set: (path: string, body: string) => void bodies.set(path, body),
    remove: (path: string) => void bodies.delete(path),
    hits: (path: string) => hits.get(path) ?? 0,
    async close() {
      for (const response of open) response.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

export type CalendarServer = Awaited<ReturnType<typeof startCalendarServer>>;

function hash(text: string): string {
  let h = 0;
  for (let i = 0; i < text.length; i += 1) h = (Math.imul(31, h) + text.charCodeAt(i)) | 0;
  return (h >>> 0).toString(16);
}

function streamUntilClosed(response: http.ServerResponse, open: Set<http.ServerResponse>, total: number) {
  open.add(response);
  response.on("close", () => open.delete(response));
  const chunk = Buffer.alloc(64 * 1024, "X");
  let sent = 0;
  const pump = () => {
    while (!response.destroyed && sent < total) {
      sent += chunk.length;
      if (!response.write(chunk)) return void response.once("drain", pump);
    }
    if (!response.destroyed) response.end();
  };
  pump();
}
