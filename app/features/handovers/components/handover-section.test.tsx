// @vitest-environment jsdom
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { HANDOVER_TEXT, type HandoverActionData } from "../handover-rules";
import type { HandoverRecordView } from "../handovers.server";
import { HandoverSection } from "./handover-section";

afterEach(cleanup);

const PHOTO = "/media/0b9d6a52-5f7e-4d8e-9a7e-3c2b1a0f9e8d/AbCdEfGhIjKlMnOpQrStUv.webp";
const GUEST_RECORD: HandoverRecordView = {
  id: "r1",
  moment: "check_in",
  authorRole: "guest",
  authorName: null,
  mine: false,
  note: "Picked up at the harbour.",
  odometerKm: 48_210,
  fuelEighths: 6,
  condition: "Scratch on the rear bumper.",
  createdAt: "2026-06-10T13:05:00.000Z",
  photos: [{ url: PHOTO, cardUrl: PHOTO.replace(/\.webp$/, ".card.webp") }],
};

function renderSection(props: { records: HandoverRecordView[]; form: { open: boolean; reason: string | null }; answer?: HandoverActionData }) {
  const Stub = createRoutesStub([
    {
      path: "/bookings/b1",
      Component: () => <HandoverSection moment="check_in" timeZone="America/New_York" {...props} />,
      action: () => null,
    },
  ]);
  render(<Stub initialEntries={["/bookings/b1"]} />);
  return screen.getByRole("region", { name: "Check-in" });
}

describe("HandoverSection", () => {
  it("shows the other side's record with its readings, time in the listing's zone and a thumbnail that opens the full photo", () => {
    const section = renderSection({ records: [GUEST_RECORD], form: { open: false, reason: null } });
    const record = within(section).getByTestId("handover-record");
    expect(record.textContent).toContain("The guest");
    expect(record.textContent).toContain("Wed, 10 Jun 2026, 09:05 (America/New York)");
    expect(record.textContent).toContain("Odometer (km)48,210");
    expect(record.textContent).toContain("Fuel level3/4");
    expect(record.textContent).toContain("ConditionScratch on the rear bumper.");
    expect(record.textContent).toContain("NotePicked up at the harbour.");
    const link = within(record).getByRole("link", { name: "Photo 1 of 1, open full size" });
    expect(link.getAttribute("href")).toBe(PHOTO);
    expect(within(link).getByRole("img").getAttribute("src")).toBe(PHOTO.replace(/\.webp$/, ".card.webp"));
    expect(within(section).queryByRole("form")).toBeNull();
  });

  it("says why the form is closed, and 'Nothing recorded yet.' without records", () => {
    const section = renderSection({ records: [], form: { open: false, reason: HANDOVER_TEXT.errors.checkInTooEarly } });
    expect(section.textContent).toContain(HANDOVER_TEXT.none);
    expect(section.textContent).toContain(HANDOVER_TEXT.errors.checkInTooEarly);
  });

  it("labels every field of the open form and refuses a bad reading in the browser, focusing it", async () => {
    const section = renderSection({ records: [], form: { open: true, reason: null } });
    const form = within(section).getByRole("form", { name: "Check-in" });
    for (const label of ["Odometer (km)", "Fuel level", "Condition", "Note"]) expect(within(form).getByLabelText(label).getAttribute("name")).toBeTruthy();
    expect(within(form).getByLabelText("Choose photos for check-in").getAttribute("accept")).toContain("image/jpeg");
    const user = userEvent.setup();
    await user.type(within(form).getByLabelText("Odometer (km)"), "-5");
    await user.type(within(form).getByLabelText("Note"), "Keys handed over.");
    await user.click(within(form).getByRole("button", { name: "Save check-in" }));
    expect(within(form).getByText(HANDOVER_TEXT.errors.odometer).id).toBeTruthy();
    expect(document.activeElement).toBe(within(form).getByLabelText("Odometer (km)"));
  });

  it("shows the server's refusal on the form", () => {
    const section = renderSection({
      records: [],
      form: { open: true, reason: null },
      answer: { ok: false, moment: "check_in", error: HANDOVER_TEXT.errors.twice.check_in, fieldErrors: null },
    });
    expect(within(section).getByRole("alert").textContent).toContain(HANDOVER_TEXT.errors.twice.check_in);
  });
});
