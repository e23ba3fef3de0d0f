// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { inLocale } from "~/features/i18n/render-in-locale";
import { CURRENCY_TEXT } from "../currency-text";
import { CurrencyMenu } from "./currency-menu";

afterEach(cleanup);

function renderMenu(props: Parameters<typeof CurrencyMenu>[0]) {
  const Stub = createRoutesStub([{ path: "/", Component: () => <CurrencyMenu {...props} /> }]);
  return <Stub initialEntries={["/"]} />;
}

describe("CurrencyMenu (issue #31 points 3 and 4)", () => {
  it("reads in English as before", async () => {
    render(renderMenu({ selected: "JPY" }));
    const select = await screen.findByRole("combobox", { name: "Currency" });
    expect((select as HTMLSelectElement).selectedOptions[0]!.textContent).toBe("JPY – Japanese yen");
    expect(screen.getByRole("option", { name: "Each listing's own" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Set currency" })).toBeTruthy();
  });

  it("reads in Spanish, with the invalid choice's message translated by its field", async () => {
    render(await inLocale("es", renderMenu({ selected: "EUR", variant: "page", error: CURRENCY_TEXT.invalidChoice })));
    const select = await screen.findByRole("combobox", { name: "Moneda" });
    expect((select as HTMLSelectElement).selectedOptions[0]!.textContent).toBe("EUR – Euro");
    expect(screen.getByRole("option", { name: "JPY – Yen japonés" })).toBeTruthy();
    expect(screen.getByRole("option", { name: "La de cada anuncio" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Cambiar moneda" })).toBeTruthy();
    expect(screen.getByText("Elige una de las monedas de la lista.")).toBeTruthy();
    expect(screen.getByText(/Los precios se cobran en la moneda de cada anuncio/)).toBeTruthy();
  });
});
