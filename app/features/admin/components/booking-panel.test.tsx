// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { inLocale } from "~/features/i18n/render-in-locale";
import { BookingCard, type AdminBooking } from "./booking-panel";

afterEach(cleanup);

const BOOKING: AdminBooking = {
  id: "6f1c1a52-3d0e-4c1e-9d1f-2a7b6c5d4e3f",
  status: "confirmed",
  startTime: "2026-03-10T14:00:00.000Z",
  endTime: "2026-03-10T16:00:00.000Z",
  timeZone: "America/New_York",
  currency: "USD",
  rental: 10000,
  fee: 1000,
  protection: null,
  delivery: 0,
  total: 11000,
  refunded: 0,
  policy: "moderate",
  cancelledBy: null,
  cancellationReason: null,
  space: { id: "s1", title: "Harbour Loft", href: "/space/harbour-loft/new-york" },
  guest: { email: "gina@example.test", name: "Gina Guest" },
  host: { email: "hal@example.test", name: null, cancellations: 2 },
  quotes: { full: 11000, policy: 5000, none: 0 },
};

function renderCard(booking: AdminBooking) {
  const sent: Record<string, string>[] = [];
  const Stub = createRoutesStub([
    {
      path: "/admin",
      Component: () => <BookingCard booking={booking} />,
      action: async ({ request }) => {
        sent.push(Object.fromEntries((await request.formData()).entries()) as Record<string, string>);
        return { ok: true, refundMinor: 5000 };
      },
    },
  ]);
  render(<Stub initialEntries={["/admin"]} />);
  return sent;
}

async function openDialog() {
  const button = screen.getByRole("button", { name: "Cancel booking" });
  await waitFor(() => expect(button.hasAttribute("disabled")).toBe(false));
  await userEvent.click(button);
  return screen.getByRole("dialog", { name: "Cancel booking" });
}

describe("the admin's booking panel", () => {
  it("shows the listing, guest, host with their cancellation count, times, total and status", () => {
    renderCard(BOOKING);
    const card = screen.getByRole("article", { name: "Harbour Loft" });
    expect(card.textContent).toContain("Gina Guest (gina@example.test)");
    expect(card.textContent).toContain("hal@example.test");
    expect(within(card).getByTestId("admin-host-cancellations").textContent).toBe("Bookings this host cancelled: 2");
    expect(card.textContent).toContain("Tue, 10 Mar 2026, 10:00 – 12:00 (America/New York)");
    expect(card.textContent).toContain("$110.00 (Rental $100.00 + Service fee $10.00)");
    expect(within(card).getByText("Confirmed")).toBeTruthy();
  });

  it("itemises Protection and Delivery with checkout's labels, so the lines add up to the total paid", () => {
    renderCard({ ...BOOKING, protection: { basisPoints: 825, amount: 825 }, delivery: 1500, total: 13325 });
    const card = screen.getByRole("article", { name: "Harbour Loft" });
    expect(card.textContent).toContain("$133.25 (Rental $100.00 + Service fee $10.00 + Protection (8.25%) $8.25 + Delivery $15.00)");
  });

  it("offers each refund with its amount, requires a choice and a reason, then sends them", async () => {
    const sent = renderCard(BOOKING);
    const dialog = await openDialog();
    const group = within(dialog).getByRole("group", { name: /Refund to the guest/ });
    expect(within(group).getByRole("radio", { name: "Full refund: $110.00" })).toBeTruthy();
    expect(within(group).getByRole("radio", { name: "By the cancellation policy: $50.00" })).toBeTruthy();
    expect(within(group).getByRole("radio", { name: "No refund: $0.00" })).toBeTruthy();
    await userEvent.click(within(dialog).getByRole("button", { name: "Confirm cancellation" }));
    expect(within(dialog).getByText("Choose how much to refund.")).toBeTruthy();
    expect(within(dialog).getByText("Please give a reason for the cancellation")).toBeTruthy();
    expect(sent).toEqual([]);

    await userEvent.click(within(group).getByRole("radio", { name: "By the cancellation policy: $50.00" }));
    const reason = within(dialog).getByRole("textbox", { name: "Reason (the guest and the host see it)" });
    expect(reason.getAttribute("maxlength")).toBe("1000");
    await userEvent.type(reason, "Listing misrepresented");
    await userEvent.click(within(dialog).getByRole("button", { name: "Confirm cancellation" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(sent).toEqual([{ intent: "cancel_booking", bookingId: BOOKING.id, refund: "policy", reason: "Listing misrepresented" }]);
    expect(screen.getByRole("status").textContent).toBe("Booking cancelled. The guest is refunded $50.00.");
  });

  it("closes on Escape without sending, and has no Cancel for a cancelled or pending booking", async () => {
    const sent = renderCard(BOOKING);
    await openDialog();
    await userEvent.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(sent).toEqual([]);
    cleanup();
    renderCard({ ...BOOKING, status: "cancelled", cancelledBy: "host", cancellationReason: "Flooded", refunded: 11000, quotes: null });
    expect(screen.queryByRole("button", { name: "Cancel booking" })).toBeNull();
    expect(screen.getByRole("article").textContent).toContain("the host · Reason: Flooded");
    cleanup();
    renderCard({ ...BOOKING, status: "pending_payment", quotes: null });
    expect(screen.getByText("Only confirmed or completed bookings can be cancelled.")).toBeTruthy();
  });
});

describe("BookingCard in Spanish", () => {
  it("labels the booking's facts and its Cancel in Spanish", async () => {
    const Stub = createRoutesStub([{ path: "/admin", Component: () => <BookingCard booking={BOOKING} /> }]);
    render(await inLocale("es", <Stub initialEntries={["/admin"]} />));
    expect(await screen.findByText("Total pagado")).toBeTruthy();
    expect(screen.getByText("Confirmada")).toBeTruthy();
    expect(screen.getByText("Reservas canceladas por este anfitrión: 2")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Cancelar reserva" })).toBeTruthy();
  });
});
