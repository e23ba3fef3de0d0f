import { describe, expect, it } from "vitest";
import { hostDisplayName, profileOrDefault } from "./public-profile";

describe("profileOrDefault (docs/product.md#host-profile)", () => {
  const now = new Date("2026-11-23T10:00:00Z");
  it("gives the default host profile when the row is missing", () => {
    expect(profileOrDefault(null, now)).toEqual({
      fullName: null,
      avatarUrl: null,
      bio: null,
      createdAt: "2026-11-23T10:00:00.000Z",
      responseRate: 95,
      responseTime: "within an hour",
    });
  });
  it("keeps the row's values, blanks become null and missing response fields take the defaults", () => {
    expect(
      profileOrDefault(
        {
          fullName: "  Maya Chen ",
          avatarUrl: " ",
          bio: "Photographer",
          createdAt: new Date("2024-03-02T00:00:00Z"),
          responseRate: null,
          responseTime: "",
        },
        now,
      ),
    ).toEqual({
      fullName: "Maya Chen",
      avatarUrl: null,
      bio: "Photographer",
      createdAt: "2024-03-02T00:00:00.000Z",
      responseRate: 95,
      responseTime: "within an hour",
    });
    expect(
      profileOrDefault(
        {
          fullName: null,
          avatarUrl: null,
          bio: null,
          createdAt: now,
          responseRate: 80,
          responseTime: "within a day",
        },
        now,
      ),
    ).toMatchObject({
      responseRate: 80,
      responseTime: "within a day",
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
