import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { freePort } from "./free-port";
import pg from "pg";

/**
 * A real PgBouncer (Debian's package, 1.18) in transaction mode in front of the machine's
 * PostgreSQL, for tests of the app behind a pooler (issue #30 point 3). Installed with
 * apt-get when missing, as .ci/run installs Chromium; started as the `postgres` user
 * (PgBouncer refuses to run as root) on a free port; every database name is passed through.
 */
export type Bouncer = {
  port: number;
  url(database: string): string;
  /** The client connections the bouncer holds for `database` (its admin console's SHOW CLIENTS). */
  clients(database: string): Promise<number>;
  stop(): Promise<void>;
};

const BINARY = "/usr/sbin/pgbouncer";

function ensureInstalled() {
  if (fs.existsSync(BINARY)) return;
  const apt = { stdio: "ignore", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } } as const;
  execFileSync("apt-get", ["update", "-qq"], apt);
  execFileSync("apt-get", ["install", "-y", "-qq", "pgbouncer"], apt);
  // The package starts its own service on 6432; this test runs its own.
  try {
    execFileSync("service", ["pgbouncer", "stop"], { stdio: "ignore" });
  } catch {
    // No service manager here: nothing was started.
  }
}

export async function startPgBouncer(): Promise<Bouncer> {
  ensureInstalled();
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rentwell-pgbouncer-"));
  fs.writeFileSync(path.join(dir, "users.txt"), '"postgres" ""\n');
  fs.writeFileSync(
    path.join(dir, "pgbouncer.ini"),
    [
      "[databases]",
      "* = host=127.0.0.1 port=5432",
      "[pgbouncer]",
      "listen_addr = 127.0.0.1",
      `listen_port = ${port}`,
      "unix_socket_dir =",
      "auth_type = trust",
      "admin_users = postgres",
      `auth_file = ${path.join(dir, "users.txt")}`,
      "pool_mode = transaction",
      "default_pool_size = 4",
      "max_client_conn = 500",
      // node-postgres sends the session's startup options (jit=off): a pooler cannot honour them per client.
      "ignore_startup_parameters = extra_float_digits,options",
      `logfile = ${path.join(dir, "pgbouncer.log")}`,
      "",
    ].join("\n"),
  );
  fs.chmodSync(dir, 0o777);
  for (const name of fs.readdirSync(dir)) fs.chmodSync(path.join(dir, name), 0o666);
  const asPostgres = process.getuid?.() === 0 ? ["-u", "postgres"] : [];
  const child: ChildProcess = spawn(BINARY, [...asPostgres, path.join(dir, "pgbouncer.ini")], { stdio: "ignore" });
  // Ready when it accepts connections.
  const started = Date.now();
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1", () => (socket.end(), resolve(true)));
      socket.once("error", () => resolve(false));
    });
    if (ok) break;
    if (child.exitCode !== null) throw new Error(`PgBouncer exited: ${fs.readFileSync(path.join(dir, "pgbouncer.log"), "utf8").slice(-500)}`);
    if (Date.now() - started > 10_000) throw new Error("PgBouncer did not start in 10 s");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    port,
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    async clients(database) {
      const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/pgbouncer` });
      await admin.connect();
      try {
        const { rows } = await admin.query<{ database: string }>("SHOW CLIENTS");
        return rows.filter((row) => row.database === database).length;
      } finally {
        await admin.end();
      }
    },
    async stop() {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
