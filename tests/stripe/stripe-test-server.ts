import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local Stripe-compatible API for tests (ADR 0130): this machine cannot reach
 * Stripe, so the real `stripe` SDK is pointed at this server (STRIPE_API_URL, i.e.
 * the SDK's host, port and protocol options). It speaks what the SDK sends —
 * form-encoded bodies with bracketed keys, Bearer secret keys, Idempotency-Key
 * headers — and answers with Stripe-shaped JSON for the endpoints Rentwell uses:
 * PaymentIntents (create, retrieve, cancel, capture), charges (retrieve), refunds (create,
 * list), disputes (retrieve), Connect accounts (create, retrieve), account links,
 * transfers (create, retrieve, list).
 *
 * What a browser, a card network or a host would do at Stripe is done by the test
 * through the control methods (`succeed`, `fail`, `process`, `requireAction`,
 * `completeAccount`, `reverseTransfer`, `dashboardRefund`, `openDispute`,
 * `closeDispute`), which change the stored objects the way Stripe would.
 *
 * What the network or Stripe itself can do wrong is injected per call with `inject`
 * (an error answer, no answer at all, or an answer lost after the work was done);
 * `failNext` is the older shorthand for one error.
 */

type Json = Record<string, unknown>;
type Params = { [key: string]: string | Params | Params[] | string[] };

export type FaultMode = "error" | "timeout" | "lose-answer";

/**
 * One provider fault, taken by the next `times` requests that match it (in the order
 * faults were injected; a fault is dropped once used up).
 *
 * `path` is matched segment by segment against the request's path, with or without
 * the leading `/v1/`; a segment starting with `:` matches any one segment. So
 * "payment_intents/:id/cancel" matches every cancel, "/v1/payment_intents/pi_1" only
 * that intent's retrieve, and "refunds" the create (POST) or the list (GET).
 *
 * - "error": answers `status` (default 500) with a Stripe error of `type` (default
 *   "api_error" for 5xx, else "invalid_request_error"), `message` and `code`. Nothing
 *   is performed. As at Stripe, a keyed POST's 4xx answer is stored under its
 *   Idempotency-Key (a retry with the key gets it again); a 5xx is not.
 * - "timeout": never answers: the socket is held open until the client gives up or
 *   the server stops. Nothing is performed and nothing is stored.
 * - "lose-answer": the request is performed in full (objects made or changed, the
 *   answer stored under its Idempotency-Key, or the stored answer looked up), then the
 *   socket is destroyed without an answer. The client sees a reset connection; a retry
 *   with the same key gets the first answer, and nothing is performed twice.
 *
 * A fault takes its request before the idempotency store is consulted, so a retry can
 * be made to fail too; an "error" does not replace an answer already stored.
 */
export type Fault = {
  method: "POST" | "GET";
  path: string;
  mode: FaultMode;
  /** How many matching requests it takes (default 1; Infinity for every one). */
  times?: number;
  status?: number;
  message?: string;
  type?: string;
  code?: string;
};

export type RecordedRequest = {
  method: string;
  path: string;
  params: Params;
  idempotencyKey: string | null;
  /** The injected fault this request took, if any. */
  fault: FaultMode | null;
  /** Answered (or, with "lose-answer", not answered) from the idempotency store. */
  replayed: boolean;
};

export type FakeIntent = {
  id: string;
  object: "payment_intent";
  amount: number;
  amount_received: number;
  currency: string;
  status: "requires_payment_method" | "requires_action" | "requires_capture" | "processing" | "succeeded" | "canceled";
  client_secret: string;
  metadata: Record<string, string>;
  transfer_group: string | null;
  latest_charge: string | null;
  last_payment_error: { code: string; message: string; type: string } | null;
  automatic_payment_methods: { enabled: boolean } | null;
  /** As sent in `allowed_payment_method_types` (the SDK's name since API 2026-10-28.endive), else null. */
  allowed_payment_method_types: string[] | null;
  /** As sent in `payment_method_types` (older API versions) or `allowed_payment_method_types`; else ["card"]. */
  payment_method_types: string[];
  /**
   * As sent. "manual": `succeed` authorises (status `requires_capture`, an uncaptured
   * charge) and POST /v1/payment_intents/:id/capture charges it.
   */
  capture_method: "automatic" | "automatic_async" | "manual";
  canceled_at: number | null;
  cancellation_reason: string | null;
  description: string | null;
  /** The Customer the intent is for (`customer`), or null. */
  customer: string | null;
  /** The card used: set when the intent is confirmed (`succeed`, or an off-session confirm). */
  payment_method: string | null;
  /** As sent: "off_session" attaches the card used to the customer for later off-session payments. */
  setup_future_usage: "on_session" | "off_session" | null;
  created: number;
  livemode: false;
};

export type FakeCustomer = { id: string; object: "customer"; description: string | null; metadata: Record<string, string>; created: number; livemode: false };

/**
 * A card as a PaymentMethod: `customer` once attached (an intent with setup_future_usage
 * paid with it). `declinesOffSession`: Stripe's test card 4000 0000 0000 0341
 * (pm_card_chargeCustomerFail) attaches fine and declines every later charge.
 */
export type FakePaymentMethod = { id: string; object: "payment_method"; type: "card"; customer: string | null; card: { brand: string; last4: string }; declinesOffSession: boolean; created: number };

/** Test cards (by number or Stripe's test token) that attach fine and decline off-session. */
const DECLINES_LATER = new Set(["4000000000000341", "pm_card_chargeCustomerFail"]);

export type FakeCharge = {
  id: string;
  object: "charge";
  amount: number;
  amount_refunded: number;
  refunded: boolean;
  /** False while a manual-capture intent's charge is only authorised. */
  captured: boolean;
  /** True once a dispute has been opened on the charge (whatever its outcome). */
  disputed: boolean;
  currency: string;
  payment_intent: string;
  transfer_group: string | null;
  created: number;
  livemode: false;
};
export type FakeRefund = {
  id: string;
  object: "refund";
  amount: number;
  currency: string;
  charge: string;
  payment_intent: string;
  status: "succeeded" | "pending" | "failed";
  reason: string | null;
  metadata: Record<string, string>;
  created: number;
};
export type FakeDispute = {
  id: string;
  object: "dispute";
  amount: number;
  currency: string;
  charge: string;
  payment_intent: string;
  status: "needs_response" | "won" | "lost";
  reason: string;
  is_charge_refundable: boolean;
  metadata: Record<string, string>;
  created: number;
  livemode: false;
};
export type FakeAccount = {
  id: string;
  object: "account";
  type: string;
  email: string | null;
  details_submitted: boolean;
  payouts_enabled: boolean;
  charges_enabled: boolean;
  requirements: { currently_due: string[]; eventually_due: string[]; past_due: string[]; disabled_reason: string | null };
  metadata: Record<string, string>;
  created: number;
};
export type FakeTransfer = {
  id: string;
  object: "transfer";
  amount: number;
  amount_reversed: number;
  reversed: boolean;
  currency: string;
  destination: string;
  transfer_group: string | null;
  source_transaction: string | null;
  metadata: Record<string, string>;
  created: number;
};

const ONBOARDING_DUE = ["external_account", "individual.first_name", "individual.last_name", "tos_acceptance.date"];
const CANCELABLE: FakeIntent["status"][] = ["requires_payment_method", "requires_action", "requires_capture", "processing"];
const CANCELLATION_REASONS = ["duplicate", "fraudulent", "requested_by_customer", "abandoned"];
const CAPTURE_METHODS: FakeIntent["capture_method"][] = ["automatic", "automatic_async", "manual"];
const REFUND_REASONS = ["duplicate", "fraudulent", "requested_by_customer"];

const newId = (prefix: string) => `${prefix}_${crypto.randomBytes(12).toString("hex")}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** `a[b][c]=1&list[0]=x&list[]=y` → nested objects, as Stripe reads the SDK's bodies. */
export function parseStripeForm(text: string): Params {
  const root: Params = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const [head, ...rest] = rawKey.split("[");
    const path = [head!, ...rest.map((part) => part.replace(/\]$/, ""))];
    let node: Params = root;
    path.forEach((segment, index) => {
      const last = index === path.length - 1;
      const key = segment === "" ? String(Object.keys(node).length) : segment;
      if (last) node[key] = value;
      else node = (node[key] ??= {}) as Params;
    });
  }
  return root;
}

const str = (value: unknown) => (typeof value === "string" ? value : null);
const int = (value: unknown) => (typeof value === "string" && /^\d+$/.test(value) ? Number(value) : null);
const record = (value: unknown) => (value && typeof value === "object" ? (value as Record<string, string>) : {});
/** A list param: the SDK sends `list[0]=a&list[1]=b`, which parseStripeForm reads as { 0: "a", 1: "b" } (an empty list as ""). */
const strings = (value: unknown): string[] | null => {
  if (value === undefined) return null;
  if (value === "") return [];
  if (typeof value === "string") return [value];
  return Object.values(record(value)).filter((item): item is string => typeof item === "string");
};

/** Minor units as Stripe's messages show them: 12000 usd → "$120.00", 5000 jpy → "¥5,000". */
function money(amount: number, currency: string) {
  const format = new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase() });
  return format.format(amount / 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2));
}

/** Does a fault's path ("payment_intents/:id/cancel", "/v1/transfers") match the request's? */
function pathMatches(pattern: string, pathname: string) {
  const segments = (path: string) => path.replace(/^\/?(?:v1\/)?/, "").replace(/\/$/, "").split("/");
  const want = segments(pattern);
  const got = segments(pathname);
  return want.length === got.length && want.every((part, index) => part.startsWith(":") || part === got[index]);
}

class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly code?: string,
    /** More fields of the error object, e.g. `param` or `payment_intent`. */
    readonly extra: Json = {},
  ) {
    super(message);
  }
}

/** An answer as sent, serialized when made: a stored answer is replayed as it was, whatever changed since. */
type Answer = { status: number; text: string; replayed: boolean };

const errorAnswer = (error: StripeError): Answer => ({
  status: error.status,
  text: JSON.stringify({ error: { type: error.type, message: error.message, ...(error.code ? { code: error.code } : {}), ...error.extra } }),
  replayed: false,
});

/** A Stripe Identity VerificationSession (issue #29 point 3): the fields the app reads. */
export type FakeVerificationSession = {
  id: string;
  object: "identity.verification_session";
  status: "requires_input" | "processing" | "verified" | "canceled";
  type: string;
  url: string | null;
  return_url: string | null;
  client_reference_id: string | null;
  last_error: { code: string | null; reason: string | null } | null;
  metadata: Record<string, string>;
  options: Record<string, unknown>;
  created: number;
  livemode: false;
};

export class StripeTestServer {
  readonly intents = new Map<string, FakeIntent>();
  readonly charges = new Map<string, FakeCharge>();
  readonly refunds = new Map<string, FakeRefund>();
  readonly disputes = new Map<string, FakeDispute>();
  readonly accounts = new Map<string, FakeAccount>();
  readonly transfers = new Map<string, FakeTransfer>();
  readonly verificationSessions = new Map<string, FakeVerificationSession>();
  readonly customers = new Map<string, FakeCustomer>();
  readonly paymentMethods = new Map<string, FakePaymentMethod>();
  readonly requests: RecordedRequest[] = [];
  private readonly idempotent = new Map<string, { fingerprint: string; status: number; text: string }>();
  private readonly faults: (Fault & { times: number })[] = [];
  /** Requests taken by a "timeout" fault, held open until the client leaves or `stop`. */
  private readonly held = new Set<http.ServerResponse>();
  private server: http.Server | null = null;
  url = "";

  constructor(readonly secretKey = "sk_test_rentwell_local") {}

  async start() {
    this.server = http.createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  /** Stops at once: requests held by a "timeout" fault (and any keep-alive sockets) are cut. */
  async stop() {
    const server = this.server;
    if (!server) return;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const res of this.held) res.destroy();
    this.held.clear();
    server.closeAllConnections();
    await closed;
  }

  /** Adds a provider fault (see `Fault`). */
  inject(fault: Fault) {
    const times = fault.times ?? 1;
    if (!(times >= 1 && (Number.isInteger(times) || times === Infinity))) throw new RangeError(`inject: times must be a positive integer or Infinity, not ${times}`);
    this.faults.push({ ...fault, times });
  }

  /** Drops every fault not yet used up. */
  clearFaults() {
    this.faults.length = 0;
  }

  /** The faults not yet used up, with the uses they have left. */
  pendingFaults(): readonly Readonly<Fault & { times: number }>[] {
    return this.faults.map((fault) => ({ ...fault }));
  }

  /**
   * The next matching request fails with this Stripe error (e.g. a transfer the platform
   * balance cannot cover). `path` is the request's path ("/v1/transfers") or a pattern as
   * `inject` takes. The same as inject({ method, path, mode: "error", status, message, type }).
   */
  failNext(method: string, path: string, status = 400, message = "Insufficient funds in Stripe account.", type = "invalid_request_error") {
    this.inject({ method: method as Fault["method"], path, mode: "error", status, message, type });
  }

  requestsTo(method: string, path: string) {
    return this.requests.filter((request) => request.method === method && request.path === path);
  }

  // -------------------------------------------------------------------------
  // What happens at Stripe outside the API calls

  /**
   * The guest's card was charged (Elements confirmed, any 3-D Secure passed), from any
   * status but canceled. An intent that already succeeded keeps its one charge, which is
   * returned again. An intent made with manual capture is authorised instead
   * (`requires_capture`, its charge not captured) until the API captures it.
   */
  succeed(intentId: string, options: { card?: string } = {}) {
    const intent = this.mustIntent(intentId);
    if ((intent.status === "succeeded" || intent.status === "requires_capture") && intent.latest_charge) return this.charges.get(intent.latest_charge)!;
    if (intent.status === "canceled") throw new Error(`succeed: ${intentId} is canceled; Stripe cannot charge it`);
    // The card the guest typed (`card`: a number or a test token, default 4242…) becomes a
    // PaymentMethod, attached to the customer when the intent was made to save it.
    const card = (options.card ?? "4242424242424242").replace(/\s+/g, "");
    const method: FakePaymentMethod = {
      id: newId("pm"),
      object: "payment_method",
      type: "card",
      customer: intent.setup_future_usage && intent.customer ? intent.customer : null,
      card: { brand: "visa", last4: /^\d+$/.test(card) ? card.slice(-4) : "0341" },
      declinesOffSession: DECLINES_LATER.has(card),
      created: nowSeconds(),
    };
    this.paymentMethods.set(method.id, method);
    intent.payment_method = method.id;
    return this.charge(intent);
  }

  /** A confirmed intent's charge: captured at once, or (manual capture) only authorised. */
  private charge(intent: FakeIntent) {
    const charge: FakeCharge = {
      id: newId("ch"),
      object: "charge",
      amount: intent.amount,
      amount_refunded: 0,
      refunded: false,
      captured: intent.capture_method !== "manual",
      disputed: false,
      currency: intent.currency,
      payment_intent: intent.id,
      transfer_group: intent.transfer_group,
      created: nowSeconds(),
      livemode: false,
    };
    this.charges.set(charge.id, charge);
    if (intent.capture_method === "manual") Object.assign(intent, { status: "requires_capture", latest_charge: charge.id, last_payment_error: null });
    else Object.assign(intent, { status: "succeeded", amount_received: intent.amount, latest_charge: charge.id, last_payment_error: null });
    return charge;
  }

  /** A payment method that settles later (a bank debit) was accepted. */
  process(intentId: string) {
    Object.assign(this.mustOpenIntent(intentId, "process"), { status: "processing", last_payment_error: null });
  }

  /** The card was declined: the intent waits for another payment method. */
  fail(intentId: string, message = "Your card was declined.") {
    Object.assign(this.mustOpenIntent(intentId, "fail"), { status: "requires_payment_method", last_payment_error: { code: "card_declined", message, type: "card_error" } });
  }

  /** The bank asked for 3-D Secure: the intent waits for the guest to authenticate. */
  requireAction(intentId: string) {
    Object.assign(this.mustOpenIntent(intentId, "requireAction"), { status: "requires_action", last_payment_error: null });
  }

  /** Stripe Identity decided a session: verified, or back to requires_input with Stripe's reason. */
  decideVerification(sessionId: string, outcome: "verified" | "requires_input", reason = "The document was unreadable.") {
    const session = this.verificationSessions.get(sessionId)!;
    Object.assign(session, outcome === "verified" ? { status: "verified", url: null, last_error: null } : { status: "requires_input", last_error: { code: "document_unverified_other", reason } });
    return session;
  }

  /** The host finished Stripe's onboarding pages. */
  completeAccount(accountId: string) {
    const account = this.accounts.get(accountId)!;
    Object.assign(account, { details_submitted: true, payouts_enabled: true, charges_enabled: true, requirements: { ...account.requirements, currently_due: [], eventually_due: [] } });
  }

  /** The platform (or Stripe) reversed part or all of a transfer. */
  reverseTransfer(transferId: string, amount?: number) {
    const transfer = this.transfers.get(transferId)!;
    transfer.amount_reversed = Math.min(transfer.amount, transfer.amount_reversed + (amount ?? transfer.amount));
    transfer.reversed = transfer.amount_reversed === transfer.amount;
    return transfer;
  }

  /** A refund made in Stripe's dashboard, outside the app: no metadata. Refused as the API would refuse it. */
  dashboardRefund(intentId: string, amount: number) {
    return this.createRefund({ payment_intent: intentId, amount: String(amount) });
  }

  /**
   * The cardholder disputed the intent's charge (a chargeback): a dispute of `amount`
   * (default: the whole charge, refunds or not, as a card network may) that needs a
   * response. The charge is marked disputed and can no longer be refunded.
   */
  openDispute(intentId: string, amount?: number): FakeDispute {
    const intent = this.mustIntent(intentId);
    const charge = intent.latest_charge ? this.charges.get(intent.latest_charge) : undefined;
    if (!charge) throw new Error(`openDispute: ${intentId} has no charge to dispute`);
    const disputed = amount ?? charge.amount;
    if (!Number.isSafeInteger(disputed) || disputed < 1 || disputed > charge.amount) throw new RangeError(`openDispute: amount ${disputed} is not within the charge's ${charge.amount}`);
    const dispute: FakeDispute = {
      id: newId("dp"),
      object: "dispute",
      amount: disputed,
      currency: charge.currency,
      charge: charge.id,
      payment_intent: intent.id,
      status: "needs_response",
      reason: "fraudulent",
      is_charge_refundable: false,
      metadata: {},
      created: nowSeconds(),
      livemode: false,
    };
    this.disputes.set(dispute.id, dispute);
    charge.disputed = true;
    return dispute;
  }

  /**
   * The card network decided. "lost": the disputed amount stays with the cardholder —
   * Stripe withdraws it from the balance apart from refunds, so the charge's
   * amount_refunded does not change. "won": the amount comes back.
   */
  closeDispute(disputeId: string, outcome: "won" | "lost"): FakeDispute {
    const dispute = this.disputes.get(disputeId);
    if (!dispute) throw new Error(`closeDispute: no dispute ${disputeId}`);
    if (dispute.status !== "needs_response") throw new Error(`closeDispute: ${disputeId} is already ${dispute.status}`);
    dispute.status = outcome;
    this.charges.get(dispute.charge)!.disputed = true;
    return dispute;
  }

  /**
   * A Stripe event as the webhook endpoint receives it, e.g. event("charge.dispute.created",
   * dispute). The object is copied: later changes to the stored object do not show in it.
   */
  event(type: string, object: object, id = newId("evt")) {
    return { id, object: "event", api_version: "2025-10-29.clover", created: nowSeconds(), livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, type, data: { object: structuredClone(object) } };
  }

  // -------------------------------------------------------------------------
  // The HTTP API

  private async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const method = req.method ?? "GET";
    const params = method === "GET" ? parseStripeForm(url.search.slice(1)) : parseStripeForm(Buffer.concat(chunks).toString("utf8"));
    const idempotencyKey = typeof req.headers["idempotency-key"] === "string" ? req.headers["idempotency-key"] : null;
    const recorded: RecordedRequest = { method, path: url.pathname, params, idempotencyKey, fault: null, replayed: false };
    this.requests.push(recorded);
    const send = (answer: Answer) => {
      res.writeHead(answer.status, { "Content-Type": "application/json", "Request-Id": newId("req"), ...(answer.replayed ? { "Idempotent-Replayed": "true" } : {}), ...(idempotencyKey ? { "Idempotency-Key": idempotencyKey } : {}) });
      res.end(answer.text);
    };
    if (req.headers.authorization !== `Bearer ${this.secretKey}`) {
      return send(errorAnswer(new StripeError(401, "invalid_request_error", "Invalid API Key provided.")));
    }
    const fault = this.takeFault(method, url.pathname);
    recorded.fault = fault?.mode ?? null;
    if (fault?.mode === "timeout") {
      this.held.add(res);
      res.on("close", () => this.held.delete(res));
      return;
    }
    // Stripe stores the answer of a keyed POST, errors included (except 5xx), and replays it;
    // the same key with other parameters (or another endpoint) is refused.
    const fingerprint = `${method} ${url.pathname} ${JSON.stringify(params)}`;
    const keyed = method === "POST" && idempotencyKey !== null;
    const earlier = keyed ? this.idempotent.get(idempotencyKey) : undefined;
    let answer: Answer;
    if (fault?.mode === "error") {
      const status = fault.status ?? 500;
      answer = errorAnswer(new StripeError(status, fault.type ?? (status >= 500 ? "api_error" : "invalid_request_error"), fault.message ?? "An unknown error occurred", fault.code));
    } else if (earlier && earlier.fingerprint !== fingerprint) {
      answer = errorAnswer(
        new StripeError(400, "idempotency_error", `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`),
      );
    } else if (earlier) {
      answer = { status: earlier.status, text: earlier.text, replayed: true };
    } else {
      answer = this.perform(method, url.pathname, params);
    }
    if (keyed && !earlier && answer.status < 500) this.idempotent.set(idempotencyKey, { fingerprint, status: answer.status, text: answer.text });
    recorded.replayed = answer.replayed;
    // Done (and stored), but the answer never reaches the client.
    if (fault?.mode === "lose-answer") return void res.destroy();
    send(answer);
  }

  /** The first fault matching the request, one use spent; dropped when used up. */
  private takeFault(method: string, pathname: string) {
    const index = this.faults.findIndex((fault) => fault.method === method && pathMatches(fault.path, pathname));
    if (index < 0) return null;
    const fault = this.faults[index]!;
    if (--fault.times <= 0) this.faults.splice(index, 1);
    return fault;
  }

  private perform(method: string, path: string, params: Params): Answer {
    try {
      return { status: 200, text: JSON.stringify(this.route(method, path, params)), replayed: false };
    } catch (error) {
      if (!(error instanceof StripeError)) throw error;
      return errorAnswer(error);
    }
  }

  private route(method: string, path: string, params: Params): Json {
    // Stripe Identity's two-segment resource: /v1/identity/verification_sessions[/:id[/cancel]].
    const identity = /^\/v1\/identity\/verification_sessions(?:\/([^/]+))?(?:\/(cancel))?$/.exec(path);
    if (identity) return this.verificationSessionRoute(method, identity[1], identity[2], params);
    const [, version, resource, id, action, ...rest] = path.split("/");
    if (version !== "v1" || rest.length > 0) throw new StripeError(404, "invalid_request_error", `Unrecognized request URL (${method}: ${path}).`);
    const key = `${method} ${resource}${id ? "/:id" : ""}${action ? `/${action}` : ""}`;
    switch (key) {
      case "POST payment_intents":
        return this.createIntent(params);
      case "POST customers": {
        const customer: FakeCustomer = { id: newId("cus"), object: "customer", description: str(params.description), metadata: record(params.metadata), created: nowSeconds(), livemode: false };
        this.customers.set(customer.id, customer);
        return customer;
      }
      case "GET customers/:id":
        return this.mustFind(this.customers, id!, "customer");
      case "GET payment_methods/:id": {
        const { declinesOffSession: _hidden, ...method } = this.mustFind(this.paymentMethods, id!, "payment_method") as FakePaymentMethod;
        return method;
      }
      case "GET payment_intents/:id":
        return this.mustIntent(id!);
      case "POST payment_intents/:id/cancel":
        return this.cancelIntent(id!, params);
      case "POST payment_intents/:id/capture":
        return this.captureIntent(id!, params);
      case "GET charges/:id":
        return this.mustFind(this.charges, id!, "charge");
      case "POST refunds":
        return this.createRefund(params);
      case "GET refunds": {
        const intentId = str(params.payment_intent);
        const chargeId = str(params.charge);
        const refunds = [...this.refunds.values()].filter((refund) => (!intentId || refund.payment_intent === intentId) && (!chargeId || refund.charge === chargeId));
        return this.list("/v1/refunds", refunds, params);
      }
      case "GET disputes/:id":
        return this.mustFind(this.disputes, id!, "dispute");
      case "POST accounts":
        return this.createAccount(params);
      case "GET accounts/:id":
        return this.mustFind(this.accounts, id!, "account");
      case "POST account_links": {
        const account = this.mustFind(this.accounts, str(params.account) ?? "", "account");
        for (const name of ["return_url", "refresh_url"]) if (!str(params[name])) throw new StripeError(400, "invalid_request_error", `Missing required param: ${name}.`);
        return { object: "account_link", url: `https://connect.stripe.com/setup/e/${account.id}/${crypto.randomBytes(8).toString("hex")}`, created: nowSeconds(), expires_at: nowSeconds() + 300 };
      }
      case "POST transfers":
        return this.createTransfer(params);
      case "GET transfers": {
        const group = str(params.transfer_group);
        return this.list("/v1/transfers", [...this.transfers.values()].filter((transfer) => !group || transfer.transfer_group === group), params);
      }
      case "GET transfers/:id":
        return this.mustFind(this.transfers, id!, "transfer");
      default:
        throw new StripeError(404, "invalid_request_error", `Unrecognized request URL (${method}: ${path}).`);
    }
  }

  private verificationSessionRoute(method: string, id: string | undefined, action: string | undefined, params: Params): Json {
    if (method === "POST" && !id) {
      const session: FakeVerificationSession = {
        id: newId("vs"),
        object: "identity.verification_session",
        status: "requires_input",
        type: str(params.type) ?? "document",
        url: null,
        return_url: str(params.return_url),
        client_reference_id: str(params.client_reference_id),
        last_error: null,
        metadata: (params.metadata ?? {}) as Record<string, string>,
        options: (params.options ?? {}) as Record<string, unknown>,
        created: nowSeconds(),
        livemode: false,
      };
      session.url = `https://verify.stripe.com/start/test_${session.id}`;
      this.verificationSessions.set(session.id, session);
      return session;
    }
    if (method === "GET" && id && !action) return this.mustFind(this.verificationSessions, id, "identity.verification_session");
    if (method === "POST" && id && action === "cancel") {
      const session = this.mustFind(this.verificationSessions, id, "identity.verification_session") as FakeVerificationSession;
      return Object.assign(session, { status: "canceled", url: null });
    }
    throw new StripeError(404, "invalid_request_error", `Unrecognized request URL (${method}: /v1/identity/verification_sessions).`);
  }

  /**
   * A page of a Stripe list, newest first (`items` are oldest first, as stored): `limit`
   * (1–100, default 10 as at Stripe) after `starting_after` or before `ending_before`, so
   * the SDK's auto-pagination walks it.
   */
  private list<T extends { id: string }>(url: string, items: T[], params: Params): Json {
    const newest = [...items].reverse();
    const limit = params.limit === undefined ? 10 : int(params.limit);
    if (limit === null || limit < 1 || limit > 100) throw new StripeError(400, "invalid_request_error", "Invalid integer: limit must be between 1 and 100.", undefined, { param: "limit" });
    const position = (name: "starting_after" | "ending_before") => {
      const cursor = str(params[name]);
      if (cursor === null) return null;
      const index = newest.findIndex((item) => item.id === cursor);
      if (index < 0) throw new StripeError(400, "invalid_request_error", `No such object: '${cursor}'`, "resource_missing", { param: name });
      return index;
    };
    const after = position("starting_after");
    const before = position("ending_before");
    if (before !== null) {
      const from = Math.max(0, before - limit);
      return { object: "list", data: newest.slice(from, before), has_more: from > 0, url };
    }
    const from = after === null ? 0 : after + 1;
    return { object: "list", data: newest.slice(from, from + limit), has_more: from + limit < newest.length, url };
  }

  private createIntent(params: Params): FakeIntent {
    const amount = int(params.amount);
    const currency = str(params.currency);
    if (amount === null || amount < 1) throw new StripeError(400, "invalid_request_error", "Missing required param: amount.", "parameter_missing", { param: "amount" });
    if (!currency || !/^[a-z]{3}$/.test(currency)) throw new StripeError(400, "invalid_request_error", "Invalid currency.", undefined, { param: "currency" });
    // Explicit payment method types — `payment_method_types` (older API versions, exclusive
    // with automatic ones) or `allowed_payment_method_types` (this SDK's) — or automatic
    // ones, Stripe's default since 2023-08-16.
    const legacyTypes = strings(params.payment_method_types);
    const allowedTypes = strings(params.allowed_payment_method_types);
    const automatic = params.automatic_payment_methods === undefined ? null : record(params.automatic_payment_methods).enabled === "true";
    if (legacyTypes && automatic) {
      throw new StripeError(400, "invalid_request_error", "You may only specify one of these parameters: automatic_payment_methods, payment_method_types.", undefined, { param: "automatic_payment_methods" });
    }
    for (const [name, list] of [["payment_method_types", legacyTypes], ["allowed_payment_method_types", allowedTypes]] as const) {
      if (list && (list.length === 0 || list.some((type) => !/^[a-z_]+$/.test(type)))) {
        throw new StripeError(400, "invalid_request_error", `Invalid ${name}: must be a non-empty list of payment method types.`, undefined, { param: name });
      }
    }
    const types = legacyTypes ?? allowedTypes;
    const captureMethod = str(params.capture_method) ?? "automatic_async";
    if (!CAPTURE_METHODS.includes(captureMethod as FakeIntent["capture_method"])) {
      throw new StripeError(400, "invalid_request_error", "Invalid capture_method: must be one of automatic, automatic_async, or manual", undefined, { param: "capture_method" });
    }
    const customer = params.customer === undefined ? null : str(params.customer);
    if (params.customer !== undefined && (!customer || !this.customers.has(customer))) {
      throw new StripeError(400, "invalid_request_error", `No such customer: '${customer ?? ""}'`, "resource_missing", { param: "customer" });
    }
    const futureUsage = params.setup_future_usage === undefined ? null : str(params.setup_future_usage);
    if (futureUsage !== null && futureUsage !== "on_session" && futureUsage !== "off_session") {
      throw new StripeError(400, "invalid_request_error", "Invalid setup_future_usage: must be one of on_session or off_session", undefined, { param: "setup_future_usage" });
    }
    const methodId = params.payment_method === undefined ? null : str(params.payment_method);
    const method = methodId ? this.paymentMethods.get(methodId) : undefined;
    if (methodId !== null && !method) throw new StripeError(400, "invalid_request_error", `No such PaymentMethod: '${methodId}'`, "resource_missing", { param: "payment_method" });
    const offSession = params.off_session === "true";
    const confirm = params.confirm === "true";
    if (offSession && !confirm) throw new StripeError(400, "invalid_request_error", "off_session can only be used with confirm=true.", undefined, { param: "off_session" });
    if (confirm && !method) throw new StripeError(400, "invalid_request_error", "You cannot confirm this PaymentIntent because it's missing a payment method.", "payment_intent_unexpected_state", { param: "payment_method" });
    if (method && method.customer !== customer) {
      // Stripe: a saved card is used with the customer it is attached to, only.
      throw new StripeError(400, "invalid_request_error", `The provided PaymentMethod ${method.id} was previously used with a PaymentIntent without Customer attachment, or it is attached to another customer.`, undefined, { param: "payment_method" });
    }
    const id = newId("pi");
    const intent: FakeIntent = {
      id,
      object: "payment_intent",
      amount,
      amount_received: 0,
      currency,
      status: "requires_payment_method",
      client_secret: `${id}_secret_${crypto.randomBytes(12).toString("hex")}`,
      metadata: record(params.metadata),
      transfer_group: str(params.transfer_group),
      latest_charge: null,
      last_payment_error: null,
      automatic_payment_methods: automatic === null && types ? null : { enabled: automatic ?? true },
      allowed_payment_method_types: allowedTypes,
      payment_method_types: types ?? ["card"],
      capture_method: captureMethod as FakeIntent["capture_method"],
      canceled_at: null,
      cancellation_reason: null,
      description: str(params.description),
      customer,
      payment_method: methodId,
      setup_future_usage: futureUsage as FakeIntent["setup_future_usage"],
      created: nowSeconds(),
      livemode: false,
    };
    this.intents.set(id, intent);
    if (confirm && method) {
      // Confirmed now: the saved card is charged (or authorised), or declines. Off-session,
      // a decline is a 402 card error naming the intent, which waits for another card.
      if (offSession && method.declinesOffSession) {
        const error = { code: "card_declined", decline_code: "generic_decline", message: "Your card was declined.", type: "card_error" };
        Object.assign(intent, { last_payment_error: error });
        throw new StripeError(402, "card_error", error.message, error.code, { decline_code: error.decline_code, payment_intent: intent });
      }
      this.charge(intent);
    }
    return intent;
  }

  private cancelIntent(id: string, params: Params): FakeIntent {
    const intent = this.mustIntent(id);
    const reason = params.cancellation_reason === undefined ? null : str(params.cancellation_reason);
    if (params.cancellation_reason !== undefined && !CANCELLATION_REASONS.includes(reason ?? "")) {
      throw new StripeError(400, "invalid_request_error", "Invalid cancellation_reason: must be one of duplicate, fraudulent, requested_by_customer, or abandoned", undefined, { param: "cancellation_reason" });
    }
    if (!CANCELABLE.includes(intent.status)) {
      throw new StripeError(
        400,
        "invalid_request_error",
        `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.`,
        "payment_intent_unexpected_state",
        { payment_intent: intent },
      );
    }
    Object.assign(intent, { status: "canceled", canceled_at: nowSeconds(), cancellation_reason: reason });
    return intent;
  }

  /**
   * Charges an authorised intent, for `amount_to_capture` (default: all of it). A partial
   * capture is modelled as a charge of the captured amount (Stripe keeps the authorised
   * amount on the charge and refunds the rest; only what was captured can be refunded).
   */
  private captureIntent(id: string, params: Params): FakeIntent {
    const intent = this.mustIntent(id);
    if (intent.status !== "requires_capture") {
      throw new StripeError(
        400,
        "invalid_request_error",
        `This PaymentIntent could not be captured because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be acted upon: requires_capture.`,
        "payment_intent_unexpected_state",
        { payment_intent: intent },
      );
    }
    const amount = params.amount_to_capture === undefined ? intent.amount : int(params.amount_to_capture);
    if (amount === null || amount < 1) throw new StripeError(400, "invalid_request_error", "Invalid positive integer", undefined, { param: "amount_to_capture" });
    if (amount > intent.amount) {
      throw new StripeError(400, "invalid_request_error", `The amount_to_capture (${amount}) cannot be greater than the amount capturable (${intent.amount}).`, "amount_too_large", { param: "amount_to_capture" });
    }
    const charge = this.charges.get(intent.latest_charge!)!;
    Object.assign(charge, { captured: true, amount });
    Object.assign(intent, { status: "succeeded", amount_received: amount });
    return intent;
  }

  private createRefund(params: Params): FakeRefund {
    const chargeId = str(params.charge);
    const intentId = str(params.payment_intent);
    if (!chargeId && !intentId) throw new StripeError(400, "invalid_request_error", "One of the following params should be provided for this request: payment_intent or charge.", "parameter_missing");
    const intent = intentId ? this.mustIntent(intentId) : null;
    const charge = chargeId ? this.mustFind(this.charges, chargeId, "charge") : intent!.latest_charge ? this.charges.get(intent!.latest_charge) : undefined;
    if (!charge) throw new StripeError(400, "invalid_request_error", `This PaymentIntent (${intent!.id}) does not have a successful charge to refund.`, "charge_not_refundable");
    if ([...this.disputes.values()].some((dispute) => dispute.charge === charge.id && dispute.status !== "won")) {
      throw new StripeError(400, "invalid_request_error", `Charge ${charge.id} has been charged back; cannot issue a refund.`, "charge_disputed");
    }
    if (!charge.captured) throw new StripeError(400, "invalid_request_error", `Charge ${charge.id} has not been captured; cancel its PaymentIntent to release the authorisation.`, "charge_not_refundable");
    const left = charge.amount - charge.amount_refunded;
    if (left === 0) throw new StripeError(400, "invalid_request_error", `Charge ${charge.id} has already been refunded.`, "charge_already_refunded");
    const amount = params.amount === undefined ? left : int(params.amount);
    if (amount === null || amount < 1) throw new StripeError(400, "invalid_request_error", "Invalid positive integer", undefined, { param: "amount" });
    if (amount > left) {
      const message =
        charge.amount_refunded === 0
          ? `Refund amount (${money(amount, charge.currency)}) is greater than charge amount (${money(charge.amount, charge.currency)})`
          : `Refund amount (${money(amount, charge.currency)}) is greater than unrefunded amount on charge (${money(left, charge.currency)})`;
      throw new StripeError(400, "invalid_request_error", message, "amount_too_large", { param: "amount" });
    }
    const reason = str(params.reason);
    if (params.reason !== undefined && !REFUND_REASONS.includes(reason ?? "")) {
      throw new StripeError(400, "invalid_request_error", "Invalid reason: must be one of duplicate, fraudulent, or requested_by_customer", undefined, { param: "reason" });
    }
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    const refund: FakeRefund = {
      id: newId("re"),
      object: "refund",
      amount,
      currency: charge.currency,
      charge: charge.id,
      payment_intent: charge.payment_intent,
      status: "succeeded",
      reason,
      metadata: record(params.metadata),
      created: nowSeconds(),
    };
    this.refunds.set(refund.id, refund);
    return refund;
  }

  private createAccount(params: Params): FakeAccount {
    if (str(params.type) !== "express") throw new StripeError(400, "invalid_request_error", "This test server only opens Express accounts.");
    const account: FakeAccount = {
      id: `acct_${crypto.randomBytes(8).toString("hex").toUpperCase()}`,
      object: "account",
      type: "express",
      email: str(params.email),
      details_submitted: false,
      payouts_enabled: false,
      charges_enabled: false,
      requirements: { currently_due: [...ONBOARDING_DUE], eventually_due: [...ONBOARDING_DUE], past_due: [], disabled_reason: "requirements.past_due" },
      metadata: record(params.metadata),
      created: nowSeconds(),
    };
    this.accounts.set(account.id, account);
    return account;
  }

  private createTransfer(params: Params): FakeTransfer {
    const amount = int(params.amount);
    const destination = this.mustFind(this.accounts, str(params.destination) ?? "", "account");
    if (amount === null || amount < 1) throw new StripeError(400, "invalid_request_error", "Missing required param: amount.");
    if (!destination.payouts_enabled) throw new StripeError(400, "invalid_request_error", "Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments");
    const source = str(params.source_transaction);
    if (source) {
      const charge = this.charges.get(source);
      if (!charge) throw new StripeError(400, "invalid_request_error", `No such charge: '${source}'`, "resource_missing");
      const alreadyOut = [...this.transfers.values()].filter((t) => t.source_transaction === source).reduce((sum, t) => sum + t.amount - t.amount_reversed, 0);
      if (alreadyOut + amount > charge.amount - charge.amount_refunded) throw new StripeError(400, "invalid_request_error", "The transfer amount exceeds the source transaction's available amount.");
    }
    const transfer: FakeTransfer = {
      id: newId("tr"),
      object: "transfer",
      amount,
      amount_reversed: 0,
      reversed: false,
      currency: str(params.currency) ?? "usd",
      destination: destination.id,
      transfer_group: str(params.transfer_group),
      source_transaction: source,
      metadata: record(params.metadata),
      created: nowSeconds(),
    };
    this.transfers.set(transfer.id, transfer);
    return transfer;
  }

  private mustIntent(id: string) {
    return this.mustFind(this.intents, id, "payment_intent");
  }

  /** For control methods: an intent Stripe can still move (not succeeded, not canceled). */
  private mustOpenIntent(id: string, what: string) {
    const intent = this.mustIntent(id);
    if (intent.status === "succeeded" || intent.status === "canceled") throw new Error(`${what}: ${id} is already ${intent.status}`);
    return intent;
  }

  private mustFind<T>(map: Map<string, T>, id: string, kind: string): T {
    const found = map.get(id);
    if (!found) throw new StripeError(404, "invalid_request_error", `No such ${kind}: '${id}'`, "resource_missing", { param: "id" });
    return found;
  }
}
