import { getDb, getReplicaDb, type Db } from "~/lib/db.server";
import { getUser } from "./session.server";

/**
 * The database a public page reads from (ADR 0264): a read replica for anonymous visitors,
 * whose pages may be a moment behind; the primary for a signed-in user, who must see what
 * they just wrote (a listing saved, a booking made) on the next page.
 */
export async function pageReadDb(request: Request): Promise<Db> {
  if (await getUser(request)) return getDb();
  return (await getReplicaDb()) ?? getDb();
}
