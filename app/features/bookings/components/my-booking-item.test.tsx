// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, data } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { inLocale } from "~/features/i18n/render-in-locale";
import type { Locale } from "~/lib/locales";
import { MyBookingItem, type MyBookingRow } from "./my-booking-item";
import { PaymentOutcomeView } from "./payment-outcome-view";

afterEach(cleanup);

const ROW: MyBookingRow = {
  id: "b1",
  status: "confirmed",
  startTime: "2026-03-10T18:00:00.000Z",
  endTime: "2026-03-10T20:00:00.000Z",
  timeZone: "America/New_York",
  currency: "USD",
  rental: 14000,
  fee: 1400,
  total: 15400,
  refund: null,
  space: { id: "s1", title: "Midtown Mixing Suite", location: "New York", image: null, href: "/space/midtown/new-york" },
  canCancel: true,
  cancelQuote: { refundMinor: 14000 },
  icsHref: "/api/bookings/b1/calendar.ics",
};

/** The row on a stubbed /my-bookings whose action records what the dialog sent and answers `answer()`. */
function itemStub(row: MyBookingRow, answer: () => unknown, sent: string[] = []) {
  return createRoutesStub([
    {
      path: "/my-bookings",
      Component: () => (
        <ul>
          <MyBookingItem row={row} />
        </ul>
      ),
      action: async ({ request }) => {
        const form = await request.formData();
        sent.push(`${form.get("intent")}:${form.get("bookingId")}:${form.get("expectedRefund")}`);
        return answer();
      },
    },
  ]);
}

const refunded = () => ({ ok: true, error: null, refundMinor: 14000 });

function renderItem(row: MyBookingRow, answer: () => unknown = refunded) {
  const sent: string[] = [];
  const Stub = itemStub(row, answer, sent);
  render(<Stub initialEntries={["/my-bookings"]} />);
  return sent;
}

async function renderItemIn(locale: Locale, row: MyBookingRow, answer: () => unknown = refunded) {
  const Stub = itemStub(row, answer);
  render(await inLocale(locale, <Stub initialEntries={["/my-bookings"]} />));
}

describe("MyBookingItem", () => {
  it("shows the listing, the times in the listing's zone, the amounts, a green status and the .ics link", () => {
    renderItem(ROW);
    const item = screen.getByRole("listitem");
    expect(within(item).getByRole("link", { name: "Midtown Mixing Suite" }).getAttribute("href")).toBe("/space/midtown/new-york");
    expect(item.textContent).toContain("Tue, 10 Mar 2026, 14:00 – 16:00 (America/New York)");
    expect(item.textContent).toContain("Rental $140.00 · Service fee $14.00 · Total $154.00");
    expect(within(item).getByText("Confirmed").className).toContain("green");
    expect(within(item).getByRole("link", { name: "Add to calendar (.ics)" }).getAttribute("href")).toBe("/api/bookings/b1/calendar.ics");
  });

  it("itemises Protection and Delivery with checkout's labels when chosen, so the lines add up to the total", () => {
    renderItem({ ...ROW, protection: { basisPoints: 800, amount: 1120 }, delivery: 1500, total: 18020 });
    expect(screen.getByTestId("booking-price").textContent).toBe("Rental $140.00 · Service fee $14.00 · Protection (8%) $11.20 · Delivery $15.00 · Total $180.20");
    cleanup();
    // Neither chosen (or a zero delivery fee): no empty lines.
    renderItem({ ...ROW, protection: null, delivery: 0 });
    expect(screen.getByTestId("booking-price").textContent).toBe("Rental $140.00 · Service fee $14.00 · Total $154.00");
  });

  it("asks before cancelling, shows the refund first, then the refund and its timing", async () => {
    const sent = renderItem(ROW);
    await userEvent.click(screen.getByRole("button", { name: "Cancel booking" }));
    const dialog = screen.getByRole("dialog", { name: "Cancel booking" });
    expect(dialog.textContent).toContain("Are you sure you want to cancel this booking?");
    expect(within(dialog).getByTestId("refund-quote").textContent).toBe("You will be refunded $140.00.");
    expect(sent).toEqual([]);
    await userEvent.click(within(dialog).getByRole("button", { name: "Yes, cancel booking" }));
    await waitFor(() => expect(screen.getByTestId("refund").textContent).toBe("Refund $140.00. Refunds take 5-7 business days."));
    // The refund the dialog showed goes with the cancel: the server refuses a different one.
    expect(sent).toEqual(["cancel:b1:14000"]);
    expect(screen.queryByRole("button", { name: "Cancel booking" })).toBeNull();
  });

  it("keeps the booking when the guest says no, and says when the policy gives nothing back", async () => {
    const sent = renderItem({ ...ROW, cancelQuote: { refundMinor: 0 } });
    await userEvent.click(screen.getByRole("button", { name: "Cancel booking" }));
    expect(screen.getByTestId("refund-quote").textContent).toBe("Under this listing's cancellation policy you will not get a refund.");
    await userEvent.click(screen.getByRole("button", { name: "Keep booking" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(sent).toEqual([]);
  });

  it("shows 'Failed to cancel booking' when the server refuses without a message", async () => {
    renderItem(ROW, () => data({ ok: false, error: "Failed to cancel booking", refundMinor: null }, { status: 500 }));
    await userEvent.click(screen.getByRole("button", { name: "Cancel booking" }));
    await userEvent.click(screen.getByRole("button", { name: "Yes, cancel booking" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Failed to cancel booking");
    expect(screen.getByRole("button", { name: "Cancel booking" })).toBeTruthy();
  });

  it("shows a cancelled booking in red with its refund, and a pending one in a neutral colour without actions", () => {
    renderItem({ ...ROW, status: "cancelled", refund: 14000, canCancel: false, cancelQuote: null, icsHref: null });
    expect(screen.getByText("Cancelled").className).toContain("red");
    expect(screen.getByTestId("refund").textContent).toBe("Refund $140.00. Refunds take 5-7 business days.");
    expect(screen.queryByRole("button", { name: /cancel/i })).toBeNull();
    // Its conversation with the host stays reachable.
    expect(screen.getByRole("button", { name: "Message host" }).closest("form")?.getAttribute("action")).toBe("/messages/start");
    cleanup();
    renderItem({ ...ROW, status: "pending_payment", canCancel: false, cancelQuote: null, icsHref: null });
    expect(screen.getByText("Awaiting payment").className).toContain("slate");
    expect(screen.queryByRole("link", { name: /calendar/ })).toBeNull();
  });

  it("says when the host cancelled, and why; shows the full refund of a late payment", () => {
    renderItem({ ...ROW, status: "cancelled", refund: 15400, canCancel: false, cancelQuote: null, icsHref: null, cancelledBy: "host", cancellationReason: "A pipe burst" });
    expect(screen.getByTestId("cancelled-by").textContent).toBe("Cancelled by the host: A pipe burst");
    expect(screen.getByTestId("refund").textContent).toBe("Refund $154.00. Refunds take 5-7 business days.");
    cleanup();
    renderItem({ ...ROW, status: "expired", refund: 15400, canCancel: false, cancelQuote: null, icsHref: null });
    expect(screen.getByText("Expired")).toBeTruthy();
    expect(screen.getByTestId("refund").textContent).toBe("Refund $154.00. Refunds take 5-7 business days.");
    expect(screen.queryByTestId("cancelled-by")).toBeNull();
  });

  it("says a booking was replaced by the guest's change of length (ADR 0205)", () => {
    renderItem({ ...ROW, status: "cancelled", refund: 15400, canCancel: false, cancelQuote: null, icsHref: null, cancelledBy: "guest", cancellationReason: "Changed by the guest: replaced by a new booking" });
    expect(screen.getByTestId("cancelled-by").textContent).toBe("Changed: replaced by your new booking");
    expect(screen.getByTestId("refund").textContent).toBe("Refund $154.00. Refunds take 5-7 business days.");
  });
  it("an open request reads 'Request sent — waiting for the host' with its expiry; Withdraw asks first, then posts and says so", async () => {
    const request: MyBookingRow = { ...ROW, status: "requested", canCancel: false, cancelQuote: null, icsHref: null, request: { state: "open", expiresAt: "2026-03-09T18:00:00.000Z" } };
    const sent = renderItem(request, () => ({ ok: true, error: null, refundMinor: null }));
    expect(screen.getByText("Request sent — waiting for the host")).toBeTruthy();
    expect(screen.getByTestId("request-state").textContent).toContain("The host answers by");
    await userEvent.click(screen.getByRole("button", { name: "Withdraw request" }));
    const dialog = screen.getByRole("dialog", { name: "Withdraw this request?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Keep the request" }));
    expect(sent).toEqual([]);
    await userEvent.click(screen.getByRole("button", { name: "Withdraw request" }));
    await userEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Yes, withdraw" }));
    await waitFor(() => expect(screen.getByRole("status").textContent).toContain("You withdrew this request."));
    expect(sent).toEqual(["withdraw:b1:null"]);
    expect(screen.queryByRole("button", { name: "Withdraw request" })).toBeNull();
  });

  it("a declined request reads declined, with no Withdraw", () => {
    renderItem({ ...ROW, status: "declined", canCancel: false, cancelQuote: null, icsHref: null, request: { state: "declined", expiresAt: null } });
    expect(screen.getByText("Declined by the host")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Withdraw request" })).toBeNull();
  });
});

describe("My Bookings' row and its cancel dialog in the guest's language (issue #31)", () => {
  it("reads in Spanish: status, times in the listing's zone, price lines; the cancel dialog, then the refund", async () => {
    await renderItemIn("es", { ...ROW, protection: { basisPoints: 800, amount: 1120 }, total: 16520 });
    const item = screen.getByRole("listitem");
    expect(within(item).getByText("Confirmada")).toBeTruthy();
    expect(item.textContent).toContain("mar, 10 mar 2026, 14:00 – 16:00 (America/New York)");
    expect(screen.getByTestId("booking-price").textContent).toBe("Alquiler 140,00\u00a0US$ · Tarifa de servicio 14,00\u00a0US$ · Protección (8\u00a0%) 11,20\u00a0US$ · Total 165,20\u00a0US$");
    expect(within(item).getByRole("link", { name: "Añadir al calendario (.ics)" })).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Cancelar reserva" }));
    const dialog = screen.getByRole("dialog", { name: "Cancelar reserva" });
    expect(dialog.textContent).toContain("¿Seguro que quieres cancelar esta reserva?");
    expect(within(dialog).getByTestId("refund-quote").textContent).toBe("Se te reembolsarán 140,00\u00a0US$.");
    expect(within(dialog).getByRole("button", { name: "Mantener reserva" })).toBeTruthy();
    await userEvent.click(within(dialog).getByRole("button", { name: "Sí, cancelar reserva" }));
    expect((await screen.findByTestId("refund")).textContent).toBe("Reembolso: 140,00\u00a0US$. Los reembolsos tardan de 5 a 7 días hábiles.");
  });

  it("reads in Arabic, with the server's refusal translated", async () => {
    await renderItemIn("ar", { ...ROW, cancelQuote: { refundMinor: 0 } }, () => ({ ok: false, error: "Only upcoming confirmed bookings can be cancelled", refundMinor: null }));
    await userEvent.click(screen.getByRole("button", { name: "إلغاء الحجز" }));
    const dialog = screen.getByRole("dialog", { name: "إلغاء الحجز" });
    expect(within(dialog).getByTestId("refund-quote").textContent).toBe("وفقًا لسياسة الإلغاء الخاصة بهذا الإعلان، لن تسترد أي مبلغ.");
    await userEvent.click(within(dialog).getByRole("button", { name: "نعم، ألغِ الحجز" }));
    expect((await screen.findByRole("alert")).textContent).toBe("لا يمكن إلغاء سوى الحجوزات المؤكدة القادمة");
  });

  it("says the payment's outcome in Spanish on the confirmation page", async () => {
    const Stub = createRoutesStub([{ path: "/booking-confirmation", Component: () => <PaymentOutcomeView outcome="confirmed" amount={{ paid: 15400, refunded: null, currency: "USD" }} /> }]);
    render(await inLocale("es", <Stub initialEntries={["/booking-confirmation"]} />));
    expect(screen.getByRole("heading", { name: "¡Reserva confirmada!" })).toBeTruthy();
    expect(screen.getByText("¡Pago realizado! Tu reserva está confirmada.")).toBeTruthy();
    expect(screen.getByText("Pagado: 154,00\u00a0US$", { normalizer: (text) => text })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Ver mis reservas" })).toBeTruthy();
  });
});
