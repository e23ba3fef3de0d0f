// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { BookingRequirementsSection, ERASED_NOTE } from "./booking-requirements-section";

afterEach(cleanup);

describe("BookingRequirementsSection", () => {
  it("shows the host what stays once the guest deleted their account: the waiver accepted and when, own cover, delivered — no personal details", () => {
    render(
      <BookingRequirementsSection
        role="host"
        timeZone="America/New_York"
        view={{
          dateOfBirth: null,
          ageAtStart: null,
          licence: null,
          waiver: { text: "I ride at my own risk.", acceptedAt: "2026-01-05T14:30:00.000Z", acceptedIp: null },
          insurance: { kind: "own", cover: null },
          fulfilment: { kind: "delivery", address: null },
          erased: true,
        }}
      />,
    );
    expect(screen.getByTestId("booking-requirements-erased").textContent).toBe(ERASED_NOTE);
    expect(screen.getByTestId("booking-waiver").textContent).toMatch(/^Accepted on .*2026.* \(America\/New York\)$/);
    expect(screen.getByTestId("booking-insurance").textContent).toBe("Own cover (details erased)");
    expect(screen.getByTestId("booking-fulfilment").textContent).toBe("Delivered (address erased)");
    expect(screen.queryByTestId("booking-licence")).toBeNull();
  });

  it("shows the host the cover and the address while the guest's account exists", () => {
    render(
      <BookingRequirementsSection
        role="host"
        timeZone="America/New_York"
        view={{
          dateOfBirth: null,
          ageAtStart: 35,
          licence: null,
          waiver: null,
          insurance: { kind: "own", cover: { insurerName: "Harbor Mutual", policyNumber: "HM-1" } },
          fulfilment: { kind: "delivery", address: { street: "12 Harbor Road", city: "Tampa", postalCode: "33602", country: "US", countryName: "United States of America" } },
          erased: false,
        }}
      />,
    );
    expect(screen.queryByTestId("booking-requirements-erased")).toBeNull();
    expect(screen.getByTestId("booking-insurance").textContent).toBe("Own cover: Harbor Mutual · policy HM-1");
    expect(screen.getByTestId("booking-fulfilment").textContent).toContain("12 Harbor Road");
  });
});
