import { requestNow } from "~/lib/clock.server";
import type { Route } from "./+types/api.payment-intent";
import { getUser } from "~/features/auth/session.server";
import { answerHoldRequest, HOLD_BODY_BYTES } from "~/features/bookings/hold-request.server";
import { readJsonWithLimit } from "~/lib/read-body.server";

/**
 * POST /api/bookings/payment-intent (spec's create-payment-intent). The served app
 * answers it before React Router (server/booking-hold.ts, ADR 0192); this route is the
 * same answer under `react-router dev` and in the route tests.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return Response.json({ error: "Method not allowed." }, { status: 405 });
  const answer = await answerHoldRequest({
    user: await getUser(request),
    readBody: () => readJsonWithLimit(request, HOLD_BODY_BYTES),
    idempotencyKey: request.headers.get("idempotency-key"),
    now: requestNow(request),
  });
  return Response.json(answer.body, { status: answer.status, headers: answer.headers });
}

export function loader() {
  return Response.json({ error: "Method not allowed." }, { status: 405 });
}
