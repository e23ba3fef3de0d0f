import { and, eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { bookings, localPaymentIntents, payouts, providerCalls, webhookEvents } from "~/db/schema/bookings";
import { bookingDeposits } from "~/db/schema/deposits";
import { emailOutbox } from "~/db/schema/mail";
import { ledgerEntries } from "~/db/schema/payouts";
import { answerClaim, openClaim } from "~/features/bookings/deposits.server";
import { connectPayoutAccount, getPayoutAccount, payoutAccountState, runPayouts } from "~/features/payouts/payouts.server";
import { payoutProvider } from "~/features/payments/payout-provider.server";
import { reconcile } from "~/features/payouts/reconcile.server";
import type * as DbModule from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { bookingScenario } from "../../../tests/factories/bookings";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { StripeTestServer } from "../../../tests/stripe/stripe-test-server";
import { apiFetch } from "../../../tests/setup/api-layer";

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
      // Cards only by default (STRIPE_DELAYED_METHODS off): a payment is decided within the hold.
      allowed_payment_method_types: ["card"],
    });
    expect(hold.clientSecret).toBe(remote.client_secret);
    const created = fake.requestsTo("POST", "/v1/payment_intents").find((request) => (request.params.metadata as Record<string, string>).booking_id === hold.bookingId)!;
    // The key is the recorded provider call's (issue #25): a retry of the same call gets Stripe's first answer.
    const [call] = await database.db.select().from(providerCalls).where(and(eq(providerCalls.bookingId, hold.bookingId), eq(providerCalls.kind, "create_intent")));
    expect(call).toMatchObject({ status: "succeeded", providerReference: intentId });
    expect(created.idempotencyKey).toBe(`rentwell-create-intent-${call!.id}`);
    expect(created.params.metadata).toMatchObject({ provider_call_id: call!.id });
    const mirror = await s.intent(hold.bookingId);
    expect(mirror).toMatchObject({ provider: "stripe", status: "requires_payment_method", amount: 11000, currency: "USD" });
    expect((await s.booking(hold.bookingId)).paymentIntentId).toBe(intentId);
  });

  it("when Stripe cannot make the PaymentIntent, the request fails, the slot is free again and the checkout is abandoned; the same key can retry", async () => {
    const s = await scenario();
    const key = crypto.randomUUID();
    const body = s.request({ date: "2026-06-12", hour: 10 });
    fake.failNext("POST", "/v1/payment_intents", 500, "Stripe is unavailable.", "api_error");
    fake.failNext("POST", "/v1/payment_intents", 500, "Stripe is unavailable.", "api_error");
    fake.failNext("POST", "/v1/payment_intents", 500, "Stripe is unavailable.", "api_error");
    await expect(s.hold(s.guest, body, key)).rejects.toThrow();
    expect(await s.calendar()).toEqual([]);
    // The checkout is abandoned (the booking process's `abandon`): expired, with its recorded call failed.
    const abandoned = await database.db.select().from(bookings).where(eq(bookings.spaceId, s.space.id));
    expect(abandoned.map((row) => [row.status, row.endedReason])).toEqual([["expired", "intent_failed"]]);
    const [failedCall] = await database.db.select().from(providerCalls).where(eq(providerCalls.bookingId, abandoned[0]!.id));
    expect(failedCall).toMatchObject({ kind: "create_intent", status: "failed" });
    // Another guest can take the slot at once, and the first guest's retry with the same key is a new attempt.
    const retried = await s.hold(s.guest, body, key);
    expect(retried).toMatchObject({ ok: true });
    expect(await s.hold(s.otherGuest, s.request({ date: "2026-06-12", hour: 10 }))).toMatchObject({ ok: false, code: "slot_taken" });
  });

  it("tells the payment step to use Stripe Elements with the publishable key", async () => {
    const s = await scenario();
    const { sessionCookieFor } = await import("../../../tests/factories/users");
    const cookie = await sessionCookieFor(database.db, s.guest.id);
    // The API layer reads the clock from X-Test-Now (TEST_CLOCK=1).
    const request = new Request("http://localhost/api/bookings/payment-intent", {
      method: "POST",
      body: JSON.stringify(s.request({ date: "2026-06-20", hour: 10 })),
      headers: { "Content-Type": "application/json", cookie, "Idempotency-Key": crypto.randomUUID(), "X-Test-Now": NOW },
    });
    const response = await apiFetch(request);
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
    expect(await page()).toEqual({ outcome: "confirmed", amount: { paid: 11000, refunded: null, currency: "USD" }, request: null });
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
    const [refundCall] = await database.db.select().from(providerCalls).where(and(eq(providerCalls.bookingId, hold.bookingId), eq(providerCalls.kind, "refund")));
    expect(refundCall).toMatchObject({ status: "succeeded", amount: 10000, reason: "guest_cancel" });
    expect(refundCalls.map((request) => [request.params.amount, request.idempotencyKey])).toEqual([["10000", `rentwell-refund-${refundCall!.id}-10000`]]);
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
    expect(await s.cancel(s.guest, hold.bookingId)).toMatchObject({ ok: false, code: "not_allowed" });
    expect(fake.requestsTo("POST", "/v1/refunds").filter((request) => request.params.payment_intent === intentId)).toHaveLength(1);
  });

  it("records a refund made in Stripe's dashboard when charge.refunded arrives, once, and takes it from the host's scheduled payout", async () => {
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
    // The money ledger holds it once; the host's payout shrinks by it in the same transaction, so money:check is clean.
    const refundsInLedger = await database.db.select().from(ledgerEntries).where(and(eq(ledgerEntries.bookingId, hold.bookingId), eq(ledgerEntries.kind, "refund")));
    expect(refundsInLedger.map((row) => [row.providerReference, row.amount])).toEqual([[refund.id, 2500]]);
    expect(await s.booking(hold.bookingId)).toMatchObject({ status: "confirmed", refundAmount: 2500 });
    const [payout] = await database.db.select().from(payouts).where(eq(payouts.bookingId, hold.bookingId));
    expect(payout).toMatchObject({ status: "scheduled", amount: 10000 - 2500 });
    const check = await reconcile(database.db);
    expect(check.differences.map((difference) => difference.bookingId)).not.toContain(hold.bookingId);
  });
});

describe("disputes", () => {
  it("charge.dispute.created holds the payout; a lost dispute is a platform loss and a won one releases the payout; repeats change nothing", async () => {
    const lost = await scenario();
    const won = await scenario();
    const cases = [] as { s: typeof lost; bookingId: string; intentId: string; disputeId: string }[];
    for (const [s, hour] of [[lost, 13], [won, 14]] as const) {
      const { hold, intentId } = await booked(s, hour);
      fake.succeed(intentId);
      await deliver(fake.event("payment_intent.succeeded", fake.intents.get(intentId)!));
      const dispute = fake.openDispute(intentId);
      const opened = fake.event("charge.dispute.created", dispute);
      expect((await deliver(opened)).status).toBe(200);
      await deliver(opened);
      expect(await s.booking(hold.bookingId)).toMatchObject({ status: "disputed" });
      const [payout] = await database.db.select().from(payouts).where(eq(payouts.bookingId, hold.bookingId));
      expect(payout).toMatchObject({ status: "held", amount: 10000 });
      cases.push({ s, bookingId: hold.bookingId, intentId, disputeId: dispute.id });
    }
    // The host cannot be paid while the dispute is open, even after the payout's release.
    const after = new Date(Date.parse(NOW) + 30 * 24 * 3_600_000);
    await runPayouts(database.db, after);
    for (const c of cases) expect((await database.db.select().from(payouts).where(eq(payouts.bookingId, c.bookingId)))[0]!.status).toBe("held");

    const [l, w] = cases as [(typeof cases)[0], (typeof cases)[0]];
    const closedLost = fake.event("charge.dispute.closed", fake.closeDispute(l.disputeId, "lost"));
    await deliver(closedLost);
    await deliver(closedLost);
    await deliver(fake.event("charge.dispute.closed", fake.closeDispute(w.disputeId, "won")));
    // Back to the state before the dispute; the payout waits for its release again.
    expect(await l.s.booking(l.bookingId)).toMatchObject({ status: "confirmed" });
    expect(await w.s.booking(w.bookingId)).toMatchObject({ status: "confirmed" });
    const losses = await database.db.select().from(ledgerEntries).where(and(eq(ledgerEntries.bookingId, l.bookingId), eq(ledgerEntries.kind, "dispute_loss")));
    expect(losses.map((row) => [row.amount, row.providerReference])).toEqual([[11000, "bearer:platform"]]);
    expect(await database.db.select().from(ledgerEntries).where(and(eq(ledgerEntries.bookingId, w.bookingId), eq(ledgerEntries.kind, "dispute_loss")))).toEqual([]);
    for (const c of cases) expect((await database.db.select().from(payouts).where(eq(payouts.bookingId, c.bookingId)))[0]).toMatchObject({ status: "scheduled", amount: 10000 });
    const check = await reconcile(database.db);
    expect(check.differences.filter((d) => d.bookingId === l.bookingId || d.bookingId === w.bookingId)).toEqual([]);
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
  it("opens an Express account once per host, sends the browser to Stripe's onboarding, and account.updated stores the state read back from the API", async () => {
    const s = await scenario();
    const connect = () => connectPayoutAccount(database.db, { hostId: s.host.id, email: "host@example.test", returnUrl: "http://localhost/payouts/return", refreshUrl: "http://localhost/payouts/connect", now: s.now });
    const link = await connect();
    expect(link.url).toMatch(/^https:\/\/connect\.stripe\.com\//);
    const account = (await getPayoutAccount(database.db, s.host.id))!;
    expect(account).toMatchObject({ provider: "stripe", detailsSubmitted: false, payoutsEnabled: false });
    expect(fake.accounts.get(account.providerAccountId)).toMatchObject({ type: "express", metadata: { host_id: s.host.id } });
    const created = fake.requestsTo("POST", "/v1/accounts").find((request) => (request.params.metadata as Record<string, string>).host_id === s.host.id)!;
    expect(created.idempotencyKey).toBe(`connect-account:${s.host.id}`);
    // Coming back (or a second click) makes a new link for the same account.
    await connect();
    expect(fake.accounts.size).toBe(new Set([...fake.accounts.values()].map((a) => a.id)).size);
    expect((await getPayoutAccount(database.db, s.host.id))!.providerAccountId).toBe(account.providerAccountId);
    const linkRequests = fake.requestsTo("POST", "/v1/account_links").filter((request) => request.params.account === account.providerAccountId);
    expect(linkRequests.map((request) => request.params.type)).toEqual(["account_onboarding", "account_onboarding"]);

    // An event whose copy claims completion proves nothing: the API still says incomplete.
    await deliver(fake.event("account.updated", { id: account.providerAccountId, object: "account", details_submitted: true, payouts_enabled: true }));
    expect(payoutAccountState(await getPayoutAccount(database.db, s.host.id))).toBe("incomplete");
    fake.completeAccount(account.providerAccountId);
    const event = fake.event("account.updated", fake.accounts.get(account.providerAccountId)!);
    expect(await deliver(event)).toEqual({ status: 200, body: { received: true } });
    expect(payoutAccountState(await getPayoutAccount(database.db, s.host.id))).toBe("complete");
    expect(await deliver(event)).toEqual({ status: 200, body: { received: true, ignored: "duplicate" } });
  });

  it("pays the host's share after release by a transfer from the booking's charge, once; transfer.reversed takes it back in the ledger once", async () => {
    const s = await scenario();
    await connectPayoutAccount(database.db, { hostId: s.host.id, email: "host2@example.test", returnUrl: "http://localhost/r", refreshUrl: "http://localhost/c", now: s.now });
    const accountId = (await getPayoutAccount(database.db, s.host.id))!.providerAccountId;
    fake.completeAccount(accountId);
    await deliver(fake.event("account.updated", fake.accounts.get(accountId)!));

    const { hold, intentId } = await booked(s, 16);
    const charge = fake.succeed(intentId);
    await deliver(fake.event("payment_intent.succeeded", fake.intents.get(intentId)!));
    const release = (await s.booking(hold.bookingId)).payoutReleaseAt;
    expect((await runPayouts(database.db, new Date(release.getTime() - 1))).paid).toBe(0);
    expect((await runPayouts(database.db, release)).paid).toBe(1);
    expect((await runPayouts(database.db, new Date(release.getTime() + 3_600_000))).paid).toBe(0);
    const transfers = [...fake.transfers.values()].filter((transfer) => transfer.transfer_group === hold.bookingId);
    expect(transfers).toHaveLength(1);
    expect(transfers[0]).toMatchObject({ amount: 10000, currency: "usd", destination: accountId, source_transaction: charge.id });
    const [payout] = await database.db.select().from(payouts).where(eq(payouts.bookingId, hold.bookingId));
    expect(payout).toMatchObject({ status: "paid", providerTransferId: transfers[0]!.id });
    expect(transfers[0]!.metadata).toEqual({ booking_id: hold.bookingId, payout_id: payout!.id });
    const transferCall = fake.requestsTo("POST", "/v1/transfers").find((request) => request.params.transfer_group === hold.bookingId)!;
    expect(transferCall.idempotencyKey).toMatch(new RegExp(`^payout:${payout!.id}:`));

    const reversed = fake.reverseTransfer(transfers[0]!.id, 4000);
    const partly = fake.event("transfer.reversed", { ...reversed });
    await deliver(partly);
    await deliver(partly);
    await deliver(fake.event("transfer.reversed", { ...reversed }));
    fake.reverseTransfer(transfers[0]!.id);
    await deliver(fake.event("transfer.reversed", fake.transfers.get(transfers[0]!.id)!));
    // The older, partial copy arriving last: the API says 10000 reversed, and it is counted once.
    await deliver(fake.event("transfer.reversed", partly.data.object));
    const [after] = await database.db.select().from(payouts).where(eq(payouts.bookingId, hold.bookingId));
    expect(after!.status).toBe("reversed");
    const ledger = await database.db.select().from(ledgerEntries).where(eq(ledgerEntries.bookingId, hold.bookingId));
    expect(ledger.filter((entry) => entry.kind === "reversal").reduce((sum, entry) => sum + entry.amount, 0)).toBe(10000);
    const check = await reconcile(database.db);
    expect(check.differences.filter((difference) => difference.bookingId === hold.bookingId)).toEqual([]);
  });

  it("a transfer Stripe refuses is marked failed for the job to retry later, and paid once on the retry", async () => {
    const s = await scenario();
    await connectPayoutAccount(database.db, { hostId: s.host.id, email: "host3@example.test", returnUrl: "http://localhost/r", refreshUrl: "http://localhost/c", now: s.now });
    const accountId = (await getPayoutAccount(database.db, s.host.id))!.providerAccountId;
    fake.completeAccount(accountId);
    await deliver(fake.event("account.updated", fake.accounts.get(accountId)!));
    const { hold, intentId } = await booked(s, 18);
    fake.succeed(intentId);
    await deliver(fake.event("payment_intent.succeeded", fake.intents.get(intentId)!));
    const release = (await s.booking(hold.bookingId)).payoutReleaseAt;
    fake.failNext("POST", "/v1/transfers");
    expect(await runPayouts(database.db, release)).toMatchObject({ paid: 0, failed: 1 });
    const [failed] = await database.db.select().from(payouts).where(eq(payouts.bookingId, hold.bookingId));
    expect(failed).toMatchObject({ status: "failed", failureMessage: "Insufficient funds in Stripe account." });
    expect((await runPayouts(database.db, new Date(release.getTime() + 24 * 3_600_000))).paid).toBe(1);
    expect([...fake.transfers.values()].filter((transfer) => transfer.transfer_group === hold.bookingId)).toHaveLength(1);
  });

  it("a run that crashed after Stripe made the transfer finds it on the retry and moves nothing more", async () => {
    const s = await scenario();
    await connectPayoutAccount(database.db, { hostId: s.host.id, email: "host4@example.test", returnUrl: "http://localhost/r", refreshUrl: "http://localhost/c", now: s.now });
    const accountId = (await getPayoutAccount(database.db, s.host.id))!.providerAccountId;
    fake.completeAccount(accountId);
    await deliver(fake.event("account.updated", fake.accounts.get(accountId)!));
    const { hold, intentId } = await booked(s, 19);
    fake.succeed(intentId);
    await deliver(fake.event("payment_intent.succeeded", fake.intents.get(intentId)!));
    const release = (await s.booking(hold.bookingId)).payoutReleaseAt;
    // Stripe moves the money but the answer is lost (the call dies after it): the job counts a failure.
    const stripe = payoutProvider(database.db);
    const dying = { ...stripe, name: stripe.name, transfer: async (input: Parameters<typeof stripe.transfer>[0]) => { await stripe.transfer(input); throw new Error("killed"); } };
    expect(await runPayouts(database.db, release, { provider: dying })).toMatchObject({ paid: 0 });
    expect([...fake.transfers.values()].filter((transfer) => transfer.transfer_group === hold.bookingId)).toHaveLength(1);
    // The retry pays it: the transfer found at Stripe, not a second one.
    expect((await runPayouts(database.db, new Date(release.getTime() + 11 * 60_000))).paid).toBe(1);
    const transfers = [...fake.transfers.values()].filter((transfer) => transfer.transfer_group === hold.bookingId);
    expect(transfers).toHaveLength(1);
    const [payout] = await database.db.select().from(payouts).where(eq(payouts.bookingId, hold.bookingId));
    expect(payout).toMatchObject({ status: "paid", providerTransferId: transfers[0]!.id });
  });
});

describe("the mirror", () => {
  it("keeps Stripe intents apart from the built-in processor's", async () => {
    const rows = await database.db.select({ provider: localPaymentIntents.provider }).from(localPaymentIntents);
    expect(new Set(rows.map((row) => row.provider))).toEqual(new Set(["stripe"]));
  });
});

describe("security deposits (ADR 0283): the card saved at Stripe, the deposit authorised off-session", () => {
  const HOUR = 3_600_000;
  const DEPOSIT = 50_000;

  /** A Stripe booking, 2 days away, of a listing asking a $500.00 deposit, paid with `card` and confirmed by the webhook. */
  async function depositBooking(card?: string) {
    const s = await bookingScenario(database.db, { now: NOW, listing: { depositRequired: true, depositAmount: DEPOSIT } });
    const hold = await s.book(s.guest, { date: "2026-06-03", hour: 10, hours: 2 });
    const intentId = (await s.intent(hold.bookingId)).id;
    fake.succeed(intentId, card ? { card } : {});
    expect((await deliver(fake.event("payment_intent.succeeded", fake.intents.get(intentId)!))).status).toBe(200);
    const booking = await s.booking(hold.bookingId);
    expect(booking.status).toBe("confirmed");
    const deposit = async () => (await database.db.select().from(bookingDeposits).where(eq(bookingDeposits.bookingId, hold.bookingId)))[0]!;
    const mails = async () => (await database.db.select().from(emailOutbox).where(eq(emailOutbox.kind, "deposit"))).filter((mail) => mail.dedupeKey?.endsWith(hold.bookingId));
    return { s, bookingId: hold.bookingId, booking, intentId, deposit, mails };
  }

  it("the booking's PaymentIntent saves the card with a Customer; the deposit is a manual-capture intent confirmed off-session with it; a claim captures part of it", async () => {
    const w = await depositBooking();
    const payment = fake.intents.get(w.intentId)!;
    expect(payment.setup_future_usage).toBe("off_session");
    expect(fake.customers.get(payment.customer!)?.metadata).toMatchObject({ guest_id: w.s.guest.id });
    expect(fake.paymentMethods.get(payment.payment_method!)?.customer).toBe(payment.customer);
    const [mirror] = await database.db.select().from(localPaymentIntents).where(and(eq(localPaymentIntents.id, w.intentId)));
    expect(mirror?.paymentMethodId).toBe(`${payment.customer}/${payment.payment_method}`);

    const deposit = await w.deposit();
    expect(deposit).toMatchObject({ status: "authorised", amount: DEPOSIT, paymentMethodId: mirror!.paymentMethodId, callId: null });
    const held = fake.intents.get(deposit.intentId!)!;
    expect(held).toMatchObject({ status: "requires_capture", amount: DEPOSIT, capture_method: "manual", customer: payment.customer, payment_method: payment.payment_method });
    const create = fake.requestsTo("POST", "/v1/payment_intents").find((request) => request.params.off_session === "true")!;
    expect(create.params).toMatchObject({ confirm: "true", capture_method: "manual", customer: payment.customer, payment_method: payment.payment_method });
    expect(create.idempotencyKey).toMatch(/^rentwell-create-intent-/);
    const [mirrored] = await database.db.select().from(localPaymentIntents).where(eq(localPaymentIntents.id, held.id));
    expect(mirrored).toMatchObject({ purpose: "deposit", status: "requires_capture" });
    expect((await w.mails()).map((mail) => [mail.toEmail, mail.subject])).toEqual([[w.s.guest.email, expect.stringMatching(/^Deposit held/)]]);

    const end = w.booking.endTime.getTime();
    const claim = await openClaim(database.db, { userId: w.s.host.id, bookingId: w.bookingId, amount: "120.50", description: "A cracked side mirror.", photos: [], now: new Date(end + HOUR) });
    expect(claim.ok).toBe(true);
    expect(await answerClaim(database.db, { userId: w.s.guest.id, bookingId: w.bookingId, answer: "accept", now: new Date(end + 2 * HOUR) })).toEqual({ ok: true });
    expect(await w.deposit()).toMatchObject({ status: "captured", capturedAmount: 12_050 });
    expect(fake.intents.get(held.id)).toMatchObject({ status: "succeeded", amount_received: 12_050 });
    expect(fake.charges.get(fake.intents.get(held.id)!.latest_charge!)).toMatchObject({ captured: true, amount: 12_050 });
    const ledger = await database.db.select().from(ledgerEntries).where(and(eq(ledgerEntries.bookingId, w.bookingId), eq(ledgerEntries.kind, "deposit_capture")));
    expect(ledger.map((entry) => [entry.amount, entry.providerReference])).toEqual([[12_050, held.id]]);
    // The booking's own charge is untouched.
    expect(fake.intents.get(w.intentId)).toMatchObject({ status: "succeeded", amount_received: payment.amount });
  });

  it("a saved card that declines off-session (4000 0000 0000 0341): Stripe answers 402, the deposit failed, guest and host told; the booking stands", async () => {
    const w = await depositBooking("4000 0000 0000 0341");
    const decline = fake.requestsTo("POST", "/v1/payment_intents").find((request) => request.params.off_session === "true");
    expect(decline).toBeDefined();
    expect(await w.deposit()).toMatchObject({ status: "failed", failureMessage: "Your card was declined.", intentId: null, callId: null });
    const [call] = await database.db.select().from(providerCalls).where(and(eq(providerCalls.bookingId, w.bookingId), eq(providerCalls.purpose, "deposit")));
    expect(call).toMatchObject({ kind: "create_intent", reason: "authorise_deposit", status: "failed", attempts: 1 });
    const mails = await w.mails();
    expect(mails.map((mail) => mail.toEmail).sort()).toEqual([w.s.guest.email, w.s.host.email].sort());
    expect(mails.find((mail) => mail.toEmail === w.s.host.email)?.textBody).toContain("You may cancel the booking from your dashboard; the guest gets a full refund.");
    expect((await w.s.booking(w.bookingId)).status).toBe("confirmed");
  });

  it("a listing without a deposit makes no Customer and saves no card", async () => {
    const s = await scenario();
    const { intentId } = await booked(s, 14);
    const params = fake.requestsTo("POST", "/v1/payment_intents").find((request) => request.params.metadata && (request.params.metadata as Record<string, string>).booking_id === fake.intents.get(intentId)!.metadata.booking_id)!.params;
    expect(params.customer).toBeUndefined();
    expect(params.setup_future_usage).toBeUndefined();
  });
});
