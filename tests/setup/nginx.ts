import { execFileSync, spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./free-port";

/**
 * A real caching proxy in front of the app: Debian's nginx with `proxy_cache`, configured
 * as docs/operations.md tells a CDN to be (ADR 0270). Installed with apt-get when missing,
 * as .ci/run installs Chromium. Used by tests/integration/cdn-http.int.test.ts and by
 * `npm run bench:cdn`. Every answer says `X-Cache` (HIT, MISS, BYPASS, EXPIRED…).
 */
export type CachingProxy = {
  url: string;
  /** Where nginx keeps what it cached (one file per stored answer). */
  cacheDir: string;
  stop(): Promise<void>;
};

const BINARY = "/usr/sbin/nginx";

export function ensureNginx() {
  if (fs.existsSync(BINARY)) return;
  const apt = { stdio: "ignore", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } } as const;
  execFileSync("apt-get", ["update", "-qq"], apt);
  execFileSync("apt-get", ["install", "-y", "-qq", "nginx"], apt);
  // The package may start its own server on port 80; these tests run their own.
  try {
    execFileSync(BINARY, ["-s", "stop"], { stdio: "ignore" });
  } catch {
    // nothing was started
  }
}

/** "nginx/1.22.1" (nginx prints its version on stderr). */
export function nginxVersion() {
  return spawnSync(BINARY, ["-v"], { encoding: "utf8" }).stderr.trim().replace("nginx version: ", "");
}

/** The configuration: what the app says may be shared is kept; a request with a cookie is never answered from, nor stored in, the cache. */
export function cachingProxyConfig({ dir, port, upstreamPort }: { dir: string; port: number; upstreamPort: number }) {
  const user = process.getuid?.() === 0 ? "user root root;" : "";
  return `${user}
worker_processes auto;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  proxy_cache_path ${dir}/cache levels=1:2 keys_zone=pages:10m max_size=200m inactive=10m use_temp_path=off;
  upstream app { server 127.0.0.1:${upstreamPort}; keepalive 64; }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://app;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $remote_addr;
      # The app says what may be shared (Cache-Control: public, s-maxage, stale-while-revalidate;
      # Vary: Cookie); a visitor with any cookie goes to the app, and what they get is never stored.
      proxy_cache pages;
      proxy_cache_key $scheme$http_host$request_uri;
      proxy_cache_bypass $http_cookie $http_authorization;
      proxy_no_cache $http_cookie $http_authorization;
      proxy_cache_revalidate on;
      proxy_cache_lock on;
      proxy_cache_use_stale updating error timeout http_502 http_503;
      proxy_cache_background_update on;
      add_header X-Cache $upstream_cache_status always;
    }
  }
}
`;
}

/** nginx on a free port (or `port`) in front of 127.0.0.1:`upstreamPort`; ready when it answers. */
export async function startCachingProxy({ upstreamPort, port }: { upstreamPort: number; port?: number }): Promise<CachingProxy> {
  ensureNginx();
  const listenPort = port ?? (await freePort());
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rentwell-nginx-"));
  for (const sub of ["cache", "body", "proxy", "fastcgi", "uwsgi", "scgi"]) fs.mkdirSync(path.join(dir, sub));
  fs.writeFileSync(path.join(dir, "nginx.conf"), cachingProxyConfig({ dir, port: listenPort, upstreamPort }));
  const nginx: ChildProcess = spawn(BINARY, ["-p", dir, "-c", path.join(dir, "nginx.conf")], { stdio: ["ignore", "ignore", "inherit"] });
  const url = `http://127.0.0.1:${listenPort}`;
  const exited = new Promise<never>((_, reject) => nginx.once("exit", (code) => reject(new Error(`nginx exited (${code}): ${readLog(dir)}`))));
  exited.catch(() => undefined);
  await Promise.race([untilListening(url), exited]);
  return {
    url,
    cacheDir: path.join(dir, "cache"),
    async stop() {
      if (nginx.exitCode === null && nginx.signalCode === null) {
        const gone = new Promise((resolve) => nginx.once("exit", resolve));
        nginx.kill("SIGTERM");
        await gone;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

function readLog(dir: string) {
  try {
    return fs.readFileSync(path.join(dir, "error.log"), "utf8").trim().split("\n").slice(-3).join(" | ");
  } catch {
    return "no log";
  }
}

/** nginx answers (any status: the upstream may not be up yet) once it listens. */
async function untilListening(url: string) {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    try {
      await fetch(`${url}/healthz`);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  throw new Error(`nginx did not listen at ${url}`);
}
