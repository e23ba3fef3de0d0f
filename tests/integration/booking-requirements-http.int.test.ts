import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type * as DbModule from "~/lib/db.server";
import type * as Listings from "../factories/listings";
import type * as Factories from "../factories/users";
import { startAppHttp, type AppHttp } from "../setup/app-http";

/**
 * A listing's checkout requirements (issue #28 point 3, ADR 0279) through POST
 * /api/bookings/payment-intent as the served app answers it: a refusal is a 422 with a
 * message per field, an oversized answer the body cap's 413, neither stores anything; an
 * accepted waiver is stored with the address the server resolved (behind one trusted
 * proxy), never one the client names itself.
 */
let app: AppHttp;
let db: DbModule.Db;
let guestCookie: string;
let spaceId: string;
const PATH = "/api/bookings/payment-intent";
const WAIVER = "I ride at my own risk.";

beforeAll(async () => {
  app = await startAppHttp({ port: 3321, env: { TRUST_PROXY: "1" } });
  db = await (await app.load<typeof DbModule>("/app/lib/db.server.ts")).getDb();
  const users = await app.load<typeof Factories>("/tests/factories/users.ts");
  const { createSpace } = await app.load<typeof Listings>("/tests/factories/listings.ts");
  const host = await users.createUser(db);
  const guest = await users.createUser(db);
  guestCookie = await users.sessionCookieFor(db, guest.id);
  spaceId = (
    await createSpace(db, { userId: host.id, hourlyPrice: 5000, timezone: "UTC", title: "Quad Trail Rides", ageRestriction: 18, licenseRequired: true, waiverRequired: true, waiverText: WAIVER })
  ).id;
});
afterAll(async () => {
  await app?.close();
});

/** Tomorrow at 10:00 UTC, one hour, at 50.00 + 10 % fee, with the guest's answers. */
function holdBody(answers: Record<string, unknown>) {
  const start = new Date();
  start.setUTCHours(10, 0, 0, 0);
  start.setUTCDate(start.getUTCDate() + 1);
  return { spaceId, startTime: start.toISOString(), endTime: new Date(start.getTime() + 3_600_000).toISOString(), duration: 1, pricingUnit: "hour", amount: 5500, currency: "USD", ...answers };
}

const GOOD = { dateOfBirth: "1990-01-01", licenceNumber: "Q1234567", licenceCountry: "CA", licenceExpiry: "2035-12-31", waiverAccepted: true };

const send = (body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${app.baseUrl}${PATH}`, { method: "POST", headers: { "Content-Type": "application/json", cookie: guestCookie, ...headers }, body: JSON.stringify(body) });

async function bookingsOfListing() {
  const { rows } = await db.execute<{ n: number }>(sql`select count(*)::int as n from bookings where space_id = ${spaceId}`);
  return rows[0]!.n;
}

describe("checkout requirements through the API layer", () => {
  it("answers a 422 with a message next to each field for an under-age guest, an expired licence and a waiver not accepted", async () => {
    const response = await send(holdBody({ ...GOOD, dateOfBirth: `${new Date().getUTCFullYear() - 16}-06-15`, licenceExpiry: "2020-01-01", waiverAccepted: false }));
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({
      code: "invalid",
      fields: {
        dateOfBirth: "You must be at least 18 to book this listing.",
        licenceExpiry: "Your driving licence must be valid until the end of the booking.",
        waiverAccepted: "Accept the waiver to book this listing.",
      },
    });
    expect(await bookingsOfListing()).toBe(0);
  });

  it("refuses a 10 000-character licence number at the body cap with a clear answer, storing nothing", async () => {
    const response = await send(holdBody({ ...GOOD, licenceNumber: "A".repeat(10_000) }));
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ error: "Request too large." });
    expect(await bookingsOfListing()).toBe(0);
  });

  it("stores an accepted waiver with the address the server resolved, not one the client sent", async () => {
    const response = await send(holdBody(GOOD), { "X-Forwarded-For": "203.0.113.9", "X-Rentwell-Client-Ip": "6.6.6.6" });
    expect(response.status, await response.clone().text()).toBe(200);
    const { bookingId } = (await response.json()) as { bookingId: string };
    const { rows } = await db.execute<{ waiver_accepted_ip: string; waiver_text: string; licence_country: string }>(
      sql`select waiver_accepted_ip, waiver_text, licence_country from booking_requirements where booking_id = ${bookingId}`,
    );
    expect(rows).toEqual([{ waiver_accepted_ip: "203.0.113.9", waiver_text: WAIVER, licence_country: "CA" }]);
  });
});
