import { describe, expect, it } from "vitest";
import { hostDisplayName, memberDisplayName, profileOrDefault } from "./public-profile";
import { MIN_RESPONSE_SAMPLE, responseSignals, responseTimeText } from "./trust";

describe("profileOrDefault (docs/product.md#host-profile)", () => {
  const now = new Date("2026-11-23T10:00:00Z");
  it("gives the default host profile when the row is missing", () => {
    expect(profileOrDefault(null, now)).toEqual({
      fullName: null,
      avatarUrl: null,
      bio: null,
      createdAt: "2026-11-23T10:00:00.000Z",
    });
  });
  it("keeps the row's values and blanks become null (no response defaults: issue #29 point 6)", () => {
    expect(
      profileOrDefault(
        {
          fullName: "  Maya Chen ",
          avatarUrl: " ",
          bio: "Photographer",
          createdAt: new Date("2024-03-02T00:00:00Z"),
        },
        now,
      ),
    ).toEqual({
      fullName: "Maya Chen",
      avatarUrl: null,
      bio: "Photographer",
      createdAt: "2024-03-02T00:00:00.000Z",
    });
  });
});

describe("hostDisplayName", () => {
  it("is the full name or 'Host'", () => {
    expect(hostDisplayName("Maya Chen")).toBe("Maya Chen");
    expect(hostDisplayName("   ")).toBe("Host");
    expect(hostDisplayName(null)).toBe("Host");
  });
});

describe("memberDisplayName", () => {
  it("is the full name or 'Member', never 'Host' (ADR 0288)", () => {
    expect(memberDisplayName(" Gus Guest ")).toBe("Gus Guest");
    expect(memberDisplayName("   ")).toBe("Member");
    expect(memberDisplayName(undefined)).toBe("Member");
  });
});

describe("response figures (issue #29 point 6, ADR 0254)", () => {
  it("shows nothing below the minimum sample, then the rate and the median in words", () => {
    expect(responseSignals(null)).toEqual({ responseRate: null, responseTime: null });
    expect(responseSignals({ asked: MIN_RESPONSE_SAMPLE - 1, answeredInDay: 2, replied: 2, medianSeconds: 60 })).toEqual({ responseRate: null, responseTime: null });
    expect(responseSignals({ asked: 3, answeredInDay: 2, replied: 3, medianSeconds: 1800 })).toEqual({ responseRate: 67, responseTime: "within an hour" });
    expect(responseSignals({ asked: 4, answeredInDay: 0, replied: 0, medianSeconds: null })).toEqual({ responseRate: 0, responseTime: null });
  });
  it("puts the median first reply into Airbnb's buckets", () => {
    expect(responseTimeText(3600)).toBe("within an hour");
    expect(responseTimeText(3601)).toBe("within a few hours");
    expect(responseTimeText(6 * 3600)).toBe("within a few hours");
    expect(responseTimeText(20 * 3600)).toBe("within a day");
    expect(responseTimeText(30 * 3600)).toBe("within a few days");
  });
});
