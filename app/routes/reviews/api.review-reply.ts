import { data } from "react-router";
import { getUser } from "~/features/auth/session.server";
import { replySchema } from "~/features/reviews/review-rules";
import type { ReplyActionData } from "~/features/reviews/review-rules";
import { replyToReview } from "~/features/reviews/reviews.server";
import { requestNow } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import { parseForm } from "~/lib/forms";
import { logger } from "~/lib/logger.server";
import { ERROR_TEXT } from "~/lib/messages";
import { readFormWithLimit, SMALL_FORM_BYTES } from "~/lib/read-body.server";
import type { Route } from "./+types/api.review-reply";


/** POST /api/reviews/:reviewId/reply (reply): the listing's owner answers a review once (ADR 0171). */
export async function action({ request, params }: Route.ActionArgs) {
  const user = await getUser(request);
  if (!user) return data<ReplyActionData>({ ok: false, error: ERROR_TEXT.replyNotFound, fieldErrors: null }, { status: 401 });
  const body = await readFormWithLimit(request, SMALL_FORM_BYTES);
  if (!body.ok) return data<ReplyActionData>({ ok: false, error: null, fieldErrors: { reply: ERROR_TEXT.replyTooLong } }, { status: 413 });
  const parsed = parseForm(replySchema, body.form);
  if (!parsed.ok) return data<ReplyActionData>({ ok: false, error: null, fieldErrors: parsed.fieldErrors }, { status: 400 });
  try {
    const result = await replyToReview(await getDb(), { userId: user.id, reviewId: params.reviewId, reply: parsed.data.reply, now: requestNow(request) });
    if (!result.ok) return data<ReplyActionData>({ ok: false, error: result.error, fieldErrors: null }, { status: result.status });
    return data<ReplyActionData>({ ok: true, error: null, fieldErrors: null });
  } catch (error) {
    logger.error({ err: error }, "saving a review answer failed");
    return data<ReplyActionData>({ ok: false, error: ERROR_TEXT.saveReply, fieldErrors: null }, { status: 500 });
  }
}

export function loader() {
  return Response.json({ error: "Method not allowed." }, { status: 405 });
}
