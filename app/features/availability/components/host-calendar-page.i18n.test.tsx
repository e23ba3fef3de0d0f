// @vitest-environment jsdom
import { cleanup, render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { inLocale } from "~/features/i18n/render-in-locale";
import type { Locale } from "~/lib/locales";
import { HostCalendarPage } from "./host-calendar-page";
import { PROPS } from "./host-calendar-page.fixture";

// FullCalendar needs a real browser; the stand-in shows the language it is given.
vi.mock("./calendar-grid", () => ({ default: ({ locale }: { locale?: string }) => <p data-testid="grid-locale">{locale}</p> }));

afterEach(cleanup);

async function renderIn(locale: Locale) {
  const Stub = createRoutesStub([{ path: "/my-listings/:id/calendar", Component: () => <HostCalendarPage {...PROPS} /> }]);
  return render(await inLocale(locale, <Stub initialEntries={["/my-listings/s1/calendar"]} />));
}

describe("HostCalendarPage in other languages", () => {
  it("Spanish: the toolbar, the month's title and the list read in Spanish", async () => {
    await renderIn("es");
    expect(await screen.findByRole("heading", { level: 1, name: "Calendario" })).toBeTruthy();
    const toolbar = screen.getByRole("toolbar", { name: "Vista del calendario" });
    expect(within(toolbar).getByRole("button", { name: "Mes anterior" })).toBeTruthy();
    expect(within(toolbar).getByRole("button", { name: "Hoy" })).toBeTruthy();
    expect(within(toolbar).getByRole("button", { name: "Mes siguiente" })).toBeTruthy();
    expect(within(toolbar).getByRole("button", { name: "Semana" })).toBeTruthy();
    expect(screen.getByTestId("calendar-title").textContent).toBe("diciembre de 2026");
    expect(screen.getByRole("button", { name: /Bloquear fechas/ })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Reservas y bloqueos en diciembre de 2026" })).toBeTruthy();
    const agenda = screen.getByTestId("calendar-agenda");
    expect(within(agenda).getByText("Reserva")).toBeTruthy();
    expect(within(agenda).getByText("mié, 2 dic, todo el día")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Horario de apertura y normas de reserva" })).toBeTruthy();
  });

  it("Arabic: the toolbar's arrows are mirrored, times keep Latin digits, the grid gets the language", async () => {
    await renderIn("ar");
    expect(await screen.findByRole("heading", { level: 1, name: "التقويم" })).toBeTruthy();
    const previous = screen.getByRole("button", { name: "الشهر السابق" });
    const next = screen.getByRole("button", { name: "الشهر التالي" });
    expect(previous.querySelector("svg")?.getAttribute("class")).toContain("rtl:-scale-x-100");
    expect(next.querySelector("svg")?.getAttribute("class")).toContain("rtl:-scale-x-100");
    expect(screen.getByTestId("calendar-title").textContent).toMatch(/2026/);
    const agenda = screen.getByTestId("calendar-agenda");
    expect(within(agenda).getByText(/10:00 – 12:00/)).toBeTruthy();
    expect(await screen.findByTestId("grid-locale")).toBeTruthy();
    expect(screen.getByTestId("grid-locale").textContent).toBe("ar");
  });
});
