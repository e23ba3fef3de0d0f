// @vitest-environment jsdom
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { inLocale } from "~/features/i18n/render-in-locale";
import type { Locale } from "~/lib/locales";
import { HANDOVER_TEXT, type HandoverActionData } from "../handover-rules";
import type { HandoverRecordView } from "../handovers.server";
import { HandoverSection } from "./handover-section";

/** The handover section in the guest's language (issue #31): readings, the fuel gauge's words, the limits and the server's refusals. */
afterEach(cleanup);

const RECORD: HandoverRecordView = {
  id: "r1",
  moment: "check_in",
  authorRole: "guest",
  authorName: null,
  mine: false,
  note: "Recogido en el puerto.",
  odometerKm: 48_210,
  fuelEighths: 8,
  condition: "",
  createdAt: "2026-06-10T13:05:00.000Z",
  photos: [],
};

async function renderSection(locale: Locale, props: { records: HandoverRecordView[]; form: { open: boolean; reason: string | null }; answer?: HandoverActionData }) {
  const Stub = createRoutesStub([
    {
      path: "/bookings/b1",
      Component: () => <HandoverSection moment="check_in" timeZone="America/New_York" {...props} />,
      action: () => null,
    },
  ]);
  render(await inLocale(locale, <Stub initialEntries={["/bookings/b1"]} />));
}

describe("HandoverSection in Spanish and Arabic", () => {
  it("Spanish: a full tank reads 'Lleno', the odometer in Spanish digits, the form's gauge and the server's refusal in Spanish", async () => {
    await renderSection("es", { records: [RECORD], form: { open: true, reason: null }, answer: { ok: false, moment: "check_in", error: HANDOVER_TEXT.errors.twice.check_in, fieldErrors: { photos: HANDOVER_TEXT.errors.tooManyPhotos } } });
    const record = screen.getByTestId("handover-record");
    expect(record.textContent).toContain("Nivel de combustibleLleno");
    expect(record.textContent).toContain("48.210");
    const fuel = screen.getByLabelText("Nivel de combustible");
    const options = within(fuel).getAllByRole("option").map((option) => option.textContent);
    expect(options[1]).toBe("Vacío");
    expect(options[5]).toBe("1/2");
    expect(options[9]).toBe("Lleno");
    expect(screen.getAllByRole("alert").map((alert) => alert.textContent).join(" ")).toContain("Ya has añadido tu entrega. No se puede cambiar.");
    expect(screen.getByText("Añade como máximo 12 fotos.")).toBeTruthy();
  });

  it("Arabic: the gauge's words, and a reading refused in the browser with its limit", async () => {
    await renderSection("ar", { records: [{ ...RECORD, fuelEighths: 0 }], form: { open: true, reason: null } });
    expect(screen.getByTestId("handover-record").textContent).toContain("مستوى الوقودفارغ");
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("عدّاد المسافات (كم)"), "-5");
    await user.type(screen.getByLabelText("ملاحظة"), "تم تسليم المفاتيح.");
    await user.click(screen.getByRole("button", { name: /حفظ/ }));
    expect(screen.getByText("أدخل قراءة عدّاد المسافات بعدد صحيح من الكيلومترات، من 0 إلى 9,999,999.")).toBeTruthy();
  });
});
