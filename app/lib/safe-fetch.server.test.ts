import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refusedRange, safeFetch, SafeFetchError } from "./safe-fetch.server";

/**
 * The SSRF-safe fetch against a local server (loopback allowed only where a test says
 * so). Refused addresses are refused before any connection: no test sends a packet
 * anywhere but 127.0.0.1.
 */
let server: http.Server;
let base: string;
let port: number;
const open = new Set<http.ServerResponse>();

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const path = request.url ?? "/";
    if (path === "/ok") return void response.end("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n");
    if (path === "/host") return void response.end(request.headers.host ?? "");
    if (path === "/big") {
      response.setHeader("content-length", String(2 * 1024 * 1024));
      return void response.end(Buffer.alloc(2 * 1024 * 1024, 65));
    }
    if (path === "/endless") {
      // Chunked, never ends: the cap must stop reading.
      open.add(response);
      const chunk = Buffer.alloc(64 * 1024, 66);
      const pump = () => {
        while (!response.destroyed && response.write(chunk));
        if (!response.destroyed) response.once("drain", pump);
      };
      response.on("close", () => open.delete(response));
      return pump();
    }
    if (path === "/bomb") {
      // 60 MB of zeros, gzipped to about 60 KB.
      response.setHeader("content-encoding", "gzip");
      return void response.end(zlib.gzipSync(Buffer.alloc(60 * 1024 * 1024)));
    }
    if (path === "/hang") {
      open.add(response);
      response.on("close", () => open.delete(response));
      return; // never answers
    }
    if (path === "/drip") {
      open.add(response);
      response.write("BEGIN:VCALENDAR\r\n");
      const timer = setInterval(() => response.write("X"), 50);
      response.on("close", () => (clearInterval(timer), open.delete(response)));
      return;
    }
    if (path === "/to-metadata") return void response.writeHead(302, { location: "http://169.254.169.254/latest/meta-data/" }).end();
    if (path === "/to-private") return void response.writeHead(301, { location: "http://10.20.30.40/calendar.ics" }).end();
    if (path === "/to-ok") return void response.writeHead(302, { location: "/ok" }).end();
    if (path === "/loop") return void response.writeHead(302, { location: "/loop" }).end();
    if (path === "/missing") return void response.writeHead(404).end("nope");
    response.writeHead(500).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  for (const response of open) response.destroy();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

async function failure(promise: Promise<unknown>): Promise<SafeFetchError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof SafeFetchError) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("address ranges", () => {
  it.each([
    ["127.0.0.1", "loopback"],
    ["127.8.9.10", "loopback"],
    ["::1", "loopback"],
    ["::ffff:127.0.0.1", "loopback"],
    ["169.254.169.254", "linkLocal"],
    ["fe80::1", "linkLocal"],
    ["10.0.0.1", "private"],
    ["172.16.5.4", "private"],
    ["192.168.1.1", "private"],
    ["::ffff:192.168.1.1", "private"],
    ["fc00::1", "uniqueLocal"],
    ["fd12:3456::1", "uniqueLocal"],
    ["100.64.0.1", "carrierGradeNat"],
    ["0.0.0.0", "unspecified"],
    ["::", "unspecified"],
    ["224.0.0.1", "multicast"],
    ["255.255.255.255", "broadcast"],
    ["64:ff9b::7f00:1", "rfc6052"],
    ["2002:7f00:1::", "6to4"],
  ])("%s is refused (%s)", (address, range) => {
    expect(refusedRange(address)).toBe(range);
  });

  it.each(["93.184.216.34", "8.8.8.8", "2606:2800:220:1:248:1893:25c8:1946"])("%s is public", (address) => {
    expect(refusedRange(address)).toBeNull();
  });

  it("loopback is allowed only when asked, and nothing else is", () => {
    expect(refusedRange("127.0.0.1", true)).toBeNull();
    expect(refusedRange("::1", true)).toBeNull();
    expect(refusedRange("169.254.169.254", true)).toBe("linkLocal");
    expect(refusedRange("10.0.0.1", true)).toBe("private");
  });
});

describe("safeFetch", () => {
  it("fetches from loopback when allowed", async () => {
    const response = await safeFetch(`${base}/ok`, { allowLoopback: true });
    expect(response.status).toBe(200);
    expect(response.body.toString()).toContain("BEGIN:VCALENDAR");
  });

  it.each([
    ["http://127.0.0.1:1/x", "loopback"],
    ["http://[::1]:1/x", "loopback"],
    ["http://[::ffff:127.0.0.1]:1/x", "loopback"],
    ["http://169.254.169.254/latest/meta-data/", "link-local"],
    ["http://10.0.0.1/cal.ics", "private"],
    ["http://192.168.0.10/cal.ics", "private"],
    ["https://172.20.1.1/cal.ics", "private"],
    ["http://[fd00::1]/cal.ics", "private"],
    ["http://0.0.0.0/cal.ics", "unspecified"],
    // Other spellings of 127.0.0.1 (the URL parser writes them as 127.0.0.1 first).
    ["http://0x7f000001/cal.ics", "loopback"],
    ["http://2130706433/cal.ics", "loopback"],
    ["http://127.1/cal.ics", "loopback"],
    ["http://0177.0.0.1/cal.ics", "loopback"],
  ])("refuses %s before connecting", async (url, words) => {
    const error = await failure(safeFetch(url));
    expect(error.code).toBe("blocked_address");
    expect(error.message).toContain(words);
  });

  it("refuses loopback by default, even on the local server", async () => {
    const error = await failure(safeFetch(`${base}/ok`));
    expect(error.code).toBe("blocked_address");
  });

  it("checks the resolved address, not the name: a name resolving to 127.0.0.1 is refused", async () => {
    const resolve = async () => [{ address: "127.0.0.1", family: 4 }];
    const error = await failure(safeFetch(`http://calendar.example.test:${port}/ok`, { resolve }));
    expect(error.code).toBe("blocked_address");
    expect(error.message).toContain("127.0.0.1");
  });

  it("refuses a name with any non-public answer among public ones", async () => {
    const resolve = async () => [
      { address: "93.184.216.34", family: 4 },
      { address: "10.0.0.7", family: 4 },
    ];
    expect((await failure(safeFetch("http://mixed.example.test/cal.ics", { resolve }))).code).toBe("blocked_address");
  });

  it("connects to the checked address (the name is never resolved again)", async () => {
    let lookups = 0;
    const resolve = async () => (lookups++, [{ address: "127.0.0.1", family: 4 }]);
    const response = await safeFetch(`http://pinned.example.test:${port}/host`, { resolve, allowLoopback: true });
    // `pinned.example.test` exists in no DNS: the answer came from the pinned address, with the name as Host.
    expect(response.body.toString()).toBe(`pinned.example.test:${port}`);
    expect(lookups).toBe(1);
  });

  it("an unknown name is a clear error", async () => {
    const resolve = async () => {
      throw Object.assign(new Error("ENOTFOUND"), { code: "ENOTFOUND" });
    };
    const error = await failure(safeFetch("https://no-such-host.example.test/cal.ics", { resolve }));
    expect(error.code).toBe("dns");
    expect(error.message).toContain("no-such-host.example.test");
  });

  it("re-checks every redirect: to the metadata address and to a private one", async () => {
    expect((await failure(safeFetch(`${base}/to-metadata`, { allowLoopback: true }))).message).toContain("169.254.169.254");
    expect((await failure(safeFetch(`${base}/to-private`, { allowLoopback: true }))).message).toContain("10.20.30.40");
  });

  it("follows a good redirect and stops after three", async () => {
    const response = await safeFetch(`${base}/to-ok`, { allowLoopback: true });
    expect(response.url).toBe(`${base}/ok`);
    expect((await failure(safeFetch(`${base}/loop`, { allowLoopback: true }))).code).toBe("too_many_redirects");
  });

  it("refuses other schemes and credentials", async () => {
    for (const url of ["file:///etc/passwd", "ftp://example.com/cal.ics", "gopher://127.0.0.1/", "not a url", "webcal://example.com/cal.ics"]) {
      expect((await failure(safeFetch(url))).code).toBe("invalid_url");
    }
    expect((await failure(safeFetch("https://user:secret@example.com/cal.ics"))).code).toBe("invalid_url");
  });

  it("refuses a declared 2 MB body at once, and stops an endless one at the cap", async () => {
    expect((await failure(safeFetch(`${base}/big`, { allowLoopback: true }))).code).toBe("too_large");
    const started = Date.now();
    const error = await failure(safeFetch(`${base}/endless`, { allowLoopback: true }));
    expect(error.code).toBe("too_large");
    expect(error.message).toContain("1 MB");
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("caps the decompressed size (a gzip bomb)", async () => {
    expect((await failure(safeFetch(`${base}/bomb`, { allowLoopback: true }))).code).toBe("too_large");
  });

  it("gives up at the deadline: no answer, or an answer that never ends", async () => {
    const hang = await failure(safeFetch(`${base}/hang`, { allowLoopback: true, timeoutMs: 300 }));
    expect(hang.code).toBe("timeout");
    const drip = await failure(safeFetch(`${base}/drip`, { allowLoopback: true, timeoutMs: 300 }));
    expect(drip.code).toBe("timeout");
  });

  it("a DNS lookup that hangs ends at the deadline", async () => {
    const resolve = () => new Promise<never>(() => {});
    expect((await failure(safeFetch("https://slow-dns.example.test/", { resolve, timeoutMs: 200 }))).code).toBe("timeout");
  });

  it("a request Node itself refuses (an invalid header value) is a sentence too", async () => {
    const error = await failure(safeFetch(`${base}/ok`, { allowLoopback: true, headers: { "if-none-match": "bad\nvalue" } }));
    expect(error.code).toBe("network");
  });

  it("an error status is named", async () => {
    const error = await failure(safeFetch(`${base}/missing`, { allowLoopback: true }));
    expect(error.code).toBe("http_status");
    expect(error.message).toContain("404");
  });
});
