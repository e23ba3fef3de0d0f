// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { REQUIREMENT_TEXT, type ListingRequirements } from "../requirements";
import { EMPTY_REQUIREMENTS, RequirementsStep } from "./requirements-step";

/** The checkout requirements step (ADR 0279): only what the listing asks, labelled, with messages next to the fields. */
const NOW = new Date("2026-06-01T12:00:00Z");
const BOOKING = { start: "2026-06-10T14:00:00.000Z", end: "2026-06-10T16:00:00.000Z", timeZone: "America/New_York", now: NOW };
const ALL: ListingRequirements = { minimumAge: 21, licence: true, waiver: { text: "I ride at my own risk." }, insurance: false, fulfilment: null };

afterEach(cleanup);

function renderStep(needs: ListingRequirements, errors: Record<string, string> | null = null) {
  const onContinue = vi.fn();
  render(<RequirementsStep needs={needs} when="Wed 10 Jun, 10:00–12:00" booking={BOOKING} values={EMPTY_REQUIREMENTS} errors={errors} onContinue={onContinue} onBack={() => {}} />);
  return onContinue;
}

describe("RequirementsStep", () => {
  it("asks only for what the listing requires", () => {
    renderStep({ minimumAge: 18, licence: false, waiver: null, insurance: false, fulfilment: null });
    expect(screen.getByLabelText(/Date of birth/)).toBeTruthy();
    expect(screen.queryByLabelText(/Driving licence number/)).toBeNull();
    expect(screen.queryByRole("checkbox", { name: REQUIREMENT_TEXT.waiverAccept })).toBeNull();
  });

  it("keeps the guest on the step with a message next to each unmet field, focused on the first, and continues once all are met", async () => {
    const user = userEvent.setup({ delay: null });
    const onContinue = renderStep(ALL);
    expect(screen.getByRole("region", { name: "Waiver text" }).textContent).toBe("I ride at my own risk.");
    await user.click(screen.getByRole("button", { name: "Continue to Payment" }));
    expect(onContinue).not.toHaveBeenCalled();
    const dob = screen.getByLabelText(/Date of birth/);
    expect(document.activeElement).toBe(dob);
    expect(dob.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(dob.getAttribute("aria-describedby")!.split(" ")[0]!)?.textContent).toBe(REQUIREMENT_TEXT.errors.dateOfBirthRequired);
    const waiver = screen.getByRole("checkbox", { name: REQUIREMENT_TEXT.waiverAccept });
    expect(document.getElementById(waiver.getAttribute("aria-describedby")!)?.textContent).toBe("Accept the waiver to book this listing.");

    // Under the age on the booking's first day.
    await user.type(dob, "2005-06-11");
    await user.type(screen.getByLabelText(/Driving licence number/), "D123 456");
    await user.selectOptions(screen.getByLabelText(/Issuing country/), "US");
    await user.type(screen.getByLabelText(/Licence expiry date/), "2030-01-01");
    await user.click(waiver);
    await user.click(screen.getByRole("button", { name: "Continue to Payment" }));
    expect(onContinue).not.toHaveBeenCalled();
    expect(screen.getByText("You must be at least 21 to book this listing.")).toBeTruthy();

    await user.clear(dob);
    await user.type(dob, "2005-06-10");
    await user.click(screen.getByRole("button", { name: "Continue to Payment" }));
    expect(onContinue).toHaveBeenCalledWith({ ...EMPTY_REQUIREMENTS, dateOfBirth: "2005-06-10", licenceNumber: "D123 456", licenceCountry: "US", licenceExpiry: "2030-01-01", waiverAccepted: true });
  });

  it("asks for an insurance choice and delivery or pick up, and the delivery address once delivery is chosen (ADR 0286, 0287)", async () => {
    const user = userEvent.setup({ delay: null });
    const onContinue = vi.fn();
    const needs: ListingRequirements = { minimumAge: null, licence: false, waiver: null, insurance: true, fulfilment: { delivery: { feeMinor: 1500 }, pickup: true } };
    render(
      <RequirementsStep
        needs={needs}
        when="Wed 10 Jun, 10:00–12:00"
        booking={BOOKING}
        values={EMPTY_REQUIREMENTS}
        errors={null}
        onContinue={onContinue}
        onBack={() => {}}
        protection={{ percentText: "8%", amountText: "$8.00" }}
        deliveryFeeText="$15.00"
      />,
    );
    await user.click(screen.getByRole("button", { name: "Continue to Payment" }));
    expect(onContinue).not.toHaveBeenCalled();
    const own = screen.getByRole("radio", { name: REQUIREMENT_TEXT.insuranceOwn });
    expect(document.activeElement).toBe(own);
    expect(own.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText(REQUIREMENT_TEXT.errors.insuranceChoice)).toBeTruthy();
    expect(screen.getByText(REQUIREMENT_TEXT.errors.fulfilmentChoice)).toBeTruthy();
    expect(screen.queryByLabelText(/Street address/)).toBeNull();

    await user.click(screen.getByRole("radio", { name: "Add Protection ($8.00)" }));
    await user.click(screen.getByRole("radio", { name: "Delivery ($15.00)" }));
    await user.click(screen.getByRole("button", { name: "Continue to Payment" }));
    expect(onContinue).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(screen.getByLabelText(/Street address/));
    await user.type(screen.getByLabelText(/Street address/), "12 Harbor Road");
    await user.type(screen.getByLabelText(/^City/), "Tampa");
    await user.type(screen.getByLabelText(/Postal code/), "33602");
    await user.selectOptions(screen.getByLabelText(/^Country/), "US");
    await user.click(screen.getByRole("button", { name: "Continue to Payment" }));
    expect(onContinue).toHaveBeenCalledWith({
      ...EMPTY_REQUIREMENTS,
      insurance: "protection",
      fulfilment: "delivery",
      deliveryStreet: "12 Harbor Road",
      deliveryCity: "Tampa",
      deliveryPostalCode: "33602",
      deliveryCountry: "US",
    });
  });

  it("shows the server's refusal next to its field", () => {
    renderStep(ALL, { licenceExpiry: REQUIREMENT_TEXT.errors.licenceExpired });
    expect(screen.getByLabelText(/Licence expiry date/).getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("Your driving licence must be valid until the end of the booking.")).toBeTruthy();
  });

  it("cannot continue while the host has not written the waiver's text", () => {
    renderStep({ minimumAge: null, licence: false, waiver: { text: null }, insurance: false, fulfilment: null });
    expect(screen.getByText(REQUIREMENT_TEXT.errors.waiverMissing)).toBeTruthy();
    expect((screen.getByRole("button", { name: "Continue to Payment" }) as HTMLButtonElement).disabled).toBe(true);
  });
});
