import { afterEach, describe, expect, it } from "vitest";
import { parseEnv, resetEnvCache } from "~/lib/env.server";
import { requestNow, TEST_NOW_HEADER } from "./clock.server";

const at = "2031-05-06T07:08:09.000Z";
const request = (headers: Record<string, string> = {}) => new Request("http://localhost/", { headers });

describe("requestNow", () => {
  const saved = process.env.TEST_CLOCK;
  afterEach(() => {
    if (saved === undefined) delete process.env.TEST_CLOCK;
    else process.env.TEST_CLOCK = saved;
    resetEnvCache();
  });

  it("ignores the header unless the test clock is on", () => {
    delete process.env.TEST_CLOCK;
    resetEnvCache();
    const before = Date.now();
    expect(requestNow(request({ [TEST_NOW_HEADER]: at })).getTime()).toBeGreaterThanOrEqual(before);
    expect(requestNow(request({ [TEST_NOW_HEADER]: at })).toISOString()).not.toBe(at);
  });

  it("takes the named instant in test mode, and the real time when the header is missing or not a date", () => {
    process.env.TEST_CLOCK = "1";
    resetEnvCache();
    expect(requestNow(request({ [TEST_NOW_HEADER]: at })).toISOString()).toBe(at);
    const before = Date.now();
    expect(requestNow(request()).getTime()).toBeGreaterThanOrEqual(before);
    expect(requestNow(request({ [TEST_NOW_HEADER]: "tomorrow" })).getTime()).toBeGreaterThanOrEqual(before);
  });

  it("is refused in production", () => {
    expect(() => parseEnv({ APP_ENV: "production", SESSION_SECRET: "x".repeat(40), SITE_URL: "https://rentwell.example", TEST_CLOCK: "1" })).toThrow(
      /the test clock is refused in production/,
    );
  });
});
