import { describe, expect, it } from "vitest";
import { isValidRoutingNumber, normalizeIban } from "./bank-details";
import { cancellationSplit, splitOfRefund } from "./settlement";

const START = new Date("2026-06-10T14:00:00Z");
const days = (n: number) => new Date(START.getTime() - n * 24 * 3_600_000);

describe("cancellation split", () => {
  it("a full refund leaves the host nothing and the platform its fee (or nothing when the fee is refunded)", () => {
    expect(cancellationSplit({ policy: "flexible", startTime: START, now: days(2), rentalMinor: 10000, feeMinor: 1000, refundServiceFee: false })).toEqual({ refund: 10000, feeRefund: 0, hostShare: 0, platformFee: 1000, protectionRefund: 0, protection: 0 });
    expect(cancellationSplit({ policy: "flexible", startTime: START, now: days(2), rentalMinor: 10000, feeMinor: 1000, refundServiceFee: true })).toEqual({ refund: 11000, feeRefund: 1000, hostShare: 0, platformFee: 0, protectionRefund: 0, protection: 0 });
  });

  it("strict: half before 7 days, nothing after; rounding never loses a minor unit", () => {
    expect(cancellationSplit({ policy: "strict", startTime: START, now: days(8), rentalMinor: 1001, feeMinor: 100, refundServiceFee: false })).toEqual({ refund: 501, feeRefund: 0, hostShare: 500, platformFee: 100, protectionRefund: 0, protection: 0 });
    expect(cancellationSplit({ policy: "strict", startTime: START, now: days(8), rentalMinor: 1, feeMinor: 1, refundServiceFee: true })).toEqual({ refund: 1, feeRefund: 0, hostShare: 0, platformFee: 1, protectionRefund: 0, protection: 0 });
    expect(cancellationSplit({ policy: "strict", startTime: START, now: days(6), rentalMinor: 5000, feeMinor: 500, refundServiceFee: false })).toEqual({ refund: 0, feeRefund: 0, hostShare: 5000, platformFee: 500, protectionRefund: 0, protection: 0 });
  });

  it("the protection is refunded with the rental, by the same share, and kept when the rental is (ADR 0286)", () => {
    // Flexible, in time: rental (with the delivery fee, the host's part) and protection back in full, the service fee kept.
    expect(cancellationSplit({ policy: "flexible", startTime: START, now: days(2), rentalMinor: 10500, feeMinor: 1000, protectionMinor: 800, refundServiceFee: false })).toEqual({
      refund: 11300,
      feeRefund: 0,
      hostShare: 0,
      platformFee: 1000,
      protectionRefund: 800,
      protection: 0,
    });
    // Strict, half: half of each part rounded half-up (501 and 41), the fee's part is what is left of half the total (591).
    expect(cancellationSplit({ policy: "strict", startTime: START, now: days(8), rentalMinor: 1001, feeMinor: 100, protectionMinor: 81, refundServiceFee: true })).toEqual({
      refund: 591,
      feeRefund: 49,
      hostShare: 500,
      platformFee: 51,
      protectionRefund: 41,
      protection: 40,
    });
    // Too late: nothing back, the platform keeps the protection.
    expect(cancellationSplit({ policy: "strict", startTime: START, now: days(6), rentalMinor: 5000, feeMinor: 500, protectionMinor: 400, refundServiceFee: false })).toEqual({
      refund: 0,
      feeRefund: 0,
      hostShare: 5000,
      platformFee: 500,
      protectionRefund: 0,
      protection: 400,
    });
  });

  it("refuses a refund larger than what was paid", () => {
    expect(() => splitOfRefund({ rentalMinor: 100, feeMinor: 10, refundMinor: 111, percent: 100 })).toThrow(RangeError);
  });
});

describe("bank details check digits", () => {
  it("ABA routing numbers", () => {
    expect(isValidRoutingNumber("110000000")).toBe(true);
    expect(isValidRoutingNumber("021000021")).toBe(true);
    expect(isValidRoutingNumber("021000022")).toBe(false);
    expect(isValidRoutingNumber("12345678")).toBe(false);
  });

  it("IBANs, typed with spaces and in lower case", () => {
    expect(normalizeIban("de89 3704 0044 0532 0130 00")).toBe("DE89370400440532013000");
    expect(normalizeIban("GB82 WEST 1234 5698 7654 32")).toBe("GB82WEST12345698765432");
    expect(normalizeIban("DE89 3704 0044 0532 0130 01")).toBeNull();
  });
});
