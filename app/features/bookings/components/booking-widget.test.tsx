// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BookingWidget, type BookingWidgetData } from "./booking-widget";
import { NOW, WIDGET } from "./booking-widget.fixture";

// Each journey renders the whole widget (a 7 × 12 grid) for every keystroke: on a busy
// shared machine that can take longer than Vitest's default 5 s, without being stuck.
vi.setConfig({ testTimeout: 20_000 });

// Someone else's booking that day, 14:00–16:00 New York time.
const BUSY = [{ start: "2026-03-10T18:00:00.000Z", end: "2026-03-10T20:00:00.000Z" }];


type Call = { url: string; init?: RequestInit };
let calls: Call[] = [];
let answers: Record<string, () => Response | Promise<Response>> = {};

beforeEach(() => {
  calls = [];
  answers = {};
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push({ url, init });
    if (url.startsWith("/api/spaces/s1/busy")) return Response.json({ busy: BUSY });
    const key = Object.keys(answers).find((prefix) => url.startsWith(prefix));
    if (key) return answers[key]!();
    return new Response("not found", { status: 404 });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderWidget({ widget = WIDGET, signedIn = true, onSignInWanted = () => {} }: { widget?: BookingWidgetData; signedIn?: boolean; onSignInWanted?: () => void } = {}) {
  const Stub = createRoutesStub([
    { path: "/space/x/y", Component: () => <BookingWidget spaceId="s1" widget={widget} signedIn={signedIn} now={NOW} onSignInWanted={onSignInWanted} /> },
    { path: "/booking-confirmation", Component: () => <p>Confirmation page</p> },
  ]);
  render(<Stub initialEntries={["/space/x/y"]} />);
}

const cell = (name: RegExp) => within(screen.getByRole("region", { name: "Weekly availability" })).getByRole("button", { name });

async function chooseTuesdayAt(hour: string) {
  await waitFor(() => expect(cell(new RegExp(`^Tue 10 Mar, ${hour}: available`))).toBeTruthy());
  await userEvent.click(cell(new RegExp(`^Tue 10 Mar, ${hour}`)));
}

describe("BookingWidget", () => {
  it("offers only the options the listing prices, and durations within the unit's and the listing's limits", async () => {
    renderWidget();
    const option = screen.getByLabelText("Pricing option");
    expect(within(option).getAllByRole("option").map((entry) => entry.textContent)).toEqual(["Hourly — $25.50/hour", "Daily — $150.00/day"]);
    const duration = screen.getByLabelText("Duration");
    expect(within(duration).getAllByRole("option")).toHaveLength(24); // hourly 1–24
    await userEvent.selectOptions(option, "day");
    // Daily is 1–30 days, but the listing allows at most 72 hours: 3 days.
    expect(within(screen.getByLabelText("Duration")).getAllByRole("option").map((entry) => entry.textContent)).toEqual(["1 day", "2 days", "3 days"]);
  });

  it("asks for a date and time before continuing", async () => {
    renderWidget();
    await userEvent.click(screen.getByRole("button", { name: "Continue to Payment" }));
    expect(screen.getByRole("alert").textContent).toBe("Please select a date and time");
  });

  it("disables days before today in the listing's zone in the date picker", async () => {
    renderWidget();
    await userEvent.click(screen.getByRole("button", { name: "Date Choose a date" }));
    const monday = screen.getByRole("button", { name: /March 9th, 2026/ });
    expect((monday as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole("button", { name: /March 12th, 2026/ }));
    expect(screen.getByRole("button", { name: "Date Thu, 12 Mar 2026" })).toBeTruthy();
    // The start times of that day are all free: 09:00 to 20:00 in New York.
    const starts = within(screen.getByLabelText("Start time")).getAllByRole("option").slice(1);
    expect(starts.map((entry) => entry.textContent)).toEqual(["09:00", "10:00", "11:00", "12:00", "13:00", "14:00", "15:00", "16:00", "17:00", "18:00", "19:00", "20:00"]);
    expect(starts.every((entry) => !(entry as HTMLOptionElement).disabled)).toBe(true);
  });

  it("disables past and booked hours in the grid with their tooltips, and past and overlapping start times", async () => {
    renderWidget();
    await waitFor(() => expect(cell(/^Tue 10 Mar, 14:00/).getAttribute("title")).toBe("This time slot is booked"));
    expect((cell(/^Tue 10 Mar, 14:00/) as HTMLButtonElement).disabled).toBe(true);
    expect(cell(/^Tue 10 Mar, 11:00/).getAttribute("title")).toBe("This time slot has passed");
    expect(cell(/^Mon 9 Mar, 18:00/).getAttribute("title")).toBe("This time slot has passed");
    expect((cell(/^Tue 10 Mar, 13:00/) as HTMLButtonElement).disabled).toBe(false);

    await chooseTuesdayAt("12:00");
    const start = screen.getByLabelText("Start time");
    const disabled = within(start)
      .getAllByRole("option")
      .filter((entry) => (entry as HTMLOptionElement).disabled)
      .map((entry) => entry.textContent);
    expect(disabled).toEqual(["09:00 — passed", "10:00 — passed", "11:00 — passed", "14:00 — booked", "15:00 — booked"]);
    // Two hours from 13:00 would run into the booking at 14:00.
    await userEvent.selectOptions(screen.getByLabelText("Duration"), "2");
    expect((within(start).getByRole("option", { name: "13:00 — booked" }) as HTMLOptionElement).disabled).toBe(true);
  });

  it("does not draw the hours as free before it knows which are booked", async () => {
    let answer: (response: Response) => void = () => {};
    vi.stubGlobal("fetch", (input: RequestInfo | URL) =>
      String(input).startsWith("/api/spaces/s1/busy") ? new Promise<Response>((resolve) => (answer = resolve)) : Promise.resolve(new Response("not found", { status: 404 })),
    );
    renderWidget();
    const grid = screen.getByRole("region", { name: "Weekly availability" });
    expect(within(grid).getByRole("status").textContent).toBe("Loading availability…");
    expect(within(grid).queryAllByRole("button", { name: /available$/ })).toHaveLength(0);
    answer(Response.json({ busy: BUSY }));
    await waitFor(() => expect(cell(/^Tue 10 Mar, 14:00/).getAttribute("title")).toBe("This time slot is booked"));
    expect(within(grid).queryByRole("status")).toBeNull();
  });

  it("moves between weeks, never before the current one", async () => {
    renderWidget();
    const previous = screen.getByRole("button", { name: "Previous week" });
    expect((previous as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole("button", { name: "Next week" }));
    expect(cell(/^Mon 16 Mar, 09:00: available/)).toBeTruthy();
    // Each day's column is headed by its weekday over its date.
    const heads = screen.getAllByRole("columnheader").slice(1);
    expect(heads.map((head) => head.textContent)).toEqual(["Mon 16", "Tue 17", "Wed 18", "Thu 19", "Fri 20", "Sat 21", "Sun 22"]);
    expect(heads.every((head) => head.querySelectorAll("span.block").length === 2)).toBe(true);
    expect((previous as HTMLButtonElement).disabled).toBe(false);
    await waitFor(() => expect(calls.filter((call) => call.url.startsWith("/api/spaces/s1/busy"))).toHaveLength(2));
  });

  it("shows the rental, the service fee with its percentage and the total, in the chosen display zone", async () => {
    renderWidget();
    await chooseTuesdayAt("12:00");
    await userEvent.selectOptions(screen.getByLabelText("Duration"), "1");
    const summary = screen.getByLabelText("Booking summary");
    expect(summary.textContent).toContain("Rental (1 hour)$25.50");
    expect(summary.textContent).toContain("Service fee (10%)$2.55");
    expect(screen.getByTestId("booking-total").textContent).toBe("$28.05");
    expect(summary.textContent).toContain("Tue 10 Mar, 12:00 – 13:00");
    await userEvent.selectOptions(screen.getByLabelText("Show times in"), "Europe/London");
    expect(summary.textContent).toContain("Tue 10 Mar, 16:00 – 17:00");
  });

  it("refuses a start that has passed since it was chosen", async () => {
    function Clocked() {
      const [now, setNow] = useState(NOW);
      return (
        <>
          <button type="button" onClick={() => setNow(new Date("2026-03-10T17:30:00Z"))}>
            Two hours later
          </button>
          <BookingWidget spaceId="s1" widget={WIDGET} signedIn now={now} onSignInWanted={() => {}} />
        </>
      );
    }
    const Stub = createRoutesStub([{ path: "/", Component: Clocked }]);
    render(<Stub />);
    await chooseTuesdayAt("12:00");
    await userEvent.click(screen.getByRole("button", { name: "Two hours later" }));
    await userEvent.click(screen.getByRole("button", { name: "Continue to Payment" }));
    expect(screen.getByRole("alert").textContent).toBe("Please select a future date and time");
    expect(calls.some((call) => call.url.startsWith("/api/bookings"))).toBe(false);
  });

  it("reads 'Contact for Pricing', disabled, when the total is 0", () => {
    renderWidget({ widget: { ...WIDGET, units: [{ unit: "hour", priceMinor: 0 }] } });
    const button = screen.getByRole("button", { name: "Contact for Pricing" });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole("button", { name: "Continue to Payment" })).toBeNull();
    cleanup();
    // A listing with no price at all ('Price on request').
    renderWidget({ widget: { ...WIDGET, units: [] } });
    expect((screen.getByRole("button", { name: "Contact for Pricing" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("asks a signed-out visitor to sign in and keeps the choice", async () => {
    const onSignInWanted = vi.fn();
    renderWidget({ signedIn: false, onSignInWanted });
    await chooseTuesdayAt("13:00");
    await userEvent.click(screen.getByRole("button", { name: "Continue to Payment" }));
    expect(onSignInWanted).toHaveBeenCalledOnce();
    expect((screen.getByLabelText("Start time") as HTMLSelectElement).value).toBe("2026-03-10T17:00:00.000Z");
    expect(calls.some((call) => call.url.startsWith("/api/bookings"))).toBe(false);
  });
});

describe("payment step", () => {
  const intent = () =>
    Response.json({
      clientSecret: "pi_1_secret_abc",
      bookingId: "b1",
      holdExpiresAt: "2026-03-10T15:45:00Z",
      platformFee: { percentage: 10, amount: 255 },
      rental: 2550,
      total: 2805,
      currency: "USD",
    });

  async function toPayment() {
    renderWidget();
    await chooseTuesdayAt("13:00");
    await userEvent.click(screen.getByRole("button", { name: "Continue to Payment" }));
  }

  it("creates the payment intent with the choice, the shown amount and a fresh idempotency key per attempt", async () => {
    let release: () => void = () => {};
    answers["/api/bookings/payment-intent"] = () => new Promise<Response>((resolve) => (release = () => resolve(Response.json({ error: "boom" }, { status: 500 }))));
    await toPayment();
    expect(screen.getByRole("status").textContent).toContain("Loading payment form...");
    const first = calls.find((call) => call.url === "/api/bookings/payment-intent")!;
    expect(JSON.parse(String(first.init!.body))).toEqual({
      spaceId: "s1",
      startTime: "2026-03-10T17:00:00.000Z",
      endTime: "2026-03-10T18:00:00.000Z",
      duration: 1,
      pricingUnit: "hour",
      amount: 2805,
      currency: "USD",
    });
    release();
    expect((await screen.findByRole("alert")).textContent).toContain("boom");

    // Back to the form and on again: a new attempt, a new key.
    answers["/api/bookings/payment-intent"] = () => new Response("oops", { status: 502 });
    await userEvent.click(screen.getByRole("button", { name: "Cancel" }));
    await userEvent.click(screen.getByRole("button", { name: "Continue to Payment" }));
    expect((await screen.findByRole("alert")).textContent).toContain("Failed to create payment intent (502)");
    const keys = calls.filter((call) => call.url === "/api/bookings/payment-intent").map((call) => new Headers(call.init!.headers).get("idempotency-key"));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it("says 'Invalid response: missing client secret' and tries again on request", async () => {
    answers["/api/bookings/payment-intent"] = () => Response.json({ platformFee: { percentage: 10, amount: 255 } });
    await toPayment();
    expect((await screen.findByRole("alert")).textContent).toContain("Invalid response: missing client secret");
    answers["/api/bookings/payment-intent"] = intent;
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByLabelText("Card number")).toBeTruthy();
  });

  it("shows the server's refusal: a changed price with the new total, a slot just taken", async () => {
    answers["/api/bookings/payment-intent"] = () =>
      Response.json(
        { error: "The price has changed", code: "price_changed", price: { rental: 3000, fee: 300, total: 3300, currency: "USD" } },
        { status: 409 },
      );
    await toPayment();
    expect((await screen.findByRole("alert")).textContent).toBe("The price has changed — new total $33.00");
    expect(screen.queryByRole("button", { name: "Try again" })).toBeNull();
    expect(screen.queryByLabelText("Card number")).toBeNull();

    answers["/api/bookings/payment-intent"] = () =>
      Response.json({ error: "This time slot was just booked by someone else — please pick another", code: "slot_taken" }, { status: 409 });
    await userEvent.click(screen.getByRole("button", { name: "Cancel" }));
    await userEvent.click(screen.getByRole("button", { name: "Continue to Payment" }));
    expect((await screen.findByRole("alert")).textContent).toBe("This time slot was just booked by someone else — please pick another");
  });

  it("says 'Failed to process booking' when the request cannot be sent", async () => {
    answers["/api/bookings/payment-intent"] = () => Promise.reject(new TypeError("network"));
    await toPayment();
    expect((await screen.findByRole("alert")).textContent).toContain("Failed to process booking");
  });

  it("formats the card number while typing, shows the brand, and shows the decline message", async () => {
    answers["/api/bookings/payment-intent"] = intent;
    answers["/api/payments/confirm"] = () =>
      Response.json({ paymentIntent: { id: "pi_1", status: "requires_payment_method", clientSecret: "pi_1_secret_abc", lastPaymentError: { message: "Your card was declined." } } });
    await toPayment();
    const number = await screen.findByLabelText("Card number");
    await userEvent.type(number, "4000000000000002");
    expect((number as HTMLInputElement).value).toBe("4000 0000 0000 0002");
    expect(screen.getByTestId("card-brand").textContent).toBe("Visa");
    await userEvent.type(screen.getByLabelText("Expiry (MM / YY)"), "1230");
    expect((screen.getByLabelText("Expiry (MM / YY)") as HTMLInputElement).value).toBe("12 / 30");
    await userEvent.type(screen.getByLabelText("CVC"), "123");
    await userEvent.type(screen.getByLabelText("Name on card"), "Ada Guest");
    await userEvent.click(screen.getByRole("button", { name: "Pay $28.05" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Your card was declined.");
    const sent = JSON.parse(String(calls.find((call) => call.url === "/api/payments/confirm")!.init!.body));
    expect(sent).toEqual({ clientSecret: "pi_1_secret_abc", card: { number: "4000000000000002", expMonth: 12, expYear: 2030, cvc: "123", name: "Ada Guest" } });
  });

  it("pays once on a double click and goes to the confirmation page", async () => {
    let release: () => void = () => {};
    answers["/api/bookings/payment-intent"] = intent;
    answers["/api/payments/confirm"] = () =>
      new Promise<Response>(
        (resolve) =>
          (release = () => resolve(Response.json({ paymentIntent: { id: "pi_1", status: "succeeded", clientSecret: "pi_1_secret_abc", lastPaymentError: null } }))),
      );
    await toPayment();
    await userEvent.type(await screen.findByLabelText("Card number"), "4242424242424242");
    await userEvent.type(screen.getByLabelText("Expiry (MM / YY)"), "1230");
    await userEvent.type(screen.getByLabelText("CVC"), "123");
    const pay = screen.getByRole("button", { name: "Pay $28.05" });
    await userEvent.dblClick(pay);
    await userEvent.click(pay);
    expect(calls.filter((call) => call.url === "/api/payments/confirm")).toHaveLength(1);
    expect((pay as HTMLButtonElement).disabled).toBe(true);
    release();
    expect(await screen.findByText("Confirmation page")).toBeTruthy();
  });

  it("shows 'An error occurred' when the processor gives no message", async () => {
    answers["/api/bookings/payment-intent"] = intent;
    answers["/api/payments/confirm"] = () => new Response("", { status: 500 });
    await toPayment();
    await userEvent.type(await screen.findByLabelText("Card number"), "4242424242424242");
    await userEvent.click(screen.getByRole("button", { name: "Pay $28.05" }));
    expect((await screen.findByRole("alert")).textContent).toBe("An error occurred");
  });

  it("keeps the checkout when the guest goes back and continues with the same choice, and its own hold does not read as booked", async () => {
    // Once held, the busy ranges include the guest's own hold (13:00–14:00).
    answers["/api/bookings/payment-intent"] = () => {
      BUSY.push({ start: "2026-03-10T17:00:00.000Z", end: "2026-03-10T18:00:00.000Z" });
      return intent();
    };
    try {
      await toPayment();
      expect(await screen.findByLabelText("Card number")).toBeTruthy();
      await userEvent.click(screen.getByRole("button", { name: "Cancel" }));
      await waitFor(() => expect(calls.filter((call) => call.url.startsWith("/api/spaces/s1/busy")).length).toBeGreaterThanOrEqual(2));
      expect((screen.getByLabelText("Start time") as HTMLSelectElement).value).toBe("2026-03-10T17:00:00.000Z");
      await userEvent.click(screen.getByRole("button", { name: "Continue to Payment" }));
      expect(await screen.findByLabelText("Card number")).toBeTruthy();
      expect(calls.filter((call) => call.url === "/api/bookings/payment-intent")).toHaveLength(1);
    } finally {
      BUSY.splice(1);
    }
  });

  it("lists the test cards and goes back to the form with the edit link", async () => {
    answers["/api/bookings/payment-intent"] = intent;
    await toPayment();
    const notice = screen.getByRole("complementary", { name: "Test mode" });
    expect(notice.textContent).toContain("4242 4242 4242 4242");
    expect(notice.textContent).toContain("4000 0000 0000 0002");
    expect(notice.textContent).toContain("4000 0000 0000 3063");
    await userEvent.click(screen.getByRole("button", { name: "Edit" }));
    expect((screen.getByLabelText("Start time") as HTMLSelectElement).value).toBe("2026-03-10T17:00:00.000Z");
  });
});
