import { describe, expect, it } from "vitest";
import { chartSeries, formatGrowth, formatRating, growthPercent, monthLabel, monthStart } from "./analytics";

describe("analytics helpers", () => {
  it("finds month starts in UTC across year ends", () => {
    const now = new Date("2031-01-31T23:30:00Z");
    expect(monthStart(now).toISOString()).toBe("2031-01-01T00:00:00.000Z");
    expect(monthStart(now, -1).toISOString()).toBe("2030-12-01T00:00:00.000Z");
    expect(monthStart(now, -11).toISOString()).toBe("2030-02-01T00:00:00.000Z");
    expect(monthLabel("2030-12-01T00:00:00.000Z")).toBe("Dec 2030");
  });

  it("computes growth from real totals with one decimal, and '—' without a previous month", () => {
    expect(growthPercent(33000, 11000)).toBe(200);
    expect(growthPercent(9000, 12000)).toBe(-25);
    expect(growthPercent(1125, 1000)).toBe(12.5);
    expect(growthPercent(500, 0)).toBeNull();
    expect(formatGrowth(12.5)).toBe("+12.5%");
    expect(formatGrowth(-25)).toBe("−25.0%");
    expect(formatGrowth(0)).toBe("0.0%");
    expect(formatGrowth(null)).toBe("—");
    expect(formatRating(4.25)).toBe("4.3");
    expect(formatRating(null)).toBe("—");
  });

  it("turns the fee table into chart series: bookings summed, fees kept per currency, oldest month first", () => {
    const series = chartSeries([
      { month: "2031-02-01T00:00:00.000Z", totalFees: 800, totalBookings: 1, currency: "JPY" },
      { month: "2031-02-01T00:00:00.000Z", totalFees: 3000, totalBookings: 2, currency: "USD" },
      { month: "2031-01-01T00:00:00.000Z", totalFees: 1000, totalBookings: 1, currency: "USD" },
    ]);
    expect(series).toEqual({
      months: ["2031-01-01T00:00:00.000Z", "2031-02-01T00:00:00.000Z"],
      bookings: [1, 3],
      fees: { JPY: [0, 800], USD: [1000, 3000] },
    });
  });
});

describe("the chart's months", () => {
  it("lists the 12 months up to the current one and fills months without bookings with zeros", async () => {
    const { lastMonths } = await import("./analytics");
    const months = lastMonths(new Date("2031-03-15T12:00:00Z"), 12);
    expect(months[0]).toBe("2030-04-01T00:00:00.000Z");
    expect(months[11]).toBe("2031-03-01T00:00:00.000Z");
    const series = chartSeries([{ month: "2031-03-01T00:00:00.000Z", totalFees: 500, totalBookings: 1, currency: "USD" }], months);
    expect(series.bookings).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]);
    expect(series.fees.USD?.[11]).toBe(500);
  });
});
