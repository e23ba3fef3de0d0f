import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import * as schema from "~/db/schema/index";
import { logger } from "~/lib/logger.server";
import { workerCount } from "~/lib/workers.server";

/**
 * One database API for both engines: embedded PGlite (default, file-backed under
 * DATA_DIR) and PostgreSQL through node-postgres when a URL is given. Both run the
 * same committed migrations from code at start-up.
 */
export type Db = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export type Notification = { channel: string; payload: string };

export type Database = {
  db: Db;
  engine: "pglite" | "postgres";
  /**
   * Subscribe to a NOTIFY channel; returns an unsubscribe function. `onLost`
   * runs if the listening connection breaks (PostgreSQL restarted, the backend
   * was terminated): the subscription is gone then, and the caller listens again.
   */
  listen(channel: string, onPayload: (payload: string) => void, onLost?: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
};

export type DatabaseOptions =
  | {
      engine: "pglite";
      dataDir?: string /* undefined = in memory */;
      /** A data directory dumped by PGlite's dumpDataDir() to start from instead of an empty cluster (tests: a migrated one). */
      loadDataDir?: Blob;
    }
  | {
      engine: "postgres";
      url: string;
      /** Connections in the pool (default 10). */
      max?: number;
      /** Where LISTEN connects, when `url` is a pooler in transaction mode (default: a pool connection). */
      listenUrl?: string;
    };

/** Workers share 80 connections (PostgreSQL allows 100 by default), 2 to 10 each. */
export function defaultPoolSize(workers: number): number {
  return Math.max(2, Math.min(10, Math.floor(80 / Math.max(1, workers))));
}

export function migrationsFolder() {
  // Works from the source tree and from the server build (both run with cwd = repo root).
  const candidates = [path.resolve("drizzle"), path.resolve(import.meta.dirname ?? ".", "../../drizzle")];
  const found = candidates.find((dir) => fs.existsSync(path.join(dir, "meta", "_journal.json")));
  if (!found) throw new Error(`Migrations folder not found (looked in ${candidates.join(", ")})`);
  return found;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.engine === "pglite") {
    if (options.dataDir) fs.mkdirSync(options.dataDir, { recursive: true });
    const client = await PGlite.create(options.dataDir, { extensions: { btree_gist, pg_trgm }, loadDataDir: options.loadDataDir });
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    return {
      db,
      engine: "pglite",
      async listen(channel, onPayload) {
        const unsubscribe = await client.listen(channel, onPayload);
        return async () => unsubscribe();
      },
      async close() {
        if (!client.closed) await client.close();
      },
    };
  }
  // A database that does not answer fails a request in 5 s (a 503 page) instead of hanging it.
  // No JIT: the app's queries are short, and on a query with per-row subplans (search by
  // when, ADR 0210) PostgreSQL's cost estimate triggers a JIT compile of seconds for a plan
  // that runs in milliseconds (bench/README.md). PGlite has no JIT.
  const pool = new pg.Pool({ connectionString: options.url, max: options.max ?? 10, connectionTimeoutMillis: 5_000, options: "-c jit=off" });
  pool.on("error", (error) => logger.warn({ err: { message: error.message } }, "PostgreSQL connection lost"));
  const db = drizzlePg(pool, { schema });
  const listeners = new Map<string, Set<(payload: string) => void>>();
  const lostHandlers = new Set<() => void>();
  /** The one session connection that LISTENs: its own client at `listenUrl`, else one of the pool's. */
  type ListenConnection = { client: pg.ClientBase; done(error?: Error | boolean): void };
  let listenClient: pg.ClientBase | undefined;
  let releaseListener: ListenConnection["done"] = () => undefined;
  const connectListener = async (): Promise<ListenConnection> => {
    if (!options.listenUrl) {
      const client = await pool.connect();
      return { client, done: (error) => client.release(error) };
    }
    const client = new pg.Client({ connectionString: options.listenUrl, connectionTimeoutMillis: 5_000 });
    await client.connect();
    return { client, done: () => void client.end().catch(() => undefined) };
  };
  /** The LISTEN connection broke: forget it and its channels, and tell the subscribers. */
  const connectionLost = (client: pg.ClientBase, error?: Error) => {
    if (listenClient !== client) return;
    listenClient = undefined;
    listeners.clear();
    releaseListener(error ?? true);
    const handlers = [...lostHandlers];
    lostHandlers.clear();
    for (const handler of handlers) handler();
  };
  return {
    db,
    engine: "postgres",
    async listen(channel, onPayload, onLost) {
      if (!/^[a-z_]+$/.test(channel)) throw new Error(`Invalid channel name: ${channel}`);
      if (!listenClient) {
        const { client, done } = await connectListener();
        listenClient = client;
        releaseListener = done;
        client.on("notification", (message) => {
          for (const handler of listeners.get(message.channel) ?? []) handler(message.payload ?? "");
        });
        client.on("error", (error) => {
          logger.warn({ err: { message: error.message } }, "PostgreSQL LISTEN connection lost");
          connectionLost(client, error);
        });
        client.on("end", () => connectionLost(client));
      }
      let handlers = listeners.get(channel);
      if (!handlers) {
        handlers = new Set();
        listeners.set(channel, handlers);
        await listenClient.query(`LISTEN ${channel}`);
      }
      handlers.add(onPayload);
      if (onLost) lostHandlers.add(onLost);
      return async () => {
        handlers.delete(onPayload);
        if (onLost) lostHandlers.delete(onLost);
      };
    },
    async close() {
      if (listenClient) releaseListener();
      listenClient = undefined;
      await pool.end();
    },
  };
}

export async function runMigrations(database: Database) {
  const migrationsDir = migrationsFolder();
  if (database.engine === "pglite") {
    await migratePglite(database.db as never, { migrationsFolder: migrationsDir });
  } else {
    await migratePg(database.db, { migrationsFolder: migrationsDir });
  }
}

/** The configured database — PostgreSQL at DATABASE_URL, else the embedded one under DATA_DIR — opened and migrated. */
export async function openConfiguredDatabase(): Promise<Database> {
  const { env } = await import("./env.server");
  const settings = env();
  const database = await openDatabase(
    settings.DATABASE_URL
      ? {
          engine: "postgres",
          url: settings.DATABASE_URL,
          max: settings.DATABASE_POOL_SIZE ?? defaultPoolSize(workerCount(settings)),
          listenUrl: settings.DATABASE_LISTEN_URL,
        }
      : { engine: "pglite", dataDir: path.join(settings.dataDir, "db") },
  );
  await runMigrations(database);
  return database;
}

let current: Promise<Database> | undefined;

/**
 * The process's database, opened and migrated once. Whether demo data is loaded is
 * not decided here: the server entry does it before it listens (server/demo-data.ts).
 */
export function getDatabase(): Promise<Database> {
  current ??= openConfiguredDatabase();
  current.catch(() => {
    current = undefined;
  });
  return current;
}

/** Shorthand for loaders and actions. */
export async function getDb(): Promise<Db> {
  return (await getDatabase()).db;
}

let replicas: Promise<Database[]> | undefined;
let nextReplica = 0;

/**
 * A read replica's database (DATABASE_REPLICA_URLS, taken in turn), or null when none is
 * set. For reads that may lag the primary by a moment: pages anonymous visitors search and
 * browse (ADR 0264). Never for writes, locks, LISTEN or reads after a write.
 */
export async function getReplicaDb(): Promise<Db | null> {
  replicas ??= (async () => {
    const { env } = await import("./env.server");
    const settings = env();
    const size = settings.DATABASE_POOL_SIZE ?? defaultPoolSize(workerCount(settings));
    return Promise.all(settings.DATABASE_REPLICA_URLS.map((url) => openDatabase({ engine: "postgres", url, max: size })));
  })();
  const open = await replicas;
  if (open.length === 0) return null;
  nextReplica = (nextReplica + 1) % open.length;
  return open[nextReplica]!.db;
}

export async function closeDatabase() {
  const open = current;
  current = undefined;
  const openReplicas = replicas;
  replicas = undefined;
  if (open) await (await open).close();
  if (openReplicas) await Promise.all((await openReplicas).map((replica) => replica.close()));
}
