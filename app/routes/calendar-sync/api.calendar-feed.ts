import type { Route } from "./+types/api.calendar-feed";
import { calendarFeedFile } from "~/features/calendar-sync/calendar-sync.server";
import { requestNow } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";

/**
 * GET /api/spaces/:spaceId/calendar/:token.ics: the listing's private iCal feed (issue #26
 * point 6, ADR 0203) for Google Calendar, Apple Calendar, Airbnb or VRBO to subscribe to.
 * A wrong id or token answers 404, the same for both.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const token = params.token ?? "";
  const file = await calendarFeedFile(await getDb(), params.spaceId, token, requestNow(request));
  if (file === null) return new Response("Not found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });
  return new Response(file, {
    headers: {
      "content-type": "text/calendar; charset=utf-8",
      "content-disposition": 'inline; filename="rentwell-calendar.ics"',
      // The URL is a secret: no shared cache keeps it; calendar apps poll it.
      "cache-control": "private, max-age=300",
      "x-robots-tag": "noindex",
    },
  });
}
