import type { Route } from "./+types/api.stripe-webhook";
import { handleStripeWebhook } from "~/features/payments/stripe-webhooks.server";
import { requestNow } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";
import { bodyTooLargeResponse, readBodyWithLimit } from "~/lib/read-body.server";

/** Stripe's events are a few kilobytes; a quarter megabyte leaves room for any of them. */
const MAX_BODY_BYTES = 256 * 1024;

const noStore = { "Cache-Control": "no-store" };

/**
 * POST /api/webhooks/stripe (ADR 0130): Stripe's event deliveries, signed. Exists only
 * when PAYMENT_PROVIDER=stripe or IDENTITY_PROVIDER=stripe (Stripe Identity, ADR 0250). A bad signature or an old timestamp is a 400 and changes
 * nothing; a duplicate or an event type we do not handle is a 200 that changes nothing;
 * a handler's failure is a 500, so Stripe delivers the event again later.
 */
export async function action({ request }: Route.ActionArgs) {
  if (env().PAYMENT_PROVIDER !== "stripe" && env().IDENTITY_PROVIDER !== "stripe") return Response.json({ error: "Not found." }, { status: 404, headers: noStore });
  if (request.method !== "POST") return Response.json({ error: "Method not allowed." }, { status: 405, headers: noStore });
  const body = await readBodyWithLimit(request, MAX_BODY_BYTES);
  if (!body.ok) return body.reason === "too-large" ? bodyTooLargeResponse() : Response.json({ error: "Unreadable body." }, { status: 400, headers: noStore });
  try {
    const answer = await handleStripeWebhook(await getDb(), { rawBody: body.bytes, signature: request.headers.get("stripe-signature"), now: requestNow(request) });
    return Response.json(answer.body, { status: answer.status, headers: noStore });
  } catch (error) {
    logger.error({ err: error }, "stripe webhook failed");
    return Response.json({ error: "The event could not be handled now." }, { status: 500, headers: noStore });
  }
}

export function loader() {
  return Response.json({ error: "Method not allowed." }, { status: 405, headers: noStore });
}
