import { requestNow } from "~/lib/clock.server";
import type { Route } from "./+types/api.booking-cancel";
import { getUser } from "~/features/auth/session.server";
import { cancelBooking } from "~/features/bookings/bookings.server";
import { getDb } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";

/** POST /api/bookings/:bookingId/cancel → { refundMinor } (the guest's own confirmed, upcoming booking). */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== "POST") return Response.json({ error: "Method not allowed." }, { status: 405 });
  const user = await getUser(request);
  if (!user) return Response.json({ error: "Sign in to cancel a booking." }, { status: 401 });
  try {
    const result = await cancelBooking(await getDb(), { userId: user.id, bookingId: params.bookingId, now: requestNow(request) });
    if (!result.ok) return Response.json({ error: result.error }, { status: result.status });
    return Response.json({ refundMinor: result.refundMinor });
  } catch (error) {
    logger.error({ err: error }, "cancel booking failed");
    return Response.json({ error: "Failed to cancel booking" }, { status: 500 });
  }
}

export function loader() {
  return Response.json({ error: "Method not allowed." }, { status: 405 });
}
