// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { keptChoice } from "../booking-widget-rules";
import { BookingWidget, type BookingWidgetData } from "./booking-widget";
import { NOW, WIDGET as BASE_WIDGET } from "./booking-widget.fixture";

/** Issue #27: a search result's link carries the chosen time into the widget, so the guest does not choose again. */

vi.setConfig({ testTimeout: 20_000 });
const WIDGET: BookingWidgetData = { ...BASE_WIDGET, capacity: 4, unitWords: { one: "seat", many: "seats" } };

beforeEach(() => {
  vi.stubGlobal("fetch", async () => Response.json({ busy: [] }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderAt(query: string) {
  const Stub = createRoutesStub([{ path: "/space/x/y", Component: () => <BookingWidget spaceId="s1" widget={WIDGET} signedIn now={NOW} onSignInWanted={() => {}} /> }]);
  render(<Stub initialEntries={[`/space/x/y${query}`]} />);
}

describe("the choice a search result carries", () => {
  it("opens the widget on the kept date, start, length and seats", async () => {
    // 10:00 on Thursday 12 March in New York, 3 hours, 2 seats.
    renderAt("?start=2026-03-12T14:00:00.000Z&unit=hour&duration=3&seats=2");
    expect(await screen.findByRole("button", { name: "Date Thu, 12 Mar 2026" })).toBeTruthy();
    expect((screen.getByLabelText("Start time") as HTMLSelectElement).value).toBe("2026-03-12T14:00:00.000Z");
    expect((screen.getByLabelText("Duration") as HTMLSelectElement).value).toBe("3");
    expect(screen.getAllByText(/3 hours × 2 seats/).length).toBeGreaterThan(0);
  });

  it("ignores a choice the listing does not offer", () => {
    const params = (query: string) => keptChoice(new URLSearchParams(query), WIDGET);
    expect(params("start=2026-03-12T14:00:00.000Z&unit=week&duration=1")).toBeNull();
    expect(params("start=yesterday&unit=hour&duration=1")).toBeNull();
    // Lengths and seats are brought within the listing's limits.
    expect(params("start=2026-03-12T14:00:00.000Z&unit=day&duration=40&seats=99")).toMatchObject({ choice: { unit: "day", quantity: 3, date: "2026-03-12" }, seats: 4 });
  });
});
