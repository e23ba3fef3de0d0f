// @vitest-environment jsdom
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
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

async function renderItem(locale: Locale, row: MyBookingRow, answer: () => unknown = () => ({ ok: true, error: null, refundMinor: 14000 })) {
  const Stub = createRoutesStub([
    {
      path: "/my-bookings",
      Component: () => (
        <ul>
          <MyBookingItem row={row} />
        </ul>
      ),
      action: () => answer(),
    },
  ]);
  render(await inLocale(locale, <Stub initialEntries={["/my-bookings"]} />));
}

describe("My Bookings' row and its cancel dialog in the guest's language (issue #31)", () => {
  it("reads in Spanish: status, times in the listing's zone, price lines; the cancel dialog, then the refund", async () => {
    await renderItem("es", { ...ROW, protection: { basisPoints: 800, amount: 1120 }, total: 16520 });
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
    await renderItem("ar", { ...ROW, cancelQuote: { refundMinor: 0 } }, () => ({ ok: false, error: "Only upcoming confirmed bookings can be cancelled", refundMinor: null }));
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
