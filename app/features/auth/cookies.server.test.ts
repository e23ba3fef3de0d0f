import { afterEach, describe, expect, it, vi } from "vitest";
import { resetEnvCache } from "~/lib/env.server";
import { clearedSessionCookies, parseCookies, sessionCookies } from "./cookies.server";

/** docs/decisions/0010-sessions.md: HttpOnly, SameSite=Lax cookies, Secure in production. */
afterEach(() => {
  vi.unstubAllEnvs();
  resetEnvCache();
});

const tokens = { accessToken: "header.payload.signature", refreshToken: "r".repeat(43) };

describe("session cookies", () => {
  it("are HttpOnly and SameSite=Lax, site-wide, with the access token living 15 minutes and the refresh token 30 days", () => {
    const [access, refresh] = sessionCookies(tokens);
    expect(access).toBe("rw_access=header.payload.signature; Path=/; Max-Age=900; HttpOnly; SameSite=Lax");
    expect(refresh).toBe(`rw_refresh=${"r".repeat(43)}; Path=/; Max-Age=2592000; HttpOnly; SameSite=Lax`);
  });

  it("are Secure in production, and so is clearing them", () => {
    vi.stubEnv("NODE_ENV", "production");
    vi.stubEnv("SITE_URL", "https://rentwell.example");
    vi.stubEnv("SESSION_SECRET", "a-production-secret-of-at-least-32-characters");
    resetEnvCache();
    for (const line of [...sessionCookies(tokens), ...clearedSessionCookies()]) {
      expect(line).toMatch(/; HttpOnly; SameSite=Lax(; [^;]+)*; Secure$/);
    }
  });

  it("clearing sets both cookies empty and expired", () => {
    expect(clearedSessionCookies()).toEqual([
      "rw_access=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax; Expires=Thu, 01 Jan 1970 00:00:00 GMT",
      "rw_refresh=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax; Expires=Thu, 01 Jan 1970 00:00:00 GMT",
    ]);
  });

  it("reading a Cookie header never throws on junk, and the first of a duplicated name wins", () => {
    expect([...parseCookies("=; ;;a; rw_access=one; rw_access=two; \u00ff=\u00fe").entries()]).toEqual([
      ["rw_access", "one"],
      ["\u00ff", "\u00fe"],
    ]);
    expect(parseCookies(null).size).toBe(0);
  });
});
