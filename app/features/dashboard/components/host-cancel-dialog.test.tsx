// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, data } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { RecentBooking } from "../dashboard.server";
import { RecentBookingRow } from "./recent-booking-row";

afterEach(cleanup);

const BOOKING: RecentBooking = {
  id: "6f1c1a52-3d0e-4c1e-9d1f-2a7b6c5d4e3f",
  role: "host",
  status: "confirmed",
  cancelledBy: null,
  refund: null,
  hostCancelRefund: 9350,
  startTime: "2026-03-10T14:00:00.000Z",
  endTime: "2026-03-10T16:00:00.000Z",
  timeZone: "America/New_York",
  currency: "USD",
  amount: 8500,
  space: { id: "s1", title: "Harbour Loft", href: "/space/harbour-loft/new-york" },
  guestName: "Gina Guest",
  createdAt: "2026-03-01T10:00:00.000Z",
};

function renderRow(booking: RecentBooking, answer: () => unknown = () => ({ ok: true, refundMinor: 9350 })) {
  const sent: Record<string, string>[] = [];
  const Stub = createRoutesStub([
    {
      path: "/dashboard",
      Component: () => (
        <ul>
          <RecentBookingRow booking={booking} />
        </ul>
      ),
      action: async ({ request }) => {
        sent.push(Object.fromEntries((await request.formData()).entries()) as Record<string, string>);
        return answer();
      },
    },
  ]);
  render(<Stub initialEntries={["/dashboard"]} />);
  return sent;
}

const openButton = () => screen.getByRole("button", { name: /^Cancel booking: Harbour Loft/ });

describe("the host's Cancel booking on /dashboard", () => {
  it("shows the guest's full refund incl. the service fee, a labelled reason, and sends the cancellation", async () => {
    const sent = renderRow(BOOKING);
    await waitFor(() => expect(openButton().hasAttribute("disabled")).toBe(false));
    await userEvent.click(openButton());
    const dialog = screen.getByRole("dialog", { name: "Cancel this booking?" });
    expect(dialog.getAttribute("aria-describedby")).toBeTruthy();
    expect(within(dialog).getByText("Harbour Loft · booked by Gina Guest")).toBeTruthy();
    expect(within(dialog).getByTestId("host-cancel-refund").textContent).toBe("The guest will be refunded in full: $93.50, including the service fee.");
    const reason = within(dialog).getByRole("textbox", { name: "Reason for cancelling" });
    expect(reason.getAttribute("maxlength")).toBe("1000");
    expect(reason.hasAttribute("required")).toBe(true);
    expect(reason.getAttribute("aria-describedby")).toContain("hint");
    await userEvent.type(reason, "The studio is flooded");
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel and refund guest" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(sent).toEqual([{ intent: "host_cancel", bookingId: BOOKING.id, reason: "The studio is flooded" }]);
    expect(screen.getByRole("status").textContent).toBe("Booking cancelled. The guest is refunded $93.50.");
  });

  it("requires a reason before anything is sent, and focuses the field with the message", async () => {
    const sent = renderRow(BOOKING);
    await waitFor(() => expect(openButton().hasAttribute("disabled")).toBe(false));
    await userEvent.click(openButton());
    const dialog = screen.getByRole("dialog", { name: "Cancel this booking?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel and refund guest" }));
    const reason = within(dialog).getByRole("textbox", { name: "Reason for cancelling" });
    expect(within(dialog).getByText("Please give a reason for the cancellation")).toBeTruthy();
    expect(reason.getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(reason);
    expect(sent).toEqual([]);
    // Typing clears the message.
    await userEvent.type(reason, "x");
    expect(within(dialog).queryByText("Please give a reason for the cancellation")).toBeNull();
  });

  it("keeps the booking when the host says no or presses Escape", async () => {
    const sent = renderRow(BOOKING);
    await waitFor(() => expect(openButton().hasAttribute("disabled")).toBe(false));
    await userEvent.click(openButton());
    await userEvent.click(screen.getByRole("button", { name: "Keep booking" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    openButton().focus();
    await userEvent.keyboard("{Enter}");
    const dialog = screen.getByRole("dialog", { name: "Cancel this booking?" });
    expect(dialog.contains(document.activeElement)).toBe(true);
    await userEvent.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(openButton());
    expect(sent).toEqual([]);
  });

  it("shows the server's refusal in the dialog", async () => {
    renderRow(BOOKING, () => data({ ok: false, error: "Only upcoming confirmed bookings can be cancelled" }, { status: 409 }));
    await waitFor(() => expect(openButton().hasAttribute("disabled")).toBe(false));
    await userEvent.click(openButton());
    await userEvent.type(screen.getByRole("textbox", { name: "Reason for cancelling" }), "Flooded");
    await userEvent.click(screen.getByRole("button", { name: "Cancel and refund guest" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Only upcoming confirmed bookings can be cancelled");
    expect(screen.getByRole("dialog")).toBeTruthy();
  });

  it("offers no Cancel on the guest's own bookings, started ones, or cancelled ones, which say who cancelled", () => {
    renderRow({ ...BOOKING, role: "guest", hostCancelRefund: null });
    expect(screen.queryByRole("button", { name: /Cancel booking/ })).toBeNull();
    cleanup();
    renderRow({ ...BOOKING, status: "cancelled", cancelledBy: "host", refund: 9350, hostCancelRefund: null });
    expect(screen.queryByRole("button", { name: /Cancel booking/ })).toBeNull();
    expect(screen.getByTestId("recent-booking-cancellation").textContent).toBe("Cancelled by you · guest refunded $93.50");
    expect(screen.getByText("Cancelled").className).toContain("red");
  });
});
