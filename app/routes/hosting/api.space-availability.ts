import { data } from "react-router";
import type { Route } from "./+types/api.space-availability";
import { getUser } from "~/features/auth/session.server";
import { HostingError, setAvailability } from "~/features/hosting/listings.server";
import { getDb } from "~/lib/db.server";
import { bodyTooLargeResponse, readFormWithLimit, SMALL_FORM_BYTES } from "~/lib/read-body.server";
import { z } from "~/lib/zod";
import { ERROR_TEXT } from "~/lib/messages";
import { translatable } from "~/features/i18n/translatable";
import { errorMessage, logger } from "~/lib/logger.server";

const bodySchema = z.object({ available: z.enum(["true", "false"]).transform((value) => value === "true") });

/** POST `available=true|false` for one of the signed-in user's listings (the owner toggle on the space page). */
export async function action({ request, params }: Route.ActionArgs) {
  const user = await getUser(request);
  if (!user) return data({ ok: false as const, error: translatable("Sign in to change availability.") }, { status: 401 });
  const body = await readFormWithLimit(request, SMALL_FORM_BYTES);
  if (!body.ok) return bodyTooLargeResponse({ ok: false, error: ERROR_TEXT.updateAvailability });
  const parsed = bodySchema.safeParse(Object.fromEntries(body.form));
  if (!parsed.success) return data({ ok: false as const, error: ERROR_TEXT.updateAvailability }, { status: 400 });
  try {
    const row = await setAvailability(await getDb(), user.id, params.id, parsed.data.available);
    return { ok: true as const, available: row.available, error: null };
  } catch (error) {
    if (error instanceof HostingError) return data({ ok: false as const, error: error.message }, { status: error.status });
    logger.error({ reason: "availability-update-failed", err: errorMessage(error) }, "Failed to update availability");
    return data({ ok: false as const, error: ERROR_TEXT.updateAvailability }, { status: 500 });
  }
}

export function loader() {
  return data({ error: "Method not allowed." }, { status: 405 });
}
