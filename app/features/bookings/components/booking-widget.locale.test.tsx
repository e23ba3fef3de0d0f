// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { inLocale } from "~/features/i18n/render-in-locale";
import type { Locale } from "~/lib/locales";
import { BookingWidget } from "./booking-widget";
import { NOW, WIDGET } from "./booking-widget.fixture";

vi.setConfig({ testTimeout: 20_000 });


beforeEach(() => {
  vi.stubGlobal("fetch", async (input: RequestInfo | URL) =>
    String(input).startsWith("/api/spaces/s1/busy") ? Response.json({ busy: [{ start: "2026-03-10T18:00:00.000Z", end: "2026-03-10T20:00:00.000Z" }] }) : new Response("not found", { status: 404 }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function renderWidget(locale: Locale) {
  const Stub = createRoutesStub([{ path: "/space/x/y", Component: () => <BookingWidget spaceId="s1" widget={WIDGET} signedIn now={NOW} onSignInWanted={() => {}} /> }]);
  render(await inLocale(locale, <Stub initialEntries={["/space/x/y"]} />));
}

describe("BookingWidget in the guest's language (issue #31)", () => {
  it("reads in Spanish: options, durations, the grid, the summary and the refusal to continue without a time", async () => {
    await renderWidget("es");
    const option = screen.getByLabelText("Opción de precio");
    expect(within(option).getAllByRole("option").map((entry) => entry.textContent)).toEqual(["Por hora — 25,50\u00a0US$/hora", "Por día — 150,00\u00a0US$/día"]);
    expect(within(screen.getByLabelText("Duración")).getAllByRole("option")[1]!.textContent).toBe("2 horas");
    const grid = screen.getByRole("region", { name: "Disponibilidad semanal" });
    expect(within(grid).getByRole("button", { name: "Semana siguiente" })).toBeTruthy();
    // Times stay in the listing's zone; the days are named in Spanish.
    await waitFor(() => expect(within(grid).getAllByRole("button", { name: "mar, 10 mar, 14:00: Este horario está reservado" })).toHaveLength(1));
    const summary = screen.getByLabelText("Resumen de la reserva");
    expect(summary.textContent).toContain("Alquiler (1 hora)");
    expect(summary.textContent).toContain("Tarifa de servicio (10 %)");
    await userEvent.click(screen.getByRole("button", { name: "Continuar al pago" }));
    expect(screen.getByText("Selecciona una fecha y una hora")).toBeTruthy();
    // The date picker names its month and moves in Spanish too.
    await userEvent.click(screen.getByRole("button", { name: /^Fecha/ }));
    expect(screen.getByText("marzo de 2026")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Ir al mes siguiente" })).toBeTruthy();
  });

  it("reads in Arabic, with the week's arrows mirrored and the hours in reading order", async () => {
    await renderWidget("ar");
    expect(screen.getByRole("button", { name: "المتابعة إلى الدفع" })).toBeTruthy();
    const grid = screen.getByRole("region", { name: "الأوقات المتاحة أسبوعيًا" });
    const next = within(grid).getByRole("button", { name: "الأسبوع التالي" });
    expect(next.querySelector("svg")?.getAttribute("class")).toContain("rtl:-scale-x-100");
    await waitFor(() => expect(within(grid).getAllByRole("row").length).toBeGreaterThan(2));
    // The first column header is the hour's; the days follow it, Monday first (the table itself flows right to left under dir="rtl").
    const headers = within(grid).getAllByRole("columnheader");
    expect(headers[1]!.textContent).toContain("الاثنين");
    expect(within(grid).getAllByRole("rowheader")[0]!.textContent).toMatch(/^\d\d:00$/);
    expect(screen.getByLabelText("ملخص الحجز").textContent).toContain("الإجمالي");
    expect(within(screen.getByLabelText("المدة")).getAllByRole("option").map((entry) => entry.textContent).slice(0, 3)).toEqual(["ساعة واحدة", "ساعتان", "3 ساعات"]);
  });
});
