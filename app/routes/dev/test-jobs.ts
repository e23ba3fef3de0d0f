import { backgroundJob, type BackgroundJob } from "~/features/jobs/background-jobs.server";
import { requestNow } from "~/lib/clock.server";
import { getDatabase, type Db } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { runExclusive } from "~/lib/jobs.server";
import { isUuid } from "~/lib/uuid";
import type { Route } from "./+types/test-jobs";

/** A clock further than this from the real time is a journey's own (X-Test-Now, ADR 0095). */
export const MOVED_CLOCK_MS = 5 * 60_000;

/**
 * How one test-mode run of `job` goes: at the real time over every row, as the schedule
 * runs it; limited to one listing with `spaceId` (a job with `runFor`). A job that can
 * be limited is refused at a moved clock without a listing: it would act on the rows of
 * the journeys running beside this one at the real time (ADR 0095, amendment).
 */
export function testJobRun(
  job: BackgroundJob,
  { now, realNow, spaceId }: { now: Date; realNow: Date; spaceId: string | null },
): { ok: true; run: (db: Db) => Promise<unknown> } | { ok: false; error: string } {
  if (spaceId !== null) {
    if (!isUuid(spaceId)) return { ok: false, error: "spaceId must be a listing's id." };
    const runFor = job.runFor;
    if (!runFor) return { ok: false, error: `The ${job.name} job cannot be limited to one listing.` };
    return { ok: true, run: (db) => runFor(db, now, { spaceId }) };
  }
  if (job.runFor && Math.abs(now.getTime() - realNow.getTime()) > MOVED_CLOCK_MS) {
    return { ok: false, error: `At a moved clock the ${job.name} job would act on every journey's rows: name the listing (?spaceId=…).` };
  }
  return { ok: true, run: (db) => job.run(db, now) };
}

/**
 * Test mode only (TEST_CLOCK=1, never in production): runs one background job now, at
 * the request's clock (X-Test-Now), and answers with what it did; `?spaceId=` limits it
 * to one listing (testJobRun). Browser journeys use it instead of waiting for the
 * schedule. Everywhere else the path does not exist.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const job = env().TEST_CLOCK ? backgroundJob(params.name) : undefined;
  if (!job || request.method !== "POST") return new Response("Not Found", { status: 404 });
  const plan = testJobRun(job, { now: requestNow(request), realNow: new Date(), spaceId: new URL(request.url).searchParams.get("spaceId") });
  if (!plan.ok) return Response.json({ error: plan.error }, { status: 400 });
  const database = await getDatabase();
  const outcome = await runExclusive(database, job.name, () => plan.run(database.db));
  return Response.json(outcome);
}

export function loader() {
  return new Response("Not Found", { status: 404 });
}
