import { data } from "react-router";
import type { Route } from "./+types/api.space-types";
import { getUser } from "~/features/auth/session.server";
import { addSpaceType } from "~/features/hosting/listings.server";
import { spaceTypeSchema } from "~/features/hosting/space-type-form";
import { checkRateLimit, formatRetryAfter, recordRateLimitEvent } from "~/features/security/rate-limit.server";
import { getDb } from "~/lib/db.server";
import { parseForm } from "~/lib/forms";
import { logger } from "~/lib/logger.server";
import { ERROR_TEXT } from "~/lib/messages";
import { translatable } from "~/features/i18n/translatable";
import { bodyTooLargeResponse, readFormWithLimit, SMALL_FORM_BYTES } from "~/lib/read-body.server";

/** New space types a user may add (docs/decisions/0054): the list is shared by every host. */
export const SPACE_TYPE_LIMITS = [{ max: 20, windowMs: 60 * 60 * 1000 }];

/** POST `label` → `{ spaceType }`; other open forms learn of it through the realtime feed. */
export async function action({ request }: Route.ActionArgs) {
  const user = await getUser(request);
  if (!user) return data({ error: translatable("Sign in to add a space type.") }, { status: 401 });
  const body = await readFormWithLimit(request, SMALL_FORM_BYTES);
  if (!body.ok) return bodyTooLargeResponse({ error: `${ERROR_TEXT.addSpaceType}: the request is too large.` });
  const parsed = parseForm(spaceTypeSchema, body.form);
  if (!parsed.ok) {
    return data({ error: parsed.fieldErrors.label ?? ERROR_TEXT.addSpaceType, fieldErrors: parsed.fieldErrors }, { status: 400 });
  }
  try {
    const db = await getDb();
    const key = `space-type:${user.id}`;
    const allowed = await checkRateLimit(db, { key, limits: SPACE_TYPE_LIMITS });
    if (!allowed.ok) {
      return data(
        { error: `${ERROR_TEXT.addSpaceType}: too many new types. Try again in ${formatRetryAfter(allowed.retryAfterSeconds)}.` },
        { status: 429, headers: { "Retry-After": String(allowed.retryAfterSeconds) } },
      );
    }
    const { created, ...spaceType } = await addSpaceType(db, parsed.data);
    if (created) await recordRateLimitEvent(db, key);
    return { spaceType };
  } catch (error) {
    logger.error({ err: error }, ERROR_TEXT.addSpaceType);
    return data({ error: ERROR_TEXT.addSpaceType }, { status: 500 });
  }
}

export function loader() {
  return data({ error: "Method not allowed." }, { status: 405 });
}
