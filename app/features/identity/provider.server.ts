import type Stripe from "stripe";
import { stripeClient } from "~/features/payments/stripe-client.server";
import type { Db } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { IDENTITY_TEXT } from "./identity-text";
import { applyStripeSession, identityState, latestStripeSession, recordStripeSession, type StripeSessionState } from "./identity.server";

/**
 * The identity provider (ADR 0250), chosen by IDENTITY_PROVIDER like the payment provider
 * by PAYMENT_PROVIDER: `local`, photos uploaded here and reviewed by an admin in /admin;
 * `stripe`, Stripe Identity's hosted flow, whose result arrives by webhook. Calls to Stripe
 * are never made inside a database transaction.
 */
export type StartResult = { ok: true; redirectTo: string } | { ok: false; status: 409 | 503; error: string };

export type IdentityProvider =
  | { readonly name: "local" }
  | {
      readonly name: "stripe";
      /** Creates (or resumes) the user's VerificationSession and returns Stripe's page to send them to. */
      start(db: Db, input: { userId: string; returnUrl: string; now: Date }): Promise<StartResult>;
      /** Reads a session from Stripe and applies its state (the webhook and the return page). */
      sync(db: Db, sessionId: string, now: Date): Promise<boolean>;
    };

function sessionState(session: Stripe.Identity.VerificationSession): StripeSessionState {
  const known = ["verified", "processing", "canceled"] as const;
  const status = known.find((value) => value === session.status) ?? "requires_input";
  // A new session is 'requires_input' with no error until the member sends their document:
  // still open (pending), not a failed check.
  if (status === "requires_input" && !session.last_error) return { id: session.id, status: "processing", lastError: null };
  return { id: session.id, status, lastError: session.last_error?.reason ?? session.last_error?.code ?? null };
}

export const stripeIdentityProvider = {
  name: "stripe" as const,
  async start(db: Db, input: { userId: string; returnUrl: string; now: Date }): Promise<StartResult> {
    const state = await identityState(db, input.userId);
    if (state.status === "verified") return { ok: false, status: 409, error: IDENTITY_TEXT.errors.alreadyVerified };
    try {
      const latest = await latestStripeSession(db, input.userId);
      const open = latest?.status === "pending" ? latest : null;
      if (open?.sessionId) {
        const session = await stripeClient().identity.verificationSessions.retrieve(open.sessionId);
        // Still open at Stripe: the user goes back to it. Otherwise its state is recorded and a new one made.
        if (session.url && (session.status === "requires_input" || session.status === "processing")) return { ok: true, redirectTo: session.url };
        await applyStripeSession(db, sessionState(session), input.now);
      }
      const session = await stripeClient().identity.verificationSessions.create(
        {
          type: "document",
          options: { document: { require_matching_selfie: true } },
          client_reference_id: input.userId,
          metadata: { user_id: input.userId },
          return_url: input.returnUrl,
        },
        // After the user's latest session, once: a double click within the minute gets the same session back.
        { idempotencyKey: `identity-session:${input.userId}:${latest?.id ?? "first"}:${Math.floor(input.now.getTime() / 60_000)}` },
      );
      await recordStripeSession(db, { userId: input.userId, sessionId: session.id, now: input.now });
      if (!session.url) return { ok: false, status: 503, error: IDENTITY_TEXT.errors.stripeFailed };
      return { ok: true, redirectTo: session.url };
    } catch (error) {
      if (error instanceof Error && "type" in error) return { ok: false, status: 503, error: IDENTITY_TEXT.errors.stripeFailed };
      throw error;
    }
  },
  async sync(db: Db, sessionId: string, now: Date) {
    const session = await stripeClient().identity.verificationSessions.retrieve(sessionId);
    return applyStripeSession(db, sessionState(session), now);
  },
};

export function identityProvider(): IdentityProvider {
  return env().IDENTITY_PROVIDER === "stripe" ? stripeIdentityProvider : { name: "local" };
}
