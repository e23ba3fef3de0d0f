import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { localPaymentIntents, payouts, webhookEvents } from "~/db/schema/bookings";
import { stripePayoutProvider } from "~/features/payouts/stripe-payouts.server";
import type * as DbModule from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { bookingScenario } from "../../../tests/factories/bookings";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { StripeTestServer } from "../../../tests/stripe/stripe-test-server";

/**
 * The Stripe provider through the real `stripe` SDK, pointed at the local
 * Stripe-compatible server (tests/stripe/stripe-test-server.ts), and its webhooks
 * through the route with signatures made by stripe.webhooks.generateTestHeaderString.
 * Runs on PGlite, and on PostgreSQL with TEST_DB_ENGINE=postgres.
 */
const state = vi.hoisted(() => ({ database: undefined as undefined | { db: unknown } }));
vi.mock("~/lib/db.server", async (original) => ({
  ...(await original<typeof DbModule>()),
  getDb: async () => state.database!.db,
}));

const webhookRoute = await import("./api.stripe-webhook");
const intentRoute = await import("./api.payment-intent");
const confirmationRoute = await import("./booking-confirmation");

const WEBHOOK_SECRET = "whsec_rentwell_test_secret";
const NOW = "2026-06-01T12:00:00.000Z";
const SETTINGS = ["PAYMENT_PROVIDER", "STRIPE_SECRET_KEY", "STRIPE_PUBLISHABLE_KEY", "STRIPE_WEBHOOK_SECRET", "STRIPE_API_URL", "TEST_CLOCK"] as const;
const saved: Partial<Record<(typeof SETTINGS)[number], string | undefined>> = {};

let database: TestDatabase;
let fake: StripeTestServer;
const signer = new Stripe("sk_test_signer_only");

beforeAll(async () => {
  fake = await new StripeTestServer().start();
  for (const name of SETTINGS) saved[name] = process.env[name];
  Object.assign(process.env, {
    PAYMENT_PROVIDER: "stripe",
    STRIPE_SECRET_KEY: fake.secretKey,
    STRIPE_PUBLISHABLE_KEY: "pk_test_rentwell_local",
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: fake.url,
    TEST_CLOCK: "1",
  });
  resetEnvCache();
  database = await createTestDatabase();
  state.database = database;
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

const scenario = () => bookingScenario(database.db, { now: NOW });

type Delivery = { status: number; body: Record<string, unknown> };

/** Delivers an event as Stripe would: raw JSON, signed now (or at `timestamp`, in seconds). */
async function deliver(event: object, options: { secret?: string; timestamp?: number; signature?: string | null; now?: Date } = {}): Promise<Delivery> {
  const payload = JSON.stringify(event);
  const signature =
    options.signature !== undefined
      ? options.signature
      : signer.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? WEBHOOK_SECRET, ...(options.timestamp ? { timestamp: options.timestamp } : {}) });
  const headers: Record<string, string> = { "Content-Type": "application/json", "X-Test-Now": (options.now ?? new Date(NOW)).toISOString() };
  if (signature !== null) headers["Stripe-Signature"] = signature;
  const request = new Request("http://localhost/api/webhooks/stripe", { method: "POST", body: payload, headers });
  const response = (await webhookRoute.action({ request, params: {}, context: {} as never, unstable_pattern: "" } as never)) as Response;
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function booked(s: Awaited<ReturnType<typeof scenario>>, hour = 10) {
  const hold = await s.book(s.guest, { date: "2026-06-10", hour, hours: 2 });
  const intent = await s.intent(hold.bookingId);
  return { hold, intentId: intent.id };
}

const handledEvents = async () => (await database.db.select().from(webhookEvents)).length;

describe("creating the payment", () => {
  it("creates a PaymentIntent once per booking, with an idempotency key, booking metadata and the booking's transfer group", async () => {
    const s = await scenario();
    const { hold, intentId } = await booked(s);
    const remote = fake.intents.get(intentId)!;
    expect(remote).toMatchObject({
      amount: 11000,
      currency: "usd",
      transfer_group: hold.bookingId,
      metadata: { booking_id: hold.bookingId, guest_id: s.guest.id, space_id: s.space.id },
      automatic_payment_methods: { enabled: true },
    });
    expect(hold.clientSecret).toBe(remote.client_secret);
    const created = fake.requestsTo("POST", "/v1/payment_intents").find((request) => (request.params.metadata as Record<string, string>).booking_id === hold.bookingId)!;
    expect(created.idempotencyKey).toBe(`booking-intent:${hold.bookingId}`);
    const mirror = await s.intent(hold.bookingId);
    expect(mirror).toMatchObject({ provider: "stripe", status: "requires_payment_method", amount: 11000, currency: "USD" });
    expect((await s.booking(hold.bookingId)).paymentIntentId).toBe(intentId);
  });

  it("tells the payment step to use Stripe Elements with the publishable key", async () => {
    const s = await scenario();
    const { sessionCookieFor } = await import("../../../tests/factories/users");
    const cookie = await sessionCookieFor(database.db, s.guest.id);
    // The route reads its clock from X-Test-Now (TEST_CLOCK=1).
    const request = new Request("http://localhost/api/bookings/payment-intent", {
      method: "POST",
      body: JSON.stringify(s.request({ date: "2026-06-20", hour: 10 })),
      headers: { "Content-Type": "application/json", cookie, "Idempotency-Key": crypto.randomUUID(), "X-Test-Now": NOW },
    });
    const response = (await intentRoute.action({ request, params: {}, context: {} as never, unstable_pattern: "" } as never)) as Response;
    const answer = (await response.json()) as Record<string, unknown>;
    expect(response.status).toBe(200);
    expect(answer).toMatchObject({ provider: "stripe", publishableKey: "pk_test_rentwell_local" });
    expect(String(answer.clientSecret)).toMatch(/^pi_\w+_secret_\w+$/);
  });
});

describe("the payment's outcome comes from Stripe, never from the browser", () => {
  it("payment_intent.succeeded confirms the booking once; the same event again, or a new copy of it, changes nothing", async () => {
    const s = await scenario();
    const { hold, intentId } = await booked(s);
    // The browser claiming success proves nothing: Stripe still says requires_payment_method.
    expect((await s.outcome(s.guest, hold.clientSecret))?.outcome).toBe("failed");
    expect((await s.booking(hold.bookingId)).status).toBe("pending_payment");

    const charge = fake.succeed(intentId);
    const event = fake.event("payment_intent.succeeded", fake.intents.get(intentId)!);
    const before = await handledEvents();
    expect(await deliver(event)).toEqual({ status: 200, body: { received: true } });
    expect((await s.booking(hold.bookingId)).status).toBe("confirmed");
    expect((await s.calendar()).map((row) => row.kind)).toEqual(["booking"]);
    expect(await s.intent(hold.bookingId)).toMatchObject({ status: "succeeded", latestCharge: charge.id });
    expect((await s.ledger(hold.bookingId)).map((row) => [row.provider, row.status, row.amount])).toEqual([["stripe", "succeeded", 11000]]);

    expect(await deliver(event)).toEqual({ status: 200, body: { received: true, ignored: "duplicate" } });
    expect(await deliver(fake.event("payment_intent.succeeded", fake.intents.get(intentId)!))).toEqual({ status: 200, body: { received: true } });
    expect(await handledEvents()).toBe(before + 2);
    expect((await s.ledger(hold.bookingId)).map((row) => row.status)).toEqual(["succeeded"]);
    expect((await s.outcome(s.guest, hold.clientSecret))?.outcome).toBe("confirmed");
  });

  it("the return URL alone settles a paid booking by retrieving the intent (a webhook later changes nothing)", async () => {
    const s = await scenario();
    const { hold, intentId } = await booked(s, 13);
    fake.succeed(intentId);
    const retrievesBefore = fake.requestsTo("GET", `/v1/payment_intents/${intentId}`).length;
    expect(await s.outcome(s.guest, hold.clientSecret)).toMatchObject({ status: "succeeded", outcome: "confirmed" });
    expect(fake.requestsTo("GET", `/v1/payment_intents/${intentId}`).length).toBe(retrievesBefore + 1);
    expect(await s.outcome(s.otherGuest, hold.clientSecret)).toBeNull();
    await deliver(fake.event("payment_intent.succeeded", fake.intents.get(intentId)!));
    expect((await s.booking(hold.bookingId)).status).toBe("confirmed");
    expect((await s.ledger(hold.bookingId)).map((row) => row.status)).toEqual(["succeeded"]);
  });

  it("payment_intent.payment_failed leaves the slot held, shows Stripe's message, and a later success still confirms", async () => {
    const s = await scenario();
    const { hold, intentId } = await booked(s, 15);
    fake.fail(intentId, "Your card has insufficient funds.");
    expect((await deliver(fake.event("payment_intent.payment_failed", fake.intents.get(intentId)!))).status).toBe(200);
    expect((await s.booking(hold.bookingId)).status).toBe("pending_payment");
    expect(await s.intent(hold.bookingId)).toMatchObject({ status: "requires_payment_method", lastErrorMessage: "Your card has insufficient funds." });
    expect((await s.ledger(hold.bookingId)).map((row) => [row.status, row.failureMessage])).toEqual([["failed", "Your card has insufficient funds."]]);
    expect((await s.outcome(s.guest, hold.clientSecret))?.outcome).toBe("failed");

    fake.succeed(intentId);
    await deliver(fake.event("payment_intent.succeeded", fake.intents.get(intentId)!));
    expect((await s.booking(hold.bookingId)).status).toBe("confirmed");
    expect((await s.ledger(hold.bookingId)).map((row) => row.status)).toEqual(["succeeded"]);
  });

  it("processing, then succeeded; a processing or failed event arriving after the success changes nothing", async () => {
    const s = await scenario();
    const { hold, intentId } = await booked(s, 17);
    fake.process(intentId);
    const processing = fake.event("payment_intent.processing", { ...fake.intents.get(intentId)! });
    await deliver(processing);
    expect(await s.intent(hold.bookingId)).toMatchObject({ status: "processing" });
    expect((await s.booking(hold.bookingId)).status).toBe("pending_payment");
    expect((await s.outcome(s.guest, hold.clientSecret))?.outcome).toBe("processing");

    fake.succeed(intentId);
    await deliver(fake.event("payment_intent.succeeded", fake.intents.get(intentId)!));
    expect((await s.booking(hold.bookingId)).status).toBe("confirmed");
    // Reordered and stale deliveries: an older processing copy, a failure for the same intent.
    await deliver(fake.event("payment_intent.processing", processing.data.object));
    await deliver(fake.event("payment_intent.payment_failed", { ...fake.intents.get(intentId)!, status: "requires_payment_method" }));
    expect(await s.intent(hold.bookingId)).toMatchObject({ status: "succeeded", lastErrorMessage: null });
    expect((await s.booking(hold.bookingId)).status).toBe("confirmed");
    expect((await s.ledger(hold.bookingId)).map((row) => [row.status, row.amount])).toEqual([["succeeded", 11000]]);
  });

  it("the confirmation page reads Stripe's return URL parameters and asks Stripe, whatever redirect_status claims", async () => {
    const s = await scenario();
    const { hold, intentId } = await booked(s, 18);
    const { sessionCookieFor } = await import("../../../tests/factories/users");
    const cookie = await sessionCookieFor(database.db, s.guest.id);
    const page = async () => {
      const url = `http://localhost/booking-confirmation?payment_intent=${intentId}&payment_intent_client_secret=${encodeURIComponent(hold.clientSecret)}&redirect_status=succeeded`;
      const request = new Request(url, { headers: { cookie, "X-Test-Now": NOW } });
      return confirmationRoute.loader({ request, params: {}, context: {} as never, unstable_pattern: "" } as never);
    };
    // 3-D Secure abandoned: Stripe says the intent still needs a payment method.
    expect((await page()).outcome).toBe("failed");
    fake.succeed(intentId);
    expect(await page()).toEqual({ outcome: "confirmed", amount: { paid: 11000, refunded: null, currency: "USD" } });
    expect((await s.booking(hold.bookingId)).status).toBe("confirmed");
  });

  it("a payment that succeeds after its hold lapsed and the slot was taken is refunded in full through Stripe", async () => {
    const s = await scenario();
    const first = await booked(s, 19);
    s.advance(16 * 60_000);
    const second = await s.book(s.otherGuest, { date: "2026-06-10", hour: 19, hours: 2 });
    expect(second.bookingId).not.toBe(first.hold.bookingId);
    fake.succeed(first.intentId);
    await deliver(fake.event("payment_intent.succeeded", fake.intents.get(first.intentId)!), { now: s.now });
    expect(await s.booking(first.hold.bookingId)).toMatchObject({ status: "expired", refundAmount: 11000 });
    expect(fake.charges.get(fake.intents.get(first.intentId)!.latest_charge!)!.amount_refunded).toBe(11000);
    await deliver(fake.event("payment_intent.succeeded", fake.intents.get(first.intentId)!), { now: s.now });
    expect(fake.requestsTo("POST", "/v1/refunds").filter((request) => request.params.payment_intent === first.intentId)).toHaveLength(1);
    expect((await s.outcome(s.guest, first.hold.clientSecret))?.outcome).toBe("refunded");
  });

  it("ignores events about intents it never created", async () => {
    const foreign = { id: "pi_from_another_integration", object: "payment_intent", status: "succeeded" };
    expect(await deliver(fake.event("payment_intent.succeeded", foreign))).toEqual({ status: 200, body: { received: true } });
  });
});

describe("refunds", () => {
  it("a cancellation refunds through Stripe with an idempotency key; charge.refunded, its replays and a reordered success count it once", async () => {
    const s = await scenario();
    const { hold, intentId } = await booked(s, 11);
    const charge = fake.succeed(intentId);
    const succeeded = fake.event("payment_intent.succeeded", fake.intents.get(intentId)!);
    await deliver(succeeded);

    const cancelled = await s.cancel(s.guest, hold.bookingId);
    expect(cancelled).toEqual({ ok: true, refundMinor: 10000 });
    const refundCalls = fake.requestsTo("POST", "/v1/refunds").filter((request) => request.params.payment_intent === intentId);
    expect(refundCalls.map((request) => [request.params.amount, request.idempotencyKey])).toEqual([["10000", `refund:${intentId}:10000`]]);
    expect(fake.charges.get(charge.id)!.amount_refunded).toBe(10000);
    expect(await s.intent(hold.bookingId)).toMatchObject({ amountRefunded: 10000 });

    const refunded = fake.event("charge.refunded", fake.charges.get(charge.id)!);
    await deliver(refunded);
    await deliver(refunded);
    await deliver(fake.event("charge.refunded", fake.charges.get(charge.id)!));
    // A success delivered late, after the refund: the cancelled booking stays cancelled.
    await deliver(fake.event("payment_intent.succeeded", fake.intents.get(intentId)!));
    await deliver(succeeded);
    expect(await s.intent(hold.bookingId)).toMatchObject({ status: "succeeded", amountRefunded: 10000 });
    const booking = await s.booking(hold.bookingId);
    expect(booking).toMatchObject({ status: "cancelled", refundAmount: 10000 });
    const ledger = await s.ledger(hold.bookingId);
    expect(ledger.map((row) => [row.status, row.amount])).toEqual([
      ["succeeded", 11000],
      ["refunded", 10000],
    ]);
    // A second cancel (another tab) refunds nothing more.
    expect(await s.cancel(s.guest, hold.bookingId)).toMatchObject({ ok: false, status: 409 });
    expect(fake.requestsTo("POST", "/v1/refunds").filter((request) => request.params.payment_intent === intentId)).toHaveLength(1);
  });

  it("records a refund made in Stripe's dashboard when charge.refunded arrives, once", async () => {
    const s = await scenario();
    const { hold, intentId } = await booked(s, 12);
    const charge = fake.succeed(intentId);
    await deliver(fake.event("payment_intent.succeeded", fake.intents.get(intentId)!));
    const refund = fake.dashboardRefund(intentId, 2500);
    const event = fake.event("charge.refunded", fake.charges.get(charge.id)!);
    await deliver(event);
    await deliver(fake.event("charge.refunded", fake.charges.get(charge.id)!));
    expect(await s.intent(hold.bookingId)).toMatchObject({ amountRefunded: 2500 });
    expect((await s.ledger(hold.bookingId)).map((row) => [row.providerPaymentId, row.status, row.amount])).toEqual([
      [intentId, "succeeded", 11000],
      [refund.id, "refunded", 2500],
    ]);
  });
});

describe("forged and replayed deliveries", () => {
  it("refuses a bad signature, another secret, a missing header and a timestamp older than 300 s with 400, changing nothing", async () => {
    const s = await scenario();
    const { hold, intentId } = await booked(s, 14);
    fake.succeed(intentId);
    const event = fake.event("payment_intent.succeeded", fake.intents.get(intentId)!);
    const before = await handledEvents();
    const old = Math.floor(Date.now() / 1000) - 301;
    for (const options of [{ secret: "whsec_someone_else" }, { signature: "t=1,v1=deadbeef" }, { signature: null }, { timestamp: old }]) {
      expect(await deliver(event, options)).toEqual({ status: 400, body: { error: "Invalid Stripe signature." } });
    }
    expect(await handledEvents()).toBe(before);
    expect((await s.booking(hold.bookingId)).status).toBe("pending_payment");
    // A body changed after signing fails too.
    const payload = JSON.stringify(event);
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const tampered = new Request("http://localhost/api/webhooks/stripe", { method: "POST", body: payload.replace("succeeded", "succeeded "), headers: { "Stripe-Signature": signature } });
    expect(((await webhookRoute.action({ request: tampered, params: {}, context: {} as never, unstable_pattern: "" } as never)) as Response).status).toBe(400);
    // Within the tolerance the same event is accepted.
    expect((await deliver(event, { timestamp: Math.floor(Date.now() / 1000) - 250 })).status).toBe(200);
    expect((await s.booking(hold.bookingId)).status).toBe("confirmed");
  });

  it("answers 500 when Stripe cannot be asked, without marking the event handled, so Stripe's retry confirms the booking", async () => {
    const s = await scenario();
    const { hold, intentId } = await booked(s, 9);
    fake.succeed(intentId);
    const event = fake.event("payment_intent.succeeded", fake.intents.get(intentId)!);
    for (let attempt = 0; attempt < 3; attempt++) fake.failNext("GET", `/v1/payment_intents/${intentId}`, 503, "Stripe is unavailable.", "api_error");
    expect((await deliver(event)).status).toBe(500);
    expect((await s.booking(hold.bookingId)).status).toBe("pending_payment");
    expect(await deliver(event)).toEqual({ status: 200, body: { received: true } });
    expect((await s.booking(hold.bookingId)).status).toBe("confirmed");
  });

  it("answers an event type it does not handle with 200, and a too-large body with 413", async () => {
    expect(await deliver(fake.event("customer.created", { id: "cus_1", object: "customer" }))).toEqual({ status: 200, body: { received: true, ignored: "unhandled" } });
    const huge = new Request("http://localhost/api/webhooks/stripe", { method: "POST", body: "x".repeat(300 * 1024), headers: { "Stripe-Signature": "t=1,v1=x" } });
    expect(((await webhookRoute.action({ request: huge, params: {}, context: {} as never, unstable_pattern: "" } as never)) as Response).status).toBe(413);
  });
});

describe("Stripe Connect payouts", () => {
  it("opens an Express account once per host, links to Stripe's onboarding and reads the account's state from the API", async () => {
    const s = await scenario();
    const first = await stripePayoutProvider.createAccount({ hostId: s.host.id, email: "host@example.test" });
    const again = await stripePayoutProvider.createAccount({ hostId: s.host.id, email: "host@example.test" });
    expect(again.accountId).toBe(first.accountId);
    expect(fake.accounts.get(first.accountId)).toMatchObject({ type: "express", metadata: { host_id: s.host.id } });
    const link = await stripePayoutProvider.onboardingLink({ accountId: first.accountId, returnUrl: "http://localhost/dashboard/payouts/return", refreshUrl: "http://localhost/dashboard/payouts/refresh" });
    expect(link.url).toMatch(/^https:\/\/connect\.stripe\.com\//);
    const before = await stripePayoutProvider.retrieveAccount(first.accountId);
    expect(before).toMatchObject({ detailsSubmitted: false, payoutsEnabled: false });
    expect(before.currentlyDue.length).toBeGreaterThan(0);
    fake.completeAccount(first.accountId);
    expect(await stripePayoutProvider.retrieveAccount(first.accountId)).toEqual({ detailsSubmitted: true, payoutsEnabled: true, currentlyDue: [] });
    // account.updated is read back from the API, whatever the event's copy says.
    expect(await deliver(fake.event("account.updated", { id: first.accountId, object: "account", details_submitted: false }))).toEqual({ status: 200, body: { received: true } });
    expect(fake.requestsTo("GET", `/v1/accounts/${first.accountId}`).length).toBe(3);
  });

  it("transfers the host's share from the booking's charge once per idempotency key; transfer.reversed marks the payout", async () => {
    const s = await scenario();
    const { hold, intentId } = await booked(s, 16);
    const charge = fake.succeed(intentId);
    await deliver(fake.event("payment_intent.succeeded", fake.intents.get(intentId)!));
    const { bookingChargeId } = await import("~/features/bookings/stripe-provider.server");
    expect(await bookingChargeId(database.db, hold.bookingId)).toBe(charge.id);
    const { accountId } = await stripePayoutProvider.createAccount({ hostId: s.host.id, email: "host2@example.test" });
    fake.completeAccount(accountId);
    const [payout] = await database.db
      .insert(payouts)
      .values({ bookingId: hold.bookingId, hostId: s.host.id, amount: 10000, currency: "USD", releaseAt: new Date("2026-06-11T14:00:00Z") })
      .returning();
    const input = {
      accountId,
      amount: 10000,
      currency: "USD",
      idempotencyKey: `payout:${payout!.id}`,
      transferGroup: hold.bookingId,
      sourceTransaction: charge.id,
      metadata: { bookingId: hold.bookingId, payoutId: payout!.id },
    };
    const first = await stripePayoutProvider.transfer(input);
    // A crash after Stripe moved the money but before the payout row was updated: the retry moves nothing more.
    const retry = await stripePayoutProvider.transfer(input);
    expect(retry.transferId).toBe(first.transferId);
    expect(fake.transfers.size).toBe(1);
    expect(fake.transfers.get(first.transferId)).toMatchObject({ amount: 10000, currency: "usd", destination: accountId, transfer_group: hold.bookingId, source_transaction: charge.id, metadata: { booking_id: hold.bookingId, payout_id: payout!.id } });
    await database.db.update(payouts).set({ status: "paid", providerTransferId: first.transferId }).where(eq(payouts.id, payout!.id));

    const reversed = fake.reverseTransfer(first.transferId);
    const event = fake.event("transfer.reversed", reversed);
    expect((await deliver(event)).status).toBe(200);
    expect(await deliver(event)).toEqual({ status: 200, body: { received: true, ignored: "duplicate" } });
    const [row] = await database.db.select().from(payouts).where(eq(payouts.id, payout!.id));
    expect(row).toMatchObject({ status: "failed", failureMessage: "The transfer was reversed" });
  });

  it("a transfer Stripe refuses surfaces as an error for the payout job to retry", async () => {
    const s = await scenario();
    const { accountId } = await stripePayoutProvider.createAccount({ hostId: s.host.id, email: "host3@example.test" });
    fake.completeAccount(accountId);
    fake.failNext("POST", "/v1/transfers");
    const input = { accountId, amount: 500, currency: "EUR", idempotencyKey: `payout:${crypto.randomUUID()}`, transferGroup: "group", sourceTransaction: null, metadata: { bookingId: "b", payoutId: "p" } };
    await expect(stripePayoutProvider.transfer(input)).rejects.toThrow("Insufficient funds in Stripe account.");
  });
});

describe("the mirror", () => {
  it("keeps Stripe intents apart from the built-in processor's", async () => {
    const rows = await database.db.select({ provider: localPaymentIntents.provider }).from(localPaymentIntents);
    expect(new Set(rows.map((row) => row.provider))).toEqual(new Set(["stripe"]));
  });
});
