import { redirect } from "react-router";
import { requireUser } from "~/features/auth/session.server";
import { startConversation } from "~/features/messages/messages.server";
import { requestNow } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import { redirectWithToast } from "~/lib/flash.server";
import { logger } from "~/lib/logger.server";
import { ERROR_TEXT } from "~/lib/messages";
import { readFormWithLimit, SMALL_FORM_BYTES } from "~/lib/read-body.server";
import { requestTranslate } from "~/features/i18n/request-i18n.server";
import type { Route } from "./+types/start";

/** A same-site path to send a refused request back to (never another site). */
export function safeReturnPath(value: FormDataEntryValue | null): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.includes("\\") || value.length > 2000) return "/messages";
  return value;
}

/**
 * POST /messages/start with `spaceId` (Contact Host) or `bookingId` (a booking's conversation):
 * finds or creates the conversation and goes there. Signed-out visitors are sent to /; a refusal
 * (one's own listing, an unknown listing or booking) goes back with the reason as a toast.
 */
export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const body = await readFormWithLimit(request, SMALL_FORM_BYTES);
  if (!body.ok) return redirectWithToast("/messages", { tone: "error", message: (await requestTranslate(request))(ERROR_TEXT.generic) });
  const back = safeReturnPath(body.form.get("from"));
  try {
    const result = await startConversation(await getDb(), {
      userId: user.id,
      spaceId: body.form.get("spaceId"),
      bookingId: body.form.get("bookingId"),
      now: requestNow(request),
    });
    if (!result.ok) return redirectWithToast(back, { tone: "error", message: (await requestTranslate(request))(result.error) });
    return redirect(`/messages/${result.conversationId}`);
  } catch (error) {
    logger.error({ err: error }, "start conversation failed");
    return redirectWithToast(back, { tone: "error", message: (await requestTranslate(request))(ERROR_TEXT.generic) });
  }
}

/** Nothing to show: the list of conversations is /messages. */
export function loader() {
  return redirect("/messages");
}
