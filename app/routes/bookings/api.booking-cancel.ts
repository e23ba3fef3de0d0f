import { requestNow } from "~/lib/clock.server";
import type { Route } from "./+types/api.booking-cancel";
import { getUser } from "~/features/auth/session.server";
import { cancelBooking } from "~/features/bookings/cancellation.server";
import { getDb } from "~/lib/db.server";
import { refusalStatus } from "~/lib/http";
import { logger } from "~/lib/logger.server";
import { bodyTooLargeResponse, readJsonWithLimit, SMALL_FORM_BYTES } from "~/lib/read-body.server";
import { translatable } from "~/features/i18n/translatable";

/**
 * POST /api/bookings/:bookingId/cancel → { refundMinor } (the guest's own confirmed,
 * upcoming booking). An optional JSON body `{ "expectedRefund": minor units }` names the
 * refund the guest was shown: a different refund now is answered 409 with `quote`.
 */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== "POST") return Response.json({ error: "Method not allowed." }, { status: 405 });
  const user = await getUser(request);
  if (!user) return Response.json({ error: translatable("Sign in to cancel a booking.") }, { status: 401 });
  let expectedRefund: number | null = null;
  if (request.headers.get("content-length") !== "0" && request.body) {
    const body = await readJsonWithLimit(request, SMALL_FORM_BYTES);
    if (!body.ok && body.reason === "too-large") return bodyTooLargeResponse();
    const value = body.ok && body.value && typeof body.value === "object" ? (body.value as { expectedRefund?: unknown }).expectedRefund : undefined;
    if (value !== undefined) {
      if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 0) return Response.json({ error: "expectedRefund must be a whole number of minor units" }, { status: 400 });
      expectedRefund = value;
    }
  }
  try {
    const result = await cancelBooking(await getDb(), { by: { kind: "guest", userId: user.id }, bookingId: params.bookingId, expectedRefund, now: requestNow(request) });
    if (!result.ok) return Response.json({ error: result.error, ...(result.quote ? { quote: result.quote } : {}) }, { status: refusalStatus(result.code) });
    return Response.json({ refundMinor: result.refundMinor });
  } catch (error) {
    logger.error({ err: error }, "cancel booking failed");
    return Response.json({ error: translatable("Failed to cancel booking") }, { status: 500 });
  }
}

export function loader() {
  return Response.json({ error: "Method not allowed." }, { status: 405 });
}
