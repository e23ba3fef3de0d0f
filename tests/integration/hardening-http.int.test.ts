import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type * as SchemaModule from "~/db/schema/index";
import type * as DbModule from "~/lib/db.server";
import type * as LoggerModule from "~/lib/logger.server";
import type * as Factories from "../factories/users";
import { listingFormFields } from "../factories/listings";
import { chunks, rawRequest, startAppHttp, type AppHttp } from "../setup/app-http";

/**
 * Issue #11, through the whole HTTP stack: bounded bodies (1, 2), forged client
 * addresses (3), malformed ids, pages and methods (5), one-line logs (6), live streams (7).
 */
let app: AppHttp;
let db: DbModule.Db;
let cookie: string;
let ownerId: string;
let ownSpaceId: string;
const FORM = { "Content-Type": "application/x-www-form-urlencoded" };

beforeAll(async () => {
  app = await startAppHttp({ port: 3131 });
  db = await (await app.load<typeof DbModule>("/app/lib/db.server.ts")).getDb();
  const factories = await app.load<typeof Factories>("/tests/factories/users.ts");
  const owner = await factories.createUser(db);
  ownerId = owner.id;
  cookie = await factories.sessionCookieFor(db, owner.id);
  const { spaces } = await app.load<typeof SchemaModule>("/app/db/schema/index.ts");
  const [space] = await db
    .insert(spaces)
    .values({ userId: owner.id, title: "Owner's loft", description: "d", type: "studio", location: "Austin", country: "US" })
    .returning({ id: spaces.id });
  ownSpaceId = space!.id;
});
afterAll(async () => {
  await app?.close();
});

const post = (path: string, body: Parameters<typeof rawRequest>[1]["body"], headers: Record<string, string> = {}) =>
  rawRequest(app.baseUrl, { method: "POST", path, body, headers: { ...FORM, ...headers } });

describe("1, 2: every route stops reading a body at its limit, chunked or not", () => {
  const ROUTES = [
    { path: "/auth/sign-in", signedIn: false },
    { path: "/auth/sign-up", signedIn: false },
    { path: "/contact", signedIn: false },
    { path: "/newsletter", signedIn: false },
    { path: "/create-listing", signedIn: true },
    { path: "/edit-listing/OWN", signedIn: true },
    { path: "/my-listings", signedIn: true },
    { path: "/api/space-types", signedIn: true },
    { path: "/api/spaces/00000000-0000-4000-8000-000000000000/availability", signedIn: true },
    { path: "/profile", signedIn: true },
  ];
  it.each(ROUTES)("$path: a 200 MB chunked body is refused with 413 after a few MB at most", async ({ path, signedIn }) => {
    const target = path.replace("OWN", ownSpaceId);
    const response = await post(target, () => chunks(200 * 1024 * 1024), signedIn ? { cookie } : {});
    expect(response.status).toBe(413);
    // The server answered long before the client could send it all.
    expect(response.sentBytes).toBeLessThan(32 * 1024 * 1024);
  });

  it("a declared Content-Length over every limit is refused before any byte is read", async () => {
    const response = await rawRequest(app.baseUrl, {
      method: "POST",
      path: "/auth/sign-in",
      headers: { ...FORM, "Content-Length": String(2_000 * 1024 * 1024) },
      body: () => chunks(64 * 1024),
    });
    expect(response.status).toBe(413);
  });

  it("the profile image endpoint lets a banner's 10MB through, and no more", async () => {
    const declared = async (length: number) =>
      rawRequest(app.baseUrl, {
        method: "POST",
        path: "/api/profile/images?kind=banner",
        headers: { "Content-Type": "multipart/form-data; boundary=x", "Content-Length": String(length), cookie },
        body: () => chunks(64 * 1024),
      });
    expect((await declared(11 * 1024 * 1024)).status).toBe(413);
    // Under the limit the route itself answers (here: the truncated body is no image).
    expect((await declared(64 * 1024)).status).toBe(400);
  });
});

describe("3: X-Forwarded-For is ignored unless TRUST_PROXY says how many hops", () => {
  it("sign-ups from forged addresses share the connection's limit", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const response = await post(
        "/auth/sign-up",
        new URLSearchParams({ email: `forged-${i}@example.test`, password: "short" }).toString(),
        { "X-Forwarded-For": `198.51.100.${i + 1}` },
      );
      statuses.push(response.status);
    }
    // 20 attempts a minute per connection address (docs/decisions/0082), whatever the header says.
    expect(statuses.slice(0, 20).every((status) => status === 400)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});

describe("3 (sign-in): failed sign-ins over many accounts from forged addresses", () => {
  it("meet the per-address limit of 30 a minute", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const response = await post(
        "/auth/sign-in",
        new URLSearchParams({ email: `nobody-${i}@example.test`, password: "Winter2026!" }).toString(),
        { "X-Forwarded-For": `192.0.2.${i + 1}` },
      );
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 30).every((status) => status === 401)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

describe("5: malformed ids, pages and methods never reach the database or a 500", () => {
  it.each(["1e20", "384307168202282326", "1e308", "-5", "abc"])("/my-listings?page=%s shows the page", async (page) => {
    const response = await rawRequest(app.baseUrl, { path: `/my-listings?page=${page}`, headers: { cookie } });
    expect(response.status).toBe(200);
  });

  it.each(["------------------------------------", "0123456789abcdef0123456789abcdef0123"])("availability of %s: 404 'Listing not found'", async (id) => {
    const response = await post(`/api/spaces/${id}/availability`, "available=true", { cookie });
    expect(response.status).toBe(404);
    expect(JSON.parse(response.body)).toMatchObject({ error: "Listing not found" });
  });

  it("a toggle on /my-listings with a non-UUID spaceId: 404 'Listing not found'", async () => {
    const response = await post("/my-listings.data", "intent=availability&spaceId=------------------------------------&value=true", { cookie });
    expect(response.status).toBe(404);
    expect(response.body).toContain("Listing not found");
  });

  it("editing a non-UUID listing: 404 'Listing not found'", async () => {
    const body = new URLSearchParams(listingFormFields({ title: "A loft" })).toString();
    const response = await post("/edit-listing/------------------------------------.data", body, { cookie });
    expect([400, 404]).toContain(response.status);
    expect(response.status).toBeLessThan(500);
  });

  it.each(["TRACE", "PROPFIND", "PURGE"])("%s is answered 405 with Allow on any path", async (method) => {
    for (const path of ["/", "/explore", "/auth/sign-in", "/api/live"]) {
      const response = await rawRequest(app.baseUrl, { method, path });
      expect(response.status).toBe(405);
      expect(response.headers.allow).toContain("GET");
    }
  });
});

describe("6: expected rejections log one structured line, never a stack", () => {
  it("a bad method, a cross-origin post, a post to a page without a form and a bad URL", async () => {
    const { logger } = await app.load<typeof LoggerModule>("/app/lib/logger.server.ts");
    const info = vi.spyOn(logger, "info");
    const error = vi.spyOn(logger, "error");
    const stderr = vi.spyOn(process.stderr, "write");
    const consoleError = vi.spyOn(console, "error");
    try {
      await rawRequest(app.baseUrl, { method: "TRACE", path: "/" });
      await post("/contact", "name=x", { Origin: "https://evil.example" });
      await post("/about", "x=1");
      await rawRequest(app.baseUrl, { path: "/%E0%A4%A" });
      expect(error).not.toHaveBeenCalled();
      expect(consoleError).not.toHaveBeenCalled();
      expect(info.mock.calls.length).toBeGreaterThanOrEqual(2);
      // The request log passes the live req/res objects (circular): stringify each once.
      for (const [fields] of info.mock.calls) expect(JSON.stringify(fields, oncePerObject())).not.toMatch(/\n\s+at /);
    } finally {
      info.mockRestore();
      error.mockRestore();
      stderr.mockRestore();
      consoleError.mockRestore();
    }
  });
});

describe("7: live updates", () => {
  it("the data variant of the stream answers at once instead of hanging", async () => {
    const started = performance.now();
    const response = await rawRequest(app.baseUrl, { path: "/api/live.data" });
    expect(response.status).toBe(404);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it("HEAD and OPTIONS answer without opening a stream", async () => {
    const head = await rawRequest(app.baseUrl, { method: "HEAD", path: "/api/live" });
    expect(head.status).toBe(200);
    const options = await rawRequest(app.baseUrl, { method: "OPTIONS", path: "/api/live" });
    expect(options.status).toBeLessThan(300);
    expect(options.headers["content-type"] ?? "").not.toContain("text/event-stream");
  });

  it("caps the streams of one client address: 429 with Retry-After beyond", async () => {
    const controllers: AbortController[] = [];
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) {
        const controller = new AbortController();
        controllers.push(controller);
        const response = await fetch(`${app.baseUrl}/api/live`, { signal: controller.signal });
        statuses.push(response.status);
        if (response.status === 429) expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
      }
      expect(statuses.slice(0, 6)).toEqual([200, 200, 200, 200, 200, 200]);
      expect(statuses[6]).toBe(429);
    } finally {
      for (const controller of controllers) controller.abort();
    }
  });

  it("a visitor never hears of a draft; its owner does", async () => {
    const { spaces } = await app.load<typeof SchemaModule>("/app/db/schema/index.ts");
    // Earlier streams of this file end when aborted; wait for their slots to be released.
    await vi.waitFor(async () => {
      const probe = await fetch(`${app.baseUrl}/api/live?topics=spaces`, { method: "HEAD" });
      expect(probe.status).toBe(200);
    });
    const read = async (headers: Record<string, string>) => {
      const controller = new AbortController();
      const response = await vi.waitFor(async () => {
        const attempt = await fetch(`${app.baseUrl}/api/live?topics=spaces`, { headers, signal: controller.signal });
        expect(attempt.status).toBe(200);
        return attempt;
      });
      const reader = response.body!.getReader();
      let text = "";
      return {
        async until(needle: string) {
          while (!text.includes(needle)) {
            const { value, done } = await reader.read();
            if (done) throw new Error("stream ended");
            text += new TextDecoder().decode(value);
          }
          return text;
        },
        stop: () => controller.abort(),
      };
    };
    const visitor = await read({});
    const owner = await read({ cookie });
    try {
      await visitor.until(": connected");
      await owner.until(": connected");
      const values = { userId: ownerId, description: "d", type: "studio", location: "Austin", country: "US" };
      const [draft] = await db.insert(spaces).values({ ...values, title: "Secret draft", isPublished: false }).returning({ id: spaces.id });
      const [shown] = await db.insert(spaces).values({ ...values, title: "Public loft", isPublished: true }).returning({ id: spaces.id });
      const visitorSaw = await visitor.until(shown!.id);
      expect(visitorSaw).not.toContain(draft!.id);
      const ownerSaw = await owner.until(shown!.id);
      expect(ownerSaw).toContain(draft!.id);
      expect(ownerSaw).not.toContain(ownerId);
    } finally {
      visitor.stop();
      owner.stop();
    }
  });
});

/** A JSON.stringify replacer that writes each object once, so circular structures serialise. */
function oncePerObject() {
  const seen = new WeakSet<object>();
  return (_key: string, value: unknown) => {
    if (typeof value !== "object" || value === null) return value;
    if (seen.has(value)) return undefined;
    seen.add(value);
    return value;
  };
}
