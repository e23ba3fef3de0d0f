import Stripe from "stripe";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { StripeTestServer } from "../tests/stripe/stripe-test-server";

/**
 * The local Stripe-compatible server (tests/stripe/stripe-test-server.ts) driven by the
 * real `stripe` SDK, pointed at it as app/features/bookings/stripe-client.server.ts does
 * (host, port, protocol): the SDK must accept every answer, its errors included, and its
 * own retries must meet the server's idempotency store and injected faults as they
 * would meet Stripe's.
 */
let fake: StripeTestServer;

beforeAll(async () => {
  fake = await new StripeTestServer().start();
});
afterAll(() => fake.stop());
afterEach(() => fake.clearFaults());

/** No retries by default (the SDK still retries a reset connection once), and a short timeout. */
function sdk(server: StripeTestServer = fake, options: Partial<Stripe.StripeConfig> = {}) {
  const base = new URL(server.url);
  return new Stripe(server.secretKey, { host: base.hostname, port: base.port, protocol: "http", telemetry: false, maxNetworkRetries: 0, timeout: 5_000, ...options });
}

const INTENT = { amount: 10000, currency: "usd", automatic_payment_methods: { enabled: true } } as const;

/** A new intent, paid. */
async function paid(amount = 10000) {
  const intent = await sdk().paymentIntents.create({ ...INTENT, amount });
  const charge = fake.succeed(intent.id);
  return { intent: fake.intents.get(intent.id)!, charge };
}

describe("idempotency", () => {
  it("the same key with the same parameters gets the first answer, marked replayed, and makes one object", async () => {
    const stripe = sdk();
    const before = fake.intents.size;
    const first = await stripe.paymentIntents.create({ ...INTENT, metadata: { booking_id: "b1" } }, { idempotencyKey: "same-key-1" });
    const second = await stripe.paymentIntents.create({ ...INTENT, metadata: { booking_id: "b1" } }, { idempotencyKey: "same-key-1" });
    expect(second.id).toBe(first.id);
    expect(second.lastResponse.headers["idempotent-replayed"]).toBe("true");
    expect(first.lastResponse.headers["idempotent-replayed"]).toBeUndefined();
    expect(fake.intents.size).toBe(before + 1);
    expect(fake.requestsTo("POST", "/v1/payment_intents").slice(-2).map((request) => request.replayed)).toEqual([false, true]);
  });

  it("the same key with other parameters, or on another endpoint, is refused with Stripe's idempotency_error", async () => {
    const stripe = sdk();
    await stripe.paymentIntents.create(INTENT, { idempotencyKey: "same-key-2" });
    const message = "Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than 'same-key-2' if you meant to execute a different request.";
    await expect(stripe.paymentIntents.create({ ...INTENT, amount: 9999 }, { idempotencyKey: "same-key-2" })).rejects.toMatchObject({ type: "StripeIdempotencyError", statusCode: 400, message });
    const { intent } = await paid();
    await expect(stripe.refunds.create({ payment_intent: intent.id }, { idempotencyKey: "same-key-2" })).rejects.toMatchObject({ type: "StripeIdempotencyError" });
    expect(fake.charges.get(intent.latest_charge!)!.amount_refunded).toBe(0);
  });

  it("a 4xx answer is stored under its key and replayed; the stored answer is the one first sent, whatever changed since", async () => {
    const stripe = sdk();
    const created = await stripe.paymentIntents.create(INTENT, { idempotencyKey: "same-key-3" });
    await expect(stripe.refunds.create({ payment_intent: created.id }, { idempotencyKey: "refund-before-paid" })).rejects.toMatchObject({ code: "charge_not_refundable" });
    fake.succeed(created.id);
    // Paid now, but the key still answers what it answered first.
    await expect(stripe.refunds.create({ payment_intent: created.id }, { idempotencyKey: "refund-before-paid" })).rejects.toMatchObject({ code: "charge_not_refundable" });
    expect((await stripe.paymentIntents.create(INTENT, { idempotencyKey: "same-key-3" })).status).toBe("requires_payment_method");
    expect((await stripe.paymentIntents.retrieve(created.id)).status).toBe("succeeded");
  });
});

describe("injected faults", () => {
  it("error: answers the Stripe error once (by default), performs nothing, and matches :id patterns", async () => {
    const stripe = sdk();
    const intent = await stripe.paymentIntents.create(INTENT);
    fake.inject({ method: "POST", path: "payment_intents/:id/cancel", mode: "error", status: 400, message: "Injected refusal.", code: "resource_missing" });
    expect(fake.pendingFaults()).toHaveLength(1);
    await expect(stripe.paymentIntents.cancel(intent.id)).rejects.toMatchObject({ type: "StripeInvalidRequestError", statusCode: 400, message: "Injected refusal.", code: "resource_missing" });
    expect(fake.intents.get(intent.id)!.status).toBe("requires_payment_method");
    expect(fake.pendingFaults()).toEqual([]);
    expect((await stripe.paymentIntents.cancel(intent.id)).status).toBe("canceled");
    expect(fake.requestsTo("POST", `/v1/payment_intents/${intent.id}/cancel`).map((request) => request.fault)).toEqual(["error", null]);
  });

  it("error: a 5xx is not stored, so the SDK's own retries with the same key reach the server, and succeed when the fault is used up", async () => {
    const stripe = sdk(fake, { maxNetworkRetries: 2 });
    fake.inject({ method: "POST", path: "payment_intents", mode: "error", times: 2 });
    const before = fake.intents.size;
    const intent = await stripe.paymentIntents.create({ ...INTENT, metadata: { attempt: "retried" } });
    expect(fake.intents.size).toBe(before + 1);
    const attempts = fake.requestsTo("POST", "/v1/payment_intents").slice(-3);
    expect(attempts.map((request) => request.fault)).toEqual(["error", "error", null]);
    expect(new Set(attempts.map((request) => request.idempotencyKey)).size).toBe(1);
    expect(intent.metadata).toEqual({ attempt: "retried" });

    fake.inject({ method: "POST", path: "payment_intents", mode: "error", times: 3, status: 503, message: "Stripe is unavailable." });
    await expect(stripe.paymentIntents.create(INTENT)).rejects.toMatchObject({ type: "StripeAPIError", statusCode: 503, message: "Stripe is unavailable." });
    expect(fake.intents.size).toBe(before + 1);
  });

  it("failNext still fails the next request to that exact path, once each", async () => {
    const stripe = sdk();
    const intent = await stripe.paymentIntents.create(INTENT);
    fake.failNext("GET", `/v1/payment_intents/${intent.id}`, 503, "Stripe is unavailable.", "api_error");
    fake.failNext("POST", "/v1/transfers");
    await expect(stripe.paymentIntents.retrieve(intent.id)).rejects.toMatchObject({ type: "StripeAPIError", statusCode: 503 });
    expect((await stripe.paymentIntents.retrieve(intent.id)).id).toBe(intent.id);
    expect(fake.pendingFaults()).toMatchObject([{ method: "POST", path: "/v1/transfers", mode: "error", status: 400, message: "Insufficient funds in Stripe account.", times: 1 }]);
  });

  it("timeout: no answer until the client gives up, nothing performed; the SDK's retry then performs it once", async () => {
    fake.inject({ method: "POST", path: "payment_intents", mode: "timeout" });
    const before = fake.intents.size;
    await expect(sdk(fake, { timeout: 300 }).paymentIntents.create(INTENT)).rejects.toMatchObject({ type: "StripeConnectionError", message: expect.stringContaining("timeout") });
    expect(fake.intents.size).toBe(before);

    fake.inject({ method: "POST", path: "payment_intents", mode: "timeout" });
    const intent = await sdk(fake, { timeout: 300, maxNetworkRetries: 1 }).paymentIntents.create(INTENT);
    expect(fake.intents.size).toBe(before + 1);
    expect(fake.requestsTo("POST", "/v1/payment_intents").slice(-2).map((request) => [request.fault, request.replayed])).toEqual([
      ["timeout", false],
      [null, false],
    ]);
    expect(fake.intents.get(intent.id)).toBeDefined();
  });

  it("lose-answer: performed and stored, the answer lost; the SDK's retry with the same key gets the stored answer, made once", async () => {
    const { intent, charge } = await paid();
    fake.inject({ method: "POST", path: "refunds", mode: "lose-answer" });
    // The SDK retries a reset connection once, with the same key: the replay answers it.
    const refund = await sdk().refunds.create({ payment_intent: intent.id, amount: 2500, metadata: { booking_id: "b-lost" } });
    expect(refund.lastResponse.headers["idempotent-replayed"]).toBe("true");
    expect([...fake.refunds.values()].filter((made) => made.payment_intent === intent.id)).toHaveLength(1);
    expect(fake.refunds.get(refund.id)).toMatchObject({ amount: 2500, metadata: { booking_id: "b-lost" } });
    expect(charge.amount_refunded).toBe(2500);
    expect(fake.requestsTo("POST", "/v1/refunds").slice(-2).map((request) => [request.fault, request.replayed])).toEqual([
      ["lose-answer", false],
      [null, true],
    ]);
  });

  it("lose-answer on the retry too: the caller sees a connection error, yet the work was done; its own retry with the key gets the first answer", async () => {
    const { intent, charge } = await paid();
    const stripe = sdk();
    const params = { payment_intent: intent.id, amount: 4000, metadata: { booking_id: "b-twice" } };
    fake.inject({ method: "POST", path: "/v1/refunds", mode: "lose-answer", times: 2 });
    await expect(stripe.refunds.create(params, { idempotencyKey: "refund-lost-twice" })).rejects.toMatchObject({ type: "StripeConnectionError" });
    const made = [...fake.refunds.values()].filter((refund) => refund.payment_intent === intent.id);
    expect(made).toHaveLength(1);
    expect(charge.amount_refunded).toBe(4000);
    const retried = await stripe.refunds.create(params, { idempotencyKey: "refund-lost-twice" });
    expect(retried.id).toBe(made[0]!.id);
    expect(charge.amount_refunded).toBe(4000);
    expect(fake.requestsTo("POST", "/v1/refunds").slice(-3).map((request) => [request.fault, request.replayed, request.idempotencyKey])).toEqual([
      ["lose-answer", false, "refund-lost-twice"],
      ["lose-answer", true, "refund-lost-twice"],
      [null, true, "refund-lost-twice"],
    ]);
  });

  it("lose-answer replays the answer as it was made: an intent created then paid is replayed unpaid", async () => {
    const stripe = sdk();
    fake.inject({ method: "POST", path: "payment_intents", mode: "lose-answer", times: 2 });
    await expect(stripe.paymentIntents.create(INTENT, { idempotencyKey: "intent-lost" })).rejects.toMatchObject({ type: "StripeConnectionError" });
    const created = fake.requestsTo("POST", "/v1/payment_intents").at(-1)!;
    const id = [...fake.intents.values()].at(-1)!.id;
    fake.succeed(id);
    const replayed = await stripe.paymentIntents.create(INTENT, { idempotencyKey: "intent-lost" });
    expect(replayed).toMatchObject({ id, status: "requires_payment_method" });
    expect(created.idempotencyKey).toBe("intent-lost");
  });

  it("clearFaults drops what is pending", async () => {
    fake.inject({ method: "GET", path: "transfers/:id", mode: "timeout", times: Infinity });
    fake.inject({ method: "POST", path: "transfers", mode: "error" });
    expect(fake.pendingFaults()).toHaveLength(2);
    fake.clearFaults();
    expect(fake.pendingFaults()).toEqual([]);
    expect(() => fake.inject({ method: "GET", path: "refunds", mode: "error", times: 0 })).toThrow(RangeError);
  });

  it("stop() ends at once while a timed-out request is held open", async () => {
    const other = await new StripeTestServer().start();
    other.inject({ method: "GET", path: "payment_intents/:id", mode: "timeout" });
    const pending = sdk(other, { timeout: 30_000 }).paymentIntents.retrieve("pi_held");
    const settled = pending.catch((error: unknown) => error);
    await vi.waitFor(() => expect(other.requests).toHaveLength(1));
    const started = Date.now();
    await other.stop();
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(await settled).toMatchObject({ type: "StripeConnectionError" });
  });
});

describe("PaymentIntents", () => {
  /** `payment_method_types` on create: gone from this SDK's types (API 2026-10-28.endive), still sent by older callers. */
  const legacyTypes = (types: string[]): object => ({ payment_method_types: types });

  it("stores payment_method_types (or allowed_payment_method_types), automatic_payment_methods and capture_method", async () => {
    const stripe = sdk();
    const typed = await stripe.paymentIntents.create({ amount: 5000, currency: "usd", ...legacyTypes(["card", "us_bank_account"]), capture_method: "manual" });
    expect(typed).toMatchObject({ payment_method_types: ["card", "us_bank_account"], allowed_payment_method_types: null, automatic_payment_methods: null, capture_method: "manual" });
    expect(fake.intents.get(typed.id)).toMatchObject({ payment_method_types: ["card", "us_bank_account"], capture_method: "manual" });
    const allowed = await stripe.paymentIntents.create({ amount: 5000, currency: "usd", allowed_payment_method_types: ["card"] });
    expect(allowed).toMatchObject({ payment_method_types: ["card"], allowed_payment_method_types: ["card"], automatic_payment_methods: null });
    const automatic = await stripe.paymentIntents.create(INTENT);
    expect(automatic).toMatchObject({ automatic_payment_methods: { enabled: true }, payment_method_types: ["card"], allowed_payment_method_types: null, capture_method: "automatic_async" });
    await expect(stripe.paymentIntents.create({ ...INTENT, ...legacyTypes(["card"]) })).rejects.toMatchObject({
      statusCode: 400,
      message: "You may only specify one of these parameters: automatic_payment_methods, payment_method_types.",
    });
    await expect(stripe.paymentIntents.create({ ...INTENT, capture_method: "later" as "manual" })).rejects.toMatchObject({ statusCode: 400, param: "capture_method" });
  });

  it("cancel: an open intent (requires_payment_method, requires_action, processing) is canceled with its reason", async () => {
    const stripe = sdk();
    const waiting = await stripe.paymentIntents.create(INTENT);
    const canceled = await stripe.paymentIntents.cancel(waiting.id, { cancellation_reason: "abandoned" });
    expect(canceled).toMatchObject({ id: waiting.id, status: "canceled", cancellation_reason: "abandoned" });
    expect(canceled.canceled_at).toEqual(expect.any(Number));

    const authenticating = await stripe.paymentIntents.create(INTENT);
    fake.requireAction(authenticating.id);
    expect((await stripe.paymentIntents.cancel(authenticating.id)).status).toBe("canceled");

    const settling = await stripe.paymentIntents.create(INTENT);
    fake.process(settling.id);
    expect(await stripe.paymentIntents.cancel(settling.id, { cancellation_reason: "requested_by_customer" })).toMatchObject({ status: "canceled", cancellation_reason: "requested_by_customer" });
    expect(fake.intents.get(settling.id)!.status).toBe("canceled");

    await expect(stripe.paymentIntents.cancel(waiting.id, { cancellation_reason: "bored" as "abandoned" })).rejects.toMatchObject({ statusCode: 400, param: "cancellation_reason" });
  });

  it("cancel: a succeeded or canceled intent is refused with payment_intent_unexpected_state and the intent in the error", async () => {
    const stripe = sdk();
    const { intent } = await paid();
    const refused = await stripe.paymentIntents.cancel(intent.id).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(refused).toMatchObject({
      statusCode: 400,
      code: "payment_intent_unexpected_state",
      message: expect.stringMatching(/^You cannot cancel this PaymentIntent because it has a status of succeeded\. Only a PaymentIntent with one of the following statuses may be canceled: /),
      payment_intent: { id: intent.id, status: "succeeded" },
    });
    expect(fake.intents.get(intent.id)!.status).toBe("succeeded");

    const gone = await stripe.paymentIntents.create(INTENT);
    await stripe.paymentIntents.cancel(gone.id);
    await expect(stripe.paymentIntents.cancel(gone.id)).rejects.toMatchObject({
      code: "payment_intent_unexpected_state",
      message: expect.stringContaining("it has a status of canceled"),
      payment_intent: { id: gone.id, status: "canceled" },
    });
  });

  it("succeed works from requires_payment_method (after a decline) and from processing, once; never on a canceled intent", async () => {
    const stripe = sdk();
    const declined = await stripe.paymentIntents.create(INTENT);
    fake.fail(declined.id);
    const charge = fake.succeed(declined.id);
    expect(await stripe.paymentIntents.retrieve(declined.id)).toMatchObject({ status: "succeeded", latest_charge: charge.id, amount_received: 10000, last_payment_error: null });
    expect(fake.succeed(declined.id)).toBe(charge);
    expect([...fake.charges.values()].filter((made) => made.payment_intent === declined.id)).toHaveLength(1);
    expect(() => fake.fail(declined.id)).toThrow(/already succeeded/);

    const settling = await stripe.paymentIntents.create(INTENT);
    fake.process(settling.id);
    fake.succeed(settling.id);
    expect((await stripe.paymentIntents.retrieve(settling.id)).status).toBe("succeeded");

    const canceled = await stripe.paymentIntents.create(INTENT);
    await stripe.paymentIntents.cancel(canceled.id);
    expect(() => fake.succeed(canceled.id)).toThrow(/canceled/);
  });
});

describe("refunds", () => {
  it("stores metadata, refuses more than is left with Stripe's messages, and charge_already_refunded when nothing is", async () => {
    const stripe = sdk();
    const { intent, charge } = await paid();
    await expect(stripe.refunds.create({ payment_intent: intent.id, amount: 12000 })).rejects.toMatchObject({
      statusCode: 400,
      code: "amount_too_large",
      param: "amount",
      message: "Refund amount ($120.00) is greater than charge amount ($100.00)",
    });
    const first = await stripe.refunds.create({ payment_intent: intent.id, amount: 2500, metadata: { booking_id: "b-refund" } });
    expect(first).toMatchObject({ amount: 2500, currency: "usd", charge: charge.id, payment_intent: intent.id, status: "succeeded", metadata: { booking_id: "b-refund" } });
    await expect(stripe.refunds.create({ payment_intent: intent.id, amount: 8000 })).rejects.toMatchObject({
      code: "amount_too_large",
      message: "Refund amount ($80.00) is greater than unrefunded amount on charge ($75.00)",
    });
    expect((await stripe.refunds.create({ payment_intent: intent.id })).amount).toBe(7500);
    expect(await stripe.charges.retrieve(charge.id)).toMatchObject({ amount_refunded: 10000, refunded: true });
    await expect(stripe.refunds.create({ payment_intent: intent.id, amount: 1 })).rejects.toMatchObject({
      statusCode: 400,
      code: "charge_already_refunded",
      message: `Charge ${charge.id} has already been refunded.`,
    });
    expect(() => fake.dashboardRefund(intent.id, 1)).toThrow(/already been refunded/);
  });

  it("lists an intent's refunds newest first with their metadata (dashboard ones have none), in Stripe's list shape and pages", async () => {
    const stripe = sdk();
    const { intent } = await paid();
    const ours = await stripe.refunds.create({ payment_intent: intent.id, amount: 1000, metadata: { booking_id: "b-list" } });
    const dashboard = fake.dashboardRefund(intent.id, 2000);
    const third = await stripe.refunds.create({ payment_intent: intent.id, amount: 3000, metadata: { booking_id: "b-list" } });
    const all = await stripe.refunds.list({ payment_intent: intent.id, limit: 100 });
    expect(all).toMatchObject({ object: "list", has_more: false, url: "/v1/refunds" });
    expect(all.data.map((refund) => [refund.id, refund.metadata])).toEqual([
      [third.id, { booking_id: "b-list" }],
      [dashboard.id, {}],
      [ours.id, { booking_id: "b-list" }],
    ]);
    const page = await stripe.refunds.list({ payment_intent: intent.id, limit: 2 });
    expect([page.data.length, page.has_more]).toEqual([2, true]);
    const walked = await stripe.refunds.list({ payment_intent: intent.id, limit: 1 }).autoPagingToArray({ limit: 10 });
    expect(walked.map((refund) => refund.id)).toEqual([third.id, dashboard.id, ours.id]);
  });
});

describe("disputes", () => {
  const WEBHOOK_SECRET = "whsec_dispute_test";

  it("openDispute makes a dispute the API retrieves and a signed charge.dispute.created event carries", async () => {
    const stripe = sdk();
    const { intent, charge } = await paid();
    const dispute = fake.openDispute(intent.id);
    expect(dispute).toMatchObject({ id: expect.stringMatching(/^dp_/), object: "dispute", amount: 10000, currency: "usd", charge: charge.id, payment_intent: intent.id, status: "needs_response", reason: "fraudulent", created: expect.any(Number) });
    expect(await stripe.disputes.retrieve(dispute.id)).toMatchObject({ id: dispute.id, status: "needs_response", amount: 10000 });
    expect(fake.openDispute(intent.id, 2500).amount).toBe(2500);
    expect(() => fake.openDispute(intent.id, 10001)).toThrow(RangeError);

    const payload = JSON.stringify(fake.event("charge.dispute.created", dispute));
    const event = stripe.webhooks.constructEvent(payload, stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }), WEBHOOK_SECRET);
    expect(event.type).toBe("charge.dispute.created");
    expect(event.data.object).toMatchObject({ object: "dispute", id: dispute.id, payment_intent: intent.id, status: "needs_response" });
  });

  it("closeDispute lost: the charge is disputed, amount_refunded unchanged, refunds refused; an event keeps the state it was made with", async () => {
    const stripe = sdk();
    const { intent, charge } = await paid();
    await stripe.refunds.create({ payment_intent: intent.id, amount: 1000 });
    const dispute = fake.openDispute(intent.id);
    const created = fake.event("charge.dispute.created", dispute);
    const lost = fake.closeDispute(dispute.id, "lost");
    const closed = fake.event("charge.dispute.closed", lost);
    expect(created.data.object).toMatchObject({ status: "needs_response" });
    expect(closed.data.object).toMatchObject({ status: "lost" });
    expect(await stripe.disputes.retrieve(dispute.id)).toMatchObject({ status: "lost" });
    expect(await stripe.charges.retrieve(charge.id)).toMatchObject({ disputed: true, amount_refunded: 1000, refunded: false });
    await expect(stripe.refunds.create({ payment_intent: intent.id, amount: 1000 })).rejects.toMatchObject({ statusCode: 400, code: "charge_disputed" });
    expect(() => fake.closeDispute(dispute.id, "won")).toThrow(/already lost/);
  });

  it("closeDispute won: the charge can be refunded again", async () => {
    const stripe = sdk();
    const { intent } = await paid();
    const dispute = fake.openDispute(intent.id);
    expect(fake.closeDispute(dispute.id, "won").status).toBe("won");
    expect((await stripe.refunds.create({ payment_intent: intent.id, amount: 500 })).amount).toBe(500);
  });

  it("answers unknown charges and disputes with resource_missing", async () => {
    const stripe = sdk();
    await expect(stripe.charges.retrieve("ch_missing")).rejects.toMatchObject({ statusCode: 404, code: "resource_missing" });
    await expect(stripe.disputes.retrieve("dp_missing")).rejects.toMatchObject({ statusCode: 404, code: "resource_missing" });
  });
});
