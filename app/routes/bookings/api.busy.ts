import { requestNow } from "~/lib/clock.server";
import type { Route } from "./+types/api.busy";
import { busyRanges } from "~/features/bookings/availability.server";
import { getDb } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";

/** GET /api/spaces/:spaceId/busy?from=ISO&to=ISO → { busy: [{ start, end }] } (window ≤ 6 weeks). */
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
    return Response.json({ busy: result.busy }, { headers: { "Cache-Control": "public, max-age=5" } });
  } catch (error) {
    logger.error({ err: error }, "busy ranges failed");
    return Response.json({ error: "Failed to load availability" }, { status: 500 });
  }
}
