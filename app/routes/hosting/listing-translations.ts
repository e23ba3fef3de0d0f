import { data } from "react-router";
import type { Route } from "./+types/listing-translations";
import { requireUser } from "~/features/auth/session.server";
import { TRANSLATION_TEXT } from "~/features/hosting/listing-translation-form";
import { runTranslationAction, type TranslationActionResult } from "~/features/hosting/listing-translations.server";
import { getDb } from "~/lib/db.server";
import { errorMessage, logger } from "~/lib/logger.server";
import { LISTING_FORM_BYTES, readFormWithLimit } from "~/lib/read-body.server";

/**
 * POST a translation of one of the signed-in host's listings (issue #31 point 5, ADR 0295):
 * `intent=save` with `locale`, `title`, `description`, or `intent=remove` with `locale`.
 * The body is bounded like the listing form's (long descriptions); the answer is the
 * editor section's result, with the status of what happened.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request);
  const body = await readFormWithLimit(request, LISTING_FORM_BYTES);
  if (!body.ok) {
    const result: TranslationActionResult = { ok: false, intent: "save", locale: null, status: 413, fieldErrors: {}, formError: TRANSLATION_TEXT.tooLarge };
    return data(result, { status: 413, headers: { Connection: "close" } });
  }
  try {
    const result = await runTranslationAction(await getDb(), user.id, params.id, body.form);
    return data(result, { status: result.ok ? 200 : result.status });
  } catch (error) {
    logger.error({ reason: "listing-translation-failed", err: errorMessage(error) }, "Failed to save a listing translation");
    const result: TranslationActionResult = { ok: false, intent: "save", locale: null, status: 500, fieldErrors: {}, formError: TRANSLATION_TEXT.failed };
    return data(result, { status: 500 });
  }
}

export function loader() {
  return data({ error: "Method not allowed." }, { status: 405 });
}
