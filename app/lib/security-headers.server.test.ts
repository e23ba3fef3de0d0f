import { describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "./security-headers.server";

describe("content security policy", () => {
  it("allows scripts only from our origin and this request's nonce, and no framing", () => {
    const policy = contentSecurityPolicy("abc123");
    expect(policy).toContain("script-src 'self' 'nonce-abc123'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("default-src 'self'");
  });

  it("upgrades plain-HTTP subresources only on an HTTPS site", () => {
    expect(contentSecurityPolicy("n", { https: true })).toContain("upgrade-insecure-requests");
    // A local `npm start` opened at http://192.168.x.x:3000 must still load its scripts.
    expect(contentSecurityPolicy("n", { https: false })).not.toContain("upgrade-insecure-requests");
    expect(contentSecurityPolicy("n", { https: true, development: true })).not.toContain("upgrade-insecure-requests");
  });

  it("allows Stripe.js, its frames and its API only when the provider is Stripe (ADR 0130)", () => {
    const local = contentSecurityPolicy("n");
    expect(local).not.toContain("stripe.com");
    expect(local).not.toContain("frame-src");
    const stripe = contentSecurityPolicy("n", { stripe: true });
    expect(stripe).toContain("script-src 'self' 'nonce-n' https://js.stripe.com https://*.js.stripe.com");
    expect(stripe).toContain("frame-src 'self' https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com");
    expect(stripe).toContain("connect-src 'self' https://api.stripe.com");
    expect(stripe).toContain("img-src 'self' data: blob: https://*.stripe.com");
    expect(stripe).toContain("frame-ancestors 'none'");
  });
});
