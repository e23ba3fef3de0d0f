import { getUser } from "~/features/auth/session.server";
import { parseTopics } from "~/features/realtime/live-event";
import { liveHub } from "~/features/realtime/live-hub.server";
import { clientIp, rateLimitAddress } from "~/features/security/client-ip.server";
import { logger } from "~/lib/logger.server";
import type { Route } from "./+types/live";

const ALLOW = "GET, HEAD, OPTIONS";

/**
 * GET /api/live?topics=spaces,space_types — Server-Sent Events of listing changes.
 * HEAD and OPTIONS are answered without opening a stream; streams are capped per client
 * address (429 with Retry-After beyond) and per process (503 with Retry-After).
 */
export async function loader({ request }: Route.LoaderArgs) {
  if (request.method === "HEAD") {
    return new Response(null, { status: 200, headers: { "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-cache" } });
  }
  if (request.method !== "GET") return new Response(null, { status: 204, headers: { Allow: ALLOW } });
  const topics = parseTopics(new URL(request.url).searchParams.get("topics"));
  try {
    const user = await getUser(request);
    return await liveHub().stream(request, topics, { client: rateLimitAddress(clientIp(request)), userId: user?.id ?? null });
  } catch (error) {
    logger.error({ reason: "live-unavailable", err: error instanceof Error ? error.message : String(error) }, "live updates unavailable");
    return Response.json({ error: "Live updates are unavailable" }, { status: 503, headers: { "Retry-After": "5" } });
  }
}

/** OPTIONS reaches the action in React Router: answered here, never with a stream. */
export function action({ request }: Route.ActionArgs) {
  if (request.method === "OPTIONS") return new Response(null, { status: 204, headers: { Allow: ALLOW } });
  return new Response("Method not allowed.", { status: 405, headers: { Allow: ALLOW, "Content-Type": "text/plain; charset=utf-8" } });
}
