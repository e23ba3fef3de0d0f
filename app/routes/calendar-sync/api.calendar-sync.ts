import { data } from "react-router";
import { translate } from "~/features/i18n/i18n";
import { requestI18n } from "~/features/i18n/request-i18n.server";
import type { Route } from "./+types/api.calendar-sync";
import { getUser } from "~/features/auth/session.server";
import { CALENDAR_SYNC_TEXT, calendarSyncActionSchema, type CalendarSyncActionData } from "~/features/calendar-sync/calendar-sync";
import { addImportFeed, CalendarSyncError, loadCalendarSync, regenerateCalendarToken, removeImportFeed } from "~/features/calendar-sync/calendar-sync.server";
import { requestNow } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import { parseForm } from "~/lib/forms";
import { logger } from "~/lib/logger.server";
import { readFormWithLimit, readJsonWithLimit, SMALL_FORM_BYTES } from "~/lib/read-body.server";

const refuse = (status: number, error: string, fieldErrors?: { url?: string }) =>
  data<CalendarSyncActionData>(fieldErrors ? { ok: false, error, fieldErrors } : { ok: false, error }, { status });

/**
 * POST /api/spaces/:spaceId/calendar-sync (the listing's owner; a form or JSON):
 * `intent=add&url=…` imports a calendar (fetched and read first: an address that cannot be
 * imported is refused with its reason and nothing is stored), `intent=remove&feedId=…`
 * removes one, `intent=regenerate` gives the export feed a new secret URL. Answers the
 * panel's new data (issue #26 point 6, ADR 0203).
 */
export async function action({ request, params }: Route.ActionArgs) {
  const user = await getUser(request);
  if (!user) return refuse(401, CALENDAR_SYNC_TEXT.signIn);
  const isJson = (request.headers.get("content-type") ?? "").toLowerCase().startsWith("application/json");
  let input: FormData | Record<string, unknown>;
  if (isJson) {
    const body = await readJsonWithLimit(request, SMALL_FORM_BYTES);
    if (!body.ok) return refuse(body.reason === "too-large" ? 413 : 400, body.reason === "too-large" ? "The request is too large." : CALENDAR_SYNC_TEXT.badRequest);
    if (!body.value || typeof body.value !== "object" || Array.isArray(body.value)) return refuse(400, CALENDAR_SYNC_TEXT.badRequest);
    input = body.value as Record<string, unknown>;
  } else {
    const body = await readFormWithLimit(request, SMALL_FORM_BYTES);
    if (!body.ok) return refuse(413, "The request is too large.");
    input = body.form;
  }
  const parsed = parseForm(calendarSyncActionSchema, input);
  if (!parsed.ok) {
    const { url } = parsed.fieldErrors as { url?: string };
    return refuse(400, url ?? parsed.fieldErrors.form ?? CALENDAR_SYNC_TEXT.badRequest, url ? { url } : undefined);
  }
  const db = await getDb();
  const now = requestNow(request);
  // The panel's page sends it (fetcher): its language is the Referer's (issue #31).
  const i18n = await requestI18n(request);
  const say = { _: (text: Parameters<typeof translate>[1]) => translate(i18n, text), locale: i18n.locale };
  try {
    const command = parsed.data;
    if (command.intent === "add") {
      const result = await addImportFeed(db, { hostId: user.id, spaceId: params.spaceId, url: command.url, now }, say);
      if (!result.ok) return refuse(result.status, result.error, { url: result.error });
    } else if (command.intent === "remove") {
      const result = await removeImportFeed(db, { hostId: user.id, spaceId: params.spaceId, feedId: command.feedId, now });
      if (!result.ok) return refuse(result.status, result.error);
    } else {
      await regenerateCalendarToken(db, user.id, params.spaceId);
    }
    return data<CalendarSyncActionData>({ ok: true, error: null, view: await loadCalendarSync(db, user.id, params.spaceId, say) });
  } catch (error) {
    if (error instanceof CalendarSyncError) return refuse(error.status, error.message);
    logger.error({ err: error }, "calendar sync request failed");
    return refuse(500, CALENDAR_SYNC_TEXT.saveFailed);
  }
}

export function loader() {
  return Response.json({ error: "Method not allowed." }, { status: 405 });
}
