// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { SpaceCardData } from "~/features/listings/card";
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
