// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, data } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_WEEKLY_HOURS } from "../schedule";
import { DatedHoursForm } from "./dated-hours-form";
import { ScheduleSettingsForm, type ScheduleSettingsValues } from "./schedule-settings-form";

afterEach(cleanup);

const SETTINGS: ScheduleSettingsValues = {
  weekly: DEFAULT_WEEKLY_HOURS,
  checkInTime: null,
  checkOutTime: null,
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 60,
  minNoticeMinutes: 120,
  maxAdvanceDays: 365,
  quantity: 5,
};

function renderForms(answer: (form: Record<string, string>) => unknown = (form) => ({ ok: true, intent: form.intent, message: "Hours and rules saved." })) {
  const sent: Record<string, string>[] = [];
  const Stub = createRoutesStub([
    {
      path: "/calendar",
      Component: () => (
        <>
          <ScheduleSettingsForm settings={SETTINGS} rentalType="equipment" />
          <DatedHoursForm preset={{ date: "2026-12-24", mode: "closed", ranges: [], note: "" }} />
        </>
      ),
      action: async ({ request }) => {
        const form = Object.fromEntries((await request.formData()).entries()) as Record<string, string>;
        sent.push(form);
        return answer(form);
      },
    },
  ]);
  render(<Stub initialEntries={["/calendar"]} />);
  return sent;
}

const settingsForm = () => screen.getByTestId("schedule-settings-form");

describe("the hours and rules form", () => {
  it("labels every control and sends the week as JSON with the rules", async () => {
    const sent = renderForms();
    const form = settingsForm();
    expect(within(form).getByRole("switch", { name: "Sunday: open" }).getAttribute("aria-checked")).toBe("true");
    expect((within(form).getByLabelText("Monday opening 1 from") as HTMLSelectElement).value).toBe("09:00");
    expect((within(form).getByLabelText("Monday opening 1 until") as HTMLSelectElement).value).toBe("21:00");
    expect((within(form).getByLabelText("Free time after each booking") as HTMLSelectElement).value).toBe("60");
    expect((within(form).getByLabelText("Minimum notice") as HTMLSelectElement).value).toBe("120");
    expect((within(form).getByLabelText("Units available at one time") as HTMLInputElement).value).toBe("5");
    // Sunday closed, Saturday 10:00–14:00 and 16:00–20:00.
    await userEvent.click(within(form).getByRole("switch", { name: "Sunday: open" }));
    await userEvent.selectOptions(within(form).getByLabelText("Saturday opening 1 from"), "10:00");
    await userEvent.selectOptions(within(form).getByLabelText("Saturday opening 1 until"), "14:00");
    await userEvent.click(within(form).getByRole("button", { name: "Add hours on Saturday" }));
    await userEvent.selectOptions(within(form).getByLabelText("Saturday opening 2 from"), "16:00");
    await userEvent.selectOptions(within(form).getByLabelText("Saturday opening 2 until"), "20:00");
    await userEvent.selectOptions(within(form).getByLabelText("Check-in"), "15:00");
    await userEvent.selectOptions(within(form).getByLabelText("Check-out"), "11:00");
    await userEvent.click(within(form).getByRole("button", { name: "Save hours and rules" }));
    await waitFor(() => expect(sent).toHaveLength(1));
    const week = JSON.parse(sent[0]!.weekly!);
    expect(week[5]).toEqual([
      { start: "10:00", end: "14:00" },
      { start: "16:00", end: "20:00" },
    ]);
    expect(week[6]).toEqual([]);
    expect(sent[0]).toMatchObject({ intent: "settings", checkInTime: "15:00", checkOutTime: "11:00", bufferAfterMinutes: "60", minNoticeMinutes: "120", maxAdvanceDays: "365", quantity: "5" });
    expect(await within(form).findByText("Hours and rules saved.", {}, { timeout: 5000 })).toBeTruthy();
  }, 20_000);

  it("shows overlapping openings on the day and sends nothing", async () => {
    const sent = renderForms();
    const form = settingsForm();
    await userEvent.click(within(form).getByRole("button", { name: "Add hours on Tuesday" }));
    // Tuesday 09:00–21:00 then 21:00–24:00: move the second to start inside the first.
    await userEvent.selectOptions(within(form).getByLabelText("Tuesday opening 2 from"), "20:00");
    expect(within(form).getByText("Openings on one day must not overlap")).toBeTruthy();
    await userEvent.click(within(form).getByRole("button", { name: "Save hours and rules" }));
    expect(await within(form).findByText("Tuesday: Openings on one day must not overlap")).toBeTruthy();
    expect(document.activeElement).toBe(within(form).getByLabelText("Tuesday opening 1 from"));
    expect(sent).toEqual([]);
  });

  it("refuses a quantity of 0 before sending, and shows the server's refusal beside the quantity", async () => {
    const sent = renderForms(() =>
      data({ ok: false, intent: "settings", fieldErrors: { quantity: "3 units are already booked at one time (Tue 10 Mar, 10:00 – 12:00): the quantity cannot be lower than that." } }, { status: 409 }),
    );
    const form = settingsForm();
    const quantity = within(form).getByLabelText("Units available at one time") as HTMLInputElement;
    await userEvent.clear(quantity);
    await userEvent.type(quantity, "0");
    await userEvent.click(within(form).getByRole("button", { name: "Save hours and rules" }));
    expect(await within(form).findByText("Choose from 1 to 1000")).toBeTruthy();
    expect(sent).toEqual([]);
    await userEvent.clear(quantity);
    await userEvent.type(quantity, "2");
    await userEvent.click(within(form).getByRole("button", { name: "Save hours and rules" }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(await within(form).findByText(/3 units are already booked at one time/, {}, { timeout: 5000 })).toBeTruthy();
    expect(quantity.getAttribute("aria-invalid")).toBe("true");
  }, 20_000);
});

describe("the hours on one date form", () => {
  it("closes a date with a note, or opens it for given hours", async () => {
    const sent = renderForms((form) => ({ ok: true, intent: form.intent, message: "Hours for the date saved." }));
    const form = screen.getByTestId("dated-hours-form");
    await userEvent.type(within(form).getByLabelText("Private note (optional)"), "Inventory");
    await userEvent.click(within(form).getByRole("button", { name: "Save the date's hours" }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ intent: "dated", date: "2026-12-24", hours: "[]", note: "Inventory" });
    await userEvent.click(within(form).getByRole("radio", { name: "Open these hours" }));
    await userEvent.selectOptions(within(form).getByLabelText("the date opening 1 from"), "12:00");
    await userEvent.click(within(form).getByRole("button", { name: "Save the date's hours" }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(JSON.parse(sent[1]!.hours!)).toEqual([{ start: "12:00", end: "17:00" }]);
    await userEvent.click(within(form).getByRole("radio", { name: "The weekday's usual hours" }));
    await userEvent.click(within(form).getByRole("button", { name: "Save the date's hours" }));
    await waitFor(() => expect(sent).toHaveLength(3));
    expect(sent[2]).not.toHaveProperty("hours");
  });
});
