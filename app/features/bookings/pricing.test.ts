import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PRICING_UNITS as SCHEMA_UNITS } from "~/db/schema/bookings";
import {
  DURATION_LIMITS,
  PRICING_UNITS,
  UNIT_HOURS,
  durationRange,
  isDurationAllowed,
  percentOf,
  pricedUnits,
  quoteBooking,
  refundForCancellation,
} from "./pricing";

const NOW = new Date("2026-06-01T12:00:00.000Z");
const HOUR = 3_600_000;
const unit = fc.constantFrom(...PRICING_UNITS);
const policy = fc.constantFrom("flexible" as const, "moderate" as const, "strict" as const);

describe("quoteBooking", () => {
  it("prices 3 hours at $25.00 with a 10 % fee as $75.00 + $7.50", () => {
    expect(quoteBooking({ unitPriceMinor: 2500, quantity: 3, feePercent: 10, currency: "USD" })).toEqual({
      rentalMinor: 7500,
      feeMinor: 750,
      protectionMinor: 0,
      protectionBasisPoints: null,
      deliveryMinor: 0,
      totalMinor: 8250,
      feePercent: 10,
      currency: "USD",
    });
  });

  it("rounds the fee half-up to the minor unit (yen have none)", () => {
    expect(quoteBooking({ unitPriceMinor: 5, quantity: 1, feePercent: 10, currency: "JPY" }).feeMinor).toBe(1); // 0.5 → 1
    expect(quoteBooking({ unitPriceMinor: 4, quantity: 1, feePercent: 10, currency: "JPY" }).feeMinor).toBe(0); // 0.4 → 0
    expect(quoteBooking({ unitPriceMinor: 1005, quantity: 1, feePercent: 12.5, currency: "USD" }).feeMinor).toBe(126); // 125.625
  });

  it("total is always rental + fee, all integers, fee within half a unit of the exact share", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 0, max: 5000 }),
        (price, quantity, basisPoints) => {
          const q = quoteBooking({ unitPriceMinor: price, quantity, feePercent: basisPoints / 100, currency: "USD" });
          expect(q.rentalMinor).toBe(price * quantity);
          expect(q.totalMinor).toBe(q.rentalMinor + q.feeMinor);
          for (const v of [q.rentalMinor, q.feeMinor, q.totalMinor]) expect(Number.isSafeInteger(v)).toBe(true);
          // Exact check in integers: half-up puts fee*10000 within (exact - 5000, exact + 5000];
          // an exact half (+5000) rounds up.
          const exact = BigInt(q.rentalMinor) * BigInt(basisPoints);
          const scaled = BigInt(q.feeMinor) * 10000n;
          expect(scaled - exact > -5000n && scaled - exact <= 5000n).toBe(true);
        },
      ),
    );
  });

  it("an exact half of a minor unit rounds up (the case fast-check found: 50 % of 3 571 767)", () => {
    expect(quoteBooking({ unitPriceMinor: 3_571_767, quantity: 1, feePercent: 50, currency: "USD" })).toMatchObject({ feeMinor: 1_785_884, totalMinor: 5_357_651 });
  });

  it("a higher price never gives a lower fee", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 1000 }), (a, extra) => {
        expect(percentOf(a + extra, 10)).toBeGreaterThanOrEqual(percentOf(a, 10));
      }),
    );
  });

  it("refuses non-integer amounts instead of rounding them silently", () => {
    expect(() => quoteBooking({ unitPriceMinor: 10.5, quantity: 1, feePercent: 10, currency: "USD" })).toThrow(RangeError);
    expect(() => quoteBooking({ unitPriceMinor: 100, quantity: 1.5, feePercent: 10, currency: "USD" })).toThrow(RangeError);
  });
});

describe("durations", () => {
  it("defines the same units as the bookings table", () => {
    expect([...PRICING_UNITS]).toEqual([...SCHEMA_UNITS]);
  });

  it("without listing limits, allows hourly 1-24, daily 1-30, weekly 1-12, monthly 1-12", () => {
    const open = { minRentalDuration: 1, maxRentalDuration: null };
    expect(PRICING_UNITS.map((u) => durationRange(u, open))).toEqual([
      { min: 1, max: 24 },
      { min: 1, max: 30 },
      { min: 1, max: 12 },
      { min: 1, max: 12 },
    ]);
  });

  it("clamps by the listing's min/max hours: every allowed quantity's hours lie inside both limits", () => {
    fc.assert(
      fc.property(
        unit,
        fc.integer({ min: 1, max: 2000 }),
        fc.option(fc.integer({ min: 1, max: 10_000 }), { nil: null }),
        (u, minHours, maxHours) => {
          const listing = { minRentalDuration: minHours, maxRentalDuration: maxHours };
          const { min, max } = durationRange(u, listing);
          for (let q = DURATION_LIMITS[u].min; q <= DURATION_LIMITS[u].max; q++) {
            const hours = q * UNIT_HOURS[u];
            const fits = hours >= minHours && (maxHours === null || hours <= maxHours);
            expect(isDurationAllowed(u, q, listing)).toBe(fits);
            expect(q >= min && q <= max).toBe(fits);
          }
          expect(isDurationAllowed(u, min + 0.5, listing)).toBe(false);
        },
      ),
    );
  });
});

describe("pricedUnits", () => {
  it("lists only the units with a price above zero, in display order", () => {
    expect(pricedUnits({ hourlyPrice: 2500, dailyPrice: null, weeklyPrice: 0, monthlyPrice: 90000 })).toEqual(["hour", "month"]);
    expect(pricedUnits({ hourlyPrice: 0, dailyPrice: null, weeklyPrice: null, monthlyPrice: null })).toEqual([]);
  });
});

describe("refundForCancellation", () => {
  const base = { now: NOW, rentalMinor: 10_000, feeMinor: 1_000, refundServiceFee: false };
  const at = (hours: number) => new Date(NOW.getTime() + hours * HOUR);

  it("applies each policy's threshold exactly", () => {
    expect(refundForCancellation({ ...base, policy: "flexible", startTime: at(24) })).toEqual({ refundMinor: 10_000, rule: "full" });
    expect(refundForCancellation({ ...base, policy: "flexible", startTime: new Date(at(24).getTime() - 1) }).refundMinor).toBe(0);
    expect(refundForCancellation({ ...base, policy: "moderate", startTime: at(120) }).refundMinor).toBe(10_000);
    expect(refundForCancellation({ ...base, policy: "moderate", startTime: at(119) }).refundMinor).toBe(0);
    expect(refundForCancellation({ ...base, policy: "strict", startTime: at(168) })).toEqual({ refundMinor: 5_000, rule: "half" });
    expect(refundForCancellation({ ...base, policy: "strict", startTime: at(167) }).refundMinor).toBe(0);
  });

  it("refunds the service fee only when REFUND_SERVICE_FEE is on", () => {
    expect(refundForCancellation({ ...base, refundServiceFee: true, policy: "flexible", startTime: at(48) }).refundMinor).toBe(11_000);
    expect(refundForCancellation({ ...base, refundServiceFee: true, policy: "strict", startTime: at(200) }).refundMinor).toBe(5_500);
  });

  it("never refunds more than was paid, and never less for an earlier cancellation", () => {
    fc.assert(
      fc.property(
        policy,
        fc.integer({ min: 0, max: 50_000_000 }),
        fc.integer({ min: 0, max: 5_000_000 }),
        fc.boolean(),
        fc.integer({ min: -100, max: 24 * 400 }),
        fc.integer({ min: 0, max: 24 * 30 }),
        (p, rental, fee, refundFee, hoursBefore, earlier) => {
          const input = { policy: p, now: NOW, rentalMinor: rental, feeMinor: fee, refundServiceFee: refundFee };
          const late = refundForCancellation({ ...input, startTime: at(hoursBefore) });
          const early = refundForCancellation({ ...input, startTime: at(hoursBefore + earlier) });
          expect(Number.isSafeInteger(late.refundMinor)).toBe(true);
          expect(late.refundMinor).toBeGreaterThanOrEqual(0);
          expect(late.refundMinor).toBeLessThanOrEqual(rental + (refundFee ? fee : 0));
          expect(early.refundMinor).toBeGreaterThanOrEqual(late.refundMinor);
          if (hoursBefore <= 0) expect(late.refundMinor).toBe(0);
        },
      ),
    );
  });
});
