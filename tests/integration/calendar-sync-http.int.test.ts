import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type * as DbModule from "~/lib/db.server";
import type * as Listings from "../factories/listings";
import type * as Factories from "../factories/users";
import { startAppHttp, type AppHttp } from "../setup/app-http";
import { startCalendarServer, type CalendarServer } from "../setup/calendar-server";

/**
 * Calendar sync as the served app answers it (issue #26 point 6): the host's form posts
 * through the whole stack (origin check, session, body limit) to import a calendar from a
 * local server, and the listing's secret feed is served as text/calendar by its URL.
 */
let app: AppHttp;
let server: CalendarServer;
let hostCookie: string;
let spaceId: string;
const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, "../fixtures/calendars", name), "utf8");

beforeAll(async () => {
  server = await startCalendarServer();
  server.set("/airbnb.ics", fixture("airbnb.ics"));
  app = await startAppHttp({ port: 3136, env: { CALENDAR_IMPORT_ALLOW_PRIVATE: "1", LOG_LEVEL: "silent" } });
  const db = await (await app.load<typeof DbModule>("/app/lib/db.server.ts")).getDb();
  const users = await app.load<typeof Factories>("/tests/factories/users.ts");
  const { createSpace } = await app.load<typeof Listings>("/tests/factories/listings.ts");
  const host = await users.createUser(db);
  hostCookie = await users.sessionCookieFor(db, host.id);
  spaceId = (await createSpace(db, { userId: host.id, timezone: "America/New_York", checkInTime: "15:00", checkOutTime: "11:00", title: "Served Loft" })).id;
});

afterAll(async () => {
  await app?.close();
  await server?.close();
  delete process.env.CALENDAR_IMPORT_ALLOW_PRIVATE;
});

const post = (body: Record<string, string>, headers: Record<string, string> = {}) =>
  fetch(`${app.baseUrl}/api/spaces/${spaceId}/calendar-sync`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: app.baseUrl, cookie: hostCookie, ...headers },
    body: new URLSearchParams(body),
  });

describe("calendar sync over HTTP", () => {
  it("imports a calendar, refuses the metadata address, and serves the secret feed", async () => {
    const added = await post({ intent: "add", url: server.url("/airbnb.ics") });
    expect(added.status).toBe(200);
    const answer = (await added.json()) as { ok: boolean; view: { exportUrl: string; feeds: { eventCount: number }[] } };
    expect(answer.ok).toBe(true);
    expect(answer.view.feeds.map((feed) => feed.eventCount)).toEqual([3]);

    const metadata = await post({ intent: "add", url: "http://169.254.169.254/latest/meta-data/" });
    expect(metadata.status).toBe(422);
    expect(((await metadata.json()) as { error: string }).error).toContain("link-local");

    const feedPath = new URL(answer.view.exportUrl).pathname;
    expect(feedPath).toMatch(new RegExp(`^/api/spaces/${spaceId}/calendar/[A-Za-z0-9_-]{43}\\.ics$`));
    const feed = await fetch(`${app.baseUrl}${feedPath}`);
    expect(feed.status).toBe(200);
    expect(feed.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(feed.headers.get("x-content-type-options")).toBe("nosniff");
    const text = await feed.text();
    expect(text).toContain("X-WR-CALNAME:Rentwell – Served Loft");
    expect(text).not.toContain("Reserved");

    const wrong = await fetch(`${app.baseUrl}/api/spaces/${spaceId}/calendar/${"x".repeat(43)}.ics`);
    expect(wrong.status).toBe(404);
  });

  it("refuses a cross-origin post and one without a session", async () => {
    const crossOrigin = await post({ intent: "regenerate" }, { origin: "https://evil.example" });
    expect(crossOrigin.status).toBe(403);
    const anonymous = await post({ intent: "regenerate" }, { cookie: "" });
    expect(anonymous.status).toBe(401);
  });
});
