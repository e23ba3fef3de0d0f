import { requestNow } from "~/lib/clock.server";
import type { Route } from "./+types/api.payment-intent-status";
import { getUser } from "~/features/auth/session.server";
import { BOOKING_MESSAGES } from "~/features/bookings/booking-rules.server";
import { getPaymentOutcome } from "~/features/bookings/confirmation.server";
import { getDb } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";

/** GET /api/payments/intent?client_secret=… → { status, outcome, booking } for the booking's guest only. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await getUser(request);
  const clientSecret = new URL(request.url).searchParams.get("client_secret") ?? "";
  const notFound = () => Response.json({ error: BOOKING_MESSAGES.somethingWrong }, { status: 404, headers: { "Cache-Control": "no-store" } });
  if (!user) return notFound();
  try {
    const result = await getPaymentOutcome(await getDb(), { userId: user.id, clientSecret, now: requestNow(request) });
    if (!result) return notFound();
    return Response.json(result, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    logger.error({ err: error }, "payment outcome failed");
    return Response.json({ error: BOOKING_MESSAGES.somethingWrong }, { status: 500 });
  }
}
