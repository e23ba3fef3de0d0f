import { describe, expect, it } from "vitest";
import { offerHref, offerLine, type CardOffer } from "./card";

/** Issue #27: a result card of a search with a time (its price, and the link that keeps the time). */
const OFFER: CardOffer = { start: "2026-12-05T15:00:00.000Z", end: "2026-12-05T18:00:00.000Z", unit: "hour", duration: 3, seats: 1, totalMinor: 23100, currency: "USD" };

describe("a card's offer", () => {
  it("says the price for the time, with seats or units when more than one", () => {
    expect(offerLine(OFFER, "space")).toBe("$231 total for 3 hours");
    expect(offerLine({ ...OFFER, unit: "day", duration: 1, seats: 2, totalMinor: 44000, currency: "EUR" }, "experience")).toBe("€440 total for 1 day · 2 seats");
    expect(offerLine({ ...OFFER, seats: 3 }, "equipment")).toContain("3 units");
  });

  it("adds the choice to the space page's address, after its id when it has one", () => {
    expect(offerHref("/space/a/b?id=1", OFFER)).toBe("/space/a/b?id=1&start=2026-12-05T15%3A00%3A00.000Z&unit=hour&duration=3");
    expect(offerHref("/space/a/b", { ...OFFER, seats: 2 })).toBe("/space/a/b?start=2026-12-05T15%3A00%3A00.000Z&unit=hour&duration=3&seats=2");
    expect(offerHref("/space/a/b?id=1", undefined)).toBe("/space/a/b?id=1");
  });
});
