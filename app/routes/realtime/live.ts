import { parseTopics } from "~/features/realtime/live-event";
import { liveHub } from "~/features/realtime/live-hub.server";
import type { Route } from "./+types/live";

/** GET /api/live?topics=spaces,space_types — Server-Sent Events of listing changes. */
export async function loader({ request }: Route.LoaderArgs) {
  const topics = parseTopics(new URL(request.url).searchParams.get("topics"));
  try {
    return await liveHub().stream(request, topics);
  } catch (error) {
    console.error("Live updates unavailable:", error instanceof Error ? error.message : error);
    return Response.json({ error: "Live updates are unavailable" }, { status: 503, headers: { "Retry-After": "5" } });
  }
}
