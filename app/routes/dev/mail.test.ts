import { afterEach, describe, expect, it, vi } from "vitest";
import { resetEnvCache } from "~/lib/env.server";
import { loader } from "./mail";
import { loader as fileLoader } from "./mail-file";

/** /dev/mail exists in the local demo only (ADR 0170). */
afterEach(() => {
  vi.unstubAllEnvs();
  resetEnvCache();
});

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
    expect(await status(() => loader())).toBe(404);
    expect(await status(() => fileLoader({ params: { file: "a.eml" } } as never))).toBe(404);
  });

  it("lists the written e-mails locally and refuses names outside the mail folder", async () => {
    vi.stubEnv("APP_ENV", "local");
    vi.stubEnv("DATA_DIR", "/tmp/rentwell-dev-mail-test-empty");
    resetEnvCache();
    expect(await loader()).toEqual({ smtp: false, emails: [] });
    expect(await status(() => fileLoader({ params: { file: "../../etc/passwd" } } as never))).toBe(404);
  });
});
