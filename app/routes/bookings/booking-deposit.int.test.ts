import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { loadAllCatalogs } from "~/features/i18n/i18n";
import { bookings, depositClaims } from "~/db/schema/index";
import { DEPOSIT_MESSAGES } from "~/features/bookings/deposit-rules";
import type * as DbModule from "~/lib/db.server";
import { bookingScenario } from "../../../tests/factories/bookings";
import { sessionCookieFor } from "../../../tests/factories/users";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";

/**
 * The booking page's deposit forms (issue #28 point 2, ADR 0284) through its action, as the
 * browser posts them: the host's claim (422 with the field's message above the deposit,
 * nothing stored; 409 for a second), the guest's dispute, and the loader's view for both.
 * On PGlite, and on PostgreSQL with TEST_DB_ENGINE=postgres.
 */
const state = vi.hoisted(() => ({ database: undefined as undefined | { db: unknown } }));
vi.mock("~/lib/db.server", async (original) => ({
  ...(await original<typeof DbModule>()),
  getDb: async () => state.database!.db,
}));
const page = await import("./booking-page");

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  state.database = database;
});
afterAll(() => database.drop());

const args = (request: Request, bookingId: string) => ({ request, params: { bookingId }, context: {} as never, unstable_pattern: "" }) as never;
const statusOf = (result: unknown) => (result instanceof Response ? result.status : ((result as { init?: { status?: number } | null }).init?.status ?? 200));
const bodyOf = <T,>(result: unknown) => ((result as { data?: T }).data ?? result) as T;
const post = (cookie: string, bookingId: string, fields: Array<[string, string]>, prefix = "") =>
  page.action(args(new Request(`http://localhost${prefix}/bookings/${bookingId}`, { method: "POST", body: new URLSearchParams(fields), headers: { cookie, "content-type": "application/x-www-form-urlencoded" } }), bookingId));

/** A paid booking of a listing asking a $500 deposit (held at confirmation), which ended an hour ago by the real clock the routes read. */
async function endedWithDeposit() {
  const s = await bookingScenario(database.db, { now: "2026-06-01T12:00:00.000Z", listing: { depositRequired: true, depositAmount: 50_000 } });
  const hold = await s.book(s.guest, { date: "2026-06-03", hour: 10, hours: 2 });
  await s.pay(s.guest, hold.clientSecret);
  await database.db
    .update(bookings)
    .set({ startTime: sql`now() - interval '3 hours'`, endTime: sql`now() - interval '1 hour'` })
    .where(eq(bookings.id, hold.bookingId));
  return { s, bookingId: hold.bookingId, guestCookie: await sessionCookieFor(database.db, s.guest.id), hostCookie: await sessionCookieFor(database.db, s.host.id) };
}

describe("/bookings/:bookingId deposit forms", () => {
  it("refuses a claim above the deposit next to its field, opens one claim, refuses a second; the guest disputes it", async () => {
    const { bookingId, guestCookie, hostCookie } = await endedWithDeposit();
    const claimFields = (amount: string): Array<[string, string]> => [["intent", "claim_deposit"], ["amount", amount], ["description", "The softbox is torn."]];

    const over = await post(hostCookie, bookingId, claimFields("500.01"));
    expect(statusOf(over)).toBe(422);
    expect(bodyOf(over)).toEqual({ deposit: true, ok: false, error: "The claim can't be more than the deposit ($500.00).", fieldErrors: { amount: "The claim can't be more than the deposit ($500.00)." } });
    const malformed = await post(hostCookie, bookingId, [["intent", "claim_deposit"], ["amount", "ten"], ["description", ""]]);
    expect(statusOf(malformed)).toBe(422);
    expect(bodyOf(malformed)).toMatchObject({ fieldErrors: { amount: DEPOSIT_MESSAGES.amountInvalid, description: DEPOSIT_MESSAGES.descriptionRequired } });
    // The guest cannot claim their own deposit.
    expect(statusOf(await post(guestCookie, bookingId, claimFields("10")))).toBe(403);
    expect(await database.db.select().from(depositClaims).where(eq(depositClaims.bookingId, bookingId))).toEqual([]);

    const opened = await post(hostCookie, bookingId, claimFields("120"));
    expect(statusOf(opened)).toBe(200);
    expect(bodyOf(opened)).toMatchObject({ deposit: true, ok: true });
    const second = await post(hostCookie, bookingId, claimFields("10"));
    expect(statusOf(second)).toBe(409);
    expect(bodyOf(second)).toMatchObject({ error: DEPOSIT_MESSAGES.alreadyClaimed });

    const guestView = await page.loader(args(new Request(`http://localhost/bookings/${bookingId}`, { headers: { cookie: guestCookie } }), bookingId));
    expect(guestView.deposit).toMatchObject({ status: "claimed", canAnswer: true, canClaim: false, claim: { amount: 12_000, status: "open" } });
    const disputed = await post(guestCookie, bookingId, [["intent", "dispute_claim"]]);
    expect(statusOf(disputed)).toBe(200);
    const hostView = await page.loader(args(new Request(`http://localhost/bookings/${bookingId}`, { headers: { cookie: hostCookie } }), bookingId));
    expect(hostView.deposit).toMatchObject({ claim: { status: "disputed" }, canAnswer: false });
    // Answered once: a second answer is refused.
    const again = await post(guestCookie, bookingId, [["intent", "accept_claim"]]);
    expect(statusOf(again)).toBe(409);
    expect(bodyOf(again)).toMatchObject({ error: DEPOSIT_MESSAGES.notOpen });
  });

  it("refuses a claim above the deposit in the page's language, the deposit in its money format (issue #31)", async () => {
    const { bookingId, hostCookie } = await endedWithDeposit();
    const claimFields: Array<[string, string]> = [["intent", "claim_deposit"], ["amount", "600"], ["description", "The softbox is torn."]];
    const spanish = bodyOf<{ fieldErrors: { amount: string } }>(await post(hostCookie, bookingId, claimFields, "/es"));
    expect(spanish.fieldErrors.amount).toBe("La reclamación no puede superar el depósito (500,00\u00a0US$).");
    const arabic = bodyOf<{ fieldErrors: { amount: string } }>(await post(hostCookie, bookingId, claimFields, "/ar"));
    expect(arabic.fieldErrors.amount).toMatch(/^لا يمكن أن تتجاوز المطالبة مبلغ التأمين \(.*500\.00.*\)\.$/);
  });

  it("titles the page with the listing's name in the page's language, the site's name once", async () => {
    // meta runs where the root loader has loaded the page's language (it cannot wait itself).
    await Promise.all([loadAllCatalogs("es"), loadAllCatalogs("ar")]);
    const title = (locale: string) =>
      (page.meta({ loaderData: { booking: { space: { title: "Studio Loft" } } }, matches: [{ id: "root", data: { locale } }], location: { pathname: "/bookings/b1" }, params: {} } as never) as Array<{ title?: string }>).find((tag) => tag.title)?.title;
    expect(title("en")).toBe("Studio Loft · Booking | Rentwell");
    expect(title("es")).toBe("Studio Loft · Reserva | Rentwell");
    expect(title("ar")).toBe("Studio Loft · الحجز | Rentwell");
  });
});
