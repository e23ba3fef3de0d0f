import { requestNow } from "~/lib/clock.server";
import type { Route } from "./+types/api.payment-intent";
import { getUser } from "~/features/auth/session.server";
import { createBookingHold } from "~/features/bookings/bookings.server";
import { paymentClientConfig } from "~/features/bookings/payment-provider.server";
import { readJsonWithLimit } from "~/lib/read-body.server";
import { getDb } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";

const MAX_BODY_BYTES = 4 * 1024;

/**
 * POST /api/bookings/payment-intent (spec's create-payment-intent): prices the
 * request on the server, holds the slot for 15 minutes and returns the client secret
 * with what the payment step needs to know of the provider (Stripe's publishable key).
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return Response.json({ error: "Method not allowed." }, { status: 405 });
  const user = await getUser(request);
  if (!user) return Response.json({ error: "Sign in to book this space.", code: "unauthorized" }, { status: 401 });
  const body = await readJsonWithLimit(request, MAX_BODY_BYTES);
  if (!body.ok) {
    return body.reason === "too-large"
      ? Response.json({ error: "Request too large.", code: "invalid" }, { status: 413 })
      : Response.json({ error: "The request must be JSON.", code: "invalid" }, { status: 400 });
  }
  try {
    const result = await createBookingHold(await getDb(), {
      userId: user.id,
      body: body.value,
      idempotencyKey: request.headers.get("idempotency-key"),
      now: requestNow(request),
    });
    if (!result.ok) {
      const { ok: _ok, status, ...failure } = result;
      return Response.json(failure, { status });
    }
    const { ok: _ok, ...response } = result;
    return Response.json({ ...response, ...paymentClientConfig() });
  } catch (error) {
    logger.error({ err: error }, "create payment intent failed");
    return Response.json({ error: "Failed to process booking" }, { status: 500 });
  }
}

export function loader() {
  return Response.json({ error: "Method not allowed." }, { status: 405 });
}
