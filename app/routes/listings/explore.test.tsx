// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { NO_FILTERS } from "~/features/search/search-params";
import Explore from "./explore";

/** docs/product.md#explore: the spaces error text ('Failed to fetch spaces') when the list fails. */

afterEach(cleanup);

function renderExplore(results: unknown) {
  const { when: _when, price, problems, ...filters } = NO_FILTERS;
  const loader = () => ({ filters, price, problems, today: "2026-12-01", choices: { amenities: ["WiFi"], categories: [], histogram: [] }, types: [], locations: [{ location: "Tampa, FL", count: 3 }], results });
  const Stub = createRoutesStub([{ path: "/explore", Component: Explore as never, loader: loader as never, HydrateFallback: () => null }]);
  render(<Stub initialEntries={["/explore"]} />);
}

describe("explore results", () => {
  it("shows 'Failed to fetch spaces' in a red alert when the list fails, and keeps the filters usable", async () => {
    renderExplore({ error: "Failed to fetch spaces" });
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe("Failed to fetch spaces");
    expect(alert.className).toContain("text-red-700");
    expect(screen.getByRole("searchbox", { name: "Search spaces" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Tampa, FL (3)" }).getAttribute("href")).toBe("/explore?location=Tampa%2C+FL");
  });

  it("says 'No spaces found. Try adjusting your filters.' when nothing matches", async () => {
    renderExplore({ spaces: [], hasMore: false, count: { value: 0, capped: false, exact: true }, error: null });
    const statuses = await screen.findAllByRole("status");
    expect(statuses.map((status) => status.textContent)).toEqual(["0 spaces", "No spaces found. Try adjusting your filters."]);
  });
});
