// @vitest-environment jsdom
import { cleanup, render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { inLocale } from "~/features/i18n/render-in-locale";
import type { Locale } from "~/lib/locales";
import type { CalendarData } from "../host-calendar-view";
import { DEFAULT_WEEKLY_HOURS } from "../schedule";
import { HostCalendarPage, type HostCalendarPageProps } from "./host-calendar-page";

// FullCalendar needs a real browser; the stand-in shows the language it is given.
vi.mock("./calendar-grid", () => ({ default: ({ locale }: { locale?: string }) => <p data-testid="grid-locale">{locale}</p> }));

afterEach(cleanup);

const CALENDAR: CalendarData = {
  space: {
    timeZone: "Europe/Paris",
    quantity: 1,
    unitWords: { one: "unit", many: "units" },
    schedule: { timeZone: "Europe/Paris", weekly: DEFAULT_WEEKLY_HOURS, dated: {}, rules: { bufferBeforeMinutes: 0, bufferAfterMinutes: 0, minNoticeMinutes: 0, maxAdvanceDays: 365 }, checkIn: null, checkOut: null },
  },
  bookings: [{ id: "6f1c1a52-3d0e-4c1e-9d1f-2a7b6c5d4e3f", start: "2026-12-01T09:00:00.000Z", end: "2026-12-01T11:00:00.000Z", status: "confirmed", units: 1, guestName: "Ana López" }],
  holds: [],
  blocks: [{ id: "k1", start: "2026-12-01T23:00:00.000Z", end: "2026-12-02T23:00:00.000Z", note: null }],
  datedNotes: {},
};

const PROPS: HostCalendarPageProps = {
  title: "Canal studio",
  rentalType: "space",
  settings: { weekly: DEFAULT_WEEKLY_HOURS, checkInTime: null, checkOutTime: null, bufferBeforeMinutes: 0, bufferAfterMinutes: 0, minNoticeMinutes: 0, maxAdvanceDays: 365, quantity: 1 },
  view: "month",
  date: "2026-12-01",
  today: "2026-11-26",
  window: { from: "2026-11-30", to: "2027-01-10", prev: "2026-11-01", next: "2027-01-01", anchor: "2026-12-01" },
  calendar: CALENDAR,
};

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
