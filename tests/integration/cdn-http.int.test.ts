import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type * as DbModule from "~/lib/db.server";
import type * as Listings from "../factories/listings";
import type * as Factories from "../factories/users";
import type * as Slug from "~/features/listings/slug";
import { startAppHttp, type AppHttp } from "../setup/app-http";
import { startCachingProxy, type CachingProxy } from "../setup/nginx";
import { execFileSync } from "node:child_process";

/**
 * Issue #30 point 1 through a real cache: Debian's nginx with proxy_cache, configured as
 * docs/operations.md says (tests/setup/nginx.ts), in front of the whole app. Anonymous
 * visitors share one stored copy; a visitor with a session cookie is never served it, and
 * their page is never stored; live updates still stream through (ADR 0270).
 */
describe("the app behind a caching proxy", () => {
  let app: AppHttp;
  let proxy: CachingProxy;
  let db: DbModule.Db;

  beforeAll(async () => {
    app = await startAppHttp({ port: 3181, env: { LOG_LEVEL: "silent", TRUST_PROXY: "1" } });
    proxy = await startCachingProxy({ upstreamPort: 3181 });
    db = await (await app.load<typeof DbModule>("/app/lib/db.server.ts")).getDb();
  });
  afterAll(async () => {
    await proxy?.stop();
    await app?.close();
  });

  const get = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${proxy.url}${path}`, { headers });
    return { status: response.status, headers: response.headers, body: await response.text() };
  };

  it("anonymous visitors share one stored copy; a signed-in visitor is never served it, nor stored", async () => {
    const users = await app.load<typeof Factories>("/tests/factories/users.ts");
    const { createSpace } = await app.load<typeof Listings>("/tests/factories/listings.ts");
    const { spacePath } = await app.load<typeof Slug>("/app/features/listings/slug.ts");
    const host = await users.createUser(db, { email: "proxied.host@example.test" });
    const space = await createSpace(db, { userId: host.id, title: "Proxied Parlour", location: "Austin", isPublished: true });
    const cookie = await users.sessionCookieFor(db, host.id);

    for (const path of ["/about", "/explore?q=Parlour", spacePath(space)]) {
      const first = await get(path);
      const second = await get(path);
      expect(first.status, path).toBe(200);
      expect(first.headers.get("x-cache"), path).toBe("MISS");
      expect(second.headers.get("x-cache"), path).toBe("HIT");
      expect(second.body, path).toBe(first.body);

      // The host, signed in, gets their own page from the app, every time.
      for (let round = 0; round < 2; round += 1) {
        const member = await get(path, { Cookie: cookie });
        expect(member.headers.get("x-cache"), path).toBe("BYPASS");
        expect(member.headers.get("cache-control"), path).toBe("private, no-store");
        expect(member.body, path).toContain("proxied.host@example.test");
      }
      // …and the next anonymous visitor still gets the shared copy, with nothing of theirs.
      const after = await get(path);
      expect(after.headers.get("x-cache"), path).toBe("HIT");
      expect(after.body, path).not.toContain("proxied.host@example.test");
    }
    // Nothing nginx stored holds the signed-in visitor's address.
    expect(() => execFileSync("grep", ["-rl", "proxied.host@example.test", proxy.cacheDir])).toThrow(); // grep exits 1: no file matches
    // A signed-in page that is not public is not stored either.
    expect((await get("/dashboard", { Cookie: cookie })).headers.get("x-cache")).toBe("BYPASS");
    expect((await get("/dashboard")).headers.get("x-cache")).not.toBe("HIT");
  });

  it("live updates stream through the proxy", async () => {
    const { createSpace, createHost } = await app.load<typeof Listings>("/tests/factories/listings.ts");
    const controller = new AbortController();
    const response = await fetch(`${proxy.url}/api/live?topics=spaces`, { signal: controller.signal });
    expect(response.status).toBe(200);
    expect(response.headers.get("x-cache")).not.toBe("HIT");
    const reader = response.body!.getReader();
    await reader.read(); // the stream is open at the app: its first bytes came through
    const host = await createHost(db);
    const space = await createSpace(db, { userId: host.id, title: "Streamed Studio", isPublished: true });
    let text = "";
    const timer = setTimeout(() => controller.abort(), 10_000);
    try {
      while (!text.includes(space.id)) {
        const { value, done } = await reader.read();
        if (done) break;
        text += new TextDecoder().decode(value);
      }
    } finally {
      clearTimeout(timer);
      controller.abort();
    }
    expect(text).toContain("event: spaces");
    expect(text).toContain(space.id);
  });
});
