// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { SpaceCardData } from "~/features/listings/card";
import { inLocale } from "~/features/i18n/render-in-locale";
import Home from "./home";

/** docs/product.md#home search section: 'Loading spaces...', the red error text and the empty text. */

beforeEach(() => {
  vi.stubGlobal(
    "matchMedia",
    vi.fn(() => ({ matches: true, addEventListener: () => {}, removeEventListener: () => {} })),
  );
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const card: SpaceCardData = {
  id: "7c4b1f2a-3d5e-4f60-8a9b-0c1d2e3f4a5b",
  title: "Ybor City Photo Studio",
  location: "Tampa, FL",
  country: "United States",
  type: "photo-studio",
  rentalType: "space",
  images: [],
  hourlyPrice: 60,
  dailyPrice: null,
  weeklyPrice: null,
  monthlyPrice: null,
  currency: "USD",
  amenities: [],
  rating: 0,
  reviewCount: 0,
  available: true,
  status: "available",
};

type Data = Record<string, unknown>;
const ok = <T,>(data: T) => ({ data, error: null });
const failed = { data: null, error: "Failed to fetch spaces" };

function loaderData(overrides: Data = {}): Data {
  return {
    filters: { q: "", category: "", region: null },
    types: [{ name: "photo-studio", label: "Photo Studio" }],
    search: ok([card]),
    usa: ok({ spaces: [card], hasMore: false }),
    international: ok([]),
    ...overrides,
  };
}

function renderHome(loader: (args: { request: Request }) => Data | Promise<Data>) {
  const Stub = createRoutesStub([{ path: "/", Component: Home as never, loader: loader as never, HydrateFallback: () => null }]);
  render(<Stub initialEntries={["/"]} />);
}

describe("home search section", () => {
  it("shows the error in a red alert when the spaces query failed", async () => {
    renderHome(() => loaderData({ search: failed }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe("Failed to fetch spaces");
    expect(alert.className).toContain("text-red-700");
  });

  it("says 'Loading spaces...' while a search runs, then shows the matches or the empty text", async () => {
    let release: (value: Data) => void = () => {};
    renderHome(({ request }) => {
      const q = new URL(request.url).searchParams.get("q");
      if (!q) return loaderData();
      return new Promise<Data>((resolve) => {
        release = resolve;
      });
    });
    const box = await screen.findByPlaceholderText("Search by location, country, or title...");
    expect(screen.getByRole("list", { name: "Search results" })).toBeTruthy();
    fireEvent.change(box, { target: { value: "atlantis" } });
    expect(await screen.findByText("Loading spaces...", {}, { timeout: 3_000 })).toBeTruthy();
    await act(async () => release(loaderData({ filters: { q: "atlantis", category: "", region: null }, search: ok([]) })));
    const section = screen.getByRole("region", { name: "Find Your Perfect Space" });
    await vi.waitFor(() => expect(section.textContent).toContain("No spaces found. Try adjusting your search or filters."));
    expect(screen.queryByText("Loading spaces...")).toBeNull();
    expect(screen.queryByRole("list", { name: "Search results" })).toBeNull();
  });
});

describe("home page in another language (issue #31)", () => {
  async function renderHomeIn(locale: "es" | "ar", data: Data) {
    const Stub = createRoutesStub([{ path: "/", Component: Home as never, loader: (() => data) as never, HydrateFallback: () => null }]);
    render(await inLocale(locale, <Stub initialEntries={["/"]} />));
  }

  it("reads in Spanish: headings, search form, cards (badge, price chips) and region chips", async () => {
    await renderHomeIn("es", loaderData({ search: ok([{ ...card, reviewCount: 1, rating: 4.25 }]) }));
    expect(await screen.findByRole("heading", { name: "Encuentra tu espacio ideal" })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Espacios destacados en EE. UU." })).toBeTruthy();
    expect(screen.getByPlaceholderText("Busca por ubicación, país o título...")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Buscar horarios libres" })).toBeTruthy();
    expect(screen.getByRole("region", { name: "Alquileres destacados" })).toBeTruthy();
    const results = screen.getByRole("list", { name: "Resultados de la búsqueda" });
    expect(results.textContent).toContain("Disponible");
    // 60 cents rounded to a whole dollar, in Spanish order ("1 US$", with a no-break space).
    expect(results.textContent).toContain("1\u00a0US$/hora");
    expect(results.textContent).toContain("4,3 (1 reseña)");
    expect(screen.getByRole("button", { name: "Europa" })).toBeTruthy();
    // A seeded space type's label (from the database) reads in Spanish too.
    expect(screen.getByRole("option", { name: "Estudio de fotografía" })).toBeTruthy();
    expect(within(results).getByRole("button", { name: "Guardar Ybor City Photo Studio en una lista de deseos" })).toBeTruthy();
  });

  it("shows the server's error in Spanish and the empty text in Arabic", async () => {
    await renderHomeIn("es", loaderData({ search: failed }));
    expect((await screen.findByRole("alert")).textContent).toBe("No se han podido cargar los espacios");
    cleanup();
    await renderHomeIn("ar", loaderData({ search: ok([]) }));
    expect(await screen.findAllByText("لم يتم العثور على مساحات. جرّب تعديل البحث أو عوامل التصفية.")).toHaveLength(2);
  });
});
