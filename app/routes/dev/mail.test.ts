import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CLIENT_IP_HEADER } from "~/features/security/client-ip.server";
import { resetEnvCache } from "~/lib/env.server";
import { loader } from "./mail";
import { loader as fileLoader } from "./mail-file";

/** /dev/mail exists in the local demo only (ADR 0170), for this machine's clients and admins (ADR 0242). */
afterEach(() => {
  vi.unstubAllEnvs();
  resetEnvCache();
});

/** A request as server/app.ts hands it on: the client's address in CLIENT_IP_HEADER. */
function from(ip: string, path = "/dev/mail") {
  return new Request(`http://localhost${path}`, { headers: { [CLIENT_IP_HEADER]: ip } });
}

async function status(run: () => unknown) {
  try {
    await run();
    return 200;
  } catch (thrown) {
    return thrown instanceof Response ? thrown.status : (thrown as { init?: { status?: number } }).init?.status;
  }
}

describe("/dev/mail", () => {
  it("is a 404 in production, page and files alike", async () => {
    vi.stubEnv("APP_ENV", "production");
    vi.stubEnv("SESSION_SECRET", "x".repeat(40));
    vi.stubEnv("SITE_URL", "https://rentwell.example");
    resetEnvCache();
    expect(await status(() => loader({ request: from("127.0.0.1") } as never))).toBe(404);
    expect(await status(() => fileLoader({ request: from("::1"), params: { file: "a.eml" } } as never))).toBe(404);
  });

  it("lists the written e-mails locally and refuses names outside the mail folder", async () => {
    vi.stubEnv("APP_ENV", "local");
    vi.stubEnv("DATA_DIR", "/tmp/rentwell-dev-mail-test-empty");
    resetEnvCache();
    expect(await loader({ request: from("127.0.0.1") } as never)).toEqual({ smtp: false, to: null, emails: [] });
    expect(await loader({ request: from("::1") } as never)).toEqual({ smtp: false, to: null, emails: [] });
    expect(await status(() => fileLoader({ request: from("127.0.0.1"), params: { file: "../../etc/passwd" } } as never))).toBe(404);
  });

  it("lists only the e-mails to one address with ?to=, whatever its case", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rentwell-dev-mail-"));
    fs.mkdirSync(path.join(dataDir, "mail"));
    const summary = (name: string, to: string) =>
      fs.writeFileSync(path.join(dataDir, "mail", `${name}.json`), JSON.stringify({ file: `${name}.eml`, id: name, kind: "verify_email", to, subject: `Hello ${to}`, text: "", writtenAt: "2026-11-27T08:00:00.000Z" }));
    summary("2026-11-27T08-00-00-000Z-a", "ada@example.test");
    summary("2026-11-27T08-00-01-000Z-b", "bob@example.test");
    vi.stubEnv("APP_ENV", "local");
    vi.stubEnv("DATA_DIR", dataDir);
    resetEnvCache();
    const subjects = async (query: string) => ((await loader({ request: from("127.0.0.1", `/dev/mail${query}`) } as never)) as { emails: Array<{ subject: string }> }).emails.map((email) => email.subject);
    expect(await subjects("")).toEqual(["Hello bob@example.test", "Hello ada@example.test"]);
    expect(await subjects("?to=Ada%40Example.test")).toEqual(["Hello ada@example.test"]);
    expect(await subjects("?to=nobody%40example.test")).toEqual([]);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("is a 404 to a signed-out client that is not on this machine, page and files alike", async () => {
    vi.stubEnv("APP_ENV", "local");
    vi.stubEnv("DATA_DIR", "/tmp/rentwell-dev-mail-test-empty");
    resetEnvCache();
    for (const ip of ["203.0.113.7", "10.0.0.2", "2001:db8::1", "unknown"]) {
      expect(await status(() => loader({ request: from(ip) } as never))).toBe(404);
      expect(await status(() => fileLoader({ request: from(ip), params: { file: "a.eml" } } as never))).toBe(404);
    }
  });
});
