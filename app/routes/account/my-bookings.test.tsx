// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import MyBookingsPage from "./my-bookings";

afterEach(cleanup);

type LoaderData = Parameters<typeof MyBookingsPage>[0]["loaderData"];

function renderPage(loaderData: Partial<LoaderData>) {
  const data = { error: null, items: [], page: 1, pageCount: 0, total: 0, ...loaderData } as LoaderData;
  const props = { loaderData: data } as Parameters<typeof MyBookingsPage>[0];
  const Stub = createRoutesStub([{ path: "/my-bookings", Component: () => <MyBookingsPage {...props} /> }]);
  render(<Stub initialEntries={["/my-bookings"]} />);
}

describe("/my-bookings page", () => {
  it("pages with Previous and Next links and says which page this is", () => {
    renderPage({ page: 2, pageCount: 3, total: 25 });
    const pager = screen.getByRole("navigation", { name: "Pages" });
    expect(pager.textContent).toContain("Page 2 of 3");
    expect(screen.getByRole("link", { name: "Previous" }).getAttribute("href")).toBe("/my-bookings?page=1");
    expect(screen.getByRole("link", { name: "Next" }).getAttribute("href")).toBe("/my-bookings?page=3");
  });

  it("has no pager for one page, and no Next link on the last", () => {
    renderPage({ page: 1, pageCount: 1 });
    expect(screen.queryByRole("navigation", { name: "Pages" })).toBeNull();
    cleanup();
    renderPage({ page: 3, pageCount: 3 });
    expect(screen.queryByRole("link", { name: "Next" })).toBeNull();
    expect(screen.getByRole("link", { name: "Previous" })).toBeTruthy();
  });

  it("shows 'Failed to fetch bookings' instead of the list when loading failed", () => {
    renderPage({ error: "Failed to fetch bookings" });
    expect(screen.getByText("Failed to fetch bookings")).toBeTruthy();
    expect(screen.queryByText("No Bookings Yet")).toBeNull();
  });
});
