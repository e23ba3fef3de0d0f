import { requestNow } from "~/lib/clock.server";
import type { Route } from "./+types/api.payment-confirm";
import { getUser } from "~/features/auth/session.server";
import { confirmCardPayment } from "~/features/bookings/confirmation.server";
import { readJsonWithLimit } from "~/lib/read-body.server";
import { getDb } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import { translatable } from "~/features/i18n/translatable";

const MAX_BODY_BYTES = 2 * 1024;

/** POST /api/payments/confirm: the test-mode processor's confirmCardPayment. */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return Response.json({ error: "Method not allowed." }, { status: 405 });
  const user = await getUser(request);
  if (!user) return Response.json({ error: translatable("Sign in to pay."), code: "unauthorized" }, { status: 401 });
  const body = await readJsonWithLimit(request, MAX_BODY_BYTES);
  if (!body.ok) {
    return Response.json({ error: body.reason === "too-large" ? "Request too large." : "The request must be JSON.", code: "invalid" }, { status: body.reason === "too-large" ? 413 : 400 });
  }
  try {
    const result = await confirmCardPayment(await getDb(), { userId: user.id, body: body.value, now: requestNow(request) });
    if (!result.ok) return Response.json({ error: result.error, code: result.code }, { status: result.status });
    return Response.json({ paymentIntent: result.paymentIntent });
  } catch (error) {
    logger.error({ err: error }, "confirm payment failed");
    return Response.json({ error: translatable("An error occurred") }, { status: 500 });
  }
}

export function loader() {
  return Response.json({ error: "Method not allowed." }, { status: 405 });
}
