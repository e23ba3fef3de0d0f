import { describe, expect, it } from "vitest";
import { clientIp, rateLimitAddress } from "./client-ip.server";

describe("client address", () => {
  it("comes only from the header our own server sets, and must be an IP address", () => {
    const ip = (value?: string) => clientIp(new Request("http://localhost/", { headers: value ? { "x-rentwell-client-ip": value } : {} }));
    expect(ip("203.0.113.7")).toBe("203.0.113.7");
    expect(ip("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(ip("2001:db8::1")).toBe("2001:db8::1");
    expect(ip("not-an-ip")).toBe("unknown");
    expect(ip()).toBe("unknown");
  });

  it("rate limits count IPv4 addresses singly and IPv6 addresses by their /64", () => {
    expect(rateLimitAddress("203.0.113.7")).toBe("203.0.113.7");
    expect(rateLimitAddress("unknown")).toBe("unknown");
    const sameSubscriber = ["2001:db8:aa:bb::1", "2001:0db8:00aa:00bb:ffff:1:2:3", "2001:DB8:AA:BB:0:0:0:9", "2001:db8:aa:bb::"];
    expect(new Set(sameSubscriber.map(rateLimitAddress))).toEqual(new Set(["2001:db8:aa:bb::/64"]));
    expect(rateLimitAddress("2001:db8:aa:bc::1")).toBe("2001:db8:aa:bc::/64");
    expect(rateLimitAddress("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(rateLimitAddress("::1")).toBe("0:0:0:0::/64");
    expect(rateLimitAddress("fe80::1:2:3:4")).toBe("fe80:0:0:0::/64");
    expect(rateLimitAddress("::ffff:1.2.3.4")).toBe("0:0:0:0::/64");
  });
});
