import { data } from "react-router";
import { getUser } from "~/features/auth/session.server";
import { reviewSchema } from "~/features/reviews/review-rules";
import type { ReviewActionData } from "~/features/reviews/review-rules";
import { createReview } from "~/features/reviews/reviews.server";
import { requestNow } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import { parseForm } from "~/lib/forms";
import { logger } from "~/lib/logger.server";
import { ERROR_TEXT } from "~/lib/messages";
import { readFormWithLimit, SMALL_FORM_BYTES } from "~/lib/read-body.server";
import type { Route } from "./+types/api.booking-review";


/**
 * POST /api/bookings/:bookingId/review (rating, comment): the guest reviews a finished stay
 * (ADR 0171), or the listing's host reviews the guest (ADR 0272); the server decides which.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const user = await getUser(request);
  if (!user) return data<ReviewActionData>({ ok: false, error: "Sign in to write a review.", fieldErrors: null }, { status: 401 });
  const body = await readFormWithLimit(request, SMALL_FORM_BYTES);
  if (!body.ok) return data<ReviewActionData>({ ok: false, error: null, fieldErrors: { comment: ERROR_TEXT.reviewTooLong } }, { status: 413 });
  const parsed = parseForm(reviewSchema, body.form);
  if (!parsed.ok) return data<ReviewActionData>({ ok: false, error: null, fieldErrors: parsed.fieldErrors }, { status: 400 });
  try {
    const result = await createReview(await getDb(), { userId: user.id, bookingId: params.bookingId, review: parsed.data, now: requestNow(request) });
    if (!result.ok) return data<ReviewActionData>({ ok: false, error: result.error, fieldErrors: null }, { status: result.status });
    return data<ReviewActionData>({ ok: true, error: null, fieldErrors: null });
  } catch (error) {
    logger.error({ err: error }, "saving a review failed");
    return data<ReviewActionData>({ ok: false, error: ERROR_TEXT.saveReview, fieldErrors: null }, { status: 500 });
  }
}

export function loader() {
  return Response.json({ error: "Method not allowed." }, { status: 405 });
}
