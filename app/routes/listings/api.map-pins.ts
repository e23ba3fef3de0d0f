import { data } from "react-router";
import { explorePins } from "~/features/geo/map-pins.server";
import { requestNow } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import { ERROR_TEXT } from "~/lib/messages";
import type { Route } from "./+types/api.map-pins";

/**
 * GET /api/map-pins?<the explore URL's parameters> → `{ pins, problems, center }` for the
 * explore map (issue #27 point 4). Loaded by the map itself, so /explore's own loader and
 * pages without JavaScript pay nothing for it. Public points only (ADR 0221).
 */
export async function loader({ request }: Route.LoaderArgs) {
  try {
    const answer = await explorePins(await getDb(), new URL(request.url).searchParams, requestNow(request));
    return data(answer, { headers: { "Cache-Control": "public, max-age=30" } });
  } catch (error) {
    logger.error({ err: error }, "Map pins failed");
    return data({ pins: [], problems: [ERROR_TEXT.fetchSpaces], center: null }, { status: 503, headers: { "Retry-After": "5" } });
  }
}
