// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, data } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { CalendarSyncActionData, CalendarSyncView } from "../calendar-sync";
import { CalendarSyncPanel } from "./CalendarSyncPanel";

afterEach(cleanup);

const SPACE = "5b0f0c53-9a54-4b8e-8a66-0b6f0a4d2c11";
const VIEW: CalendarSyncView = {
  spaceId: SPACE,
  exportUrl: `https://rentwell.test/api/spaces/${SPACE}/calendar/${"a".repeat(43)}.ics`,
  maxFeeds: 5,
  intervalMinutes: 30,
  feeds: [
    {
      id: "11111111-1111-4111-8111-111111111111",
      url: "https://www.airbnb.com/calendar/ical/123.ics?s=abc",
      name: null,
      lastSyncedAt: "2027-01-01T12:00:00.000Z",
      lastAttemptAt: "2027-01-01T12:30:00.000Z",
      lastError: "The server answered 503 Service Unavailable.",
      eventCount: 3,
      conflicts: [
        {
          eventId: "e1",
          summary: "Reserved",
          start: "2027-01-10T20:00:00.000Z",
          end: "2027-01-15T16:00:00.000Z",
          bookingId: "99999999-9999-4999-8999-999999999999",
          kind: "booking",
        },
      ],
    },
  ],
};

function renderPanel(view: CalendarSyncView, answer: (form: Record<string, string>) => CalendarSyncActionData | Response | ReturnType<typeof data>) {
  const sent: Record<string, string>[] = [];
  const Stub = createRoutesStub([
    { path: "/my-listings/:id/calendar", Component: () => <CalendarSyncPanel view={view} timeZone="America/New_York" /> },
    {
      path: "/api/spaces/:spaceId/calendar-sync",
      action: async ({ request }) => {
        const form = Object.fromEntries((await request.formData()).entries()) as Record<string, string>;
        sent.push(form);
        return answer(form);
      },
    },
  ]);
  render(<Stub initialEntries={[`/my-listings/${SPACE}/calendar`]} />);
  return sent;
}

async function ready() {
  const button = screen.getByRole("button", { name: "Import calendar" });
  await waitFor(() => expect(button.hasAttribute("disabled")).toBe(false));
}

describe("CalendarSyncPanel", () => {
  it("shows the export address, each import's last read, error, event count and conflicts in the listing's zone", () => {
    renderPanel(VIEW, () => ({ ok: true, error: null, view: VIEW }));
    expect((screen.getByLabelText("Your listing's calendar address") as HTMLInputElement).value).toBe(VIEW.exportUrl);
    const feed = screen.getByRole("listitem", { name: "Imported calendar" });
    expect(feed.textContent).toContain("https://www.airbnb.com/calendar/ical/123.ics?s=abc");
    expect(feed.textContent).toContain("Last read: Fri, 1 Jan 2027, 07:00 · 3 events");
    expect(feed.textContent).toContain("The last try failed (Fri, 1 Jan 2027, 07:30): The server answered 503 Service Unavailable.");
    const conflicts = within(feed).getAllByTestId("calendar-conflict");
    expect(conflicts).toHaveLength(1);
    expect(conflicts[0]!.textContent).toContain("“Reserved”, Sun, 10 Jan 2027, 15:00 – Fri, 15 Jan 2027, 11:00, overlaps a booking (99999999)");
  });

  it("checks the address before sending: nothing is sent for an ftp:// one", async () => {
    const sent = renderPanel({ ...VIEW, feeds: [] }, () => ({ ok: true, error: null, view: VIEW }));
    await ready();
    await userEvent.type(screen.getByLabelText("Calendar address (.ics)"), "ftp://example.com/cal.ics");
    await userEvent.click(screen.getByRole("button", { name: "Import calendar" }));
    const input = screen.getByLabelText("Calendar address (.ics)");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(input.getAttribute("aria-describedby")!.split(" ")[0]!)!.textContent).toContain("https://");
    expect(sent).toEqual([]);
  });

  it("imports a calendar and shows the answer's list; a refusal shows its reason by the field", async () => {
    const withTwo: CalendarSyncView = {
      ...VIEW,
      feeds: [...VIEW.feeds, { id: "22222222-2222-4222-8222-222222222222", url: "https://vrbo.test/cal.ics", name: "VRBO #4321987", lastSyncedAt: "2027-01-01T13:00:00.000Z", lastAttemptAt: "2027-01-01T13:00:00.000Z", lastError: null, eventCount: 2, conflicts: [] }],
    };
    let refuse = true;
    const sent = renderPanel(VIEW, () => {
      if (refuse) {
        refuse = false;
        const error = "127.0.0.1 is a loopback address (127.0.0.1); only public addresses can be fetched.";
        return data({ ok: false, error, fieldErrors: { url: error } }, { status: 422 });
      }
      return { ok: true, error: null, view: withTwo };
    });
    await ready();
    const input = screen.getByLabelText("Calendar address (.ics)");
    await userEvent.type(input, "http://127.0.0.1/cal.ics");
    await userEvent.click(screen.getByRole("button", { name: "Import calendar" }));
    await waitFor(() => expect(input.getAttribute("aria-invalid")).toBe("true"));
    expect(screen.getByText(/only public addresses can be fetched/)).toBeTruthy();
    expect(sent[0]).toEqual({ intent: "add", url: "http://127.0.0.1/cal.ics" });

    await userEvent.clear(input);
    await userEvent.type(input, "webcal://vrbo.test/cal.ics");
    await userEvent.click(screen.getByRole("button", { name: "Import calendar" }));
    await waitFor(() => expect(screen.getAllByTestId("calendar-feed")).toHaveLength(2));
    expect(screen.getByText("Calendar imported.")).toBeTruthy();
    expect(sent[1]).toEqual({ intent: "add", url: "webcal://vrbo.test/cal.ics" });
  });

  it("removes a calendar, and gets a new export address", async () => {
    const fresh = `https://rentwell.test/api/spaces/${SPACE}/calendar/${"b".repeat(43)}.ics`;
    const sent = renderPanel(VIEW, (form) => (form.intent === "remove" ? { ok: true, error: null, view: { ...VIEW, feeds: [] } } : { ok: true, error: null, view: { ...VIEW, exportUrl: fresh } }));
    await ready();
    await userEvent.click(screen.getByRole("button", { name: /^Remove / }));
    await waitFor(() => expect(screen.getByText("No imported calendars yet.")).toBeTruthy());
    expect(sent[0]).toEqual({ intent: "remove", feedId: VIEW.feeds[0]!.id });
    await userEvent.click(screen.getByRole("button", { name: "Get a new address" }));
    await waitFor(() => expect((screen.getByLabelText("Your listing's calendar address") as HTMLInputElement).value).toBe(fresh));
    expect(screen.getByText("New address made; the old one no longer works.")).toBeTruthy();
  });

  it("copies the export address", async () => {
    renderPanel(VIEW, () => ({ ok: true, error: null, view: VIEW }));
    await ready();
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    await userEvent.click(screen.getByRole("button", { name: "Copy" }));
    expect(writeText).toHaveBeenCalledWith(VIEW.exportUrl);
    await waitFor(() => expect(screen.getByText("Address copied.")).toBeTruthy());
  });

  it("at five calendars, says so instead of offering the form", () => {
    const five = { ...VIEW, feeds: Array.from({ length: 5 }, (_, i) => ({ ...VIEW.feeds[0]!, id: `${i}1111111-1111-4111-8111-111111111111`, conflicts: [] })) };
    renderPanel(five, () => ({ ok: true, error: null, view: five }));
    expect(screen.queryByLabelText("Calendar address (.ics)")).toBeNull();
    expect(screen.getByText("This listing imports the most calendars it can (5). Remove one to add another.")).toBeTruthy();
  });
});
