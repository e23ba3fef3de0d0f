import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { emailOutbox, identityVerifications } from "~/db/schema/index";
import { IDENTITY_TEXT } from "~/features/identity/identity-text";
import { isIdentityVerified } from "~/features/identity/identity.server";
import type * as DbModule from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { createUser, sessionCookieFor } from "../../../tests/factories/users";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { StripeTestServer } from "../../../tests/stripe/stripe-test-server";

/**
 * The Stripe Identity provider (issue #29 point 3, ADR 0250) through the real `stripe` SDK,
 * pointed at the local Stripe-compatible server, and its webhook events through the one
 * Stripe webhook route with real signatures. Both engines.
 */
const state = vi.hoisted(() => ({ database: undefined as undefined | { db: unknown } }));
vi.mock("~/lib/db.server", async (original) => ({
  ...(await original<typeof DbModule>()),
  getDb: async () => state.database!.db,
}));

const pageRoute = await import("./identity");
const webhookRoute = await import("../bookings/api.stripe-webhook");

const WEBHOOK_SECRET = "whsec_rentwell_identity_test";
const SETTINGS = ["IDENTITY_PROVIDER", "STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "STRIPE_API_URL"] as const;
const saved: Partial<Record<(typeof SETTINGS)[number], string | undefined>> = {};
const signer = new Stripe("sk_test_signer_only");

let database: TestDatabase;
let fake: StripeTestServer;

beforeAll(async () => {
  fake = await new StripeTestServer().start();
  for (const name of SETTINGS) saved[name] = process.env[name];
  Object.assign(process.env, { IDENTITY_PROVIDER: "stripe", STRIPE_SECRET_KEY: fake.secretKey, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: fake.url });
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

async function member() {
  const user = await createUser(database.db, { signIn: false });
  return { ...user, cookie: await sessionCookieFor(database.db, user.id) };
}

/** The page's action as the form posts it; a redirect's Location, or the answer. */
async function post(cookie: string, fields: Record<string, string>) {
  const request = new Request("http://localhost/profile/identity", {
    method: "POST",
    headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
  const answer = (await pageRoute.action({ request, params: {}, context: {} } as never)) as unknown;
  if (answer instanceof Response) return { status: answer.status, location: answer.headers.get("location"), body: {} as Record<string, unknown> };
  const { data, init } = answer as { data: Record<string, unknown>; init: { status?: number } | null };
  return { status: init?.status ?? 200, location: null, body: data };
}

async function deliver(event: object, signature?: string) {
  const payload = JSON.stringify(event);
  const request = new Request("http://localhost/api/webhooks/stripe", {
    method: "POST",
    body: payload,
    headers: { "Content-Type": "application/json", "Stripe-Signature": signature ?? signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) },
  });
  const response = (await webhookRoute.action({ request, params: {}, context: {} as never } as never)) as Response;
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const rowsOf = (userId: string) => database.db.select().from(identityVerifications).where(eq(identityVerifications.userId, userId)).orderBy(identityVerifications.createdAt);

describe("Stripe Identity", () => {
  it("starts a document + selfie session and sends the member to Stripe; a second start resumes the same session", async () => {
    const user = await member();
    const started = await post(user.cookie, { intent: "start" });
    expect(started.status).toBe(302);
    const [row] = await rowsOf(user.id);
    expect(row).toMatchObject({ provider: "stripe", status: "pending" });
    const session = fake.verificationSessions.get(row!.providerSessionId!)!;
    expect(started.location).toBe(session.url);
    expect(session).toMatchObject({ type: "document", client_reference_id: user.id, metadata: { user_id: user.id }, options: { document: { require_matching_selfie: "true" } } });
    expect(session.return_url).toMatch(/\/profile\/identity$/);

    // Back from Stripe before sending anything: the page reads the session, which is still open (no error), so still in progress.
    const page = await pageRoute.loader({ request: new Request("http://localhost/profile/identity", { headers: { cookie: user.cookie } }), params: {}, context: {} } as never);
    expect(page).toMatchObject({ provider: "stripe", state: { status: "pending", provider: "stripe", reason: null } });

    const again = await post(user.cookie, { intent: "start" });
    expect(again.location).toBe(session.url);
    expect(await rowsOf(user.id)).toHaveLength(1);
    // The local form's submission is not this provider's: refused, nothing changes.
    expect(await post(user.cookie, { intent: "submit", documentUploadId: crypto.randomUUID(), selfieUploadId: crypto.randomUUID() })).toMatchObject({ status: 400, body: { formError: IDENTITY_TEXT.errors.wrongProvider } });
  });

  it("applies the webhook events from Stripe's current state: requires_input with Stripe's reason, then a new session verified; duplicates and forged signatures change nothing", async () => {
    const user = await member();
    await post(user.cookie, { intent: "start" });
    const [first] = await rowsOf(user.id);
    // A forged delivery: 400, nothing changes.
    const forged = await deliver(fake.event("identity.verification_session.verified", { ...fake.verificationSessions.get(first!.providerSessionId!)!, status: "verified" }), "t=1,v1=forged");
    expect(forged.status).toBe(400);
    expect((await rowsOf(user.id))[0]!.status).toBe("pending");
    // The event's copy says verified, Stripe says otherwise: Stripe's state wins.
    const lying = fake.event("identity.verification_session.verified", { ...fake.verificationSessions.get(first!.providerSessionId!)!, status: "verified" });
    fake.decideVerification(first!.providerSessionId!, "requires_input", "The document was expired.");
    expect(await deliver(lying)).toMatchObject({ status: 200, body: { received: true } });
    expect((await rowsOf(user.id))[0]).toMatchObject({ status: "requires_input", reason: "The document was expired." });
    expect(await isIdentityVerified(database.db, user.id)).toBe(false);

    const retried = await post(user.cookie, { intent: "start" });
    expect(retried.status).toBe(302);
    const rows = await rowsOf(user.id);
    expect(rows).toHaveLength(2);
    const second = rows[1]!;
    expect(second.providerSessionId).not.toBe(first!.providerSessionId);
    const verified = fake.event("identity.verification_session.verified", fake.decideVerification(second.providerSessionId!, "verified"));
    expect(await deliver(verified)).toMatchObject({ status: 200, body: { received: true } });
    expect(await deliver(verified)).toMatchObject({ status: 200, body: { received: true, ignored: "duplicate" } });
    expect((await rowsOf(user.id))[1]).toMatchObject({ status: "verified" });
    expect(await isIdentityVerified(database.db, user.id)).toBe(true);
    const mails = await database.db.select().from(emailOutbox).where(eq(emailOutbox.toEmail, user.email));
    expect(mails.map((mail) => mail.kind)).toEqual(["identity_approved"]);
    // Verified: starting again is refused.
    expect(await post(user.cookie, { intent: "start" })).toMatchObject({ status: 409, body: { formError: IDENTITY_TEXT.errors.alreadyVerified } });
  });

  it("a session Stripe cannot start is a clear 503, with nothing recorded", async () => {
    const user = await member();
    fake.failNext("POST", "/v1/identity/verification_sessions", 500, "Stripe is down", "api_error");
    fake.failNext("POST", "/v1/identity/verification_sessions", 500, "Stripe is down", "api_error");
    fake.failNext("POST", "/v1/identity/verification_sessions", 500, "Stripe is down", "api_error");
    expect(await post(user.cookie, { intent: "start" })).toMatchObject({ status: 503, body: { formError: IDENTITY_TEXT.errors.stripeFailed } });
    expect(await rowsOf(user.id)).toEqual([]);
    fake.clearFaults();
  });
});
