import { describe, expect, it } from "vitest";
import { clientIp, CLIENT_IP_HEADER } from "./client-ip.server";
import { isAllowedOrigin } from "./origin-check.server";

const SITE = "https://rentwell.example";

function post(headers: Record<string, string>, url = "https://rentwell.example/auth/sign-in") {
  return new Request(url, { method: "POST", headers });
}

describe("origin check", () => {
  it("lets safe methods through whatever their origin", () => {
    expect(isAllowedOrigin(new Request(`${SITE}/`, { headers: { origin: "https://evil.example" } }), SITE)).toBe(true);
  });

  it("allows writes from our own origin", () => {
    expect(isAllowedOrigin(post({ origin: SITE }), SITE)).toBe(true);
    expect(isAllowedOrigin(post({ origin: "http://127.0.0.1:3000" }, "http://127.0.0.1:3000/auth/sign-in"), SITE)).toBe(true);
  });

  it("refuses writes from another origin, an opaque origin, or a cross-site fetch", () => {
    expect(isAllowedOrigin(post({ origin: "https://evil.example" }), SITE)).toBe(false);
    expect(isAllowedOrigin(post({ origin: "https://rentwell.example.evil.example" }), SITE)).toBe(false);
    expect(isAllowedOrigin(post({ origin: "http://rentwell.example" }), SITE)).toBe(false);
    expect(isAllowedOrigin(post({ origin: "null" }), SITE)).toBe(false);
    expect(isAllowedOrigin(post({ "sec-fetch-site": "cross-site" }), SITE)).toBe(false);
    expect(isAllowedOrigin(post({ "sec-fetch-site": "same-site" }), SITE)).toBe(false);
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      expect(isAllowedOrigin(new Request(`${SITE}/x`, { method, headers: { origin: "https://evil.example" } }), SITE)).toBe(false);
    }
  });

  it("lets non-browser clients (no Origin, no Sec-Fetch-Site) through", () => {
    expect(isAllowedOrigin(post({}), SITE)).toBe(true);
  });
});

describe("clientIp", () => {
  it("reads the address our server set, and nothing else", () => {
    expect(clientIp(new Request("http://x/", { headers: { [CLIENT_IP_HEADER]: "203.0.113.9" } }))).toBe("203.0.113.9");
    expect(clientIp(new Request("http://x/", { headers: { [CLIENT_IP_HEADER]: "::ffff:10.0.0.1" } }))).toBe("10.0.0.1");
    expect(clientIp(new Request("http://x/", { headers: { [CLIENT_IP_HEADER]: "2001:db8::1" } }))).toBe("2001:db8::1");
    expect(clientIp(new Request("http://x/", { headers: { [CLIENT_IP_HEADER]: "not an ip" } }))).toBe("unknown");
    expect(clientIp(new Request("http://x/", { headers: { "x-forwarded-for": "1.2.3.4" } }))).toBe("unknown");
  });
});
