import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type * as DbModule from "~/lib/db.server";
import type * as Listings from "../factories/listings";
import type * as Factories from "../factories/users";
import { chunks, rawRequest, startAppHttp, type AppHttp } from "../setup/app-http";

/**
 * POST /api/bookings/payment-intent as the served app answers it: through the API layer
 * (server/api.ts, ADR 0201), the one path in development, tests and production, with
 * everything server/app.ts puts in front of it (request id, guards, security headers).
 */
let app: AppHttp;
let db: DbModule.Db;
let guestCookie: string;
let refreshOnly: string;
let spaceId: string;
const PATH = "/api/bookings/payment-intent";

beforeAll(async () => {
  app = await startAppHttp({ port: 3133 });
  db = await (await app.load<typeof DbModule>("/app/lib/db.server.ts")).getDb();
  const users = await app.load<typeof Factories>("/tests/factories/users.ts");
  const { createSpace } = await app.load<typeof Listings>("/tests/factories/listings.ts");
  const host = await users.createUser(db);
  const guest = await users.createUser(db);
  guestCookie = await users.sessionCookieFor(db, guest.id);
  // A browser whose access token has lapsed: only the refresh token is left.
  refreshOnly = (await users.sessionCookieFor(db, guest.id)).split("; ").find((cookie) => cookie.startsWith("rw_refresh="))!;
  spaceId = (await createSpace(db, { userId: host.id, hourlyPrice: 5000, timezone: "UTC", title: "Served Studio" })).id;
});
afterAll(async () => {
  await app?.close();
});

/** Tomorrow (or the day after) at 10:00 UTC, one hour, at 50.00 + 10 % fee. */
function holdBody(dayOffset: number) {
  const start = new Date();
  start.setUTCHours(10, 0, 0, 0);
  start.setUTCDate(start.getUTCDate() + dayOffset);
  return { spaceId, startTime: start.toISOString(), endTime: new Date(start.getTime() + 3_600_000).toISOString(), duration: 1, pricingUnit: "hour", amount: 5500, currency: "USD" };
}

const send = (body: string, headers: Record<string, string>) =>
  fetch(`${app.baseUrl}${PATH}`, { method: "POST", headers: { "Content-Type": "application/json", ...headers }, body });

/** A new guest signed in on one browser, with `ended` then done to their session or account. */
async function guestWhose(ended: "session was revoked" | "account was suspended") {
  const users = await app.load<typeof Factories>("/tests/factories/users.ts");
  const guest = await users.createUser(db);
  const cookie = await users.sessionCookieFor(db, guest.id);
  if (ended === "session was revoked") await db.execute(sql`update sessions set revoked_at = now() where user_id = ${guest.id}`);
  else await db.execute(sql`update users set suspended_at = now() where id = ${guest.id}`);
  return { cookie, held: async () => ((await db.execute(sql`select count(*)::int as n from bookings where user_id = ${guest.id}`)).rows[0] as { n: number }).n };
}

describe("POST /api/bookings/payment-intent, through the API layer", () => {
  it("holds a slot and answers the client secret, with the request id and the security headers of every response", async () => {
    const response = await send(JSON.stringify(holdBody(1)), { cookie: guestCookie, "Idempotency-Key": crypto.randomUUID(), "X-Request-Id": "hold-1" });
    expect(response.status).toBe(200);
    const json = (await response.json()) as { clientSecret: string; platformFee: { percentage: number; amount: number }; total: number };
    expect(json.clientSecret).toMatch(/^pi_\w+_secret_\w+$/);
    expect(json.platformFee).toEqual({ percentage: 10, amount: 500 });
    expect(json.total).toBe(5500);
    expect(response.headers.get("x-request-id")).toBe("hold-1");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-type")).toBe("application/json");
  });

  it("gives the next guest the route's answer for a taken slot", async () => {
    const other = await (await app.load<typeof Factories>("/tests/factories/users.ts")).createUser(db);
    const cookie = await (await app.load<typeof Factories>("/tests/factories/users.ts")).sessionCookieFor(db, other.id);
    const response = await send(JSON.stringify(holdBody(1)), { cookie });
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ code: "slot_taken", error: "This time slot was just booked by someone else — please pick another" });
  });

  it("renews a lapsed access token as every other request does, and books with it", async () => {
    const response = await send(JSON.stringify(holdBody(2)), { cookie: refreshOnly });
    expect(response.status).toBe(200);
    const renewed = response.headers.getSetCookie().map((cookie) => cookie.split("=")[0]);
    expect(renewed).toEqual(expect.arrayContaining(["rw_access", "rw_refresh"]));
  });

  // The access token runs for 15 minutes after a sign-out elsewhere or a suspension; the
  // session is read as for every page (joinSession), and its cookies are cleared.
  it.each(["session was revoked", "account was suspended"] as const)("signs out a guest whose %s while the access token still runs: 401, cookies cleared, nothing held", async (ended) => {
    const guest = await guestWhose(ended);
    const response = await send(JSON.stringify(holdBody(5)), { cookie: guest.cookie, "Idempotency-Key": crypto.randomUUID() });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: "Sign in to book this space.", code: "unauthorized" });
    const cleared = response.headers.getSetCookie().filter((cookie) => /^rw_(access|refresh)=;/.test(cookie));
    expect(cleared).toHaveLength(2);
    expect(await guest.held()).toBe(0);
  });

  it("tells a guest whose session was revoked to sign in, not what is wrong with the request", async () => {
    const guest = await guestWhose("session was revoked");
    for (const body of [JSON.stringify({ ...holdBody(6), duration: 1.5 }), "{not json", JSON.stringify({ ...holdBody(6), spaceId: crypto.randomUUID() })]) {
      const response = await send(body, { cookie: guest.cookie });
      expect(response.status).toBe(401);
    }
  });

  it("asks a signed-out visitor to sign in, without reading the body", async () => {
    const response = await send(JSON.stringify(holdBody(3)), {});
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: "Sign in to book this space.", code: "unauthorized" });
  });

  it("answers malformed JSON with 400 and a cross-origin post with 403", async () => {
    const malformed = await send("{not json", { cookie: guestCookie });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ error: "The request must be JSON.", code: "invalid" });
    const foreign = await send(JSON.stringify(holdBody(4)), { cookie: guestCookie, Origin: "https://elsewhere.example" });
    expect(foreign.status).toBe(403);
  });

  it("stops reading a body at 4 KB: declared or chunked, 413", async () => {
    const declared = await send(JSON.stringify({ pad: "x".repeat(10_000) }), { cookie: guestCookie });
    expect(declared.status).toBe(413);
    expect(await declared.json()).toEqual({ error: "Request too large.", code: "invalid" });
    const chunked = await rawRequest(app.baseUrl, { method: "POST", path: PATH, headers: { "Content-Type": "application/json", cookie: guestCookie }, body: () => chunks(200 * 1024 * 1024) });
    expect(chunked.status).toBe(413);
    expect(chunked.sentBytes).toBeLessThan(32 * 1024 * 1024);
  });

  it("says a refusal with values in the language of the page that asked (its Referer), and in English without one", async () => {
    // The listing has no daily price: the refusal names the unit, a whole sentence per language.
    const daily = JSON.stringify({ ...holdBody(6), pricingUnit: "day" });
    const english = await send(daily, { cookie: guestCookie });
    expect(english.status).toBe(422);
    expect(await english.json()).toMatchObject({ error: "This listing does not offer daily pricing", fields: { pricingUnit: "This listing does not offer daily pricing" } });
    const spanish = await send(daily, { cookie: guestCookie, Referer: `${app.baseUrl}/es/space/served-studio/x` });
    expect(await spanish.json()).toMatchObject({ error: "Este anuncio no ofrece precio por día", fields: { pricingUnit: "Este anuncio no ofrece precio por día" } });
    // Too long: the duration's limits with the unit in Arabic's plural.
    const tooLong = JSON.stringify({ ...holdBody(6), duration: 30, endTime: undefined, amount: 30 * 5500 });
    const arabic = await send(tooLong, { cookie: guestCookie, Referer: `${app.baseUrl}/ar/space/served-studio/x` });
    expect(arabic.status).toBe(422);
    expect(((await arabic.json()) as { fields: { duration: string } }).fields.duration).toMatch(/^يجب أن تتراوح المدة بين 1 و\d+ ساعة$/);
  });
});
