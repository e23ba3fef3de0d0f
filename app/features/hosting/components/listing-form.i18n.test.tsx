// @vitest-environment jsdom
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { inLocale } from "~/features/i18n/render-in-locale";
import type { Locale } from "~/lib/locales";
import { ListingForm } from "./listing-form";

afterEach(cleanup);

const categories = [{ id: "c1", label: "Creative Spaces", subcategories: [{ id: "s1", label: "Photo Studio" }] }];
const spaceTypes = [{ id: "t1", name: "studio", label: "Studio" }];

async function renderIn(locale: Locale, props: Partial<Parameters<typeof ListingForm>[0]> = {}) {
  const Stub = createRoutesStub([
    { path: "/create-listing", Component: () => <ListingForm mode="create" categories={categories} spaceTypes={spaceTypes} defaults={{}} {...props} /> },
  ]);
  return render(await inLocale(locale, <Stub initialEntries={["/create-listing"]} />));
}

describe("ListingForm in other languages", () => {
  it("Spanish: sections, labels, options and buttons, and the server's errors, read in Spanish", async () => {
    await renderIn("es", {
      errors: { hourlyPrice: "Hourly rate cannot be negative", title: "Title is required" },
      formError: "Failed to create listing: please correct the highlighted fields.",
    });
    expect(await screen.findByRole("heading", { name: "Lo básico" })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Precios" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Guardar como borrador" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Publicar anuncio" })).toBeTruthy();
    const rentalType = screen.getByLabelText(/Tipo de alquiler/) as HTMLSelectElement;
    expect(within(rentalType).getAllByRole("option").map((option) => option.textContent)).toEqual(["Espacio", "Vehículo", "Equipo", "Servicio", "Experiencia"]);
    const policy = screen.getByLabelText(/Política de cancelación/) as HTMLSelectElement;
    expect(within(policy).getAllByRole("option").map((option) => option.textContent)).toEqual(["Flexible", "Moderada", "Estricta"]);
    const hourly = screen.getByLabelText(/Tarifa por hora/);
    expect(document.getElementById(hourly.getAttribute("aria-describedby")!.split(" ")[0]!)?.textContent).toBe("«Tarifa por hora» no puede ser negativo");
    expect(screen.getByText("El título es obligatorio")).toBeTruthy();
    expect(screen.getByText("No se pudo crear el anuncio: corrige los campos marcados.")).toBeTruthy();
    expect(screen.getByText(/La primera foto es la portada\./)).toBeTruthy();
  });

  it("Spanish: the schema's own messages, run in the browser, are shown in Spanish", async () => {
    await renderIn("es");
    await userEvent.click(await screen.findByRole("button", { name: "Publicar anuncio" }));
    expect(await screen.findByText("El título es obligatorio")).toBeTruthy();
    expect(screen.getByText("Elige un tipo de espacio")).toBeTruthy();
  });

  it("Arabic: the editor reads in Arabic", async () => {
    await renderIn("ar");
    expect(await screen.findByRole("heading", { name: "الأساسيات" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "نشر الإعلان" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "حفظ كمسودة" })).toBeTruthy();
    expect(screen.getByLabelText(/السعر بالساعة/)).toBeTruthy();
  });
});
