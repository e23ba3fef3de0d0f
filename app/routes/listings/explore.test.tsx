// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { inLocale } from "~/features/i18n/render-in-locale";
import { NO_FILTERS } from "~/features/search/search-params";
import Explore from "./explore";

/** docs/product.md#explore: the spaces error text ('Failed to fetch spaces') when the list fails. */

afterEach(cleanup);

function exploreStub(results: unknown, extra: Record<string, unknown> = {}) {
  const { when: _when, price, problems, ...rest } = NO_FILTERS;
  const filters = { ...rest, ...extra };
  const loader = () => ({
    filters,
    price,
    problems,
    today: "2026-12-01",
    choices: { amenities: ["WiFi"], categories: [], histogram: [] },
    types: [],
    locations: [{ location: "Tampa, FL", count: 3 }],
    results,
  });
  return createRoutesStub([
    {
      path: "/explore",
      Component: Explore as never,
      loader: loader as never,
      HydrateFallback: () => null,
    },
  ]);
}

function renderExplore(results: unknown) {
  const Stub = exploreStub(results);
  render(<Stub initialEntries={["/explore"]} />);
}

describe("explore results", () => {
  it("shows 'Failed to fetch spaces' in a red alert when the list fails, and keeps the filters usable", async () => {
    renderExplore({ error: "Failed to fetch spaces" });
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe("Failed to fetch spaces");
    expect(alert.className).toContain("text-red-700");
    expect(
      screen.getByRole("searchbox", { name: "Search spaces" }),
    ).toBeTruthy();
    expect(
      screen.getByRole("link", { name: "Tampa, FL (3)" }).getAttribute("href"),
    ).toBe("/explore?location=Tampa%2C+FL");
  });

  it("says 'No spaces found. Try adjusting your filters.' when nothing matches", async () => {
    renderExplore({
      spaces: [],
      hasMore: false,
      count: { value: 0, capped: false, exact: true },
      error: null,
    });
    const statuses = await screen.findAllByRole("status");
    expect(statuses.map((status) => status.textContent)).toEqual([
      "0 spaces",
      "No spaces found. Try adjusting your filters.",
    ]);
  });
});

describe("explore in the visitor's language (issue #31)", () => {
  it("shows the filters, the count and the sort in Spanish", async () => {
    const Stub = exploreStub(
      {
        spaces: [],
        hasMore: false,
        count: { value: 3, capped: false, exact: true },
        error: null,
      },
      { q: "estudio", sort: "price_asc" },
    );
    render(
      await inLocale(
        "es",
        <Stub initialEntries={["/explore?q=estudio&sort=price_asc"]} />,
      ),
    );
    expect(
      await screen.findByRole("heading", {
        level: 1,
        name: "Explorar espacios",
      }),
    ).toBeTruthy();
    expect(
      screen.getByRole("searchbox", { name: "Buscar espacios" }),
    ).toBeTruthy();
    expect(
      screen.getByRole("search", { name: "Filtrar espacios" }),
    ).toBeTruthy();
    expect(screen.getByText("Filtros y orden")).toBeTruthy();
    expect(screen.getByLabelText("Huéspedes")).toBeTruthy();
    expect(screen.getByLabelText("Tipo de alquiler")).toBeTruthy();
    expect(screen.getByRole("option", { name: "Vehículos" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Cerca de mí" })).toBeTruthy();
    expect(screen.getByTestId("result-count").textContent).toBe(
      "3 espacios · Precio: de menor a mayor",
    );
    expect(
      screen.getByRole("heading", { name: "Espacios que coinciden" }),
    ).toBeTruthy();
    expect(screen.getByRole("link", { name: "Borrar filtros" })).toBeTruthy();
    expect(
      screen.getByText(
        "No se encontraron espacios. Prueba a ajustar los filtros.",
      ),
    ).toBeTruthy();
  });

  it("says the count and the error in Arabic", async () => {
    const Stub = exploreStub({ error: "Failed to fetch spaces" });
    render(await inLocale("ar", <Stub initialEntries={["/explore"]} />));
    expect(
      await screen.findByRole("heading", { level: 1, name: "استكشف المساحات" }),
    ).toBeTruthy();
    expect(screen.getByRole("link", { name: "جميع المواقع" })).toBeTruthy();
    expect(screen.getByLabelText("الضيوف")).toBeTruthy();
  });
});
