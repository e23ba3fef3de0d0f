import net from "node:net";
import v8 from "node:v8";
import vm from "node:vm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type * as DbModule from "~/lib/db.server";
import type * as Factories from "../factories/users";
import type * as Hardening from "../../server/hardening";
import { chunks, rawRequest, startAppHttp, type AppHttp } from "../setup/app-http";

/**
 * Issue #30 point 5: the server caps every request body before any route reads it, so a
 * route added tomorrow cannot forget. Every route of app/routes.ts is sent a 64 MiB
 * chunked body by a signed-in user: each answers 413 while the body is still being sent,
 * and the server's memory does not grow with what was sent.
 */
type RouteEntry = { path?: string; index?: boolean; children?: RouteEntry[] };

const SOME_ID = "00000000-0000-4000-8000-000000000000";
const BODY_BYTES = 64 * 1024 * 1024;

/** Every path of the route table, parameters filled in (`:id` → an id, `*` → a word). */
function routePaths(entries: RouteEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const own = entry.path ? `${parent}/${entry.path}` : parent;
    const here = entry.path || entry.index ? [own || "/"] : [];
    return [...here, ...routePaths(entry.children ?? [], own)];
  });
}
const concrete = (path: string) =>
  path
    .replace(/:[A-Za-z]+\?/g, "")
    .replace(/:[A-Za-z]+/g, SOME_ID)
    .replace(/\*/g, "anything")
    .replace(/\/+/g, "/");

// The test's client and the server share this process, whose resident size moves with
// garbage by tens of MB: the figure is what stays taken (heap and buffers, after a full
// collection, once the refused connections are closed), as the 1 GiB body once stayed
// taken; a route that read the whole body would also answer late or otherwise than 413,
// which the walk checks too.
v8.setFlagsFromString("--expose-gc");
const collectGarbage = vm.runInNewContext("gc") as () => void;

let app: AppHttp;
let cookie: string;
let paths: string[];
/** The upload endpoints: the routes whose cap is larger than the default. */
let UPLOADS: string[];

beforeAll(async () => {
  app = await startAppHttp({ port: 3137 });
  const db = await (await app.load<typeof DbModule>("/app/lib/db.server.ts")).getDb();
  const factories = await app.load<typeof Factories>("/tests/factories/users.ts");
  cookie = await factories.sessionCookieFor(db, (await factories.createUser(db)).id);
  const table = (await app.load<{ default: RouteEntry[] }>("/app/routes.ts")).default;
  paths = [...new Set(routePaths(table).map(concrete))];
  const { bodyLimitFor, MAX_FORM_REQUEST_BYTES } = await app.load<typeof Hardening>("/server/hardening.ts");
  UPLOADS = paths.filter((path) => bodyLimitFor(path) > MAX_FORM_REQUEST_BYTES);
});
afterAll(async () => {
  await app?.close();
});

describe("every route's body is capped by the server", () => {
  it("a 64 MiB chunked body to each route of app/routes.ts: 413 before a quarter of it is sent, memory flat", async () => {
    expect(paths.length).toBeGreaterThan(60);
    expect(paths).toContain("/my-bookings");
    expect(UPLOADS).toEqual(expect.arrayContaining(["/api/media/uploads", "/api/profile/images"]));
    // The upload routes run (they stream): load their modules first, as a served app has
    // (the test server compiles each route on its first request).
    for (const path of UPLOADS) await rawRequest(app.baseUrl, { method: "POST", path, headers: { cookie }, body: "x" });
    const taken = async () => {
      // The server drops a refused connection once its answer is read, or 2 s after it
      // (closeUnfinishedRequests): measure once none is open.
      await expect.poll(() => app.openConnections(), { timeout: 10_000 }).toBe(0);
      collectGarbage();
      const { heapUsed, external } = process.memoryUsage();
      return heapUsed + external;
    };
    const walk = async () => {
      const late: string[] = [];
      const refused: string[] = [];
      for (const path of paths) {
        const response = await rawRequest(app.baseUrl, {
          method: "POST",
          path,
          headers: { "Content-Type": "application/x-www-form-urlencoded", cookie },
          body: () => chunks(BODY_BYTES),
        });
        // The two upload endpoints stream their larger bodies through their own parser,
        // which refuses this one (no multipart) as soon as it reads it.
        const expected = UPLOADS.includes(path) ? response.status >= 400 && response.status < 500 : response.status === 413;
        if (!expected) refused.push(`${path}: ${response.status}`);
        // Answered while the body was still being sent (a wall-clock bound would measure the
        // machine, not the server): the client stops at the answer; the server held at most
        // its 1 MiB cap of it (the uploads' larger caps stream through, counted, unheld).
        if (response.sentBytes >= BODY_BYTES / 4) late.push(`${path}: ${(response.sentBytes / 2 ** 20).toFixed(1)} MiB sent first`);
      }
      expect(refused).toEqual([]);
      expect(late).toEqual([]);
    };
    // The first walk also warms the server's code paths (about 30 MB of heap, once); the
    // second shows what 96 refused bodies leave taken.
    await walk();
    const before = await taken();
    await walk();
    const rose = (await taken()) - before;
    expect(rose, `memory rose ${(rose / 1024 / 1024).toFixed(1)} MB over ${paths.length} routes`).toBeLessThan(50 * 1024 * 1024);
  });

  it("a refusal reaches a client that is still sending its body (the connection lingers, no reset)", async () => {
    // As a browser uploading a large file over a slow link: the client sends part of a body
    // the route refuses at once, keeps sending after the answer is on its way, and reads
    // late. A server that drops the socket with its answer resets the connection at those
    // late bytes; the client's next write then fails and the unread answer is lost.
    const answerWhileSending = (method: string, path: string) =>
      new Promise<string>((resolve) => {
        const socket = net.connect(Number(new URL(app.baseUrl).port), "127.0.0.1");
        let answer = "";
        socket.on("data", (data) => (answer += data.toString("latin1")));
        socket.on("error", (error) => resolve(`${answer}[${(error as NodeJS.ErrnoException).code}]`));
        socket.on("end", () => resolve(answer));
        socket.on("close", () => resolve(answer));
        socket.write(`${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: ${8 * 2 ** 20}\r\n\r\n`);
        socket.write(Buffer.alloc(256 * 1024, "a"));
        socket.pause();
        const more = () => socket.write(Buffer.alloc(256 * 1024, "a"), () => undefined);
        setTimeout(more, 300);
        setTimeout(more, 400);
        setTimeout(() => socket.resume(), 500);
      });
    // Signed out: the identity upload refuses before reading the body; an unknown method is refused first of all.
    expect(await answerWhileSending("POST", "/api/identity/uploads?kind=selfie")).toMatch(/^HTTP\/1\.1 401 /);
    expect(await answerWhileSending("PROPFIND", "/")).toMatch(/^HTTP\/1\.1 405 /);
  });

  it("an answer sent before its request's body has arrived says 'Connection: close', so a keep-alive client does not reuse the closing connection", async () => {
    const answer = await new Promise<string>((resolve) => {
      const socket = net.connect(Number(new URL(app.baseUrl).port), "127.0.0.1");
      let text = "";
      let sent = false;
      socket.on("data", (data) => {
        text += data.toString("latin1");
        // The body only once the answer's head is here: the route answered without it.
        if (!sent && text.includes("\r\n\r\n")) {
          sent = true;
          socket.write("{}");
        }
      });
      socket.on("error", () => resolve(text));
      socket.on("close", () => resolve(text));
      socket.write("POST /map/cities.json HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n");
    });
    expect(answer).toMatch(/^HTTP\/1\.1 405 /);
    expect(answer).toMatch(/\r\nConnection: close\r\n/i);
  });

  it("a chunked body under the cap reaches the route whole", async () => {
    // The sign-in form, sent chunked: the route reads every field (a wrong password).
    const body = "email=nobody%40example.com&password=" + "x".repeat(20_000);
    const response = await rawRequest(app.baseUrl, {
      method: "POST",
      path: "/auth/sign-in",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "Transfer-Encoding": "chunked", Accept: "application/json" },
      body: function* () {
        for (let at = 0; at < body.length; at += 4096) yield Buffer.from(body.slice(at, at + 4096));
      },
    });
    expect(response.status).not.toBe(413);
    expect(response.status).toBeLessThan(500);
  });

  it("a declared length over the cap is refused before a byte of the body is read", async () => {
    const response = await rawRequest(app.baseUrl, {
      method: "POST",
      path: "/my-bookings",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(2 * 1024 * 1024), cookie },
      body: () => chunks(64 * 1024),
    });
    expect(response.status).toBe(413);
    expect(response.body).toBe("The request is too large.");
  });
});
