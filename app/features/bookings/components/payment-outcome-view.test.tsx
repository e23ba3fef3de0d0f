// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub, useLoaderData } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { PaymentOutcomeView, type PaymentOutcome } from "./payment-outcome-view";

afterEach(cleanup);

function renderOutcomes(outcomes: PaymentOutcome[]) {
  let calls = 0;
  const Stub = createRoutesStub([
    {
      path: "/booking-confirmation",
      HydrateFallback: () => null,
      loader: () => {
        const outcome = outcomes[Math.min(calls, outcomes.length - 1)]!;
        calls += 1;
        return { outcome };
      },
      Component: function Page() {
        return <Outcome />;
      },
    },
  ]);
  render(<Stub initialEntries={["/booking-confirmation?payment_intent_client_secret=s"]} />);
  return () => calls;
}

function Outcome() {
  const { outcome } = useLoaderData() as { outcome: PaymentOutcome };
  return <PaymentOutcomeView outcome={outcome} amount={{ paid: 7700, refunded: null, currency: "USD" }} pollMs={5} />;
}

describe("PaymentOutcomeView", () => {
  it.each([
    ["confirmed", "Booking Confirmed!", "Payment successful! Your booking has been confirmed."],
    ["failed", "Payment Failed", "Your payment was not successful, please try again."],
    ["error", "Something went wrong.", null],
  ] as const)("shows the %s outcome with its texts and the two ways on", async (outcome, title, body) => {
    renderOutcomes([outcome]);
    expect(await screen.findByRole("heading", { name: title })).toBeTruthy();
    if (body) expect(screen.getByText(body)).toBeTruthy();
    expect(screen.getByRole("link", { name: "View My Bookings" }).getAttribute("href")).toBe("/dashboard");
    expect(screen.getByRole("link", { name: "Return to Home" }).getAttribute("href")).toBe("/");
  });

  it("asks again while the payment is processing and shows the confirmation when it settles", async () => {
    const calls = renderOutcomes(["processing", "processing", "confirmed"]);
    expect(await screen.findByRole("heading", { name: "Processing Payment..." })).toBeTruthy();
    expect(screen.getByText("Your payment is processing.")).toBeTruthy();
    expect(await screen.findByRole("heading", { name: "Booking Confirmed!" })).toBeTruthy();
    expect(screen.getByText("Paid $77.00")).toBeTruthy();
    // The first load and at least two checks.
    expect(calls()).toBeGreaterThanOrEqual(3);
  });
});
