import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "~/lib/env.server";
import { bookingScenario, TEST_CARD } from "../../../tests/factories/bookings";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { StripeTestServer } from "../../../tests/stripe/stripe-test-server";
import { ProviderError, type PaymentProvider } from "./contracts";
import { clearLocalFaults, injectLocalFault, localProvider } from "./local-provider.server";
import { stripeProvider } from "./stripe-provider.server";

/**
 * Manual capture in the provider contract (issue #28 point 1, ADR 0280): an intent made
 * with captureMethod "manual" is authorised by the payment (`requires_capture`), then
 * captured once or cancelled (the authorisation released); both implementations, the
 * local processor on the database and Stripe through the SDK and the local
 * Stripe-compatible server.
 */
const NOW = new Date("2026-06-01T12:00:00.000Z");
const SETTINGS = ["STRIPE_SECRET_KEY", "STRIPE_API_URL"] as const;
const saved: Partial<Record<(typeof SETTINGS)[number], string | undefined>> = {};

let database: TestDatabase;
let fake: StripeTestServer;

beforeAll(async () => {
  fake = await new StripeTestServer().start();
  for (const name of SETTINGS) saved[name] = process.env[name];
  Object.assign(process.env, { STRIPE_SECRET_KEY: fake.secretKey, STRIPE_API_URL: fake.url });
  resetEnvCache();
  database = await createTestDatabase();
});

afterAll(async () => {
  for (const name of SETTINGS) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
  resetEnvCache();
  await database.drop();
  await fake.stop();
});

afterEach(() => {
  clearLocalFaults();
  fake.clearFaults();
});

/** A booking to hang an intent on (the local processor's rows belong to one). */
async function aBooking() {
  const s = await bookingScenario(database.db, { now: NOW.toISOString(), quickUsers: true });
  const hold = await s.book(s.guest, { date: "2026-06-10", hour: 10 });
  return { s, bookingId: hold.bookingId, userId: s.guest.id, spaceId: s.space.id };
}

let keys = 0;
const key = (what: string) => `test-${what}-${++keys}-${Date.now()}`;

describe("local processor", () => {
  async function authorised(amount = 10_000) {
    const { bookingId, userId, spaceId } = await aBooking();
    const provider = localProvider(database.db);
    const made = await provider.createIntent({ bookingId, userId, spaceId, amount, currency: "USD", callId: crypto.randomUUID(), captureMethod: "manual" }, key("create"), NOW);
    const paid = await provider.confirmCard(made.id, TEST_CARD, NOW);
    return { provider, intent: paid };
  }

  it("the payment of a manual-capture intent authorises it: requires_capture, no charge yet", async () => {
    const { intent } = await authorised();
    expect(intent).toMatchObject({ status: "requires_capture", latestCharge: null, amount: 10_000, card: { brand: "visa", last4: "4242" } });
  });

  it("capture charges it once: succeeded with the captured amount and a charge; the same call again returns it", async () => {
    const { provider, intent } = await authorised();
    const captureKey = key("capture");
    const captured = await provider.captureIntent(intent.id, 10_000, captureKey, NOW);
    expect(captured).toMatchObject({ status: "succeeded", amount: 10_000 });
    expect(captured.latestCharge).toMatch(/^ch_/);
    expect(await provider.captureIntent(intent.id, 10_000, captureKey, NOW)).toEqual(captured);
  });

  it("captures less than authorised; never more", async () => {
    const { provider, intent } = await authorised();
    await expect(provider.captureIntent(intent.id, 10_001, key("capture"), NOW)).rejects.toMatchObject({ retryable: false });
    expect(await provider.captureIntent(intent.id, 6_000, key("capture"), NOW)).toMatchObject({ status: "succeeded", amount: 6_000 });
  });

  it("cancel releases an authorisation; a cancelled or unpaid intent cannot be captured (refused for good)", async () => {
    const { provider, intent } = await authorised();
    expect(await provider.cancelIntent(intent.id, key("cancel"), NOW)).toMatchObject({ status: "canceled" });
    const refused = await provider.captureIntent(intent.id, 10_000, key("capture"), NOW).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ProviderError);
    expect(refused).toMatchObject({ retryable: false });

    const { bookingId, userId, spaceId } = await aBooking();
    const unpaid = await provider.createIntent({ bookingId, userId, spaceId, amount: 500, currency: "USD", callId: crypto.randomUUID(), captureMethod: "manual" }, key("create"), NOW);
    await expect(provider.captureIntent(unpaid.id, 500, key("capture"), NOW)).rejects.toMatchObject({ retryable: false });
  });

  it("an automatic intent is charged by the payment as before", async () => {
    const { bookingId, userId, spaceId } = await aBooking();
    const provider = localProvider(database.db);
    const made = await provider.createIntent({ bookingId, userId, spaceId, amount: 700, currency: "USD", callId: crypto.randomUUID() }, key("create"), NOW);
    expect(await provider.confirmCard(made.id, TEST_CARD, NOW)).toMatchObject({ status: "succeeded" });
  });

  it("fault injection covers captureIntent: a lost answer captured once, the retry gets it", async () => {
    const { provider, intent } = await authorised();
    const captureKey = key("capture");
    injectLocalFault({ call: "captureIntent", mode: "lose-answer" });
    await expect(provider.captureIntent(intent.id, 10_000, captureKey, NOW)).rejects.toMatchObject({ retryable: true });
    expect(await provider.retrieveIntent(intent.id, NOW)).toMatchObject({ status: "succeeded", amount: 10_000 });
    injectLocalFault({ call: "captureIntent", mode: "timeout" });
    await expect(provider.captureIntent(intent.id, 10_000, captureKey, NOW)).rejects.toMatchObject({ retryable: true });
    expect(await provider.captureIntent(intent.id, 10_000, captureKey, NOW)).toMatchObject({ status: "succeeded", amount: 10_000 });
  });
});

describe("Stripe", () => {
  const provider: PaymentProvider = stripeProvider;
  const input = (amount = 10_000) => ({ bookingId: crypto.randomUUID(), userId: crypto.randomUUID(), spaceId: crypto.randomUUID(), amount, currency: "USD", callId: crypto.randomUUID(), captureMethod: "manual" as const });

  async function authorised(amount = 10_000) {
    const made = await provider.createIntent(input(amount), key("create"), NOW);
    fake.succeed(made.id);
    return provider.retrieveIntent(made.id, NOW);
  }

  it("creates the intent with capture_method manual; the card's authorisation is requires_capture", async () => {
    const intent = await authorised();
    expect(fake.intents.get(intent.id)!.capture_method).toBe("manual");
    expect(intent.status).toBe("requires_capture");
    expect(fake.charges.get(intent.latestCharge!)!.captured).toBe(false);
  });

  it("an automatic intent still asks Stripe's default", async () => {
    const made = await provider.createIntent({ ...input(), captureMethod: undefined }, key("create"), NOW);
    expect(fake.intents.get(made.id)!.capture_method).not.toBe("manual");
  });

  it("captures with the idempotency key: a lost answer's retry gets the first capture, one charge captured", async () => {
    const intent = await authorised();
    const captureKey = key("capture");
    fake.inject({ method: "POST", path: "payment_intents/:id/capture", mode: "lose-answer" });
    // The SDK retries the reset connection itself with the same key (maxNetworkRetries): the stored answer.
    const captured = await provider.captureIntent(intent.id, 10_000, captureKey, NOW);
    expect(captured).toMatchObject({ status: "succeeded", amount: 10_000 });
    const requests = fake.requestsTo("POST", `/v1/payment_intents/${intent.id}/capture`);
    expect(requests.every((request) => request.idempotencyKey === captureKey)).toBe(true);
    expect(await provider.captureIntent(intent.id, 10_000, captureKey, NOW)).toMatchObject({ status: "succeeded" });
    // Another key on a captured intent: Stripe refuses, the intent as it is is the answer.
    expect(await provider.captureIntent(intent.id, 10_000, key("capture"), NOW)).toMatchObject({ status: "succeeded", amount: 10_000 });
    expect(fake.charges.get(captured.latestCharge!)).toMatchObject({ captured: true, amount: 10_000 });
  });

  it("a partial capture answers the captured amount", async () => {
    const intent = await authorised();
    expect(await provider.captureIntent(intent.id, 4_000, key("capture"), NOW)).toMatchObject({ status: "succeeded", amount: 4_000 });
  });

  it("cancel releases the authorisation; capturing a cancelled intent is refused for good", async () => {
    const intent = await authorised();
    expect(await provider.cancelIntent(intent.id, key("cancel"), NOW)).toMatchObject({ status: "canceled" });
    const refused = await provider.captureIntent(intent.id, 10_000, key("capture"), NOW).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ProviderError);
    expect(refused).toMatchObject({ retryable: false });
  });
});
