import os from "node:os";

/**
 * The number of server worker processes: WEB_CONCURRENCY, else one per core; always 1
 * on the embedded database (server/cluster.ts forks them; each worker's database pool is
 * sized from it, app/lib/db.server.ts).
 */
export function workerCount(settings: { DATABASE_URL?: string; WEB_CONCURRENCY?: number }, cores = os.availableParallelism()) {
  if (!settings.DATABASE_URL) return 1;
  return settings.WEB_CONCURRENCY ?? cores;
}
