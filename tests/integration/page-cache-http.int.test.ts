import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type * as DbModule from "~/lib/db.server";
import type * as PageCache from "~/lib/page-cache.server";
import type * as Listings from "../factories/listings";
import type * as Factories from "../factories/users";
import type * as Slug from "~/features/listings/slug";
import { startAppHttp, type AppHttp } from "../setup/app-http";

/**
 * Issue #30 point 1 (ADR 0270): anonymous visitors' public pages may be stored by a
 * shared cache, with a strong ETag that repeats while the page does; a visitor with any
 * cookie, and every signed-in page, is never given a shareable answer.
 */
describe("cacheable public pages", () => {
  let app: AppHttp;
  let db: DbModule.Db;
  let users: typeof Factories;
  let listings: typeof Listings;
  let spacePath: typeof Slug.spacePath;

  beforeAll(async () => {
    app = await startAppHttp({ port: 3180, env: { LOG_LEVEL: "silent" } });
    db = await (await app.load<typeof DbModule>("/app/lib/db.server.ts")).getDb();
    users = await app.load<typeof Factories>("/tests/factories/users.ts");
    listings = await app.load<typeof Listings>("/tests/factories/listings.ts");
    spacePath = (await app.load<typeof Slug>("/app/features/listings/slug.ts")).spacePath;
  });
  afterAll(async () => {
    await app?.close();
  });

  const get = async (path: string, headers: Record<string, string> = {}, method = "GET") => {
    const response = await fetch(`${app.baseUrl}${path}`, { method, headers, redirect: "manual" });
    return { status: response.status, headers: response.headers, body: await response.text() };
  };
  const noncesIn = (html: string) => new Set([...html.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1]));
  const cspNonce = (headers: Headers) => /'nonce-([^']+)'/.exec(headers.get("content-security-policy") ?? "")?.[1];

  it("an anonymous /about is public, with a strong ETag and the same bytes every time", async () => {
    const first = await get("/about");
    const second = await get("/about");
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=600, stale-while-revalidate=86400");
    expect(first.headers.get("vary")).toMatch(/\bCookie\b/);
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    expect(second.headers.get("etag")).toBe(etag);
    expect(second.body).toBe(first.body);
    // The scripts carry the policy's nonce, and the nonce is not the placeholder it was rendered with.
    const nonce = cspNonce(first.headers);
    expect(nonce).toBeTruthy();
    expect(noncesIn(first.body)).toEqual(new Set([nonce]));
    const { nonceSealer } = await app.load<typeof PageCache>("/app/lib/page-cache.server.ts");
    const { placeholder } = nonceSealer(process.env.SESSION_SECRET!);
    expect(first.body).not.toContain(placeholder);
    expect(first.headers.get("content-security-policy")).not.toContain(placeholder);
  });

  it("answers 304 to its own ETag, and the whole page to any other", async () => {
    const page = await get("/about");
    const etag = page.headers.get("etag")!;
    const revalidated = await get("/about", { "If-None-Match": etag });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body).toBe("");
    expect(revalidated.headers.get("etag")).toBe(etag);
    expect(revalidated.headers.get("cache-control")).toMatch(/^public, /);
    expect((await get("/about", { "If-None-Match": `"other", W/${etag}` })).status).toBe(304);
    expect((await get("/about", { "If-None-Match": '"something-else"' })).status).toBe(200);
  });

  it("another page gets another nonce: a nonce is bound to the page's bytes", async () => {
    const about = await get("/about");
    const help = await get("/help");
    expect(help.headers.get("cache-control")).toMatch(/^public, /);
    expect(cspNonce(help.headers)).not.toBe(cspNonce(about.headers));
  });

  it("a signed-in visitor's page is private, never stored, and theirs", async () => {
    const member = await users.createUser(db, { email: "cachey.mcprivate@example.test" });
    const cookie = await users.sessionCookieFor(db, member.id);
    for (const path of ["/about", "/explore", "/"]) {
      const page = await get(path, { Cookie: cookie });
      expect(page.status, path).toBe(200);
      expect(page.headers.get("cache-control"), path).toBe("private, no-store");
      expect(page.headers.get("etag"), path).toBeNull();
      expect(page.body, path).toContain("cachey.mcprivate@example.test");
    }
    // The next anonymous visitor's copy has nothing of theirs.
    const anonymous = await get("/about");
    expect(anonymous.headers.get("cache-control")).toMatch(/^public, /);
    expect(anonymous.body).not.toContain("cachey.mcprivate@example.test");
  });

  it("a visitor with any cookie at all is not given a shareable answer", async () => {
    for (const cookie of ["__session=forged", "theme=dark"]) {
      const page = await get("/about", { Cookie: cookie });
      expect(page.status).toBe(200);
      expect(page.headers.get("cache-control"), cookie).toBe("private, no-cache");
      expect(page.headers.get("etag"), cookie).toBeNull();
    }
  });

  it("listing pages are public for a minute, and a change is a new ETag at once", async () => {
    const host = await listings.createHost(db);
    const space = await listings.createSpace(db, { userId: host.id, title: "Etag Atelier", location: "Austin", isPublished: true });
    const before = await get("/explore?q=Atelier");
    expect(before.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=600");
    expect(before.body).toContain("Etag Atelier");
    for (const path of ["/", spacePath(space), `/hosts/${host.id}`, "/blog"]) {
      const page = await get(path);
      expect(page.status, path).toBe(200);
      expect(page.headers.get("cache-control"), path).toMatch(/^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+$/);
      expect(page.headers.get("etag"), path).toBeTruthy();
    }
    await listings.createSpace(db, { userId: host.id, title: "Second Atelier", location: "Austin", isPublished: true });
    const after = await get("/explore?q=Atelier");
    expect(after.body).toContain("Second Atelier");
    expect(after.headers.get("etag")).not.toBe(before.headers.get("etag"));
    expect((await get("/explore?q=Atelier", { "If-None-Match": before.headers.get("etag")! })).status).toBe(200);
  });

  it("private pages, missing pages and HEAD answers stay as they were", async () => {
    for (const path of ["/dashboard", "/wishlists", "/my-bookings", "/space/none/nowhere?id=00000000-0000-0000-0000-000000000000", "/no-such-page/here"]) {
      const page = await get(path);
      expect(page.headers.get("cache-control") ?? "", path).not.toMatch(/public/);
      expect(page.headers.get("etag"), path).toBeNull();
    }
    const head = await get("/about", {}, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers.get("cache-control")).toMatch(/^public, /);
    expect(head.body).toBe("");
  });
});
