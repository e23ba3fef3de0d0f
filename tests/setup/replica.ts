import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./free-port";
import pg from "pg";

/**
 * A PostgreSQL primary and a real streaming replica of it, both this test's own (issue #30
 * point 3): `initdb` a primary in a temporary folder, `pg_basebackup -R` a standby from it,
 * start both with the machine's PostgreSQL binaries on free ports (as the `postgres` user:
 * PostgreSQL refuses to run as root). The machine's own server is not touched.
 */
export type ReplicatedPostgres = {
  primaryUrl(database: string): string;
  replicaUrl(database: string): string;
  /** Runs one statement on the primary's `postgres` database. */
  onPrimary(statement: string): Promise<void>;
  /** Pauses or resumes the replica's replay of the primary's changes (a lagging replica). */
  setReplay(running: boolean): Promise<void>;
  /** Resolves once the replica has replayed everything the primary has written so far. */
  caughtUp(): Promise<void>;
  stop(): Promise<void>;
};

const binDir = () => execFileSync("pg_config", ["--bindir"], { encoding: "utf8" }).trim();

export async function startReplicatedPostgres(): Promise<ReplicatedPostgres> {
  const bin = binDir();
  const root = process.getuid?.() === 0;
  const run = (command: string, args: string[]) =>
    execFileSync(root ? "runuser" : path.join(bin, command), root ? ["-u", "postgres", "--", path.join(bin, command), ...args] : args, { stdio: "pipe" });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rentwell-replica-"));
  if (root) execFileSync("chown", ["postgres:postgres", dir]);
  const [primaryPort, replicaPort] = [await freePort(), await freePort()];
  const primaryDir = path.join(dir, "primary");
  const replicaDir = path.join(dir, "replica");
  run("initdb", ["-D", primaryDir, "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8", "--locale=C"]);
  // initdb's trust configuration already lets 127.0.0.1 connect for replication.
  const settings = (port: number) => ["-o", `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c wal_level=replica -c max_wal_senders=4`];
  run("pg_ctl", ["-D", primaryDir, ...settings(primaryPort), "-l", path.join(dir, "primary.log"), "-w", "start"]);
  run("pg_basebackup", ["-h", "127.0.0.1", "-p", String(primaryPort), "-U", "postgres", "-D", replicaDir, "-R", "-X", "stream", "--no-sync"]);
  run("pg_ctl", ["-D", replicaDir, ...settings(replicaPort), "-l", path.join(dir, "replica.log"), "-w", "start"]);

  const url = (port: number, database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  const query = async (port: number, text: string) => {
    const client = new pg.Client({ connectionString: url(port, "postgres") });
    await client.connect();
    try {
      return (await client.query(text)).rows;
    } finally {
      await client.end();
    }
  };
  return {
    primaryUrl: (database) => url(primaryPort, database),
    replicaUrl: (database) => url(replicaPort, database),
    onPrimary: async (statement) => void (await query(primaryPort, statement)),
    setReplay: async (running) => void (await query(replicaPort, running ? "select pg_wal_replay_resume()" : "select pg_wal_replay_pause()")),
    async caughtUp() {
      const [{ lsn }] = (await query(primaryPort, "select pg_current_wal_lsn()::text as lsn")) as [{ lsn: string }];
      // Replay is asynchronous: ask the replica until it has replayed that far (each answer
      // is a fresh look at its progress, not a guess at how long it takes).
      for (;;) {
        const [{ behind }] = (await query(replicaPort, `select pg_last_wal_replay_lsn() < '${lsn}'::pg_lsn as behind`)) as [{ behind: boolean }];
        if (!behind) return;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async stop() {
      for (const data of [replicaDir, primaryDir]) {
        try {
          run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
        } catch {
          // Not running.
        }
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
