import express from "express";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { clientIp } from "~/features/security/client-ip.server";
import { applyHardening, errorDetailMode } from "../../server/hardening";
import { rawRequest } from "../setup/raw-http";
import { parseEnv } from "~/lib/env.server";
import { localSessionSecret, SECRET_FILE } from "~/lib/session-secret.server";

/** Issue #11, items 8 (no public default secret), 3 (TRUST_PROXY) and 5 (no error details outside local development). */
const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rentwell-secret-"));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe("8: the local session secret", () => {
  it("is generated on the first start, kept under DATA_DIR with mode 0600, and reused", () => {
    const dir = tempDir();
    const first = localSessionSecret(dir);
    expect(first.length).toBeGreaterThanOrEqual(32);
    const file = path.join(dir, SECRET_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(localSessionSecret(dir)).toBe(first);
    // Another installation gets another secret; none is the old public development value.
    expect(localSessionSecret(tempDir())).not.toBe(first);
    expect(first).not.toContain("rentwell-local-development-secret");
  });

  it("tightens a secret file others can read", () => {
    const dir = tempDir();
    localSessionSecret(dir);
    fs.chmodSync(path.join(dir, SECRET_FILE), 0o644);
    localSessionSecret(dir);
    expect(fs.statSync(path.join(dir, SECRET_FILE)).mode & 0o777).toBe(0o600);
  });

  it("production still demands SESSION_SECRET", () => {
    expect(() => parseEnv({ NODE_ENV: "production", SITE_URL: "https://rentwell.example" })).toThrow("Missing environment variables: SESSION_SECRET");
    expect(parseEnv({}).SESSION_SECRET).toBeUndefined();
  });
});

describe("3: TRUST_PROXY", () => {
  async function addressSeen(trustProxy: number, forwarded: string) {
    const app = express();
    applyHardening(app, { TRUST_PROXY: trustProxy, SITE_URL: "http://127.0.0.1:3133" });
    app.get("/ip", (req, res) => {
      res.send(clientIp(new Request("http://x/ip", { headers: { "x-rentwell-client-ip": String(req.headers["x-rentwell-client-ip"]) } })));
    });
    const server = app.listen(3133, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    try {
      return (await rawRequest("http://127.0.0.1:3133", { path: "/ip", headers: { "X-Forwarded-For": forwarded } })).body;
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  }

  it("defaults to none: a forged X-Forwarded-For is ignored", async () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(0);
    expect(parseEnv({ NODE_ENV: "production", SESSION_SECRET: "s".repeat(40), SITE_URL: "https://rentwell.example" }).TRUST_PROXY).toBe(0);
    expect(await addressSeen(0, "203.0.113.9")).toBe("127.0.0.1");
  });

  it("with TRUST_PROXY=1 the address the one trusted proxy saw is used, not what the client prepended", async () => {
    expect(parseEnv({ TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
    expect(await addressSeen(1, "198.51.100.1, 203.0.113.9")).toBe("203.0.113.9");
  });
});

describe("5: error details", () => {
  it("are only sent by a development start listening on this machine alone", () => {
    expect(errorDetailMode({ NODE_ENV: "development", HOST: "0.0.0.0" })).toBe("production");
    expect(errorDetailMode({ NODE_ENV: "production", HOST: "127.0.0.1" })).toBe("production");
    expect(errorDetailMode({ NODE_ENV: "development", HOST: "127.0.0.1" })).toBe("development");
    expect(errorDetailMode(parseEnv({}))).toBe("production");
  });
});
