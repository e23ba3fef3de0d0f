// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { inLocale } from "~/features/i18n/render-in-locale";
import type { Locale } from "~/lib/locales";
import { basisPointsText, type ListingRequirements } from "../requirements";
import { EMPTY_REQUIREMENTS, RequirementsStep } from "./requirements-step";

/** Checkout's requirements step in the guest's language (issue #31): the age in its hint and its refusal, Protection's rate. */
const NOW = new Date("2026-06-01T12:00:00Z");
const BOOKING = { start: "2026-06-10T14:00:00.000Z", end: "2026-06-10T16:00:00.000Z", timeZone: "America/New_York", now: NOW };
const NEEDS: ListingRequirements = { minimumAge: 21, licence: false, waiver: null, insurance: true, fulfilment: null };

afterEach(cleanup);

async function renderStep(locale: Locale) {
  render(
    await inLocale(
      locale,
      <RequirementsStep
        needs={NEEDS}
        protection={{ percentText: basisPointsText(1250, locale), amountText: "12,50 US$" }}
        when="10 jun, 10:00–12:00"
        booking={BOOKING}
        values={EMPTY_REQUIREMENTS}
        errors={null}
        onContinue={vi.fn()}
        onBack={() => {}}
      />,
    ),
  );
}

describe("RequirementsStep in Spanish and Arabic", () => {
  it("Spanish: the age in the hint and in the refusal, Protection's rate in Spanish", async () => {
    await renderStep("es");
    expect(screen.getByText("Debes tener al menos 21 años el día en que empieza la reserva.")).toBeTruthy();
    expect(document.body.textContent).toContain("La Protección es el 12,5\u00a0% del alquiler y se suma a tu total como una línea aparte.");
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText(/Fecha de nacimiento/), "2010-01-01");
    await user.click(screen.getByRole("button", { name: "Continuar al pago" }));
    expect(screen.getByText("Debes tener al menos 21 años para reservar este anuncio.")).toBeTruthy();
  });

  it("Arabic: the age's refusal in Arabic", async () => {
    await renderStep("ar");
    expect(screen.getByText("يجب ألا يقل عمرك عن 21 عامًا في يوم بدء الحجز.")).toBeTruthy();
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText(/تاريخ الميلاد/), "2010-01-01");
    await user.click(screen.getByRole("button", { name: "المتابعة إلى الدفع" }));
    expect(screen.getByText("يجب ألا يقل عمرك عن 21 عامًا لحجز هذا الإعلان.")).toBeTruthy();
  });
});
