// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PaymentStep, type PaymentIntentRequest, type PaymentSummary } from "./payment-step";

/**
 * The payment step with PAYMENT_PROVIDER=stripe (ADR 0130): Stripe.js and Elements are
 * replaced by stand-ins (this machine cannot load js.stripe.com), which record what
 * the step gives them: the publishable key, the client secret and the return URL.
 */
const stripe = vi.hoisted(() => ({
  loadStripe: vi.fn(),
  confirmPayment: vi.fn(),
  elementsOptions: null as unknown,
}));

vi.mock("@stripe/stripe-js/pure", () => ({ loadStripe: stripe.loadStripe }));
vi.mock("@stripe/react-stripe-js", async () => {
  const { useEffect } = await import("react");
  return {
    Elements: ({ children, options }: { children: ReactNode; options: unknown }) => {
      stripe.elementsOptions = options;
      return <div data-testid="stripe-elements">{children}</div>;
    },
    PaymentElement: ({ onReady }: { onReady?: () => void }) => {
      useEffect(() => onReady?.(), [onReady]);
      return <div data-testid="payment-element">Stripe payment element</div>;
    },
    useStripe: () => ({ confirmPayment: stripe.confirmPayment }),
    useElements: () => ({}),
  };
});

const REQUEST: PaymentIntentRequest = { spaceId: "s1", startTime: "2026-03-10T17:00:00.000Z", endTime: "2026-03-10T18:00:00.000Z", duration: 1, pricingUnit: "hour", amount: 2805, currency: "USD" };
const SUMMARY: PaymentSummary = { when: "Tue 10 Mar, 13:00", zone: "America/New_York", duration: "1 hour", rental: 2550, fee: 255, feePercent: 10, total: 2805, currency: "USD" };
const HOLD = { clientSecret: "pi_1_secret_abc", bookingId: "b1", holdExpiresAt: "2026-03-10T15:45:00Z", platformFee: { percentage: 10, amount: 255 }, rental: 2550, total: 2805, currency: "USD" };

let answer: Record<string, unknown> = {};

beforeEach(() => {
  stripe.loadStripe.mockReset().mockResolvedValue({});
  stripe.confirmPayment.mockReset();
  vi.stubGlobal("fetch", async () => Response.json(answer));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderStep() {
  const Stub = createRoutesStub([
    { path: "/space/x/y", Component: () => <PaymentStep request={REQUEST} summary={SUMMARY} existing={null} onReady={() => {}} onBack={() => {}} /> },
    { path: "/booking-confirmation", Component: () => <p>Confirmation page</p> },
  ]);
  render(<Stub initialEntries={["/space/x/y"]} />);
}

describe("payment step with Stripe", () => {
  it("renders Elements with the publishable key and client secret, and never the built-in card form", async () => {
    answer = { ...HOLD, provider: "stripe", publishableKey: "pk_test_abc" };
    renderStep();
    expect(await screen.findByTestId("payment-element")).toBeTruthy();
    expect(stripe.loadStripe).toHaveBeenCalledWith("pk_test_abc");
    expect(stripe.elementsOptions).toMatchObject({ clientSecret: "pi_1_secret_abc" });
    expect(screen.queryByLabelText("Card number")).toBeNull();
    expect(screen.getByRole("complementary", { name: "Test mode" }).textContent).toContain("4242 4242 4242 4242");
  });

  it("confirms in the browser with Stripe and then asks the confirmation page, which asks the server", async () => {
    answer = { ...HOLD, provider: "stripe", publishableKey: "pk_test_abc" };
    stripe.confirmPayment.mockResolvedValue({ paymentIntent: { status: "succeeded" } });
    renderStep();
    const pay = await screen.findByRole("button", { name: "Pay $28.05" });
    await waitFor(() => expect((pay as HTMLButtonElement).disabled).toBe(false));
    await userEvent.click(pay);
    expect(await screen.findByText("Confirmation page")).toBeTruthy();
    expect(stripe.confirmPayment).toHaveBeenCalledTimes(1);
    expect(stripe.confirmPayment.mock.calls[0]![0]).toMatchObject({ redirect: "if_required", confirmParams: { return_url: "http://localhost:3000/booking-confirmation" } });
  });

  it("shows Stripe's message when the card is declined, and lets the guest try again", async () => {
    answer = { ...HOLD, provider: "stripe", publishableKey: "pk_test_abc" };
    stripe.confirmPayment.mockResolvedValue({ error: { type: "card_error", message: "Your card was declined." } });
    renderStep();
    const pay = await screen.findByRole("button", { name: "Pay $28.05" });
    await waitFor(() => expect((pay as HTMLButtonElement).disabled).toBe(false));
    await userEvent.click(pay);
    expect((await screen.findByRole("alert")).textContent).toBe("Your card was declined.");
    expect((screen.getByRole("button", { name: "Pay $28.05" }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("says 'An error occurred' when Stripe.js cannot be loaded", async () => {
    answer = { ...HOLD, provider: "stripe", publishableKey: "pk_test_unreachable" };
    stripe.loadStripe.mockRejectedValue(new Error("blocked"));
    renderStep();
    expect((await screen.findByRole("alert")).textContent).toBe("An error occurred");
  });

  it("keeps the built-in card form, and never loads Stripe.js, with the local provider", async () => {
    answer = { ...HOLD, provider: "local" };
    renderStep();
    expect(await screen.findByLabelText("Card number")).toBeTruthy();
    expect(stripe.loadStripe).not.toHaveBeenCalled();
  });
});
