// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ErrorBoundary } from "./root";

afterEach(cleanup);

function renderFailingPage(error: unknown) {
  const Stub = createRoutesStub([
    {
      path: "/",
      loader() {
        throw error;
      },
      Component: () => <p>never shown</p>,
      ErrorBoundary: ErrorBoundary as never,
      HydrateFallback: () => null,
    },
  ]);
  return render(<Stub initialEntries={["/"]} />);
}

describe("root error boundary", () => {
  it("shows the documented texts (docs/product.md#app-error) and a Refresh Page button that reloads", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const reload = vi.fn();
    Object.defineProperty(window, "location", { value: { ...window.location, reload }, writable: true });

    renderFailingPage(new Error("database exploded"));

    expect(await screen.findByRole("heading", { name: "Something went wrong" })).toBeTruthy();
    expect(screen.getByText("We're sorry, but something went wrong. Please try refreshing the page.")).toBeTruthy();
    expect(screen.queryByText(/database exploded/)).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Refresh Page" }));
    expect(reload).toHaveBeenCalledOnce();
  });

  it("shows the not-found page for a 404", async () => {
    renderFailingPage(new Response(null, { status: 404 }));
    expect(await screen.findByRole("heading", { name: "Page not found" })).toBeTruthy();
  });
});
