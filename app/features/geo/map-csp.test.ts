import { describe, expect, it } from "vitest";
import { BASE_SECURITY_HEADERS, contentSecurityPolicy } from "~/lib/security-headers.server";

/** ADR 0223: with MAP_STYLE_URL, the page may fetch and show what the style's origin serves; without it, nothing else. */
describe("the map style's origin in the page's CSP", () => {
  const directive = (policy: string, name: string) => policy.split("; ").find((part) => part.startsWith(`${name} `));

  it("is allowed for fetches and images only when a style URL is set", () => {
    const policy = contentSecurityPolicy("n0nce", { mapStyleUrl: "https://tiles.example.org/styles/basic/style.json" });
    expect(directive(policy, "connect-src")).toBe("connect-src 'self' https://tiles.example.org");
    expect(directive(policy, "img-src")).toBe("img-src 'self' data: blob: https://tiles.example.org");
    expect(directive(policy, "script-src")).not.toContain("tiles.example.org");
    const offline = contentSecurityPolicy("n0nce");
    expect(offline).not.toContain("example.org");
    expect(directive(offline, "connect-src")).toBe("connect-src 'self'");
  });
});

describe("'Near me'", () => {
  it("may ask for the position on our own pages only (Permissions-Policy)", () => {
    const policy = BASE_SECURITY_HEADERS["Permissions-Policy"]!;
    expect(policy).toContain("geolocation=(self)");
    expect(policy).toContain("camera=()");
  });
});
