import { data } from "react-router";
import { explorePins } from "~/features/geo/map-pins.server";
import { localeOfRequest } from "~/features/i18n/negotiate";
import { requestNow } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import { isLocale } from "~/lib/locales";
import { logger } from "~/lib/logger.server";
import { ERROR_TEXT } from "~/lib/messages";
import type { Route } from "./+types/api.map-pins";

/**
 * GET /api/map-pins?<the explore URL's parameters> → `{ pins, problems, center }` for the
 * explore map (issue #27 point 4). Loaded by the map itself, so /explore's own loader and
 * pages without JavaScript pay nothing for it. Public points only (ADR 0221). `lang` (the
 * page's language) titles the pins with the hosts' translations and searches them (ADR 0295).
 */
export async function loader({ request }: Route.LoaderArgs) {
  try {
    const params = new URL(request.url).searchParams;
    // The page's language (`lang`, which the map sends, so the URL is the cache's key), else the request's (ADR 0295).
    const asked = params.get("lang");
    const locale = isLocale(asked) ? asked : localeOfRequest(request);
    const answer = await explorePins(await getDb(), params, requestNow(request), locale);
    return data(answer, { headers: { "Cache-Control": "public, max-age=30", ...(isLocale(asked) ? {} : { Vary: "Accept-Language, Cookie" }) } });
  } catch (error) {
    logger.error({ err: error }, "Map pins failed");
    return data({ pins: [], problems: [ERROR_TEXT.fetchSpaces], center: null }, { status: 503, headers: { "Retry-After": "5" } });
  }
}
