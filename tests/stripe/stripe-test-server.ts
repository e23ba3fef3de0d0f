import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local Stripe-compatible API for tests (ADR 0130): this machine cannot reach
 * Stripe, so the real `stripe` SDK is pointed at this server (STRIPE_API_URL, i.e.
 * the SDK's host, port and protocol options). It speaks what the SDK sends —
 * form-encoded bodies with bracketed keys, Bearer secret keys, Idempotency-Key
 * headers — and answers with Stripe-shaped JSON for the endpoints Rentwell uses:
 * PaymentIntents (create, retrieve), refunds (create, list), Connect accounts
 * (create, retrieve), account links, transfers (create, retrieve, list).
 *
 * What a browser, a card network or a host would do at Stripe is done by the test
 * through the control methods (`succeed`, `fail`, `process`, `completeAccount`,
 * `reverseTransfer`), which change the stored objects the way Stripe would.
 */

type Json = Record<string, unknown>;
type Params = { [key: string]: string | Params | Params[] | string[] };

export type RecordedRequest = { method: string; path: string; params: Params; idempotencyKey: string | null };

export type FakeIntent = {
  id: string;
  object: "payment_intent";
  amount: number;
  amount_received: number;
  currency: string;
  status: "requires_payment_method" | "requires_action" | "processing" | "succeeded" | "canceled";
  client_secret: string;
  metadata: Record<string, string>;
  transfer_group: string | null;
  latest_charge: string | null;
  last_payment_error: { code: string; message: string; type: string } | null;
  automatic_payment_methods: { enabled: boolean } | null;
  description: string | null;
  created: number;
  livemode: false;
};

export type FakeCharge = { id: string; object: "charge"; amount: number; amount_refunded: number; refunded: boolean; currency: string; payment_intent: string; transfer_group: string | null; created: number; livemode: false };
export type FakeRefund = { id: string; object: "refund"; amount: number; currency: string; charge: string; payment_intent: string; status: "succeeded" | "pending" | "failed"; metadata: Record<string, string>; created: number };
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

class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

export class StripeTestServer {
  readonly intents = new Map<string, FakeIntent>();
  readonly charges = new Map<string, FakeCharge>();
  readonly refunds = new Map<string, FakeRefund>();
  readonly accounts = new Map<string, FakeAccount>();
  readonly transfers = new Map<string, FakeTransfer>();
  readonly requests: RecordedRequest[] = [];
  private readonly idempotent = new Map<string, { fingerprint: string; status: number; body: Json }>();
  private readonly failures: { method: string; path: string; status: number; type: string; message: string }[] = [];
  private server: http.Server | null = null;
  url = "";

  constructor(readonly secretKey = "sk_test_rentwell_local") {}

  async start() {
    this.server = http.createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop() {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** The next matching request fails with this Stripe error (e.g. a transfer the platform balance cannot cover). */
  failNext(method: string, path: string, status = 400, message = "Insufficient funds in Stripe account.", type = "invalid_request_error") {
    this.failures.push({ method, path, status, type, message });
  }

  requestsTo(method: string, path: string) {
    return this.requests.filter((request) => request.method === method && request.path === path);
  }

  // -------------------------------------------------------------------------
  // What happens at Stripe outside the API calls

  /** The guest's card was charged (Elements confirmed, any 3-D Secure passed). */
  succeed(intentId: string) {
    const intent = this.mustIntent(intentId);
    const charge: FakeCharge = {
      id: newId("ch"),
      object: "charge",
      amount: intent.amount,
      amount_refunded: 0,
      refunded: false,
      currency: intent.currency,
      payment_intent: intent.id,
      transfer_group: intent.transfer_group,
      created: nowSeconds(),
      livemode: false,
    };
    this.charges.set(charge.id, charge);
    Object.assign(intent, { status: "succeeded", amount_received: intent.amount, latest_charge: charge.id, last_payment_error: null });
    return charge;
  }

  /** A payment method that settles later (a bank debit) was accepted. */
  process(intentId: string) {
    Object.assign(this.mustIntent(intentId), { status: "processing", last_payment_error: null });
  }

  /** The card was declined: the intent waits for another payment method. */
  fail(intentId: string, message = "Your card was declined.") {
    Object.assign(this.mustIntent(intentId), { status: "requires_payment_method", last_payment_error: { code: "card_declined", message, type: "card_error" } });
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

  /** A refund made in Stripe's dashboard, outside the app. */
  dashboardRefund(intentId: string, amount: number) {
    return this.createRefund({ payment_intent: intentId, amount: String(amount) });
  }

  /** A Stripe event as the webhook endpoint receives it. */
  event(type: string, object: object, id = newId("evt")) {
    return { id, object: "event", api_version: "2025-10-29.clover", created: nowSeconds(), livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, type, data: { object } };
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
    this.requests.push({ method, path: url.pathname, params, idempotencyKey });
    const send = (status: number, body: Json, replayed = false) => {
      res.writeHead(status, { "Content-Type": "application/json", "Request-Id": newId("req"), ...(replayed ? { "Idempotent-Replayed": "true" } : {}), ...(idempotencyKey ? { "Idempotency-Key": idempotencyKey } : {}) });
      res.end(JSON.stringify(body));
    };
    if (req.headers.authorization !== `Bearer ${this.secretKey}`) {
      return send(401, { error: { type: "invalid_request_error", message: "Invalid API Key provided." } });
    }
    const fingerprint = `${method} ${url.pathname} ${JSON.stringify(params)}`;
    if (method === "POST" && idempotencyKey) {
      const earlier = this.idempotent.get(idempotencyKey);
      if (earlier && earlier.fingerprint !== fingerprint) {
        return send(400, { error: { type: "idempotency_error", message: `Keys for idempotent requests can only be used with the same parameters they were first used with.` } });
      }
      if (earlier) return send(earlier.status, earlier.body, true);
    }
    let status = 200;
    let body: Json;
    try {
      const failure = this.failures.findIndex((f) => f.method === method && f.path === url.pathname);
      if (failure >= 0) {
        const [f] = this.failures.splice(failure, 1);
        throw new StripeError(f!.status, f!.type, f!.message);
      }
      body = this.route(method, url.pathname, params);
    } catch (error) {
      if (!(error instanceof StripeError)) throw error;
      status = error.status;
      body = { error: { type: error.type, message: error.message, ...(error.code ? { code: error.code } : {}) } };
    }
    // Stripe stores the answer of a keyed POST, errors included (except 5xx), and replays it.
    if (method === "POST" && idempotencyKey && status < 500) this.idempotent.set(idempotencyKey, { fingerprint, status, body });
    send(status, body);
  }

  private route(method: string, path: string, params: Params): Json {
    const [, version, resource, id] = path.split("/");
    if (version !== "v1") throw new StripeError(404, "invalid_request_error", `Unrecognized request URL (${method}: ${path}).`);
    const key = `${method} ${resource}${id ? "/:id" : ""}`;
    switch (key) {
      case "POST payment_intents":
        return this.createIntent(params);
      case "GET payment_intents/:id":
        return this.mustIntent(id!);
      case "POST refunds":
        return this.createRefund(params);
      case "GET refunds": {
        const intentId = str(params.payment_intent);
        const data = [...this.refunds.values()].filter((refund) => !intentId || refund.payment_intent === intentId).reverse();
        return { object: "list", data, has_more: false, url: "/v1/refunds" };
      }
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
        const data = [...this.transfers.values()].filter((transfer) => !group || transfer.transfer_group === group).reverse();
        return { object: "list", data, has_more: false, url: "/v1/transfers" };
      }
      case "GET transfers/:id":
        return this.mustFind(this.transfers, id!, "transfer");
      default:
        throw new StripeError(404, "invalid_request_error", `Unrecognized request URL (${method}: ${path}).`);
    }
  }

  private createIntent(params: Params): FakeIntent {
    const amount = int(params.amount);
    const currency = str(params.currency);
    if (amount === null || amount < 1) throw new StripeError(400, "invalid_request_error", "Missing required param: amount.");
    if (!currency || !/^[a-z]{3}$/.test(currency)) throw new StripeError(400, "invalid_request_error", "Invalid currency.");
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
      automatic_payment_methods: params.automatic_payment_methods ? { enabled: record(params.automatic_payment_methods).enabled === "true" } : null,
      description: str(params.description),
      created: nowSeconds(),
      livemode: false,
    };
    this.intents.set(id, intent);
    return intent;
  }

  private createRefund(params: Params): FakeRefund {
    const intent = this.mustIntent(str(params.payment_intent) ?? "");
    const charge = intent.latest_charge ? this.charges.get(intent.latest_charge) : undefined;
    if (!charge) throw new StripeError(400, "invalid_request_error", `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`, "charge_not_refundable");
    const amount = params.amount === undefined ? charge.amount - charge.amount_refunded : int(params.amount);
    if (amount === null || amount < 1 || charge.amount_refunded + amount > charge.amount) {
      throw new StripeError(400, "invalid_request_error", `Refund amount (${amount}) is greater than unrefunded amount on charge.`, "amount_too_large");
    }
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    const refund: FakeRefund = { id: newId("re"), object: "refund", amount, currency: charge.currency, charge: charge.id, payment_intent: intent.id, status: "succeeded", metadata: record(params.metadata), created: nowSeconds() };
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

  private mustFind<T>(map: Map<string, T>, id: string, kind: string): T {
    const found = map.get(id);
    if (!found) throw new StripeError(404, "invalid_request_error", `No such ${kind}: '${id}'`, "resource_missing");
    return found;
  }
}
