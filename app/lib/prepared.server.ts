import type { Db } from "./db.server";
import { env } from "./env.server";

/**
 * Queries a page runs on every request, built once per database handle and sent as
 * named prepared statements: drizzle builds the SQL text once, and PostgreSQL parses
 * it once per connection and, after a few runs, reuses a generic plan. Planning the
 * space page's address lookup alone took 2 ms of database CPU (bench/README.md).
 * Only for statements whose shape never changes: values go in as placeholders.
 *
 * With DATABASE_PREPARED_STATEMENTS=false (behind a pooler in transaction mode that does
 * not keep them, such as Debian's PgBouncer 1.18) they go as unnamed statements: node-postgres
 * sends a statement without a name as a one-off parse, valid on whichever server connection
 * the pooler picks.
 */
const byDatabase = new WeakMap<Db, Map<string, unknown>>();

export function preparedQuery<T>(db: Db, name: string, build: (db: Db, name: string) => T): T {
  let queries = byDatabase.get(db);
  if (!queries) {
    queries = new Map();
    byDatabase.set(db, queries);
  }
  let query = queries.get(name) as T | undefined;
  if (query === undefined) {
    query = build(db, env().DATABASE_PREPARED_STATEMENTS ? name : "");
    queries.set(name, query);
  }
  return query;
}
