import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { calendarImportFeeds, spaceAvailability } from "~/db/schema/index";
import type * as DbModule from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { createSpace } from "#tests/factories/listings";
import { createUser, sessionCookieFor } from "#tests/factories/users";
import { startCalendarServer, type CalendarServer } from "#tests/setup/calendar-server";
import { createTestDatabase, type TestDatabase } from "#tests/setup/test-database";

const state = vi.hoisted(() => ({ database: undefined as undefined | { db: unknown } }));
vi.mock("~/lib/db.server", async (original) => ({
  ...(await original<typeof DbModule>()),
  getDb: async () => state.database!.db,
}));

const feedRoute = await import("./api.calendar-feed");
const syncRoute = await import("./api.calendar-sync");

/**
 * The calendar sync routes (issue #26 point 6): the public feed by its secret URL, and the
 * host's add / remove / regenerate requests, form or JSON, with every refusal a clear
 * message that stores nothing and never a 500.
 */
let database: TestDatabase;
let server: CalendarServer;
let hostCookie: string;
let strangerCookie: string;
let spaceId: string;
const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, "../../../tests/fixtures/calendars", name), "utf8");
const args = (request: Request, params: Record<string, string>) => ({ request, params, context: {} as never, unstable_pattern: "" }) as never;
const statusOf = (result: unknown) => (result instanceof Response ? result.status : ((result as { init?: { status?: number } }).init?.status ?? 200));
const bodyOf = <T,>(result: unknown) => ((result as { data?: T }).data ?? result) as T;
type Answer = { ok: boolean; error: string | null; fieldErrors?: { url?: string }; view?: { exportUrl: string; feeds: { id: string; url: string; lastError: string | null }[] } };

function post(cookie: string | null, body: Record<string, string> | string, space = spaceId, json = false, referer?: string) {
  const headers: Record<string, string> = cookie ? { cookie } : {};
  if (referer) headers.referer = referer;
  if (json) headers["content-type"] = "application/json";
  const payload = json ? (typeof body === "string" ? body : JSON.stringify(body)) : new URLSearchParams(body as Record<string, string>);
  if (!json) headers["content-type"] = "application/x-www-form-urlencoded";
  return syncRoute.action(args(new Request(`http://localhost/api/spaces/${space}/calendar-sync`, { method: "POST", body: payload, headers }), { spaceId: space }));
}

async function feedsStored() {
  return database.db.select().from(calendarImportFeeds).where(eq(calendarImportFeeds.spaceId, spaceId));
}

beforeAll(async () => {
  database = await createTestDatabase();
  state.database = database;
  server = await startCalendarServer();
  server.set("/airbnb.ics", fixture("airbnb.ics"));
  const host = await createUser(database.db);
  const stranger = await createUser(database.db);
  hostCookie = await sessionCookieFor(database.db, host.id);
  strangerCookie = await sessionCookieFor(database.db, stranger.id);
  spaceId = (await createSpace(database.db, { userId: host.id, timezone: "America/New_York" })).id;
});

afterAll(async () => {
  delete process.env.CALENDAR_IMPORT_ALLOW_PRIVATE;
  resetEnvCache();
  await server?.close();
  await database?.drop();
});

describe("POST /api/spaces/:spaceId/calendar-sync", () => {
  it("refuses without a session, for another host's listing and for a malformed request, storing nothing", async () => {
    expect(statusOf(await post(null, { intent: "regenerate" }))).toBe(401);
    for (const space of [spaceId, "00000000-0000-4000-8000-000000000000", "nope"]) {
      const result = await post(strangerCookie, { intent: "add", url: server.url("/airbnb.ics") }, space);
      expect(statusOf(result)).toBe(404);
      expect(bodyOf<Answer>(result).error).toBe("Listing not found.");
    }
    expect(statusOf(await post(hostCookie, { intent: "explode" }))).toBe(400);
    const bad = await post(hostCookie, { intent: "add", url: "ftp://example.com/cal.ics" });
    expect(statusOf(bad)).toBe(400);
    expect(bodyOf<Answer>(bad).fieldErrors?.url).toContain("https://");
    expect(statusOf(await post(hostCookie, { intent: "add", url: `https://example.com/${"a".repeat(3000)}` }))).toBe(400);
    expect(statusOf(await post(hostCookie, { intent: "remove", feedId: "not-a-uuid" }))).toBe(400);
    expect(statusOf(await post(hostCookie, "{not json", spaceId, true))).toBe(400);
    expect(statusOf(await post(hostCookie, "[1,2]", spaceId, true))).toBe(400);
    expect(statusOf(await post(hostCookie, { intent: "add", url: `https://example.com/${"a".repeat(40_000)}` }))).toBe(413);
    expect(await feedsStored()).toHaveLength(0);
  });

  it("a feed URL at 127.0.0.1, at the metadata address, or redirecting there gets its reason (422) and nothing is stored", async () => {
    delete process.env.CALENDAR_IMPORT_ALLOW_PRIVATE;
    resetEnvCache();
    for (const url of [server.url("/airbnb.ics"), "http://169.254.169.254/latest/meta-data/", "http://192.168.0.1/cal.ics"]) {
      const result = await post(hostCookie, { intent: "add", url });
      expect(statusOf(result)).toBe(422);
      expect(bodyOf<Answer>(result).fieldErrors?.url).toMatch(/only public addresses can be fetched/);
    }
    process.env.CALENDAR_IMPORT_ALLOW_PRIVATE = "1";
    resetEnvCache();
    const redirected = await post(hostCookie, { intent: "add", url: server.url("/to-metadata") });
    expect(statusOf(redirected)).toBe(422);
    expect(bodyOf<Answer>(redirected).error).toContain("169.254.169.254");
    const huge = await post(hostCookie, { intent: "add", url: server.url("/huge") });
    expect(bodyOf<Answer>(huge).error).toBe("The calendar is larger than 1 MB.");
    // From the Spanish and Arabic calendar pages (their Referer, issue #31).
    const spanish = await post(hostCookie, { intent: "add", url: server.url("/huge") }, spaceId, false, `http://localhost/es/my-listings/${spaceId}/calendar`);
    expect(bodyOf<Answer>(spanish).fieldErrors?.url).toBe("El calendario ocupa más de 1 MB.");
    const arabic = await post(hostCookie, { intent: "add", url: server.url("/to-metadata") }, spaceId, false, `http://localhost/ar/my-listings/${spaceId}/calendar`);
    expect(bodyOf<Answer>(arabic).error).toBe("169.254.169.254 عنوان ربط محلي (169.254.169.254)؛ لا يمكن الجلب إلا من العناوين العامة.");
    expect(await feedsStored()).toHaveLength(0);
    expect(await database.db.select().from(spaceAvailability).where(eq(spaceAvailability.spaceId, spaceId))).toHaveLength(0);
  });

  it("adds (webcal:// read as https://, JSON too), removes, and regenerates the export URL, answering the panel's data", async () => {
    process.env.CALENDAR_IMPORT_ALLOW_PRIVATE = "1";
    resetEnvCache();
    const added = await post(hostCookie, { intent: "add", url: `  ${server.url("/airbnb.ics")}  ` });
    expect(statusOf(added)).toBe(200);
    const view = bodyOf<Answer>(added).view!;
    expect(view.feeds.map((feed) => [feed.url, feed.lastError])).toEqual([[server.url("/airbnb.ics"), null]]);
    expect((await database.db.select().from(spaceAvailability).where(eq(spaceAvailability.spaceId, spaceId))).length).toBe(3);

    server.set("/vrbo.ics", fixture("vrbo.ics"));
    const json = await post(hostCookie, { intent: "add", url: server.url("/vrbo.ics") }, spaceId, true);
    expect(bodyOf<Answer>(json).view!.feeds).toHaveLength(2);

    const removed = await post(hostCookie, { intent: "remove", feedId: view.feeds[0]!.id });
    expect(bodyOf<Answer>(removed).view!.feeds.map((feed) => feed.url)).toEqual([server.url("/vrbo.ics")]);
    expect(statusOf(await post(hostCookie, { intent: "remove", feedId: view.feeds[0]!.id }))).toBe(404);

    const regenerated = await post(hostCookie, { intent: "regenerate" });
    expect(bodyOf<Answer>(regenerated).view!.exportUrl).not.toBe(view.exportUrl);
  });

  it("a sixth calendar is refused", async () => {
    for (let i = (await feedsStored()).length; i < 5; i += 1) {
      server.set(`/more-${i}.ics`, fixture("vrbo.ics").replace(/UID:/g, `UID:${i}`));
      expect(statusOf(await post(hostCookie, { intent: "add", url: server.url(`/more-${i}.ics`) }))).toBe(200);
    }
    server.set("/six.ics", fixture("airbnb.ics"));
    const result = await post(hostCookie, { intent: "add", url: server.url("/six.ics") });
    expect(statusOf(result)).toBe(409);
    expect(bodyOf<Answer>(result).error).toBe("A listing can import at most 5 calendars; remove one first.");
    expect(await feedsStored()).toHaveLength(5);
  });

  it("GET answers 405", async () => {
    expect(syncRoute.loader().status).toBe(405);
  });
});

describe("GET /api/spaces/:spaceId/calendar/:token.ics", () => {
  it("serves the feed as text/calendar by its secret, 404 for a wrong token or listing", async () => {
    const regenerated = bodyOf<Answer>(await post(hostCookie, { intent: "regenerate" })).view!;
    const token = /calendar\/([^/]+)\.ics$/.exec(regenerated.exportUrl)![1]!;
    const get = (space: string, value: string) => feedRoute.loader(args(new Request(`http://localhost/api/spaces/${space}/calendar/${value}.ics`), { spaceId: space, token: value }));
    const response = await get(spaceId, token);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(response.headers.get("cache-control")).toContain("private");
    const text = await response.text();
    expect(text).toContain("BEGIN:VCALENDAR");
    expect(text).not.toContain("Reserved"); // imported events are not sent back out
    expect((await get(spaceId, "x".repeat(43))).status).toBe(404);
    expect((await get(spaceId, "short")).status).toBe(404);
    expect((await get("00000000-0000-4000-8000-000000000000", token)).status).toBe(404);
    expect((await get("nope", token)).status).toBe(404);
  });
});
