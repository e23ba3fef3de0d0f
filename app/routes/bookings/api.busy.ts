import { requestNow } from "~/lib/clock.server";
import type { Route } from "./+types/api.busy";
import { busyRanges } from "~/features/bookings/availability.server";
import { getDb } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import { translatable } from "~/features/i18n/translatable";

/**
 * GET /api/spaces/:spaceId/busy?from=ISO&to=ISO → { busy: [{ start, end, units }], dated: { date: hours } }
 * (window ≤ 6 weeks): the calendar's busy ranges with the units or seats each takes, and
 * the dated hours that replace a weekday's (issue #26).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  try {
    const result = await busyRanges(await getDb(), {
      spaceId: params.spaceId,
      from: url.searchParams.get("from"),
      to: url.searchParams.get("to"),
      now: requestNow(request),
    });
    if (!result.ok) return Response.json({ error: result.error }, { status: result.status });
    return Response.json({ busy: result.busy, dated: result.dated }, { headers: { "Cache-Control": "public, max-age=5" } });
  } catch (error) {
    logger.error({ err: error }, "busy ranges failed");
    return Response.json({ error: translatable("Failed to load availability") }, { status: 500 });
  }
}
