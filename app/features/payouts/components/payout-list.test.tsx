// @vitest-environment jsdom
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { PayoutItem } from "../earnings.server";
import { PayoutList } from "./payout-list";

afterEach(cleanup);

const ITEM: PayoutItem = {
  id: "p1",
  bookingId: "b1",
  amount: 10000,
  deducted: 0,
  currency: "USD",
  status: "paid",
  releaseAt: "2026-06-11T16:00:00.000Z",
  transferredAt: "2026-06-11T17:00:00.000Z",
  failureMessage: null,
  nextAttemptAt: null,
  booking: { startTime: "2026-06-10T14:00:00.000Z", endTime: "2026-06-10T16:00:00.000Z", status: "completed", timeZone: "America/New_York", total: 11000 },
  space: { title: "Harbour Studio" },
};

/** /payouts' list (issue #25): what a host owed after a refund is shown where it was taken, and a disputed payout says why it waits. */
describe("PayoutList", () => {
  it("shows what was deducted from a payout for an earlier refund, and nothing when none was", () => {
    render(<PayoutList items={[{ ...ITEM, deducted: 2500 }, { ...ITEM, id: "p2", space: { title: "Loft" } }]} />);
    const [first, second] = screen.getAllByTestId("payout-item");
    expect(within(first!).getByTestId("payout-deduction").textContent).toBe("Deducted from this payout: $25.00 (a refund to a guest after an earlier payout)");
    expect(within(second!).queryByTestId("payout-deduction")).toBeNull();
  });

  it("says a payout is on hold while the guest's payment is disputed", () => {
    render(<PayoutList items={[{ ...ITEM, status: "held", transferredAt: null }]} />);
    expect(screen.getByText("On hold")).toBeTruthy();
    expect(screen.getByText("The guest's card payment is disputed: the payout waits until the dispute closes")).toBeTruthy();
  });
});
