// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, data } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { HostCalendarPage } from "./host-calendar-page";
import { PROPS } from "./host-calendar-page.fixture";

// FullCalendar needs a real browser (the e2e journey drives it); here a stand-in offers one selection.
vi.mock("./calendar-grid", () => ({
  default: ({ onSelect }: { onSelect: (selection: { start: Date; end: Date; allDay: boolean }) => void }) => (
    <button type="button" onClick={() => onSelect({ start: new Date("2026-12-02T10:00:00Z"), end: new Date("2026-12-02T13:00:00Z"), allDay: false })}>
      Select Wed 2 Dec 10:00–13:00
    </button>
  ),
}));

afterEach(cleanup);

function renderPage(answer: (form: Record<string, string>) => unknown = () => ({ ok: true, intent: "block", message: "Time blocked." })) {
  const sent: Record<string, string>[] = [];
  const Stub = createRoutesStub([
    {
      path: "/my-listings/:id/calendar",
      Component: () => <HostCalendarPage {...PROPS} />,
      action: async ({ request }) => {
        const form = Object.fromEntries((await request.formData()).entries()) as Record<string, string>;
        sent.push(form);
        return answer(form);
      },
    },
  ]);
  render(<Stub initialEntries={["/my-listings/s1/calendar"]} />);
  return sent;
}

describe("the host's calendar page", () => {
  it("names the zone, the view's buttons and lists the booking, the hold and the block", async () => {
    renderPage();
    expect(screen.getByTestId("calendar-zone").textContent).toBe("Europe/Paris");
    expect(screen.getByRole("button", { name: "Previous month" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Next month" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Month" }).getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByRole("button", { name: "Week" }).getAttribute("aria-pressed")).toBe("false");
    const agenda = screen.getByRole("region", { name: "Bookings and blocks in December 2026" });
    const rows = within(agenda).getAllByRole("listitem");
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining("Ana López"),
      expect.stringContaining("Checkout in progress"),
      expect.stringContaining("Painting the walls"),
      expect.stringContaining("From an imported calendar"),
      expect.stringContaining("Fri, 4 Dec 2026: Closed"),
    ]);
    expect(within(agenda).getByText("Family wedding")).toBeTruthy();
  });

  it("opens a booking's details with a way to its conversation", async () => {
    renderPage();
    await userEvent.click(screen.getByRole("button", { name: /^Details: Booking by Ana López/ }));
    const dialog = await screen.findByRole("dialog", { name: "Booking" });
    expect(within(dialog).getByText("Tue 1 Dec, 10:00 – 12:00")).toBeTruthy();
    const message = within(dialog).getByRole("button", { name: "Message the guest" });
    const form = message.closest("form")!;
    expect(form.getAttribute("action")).toBe("/messages/start");
    expect((form.querySelector('input[name="bookingId"]') as HTMLInputElement).value).toBe("6f1c1a52-3d0e-4c1e-9d1f-2a7b6c5d4e3f");
  });

  it("unblocks a block from its details", async () => {
    const sent = renderPage(() => ({ ok: true, intent: "unblock", message: "Time unblocked." }));
    await userEvent.click(screen.getAllByRole("button", { name: /^Details: Blocked/ })[0]!);
    const dialog = await screen.findByRole("dialog", { name: "Blocked time" });
    expect(within(dialog).getByText("Painting the walls")).toBeTruthy();
    await userEvent.click(within(dialog).getByRole("button", { name: "Unblock" }));
    await waitFor(() => expect(sent).toEqual([{ intent: "unblock", from: "2026-12-02T00:00", to: "2026-12-03T00:00" }]));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("explains a block of an imported calendar instead of offering to unblock it", async () => {
    renderPage();
    await userEvent.click(screen.getByRole("button", { name: "Details: Blocked, Thu 10 Dec – Fri 11 Dec, all day" }));
    const dialog = await screen.findByRole("dialog", { name: "Blocked by an imported calendar" });
    expect(within(dialog).getByText(/Change it in that calendar, or remove the import/)).toBeTruthy();
    expect(within(dialog).queryByRole("button", { name: "Unblock" })).toBeNull();
  });

  it("blocks whole days from the keyboard through 'Block dates', with a private note", async () => {
    const sent = renderPage();
    const button = screen.getByRole("button", { name: "Block dates" });
    await waitFor(() => expect(button.hasAttribute("disabled")).toBe(false));
    button.focus();
    await userEvent.keyboard("{Enter}");
    const dialog = await screen.findByRole("dialog", { name: "Block or unblock time" });
    expect(within(dialog).getByText(/Europe\/Paris/)).toBeTruthy();
    expect((within(dialog).getByRole("checkbox", { name: "Whole days" }) as HTMLInputElement).checked).toBe(true);
    const first = within(dialog).getByLabelText("First day") as HTMLInputElement;
    const last = within(dialog).getByLabelText("Last day") as HTMLInputElement;
    await userEvent.clear(first);
    await userEvent.type(first, "2026-12-24");
    await userEvent.clear(last);
    await userEvent.type(last, "2026-12-26");
    await userEvent.type(within(dialog).getByLabelText("Private note (optional)"), "Closed 24–26 Dec");
    await userEvent.click(within(dialog).getByRole("button", { name: "Block" }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ intent: "block", wholeDays: "on", firstDay: "2026-12-24", lastDay: "2026-12-26", note: "Closed 24–26 Dec" });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Block dates" }));
  });

  it("opens the block dialog with the hours selected on the calendar and shows the server's refusal", async () => {
    const sent = renderPage(() =>
      data({ ok: false, intent: "block", fieldErrors: {}, error: "You cannot block this time: it has a confirmed booking by Ana López (Wed 2 Dec, 10:00 – 12:00)." }, { status: 409 }),
    );
    await userEvent.click(await screen.findByRole("button", { name: "Select Wed 2 Dec 10:00–13:00" }));
    const dialog = await screen.findByRole("dialog", { name: "Block or unblock time" });
    expect((within(dialog).getByRole("checkbox", { name: "Whole days" }) as HTMLInputElement).checked).toBe(false);
    expect((within(dialog).getByLabelText("From") as HTMLInputElement).value).toBe("2026-12-02T10:00");
    expect((within(dialog).getByLabelText("Until") as HTMLInputElement).value).toBe("2026-12-02T13:00");
    await userEvent.click(within(dialog).getByRole("button", { name: "Block" }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(await within(dialog).findByRole("alert")).toHaveProperty("textContent", "You cannot block this time: it has a confirmed booking by Ana López (Wed 2 Dec, 10:00 – 12:00).");
    expect(screen.getByRole("dialog")).toBeTruthy();
  });

  it("checks the block form before sending: an end before the start is refused beside the field", async () => {
    const sent = renderPage();
    await userEvent.click(await screen.findByRole("button", { name: "Select Wed 2 Dec 10:00–13:00" }));
    const dialog = await screen.findByRole("dialog", { name: "Block or unblock time" });
    const until = within(dialog).getByLabelText("Until") as HTMLInputElement;
    await userEvent.clear(until);
    await userEvent.type(until, "2026-12-02T09:00");
    await userEvent.click(within(dialog).getByRole("button", { name: "Block" }));
    expect(await within(dialog).findByText("The end must be after the start")).toBeTruthy();
    expect(until.getAttribute("aria-invalid")).toBe("true");
    expect(sent).toEqual([]);
  });
});
