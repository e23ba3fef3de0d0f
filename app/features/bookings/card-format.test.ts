import { describe, expect, it } from "vitest";
import { formatExpiry, parseExpiry } from "./card-format";

describe("card expiry entry", () => {
  it("shapes the expiry as MM / YY and reads it back as a four-digit year", () => {
    expect(formatExpiry("4")).toBe("04 / ");
    expect(formatExpiry("12")).toBe("12 / ");
    expect(formatExpiry("12", true)).toBe("12");
    expect(formatExpiry("1230")).toBe("12 / 30");
    expect(formatExpiry("12/305")).toBe("12 / 30");
    expect(parseExpiry("12 / 30")).toEqual({ expMonth: 12, expYear: 2030 });
    expect(parseExpiry("12 / 3")).toBeNull();
  });
});
