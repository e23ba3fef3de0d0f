import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type * as ProviderModule from "~/features/payments/payout-provider.server";
import { getPayoutAccount, payoutAccountState } from "~/features/payouts/payouts.server";
import type * as DbModule from "~/lib/db.server";
import { readToast } from "~/lib/flash.server";
import { ERROR_TEXT } from "~/lib/messages";
import { bookingScenario } from "#tests/factories/bookings";
import { createUser, sessionCookieFor } from "#tests/factories/users";
import { createTestDatabase, type TestDatabase } from "#tests/setup/test-database";

const state = vi.hoisted(() => ({ database: undefined as undefined | { db: unknown }, providerDown: false }));
vi.mock("~/lib/db.server", async (original) => ({
  ...(await original<typeof DbModule>()),
  getDb: async () => state.database!.db,
}));
vi.mock("~/features/payments/payout-provider.server", async (original) => {
  const actual = await original<typeof ProviderModule>();
  return {
    ...actual,
    payoutProvider: (db: Parameters<typeof actual.payoutProvider>[0]) => {
      const provider = actual.payoutProvider(db);
      return state.providerDown
        ? {
            ...provider,
            createAccount: async () => {
              throw new Error("provider unreachable");
            },
          }
        : provider;
    },
  };
});

const payoutsPage = await import("./payouts");
const connect = await import("./connect");
const onboarding = await import("./onboarding");
const returnRoute = await import("./return");

let database: TestDatabase;
const args = (request: Request) => ({ request, params: {}, context: {} as never, unstable_pattern: "" }) as never;
const get = (url: string, cookie: string | null) => new Request(`http://localhost${url}`, { headers: cookie ? { cookie } : {} });
const post = (url: string, cookie: string | null, body: Record<string, string> = {}) => {
  const form = new FormData();
  for (const [key, value] of Object.entries(body)) form.append(key, value);
  return new Request(`http://localhost${url}`, { method: "POST", body: form, headers: cookie ? { cookie } : {} });
};

async function thrown(promise: Promise<unknown>) {
  try {
    return await promise;
  } catch (error) {
    return error;
  }
}

async function toastOf(response: Response) {
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith("rw_flash="));
  if (!cookie) return null;
  return (await readToast(new Request("http://localhost/", { headers: { cookie: cookie.split(";")[0]! } }))).toast;
}

type Listing = { items: unknown[]; totals: unknown[] };
const statusOf = (result: unknown) => (result as { init?: { status?: number } }).init?.status ?? 200;
const bodyOf = <T,>(result: unknown) => ((result as { data?: T }).data ?? result) as T;

beforeAll(async () => {
  database = await createTestDatabase();
  state.database = database;
});
afterAll(() => database.drop());

describe("payout routes", () => {
  it("send signed-out visitors to /", async () => {
    for (const call of [
      () => payoutsPage.loader(args(get("/payouts", null))),
      () => onboarding.loader(args(get("/payouts/onboarding", null))),
      () => onboarding.action(args(post("/payouts/onboarding", null, { intent: "finish" }))),
      () => connect.action(args(post("/payouts/connect", null))),
      () => returnRoute.loader(args(get("/payouts/return", null))),
    ]) {
      const response = (await thrown(call())) as Response;
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/");
    }
  });

  it("connect, refuse bad bank details storing nothing, save for later, finish, and re-check on return", async () => {
    const host = await createUser(database.db);
    const cookie = await sessionCookieFor(database.db, host.id);
    // No account yet: the onboarding page sends the host to the dashboard.
    expect(((await thrown(onboarding.loader(args(get("/payouts/onboarding", cookie))))) as Response).headers.get("location")).toBe("/dashboard");

    const connected = (await connect.action(args(post("/payouts/connect", cookie)))) as Response;
    expect(connected.status).toBe(302);
    expect(connected.headers.get("location")).toBe("/payouts/onboarding?return=%2Fpayouts%2Freturn");

    const bad = await onboarding.action(args(post("/payouts/onboarding", cookie, { intent: "finish", accountHolder: "<script>x</script>", country: "DE", currency: "EUR", iban: "DE89370400440532013001" })));
    expect(statusOf(bad)).toBe(400);
    expect(bodyOf<{ fieldErrors: Record<string, string> }>(bad).fieldErrors).toEqual({ iban: "Enter a valid IBAN" });
    expect((await getPayoutAccount(database.db, host.id))!.accountHolder).toBeNull();

    const saved = (await onboarding.action(args(post("/payouts/onboarding", cookie, { intent: "save", accountHolder: "Ada", country: "DE", currency: "EUR" })))) as Response;
    expect(saved.headers.get("location")).toBe("/dashboard");
    expect((await toastOf(saved))?.message).toBe(onboarding.ONBOARDING_SAVED_TEXT);
    expect(payoutAccountState(await getPayoutAccount(database.db, host.id))).toBe("incomplete");

    const finished = (await thrown(onboarding.action(args(post("/payouts/onboarding", cookie, { intent: "finish", accountHolder: "Ada", country: "DE", currency: "EUR", iban: "DE89 3704 0044 0532 0130 00" }))))) as Response;
    expect(finished.headers.get("location")).toBe("/payouts/return");
    const back = (await returnRoute.loader(args(get("/payouts/return", cookie)))) as Response;
    expect(back.headers.get("location")).toBe("/dashboard");
    expect((await toastOf(back))?.message).toBe(returnRoute.PAYOUT_RETURN_TEXT.complete);
    const account = await getPayoutAccount(database.db, host.id);
    expect(account).toMatchObject({ accountLast4: "3000", bankKind: "iban", country: "DE" });
    expect(payoutAccountState(account)).toBe("complete");
  });

  it("shows 'Failed to connect Stripe account' when the provider fails", async () => {
    const host = await createUser(database.db);
    const cookie = await sessionCookieFor(database.db, host.id);
    state.providerDown = true;
    try {
      const response = (await connect.action(args(post("/payouts/connect", cookie)))) as Response;
      expect(response.headers.get("location")).toBe("/dashboard");
      expect(await toastOf(response)).toEqual({ tone: "error", message: ERROR_TEXT.connectStripe });
      expect(await getPayoutAccount(database.db, host.id)).toBeNull();
    } finally {
      state.providerDown = false;
    }
  });

  it("lists only the signed-in host's payouts, one page at a time", async () => {
    const s = await bookingScenario(database.db, { now: "2026-06-01T12:00:00.000Z" });
    for (const day of ["2026-06-10", "2026-06-11"]) {
      const hold = await s.book(s.guest, { date: day, hour: 10, hours: 1 });
      await s.pay(s.guest, hold.clientSecret);
    }
    const hostCookie = await sessionCookieFor(database.db, s.host.id);
    const mine = bodyOf<Listing>(await payoutsPage.loader(args(get("/payouts?page=abc", hostCookie))));
    expect(mine.items).toHaveLength(2);
    expect(mine.totals).toEqual([{ currency: "USD", pending: 0, scheduled: 10000, paid: 0, failed: 0 }]);
    const guestCookie = await sessionCookieFor(database.db, s.guest.id);
    const theirs = bodyOf<Listing>(await payoutsPage.loader(args(get("/payouts?page=99999999", guestCookie))));
    expect(theirs.items).toEqual([]);
    expect(theirs.totals).toEqual([]);
  });
});
