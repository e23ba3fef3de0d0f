import { backgroundJob } from "~/features/jobs/background-jobs.server";
import { requestNow } from "~/lib/clock.server";
import { getDatabase } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { runExclusive } from "~/lib/jobs.server";
import type { Route } from "./+types/test-jobs";

/**
 * Test mode only (TEST_CLOCK=1, never in production): runs one background job now, at
 * the request's clock (X-Test-Now), and answers with what it did. Browser journeys use
 * it instead of waiting for the schedule. Everywhere else the path does not exist.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const job = env().TEST_CLOCK ? backgroundJob(params.name) : undefined;
  if (!job || request.method !== "POST") return new Response("Not Found", { status: 404 });
  const now = requestNow(request);
  const database = await getDatabase();
  const outcome = await runExclusive(database, job.name, () => job.run(database.db, now));
  return Response.json(outcome);
}

export function loader() {
  return new Response("Not Found", { status: 404 });
}
