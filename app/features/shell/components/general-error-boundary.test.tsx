// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { invariantResponse, notFound } from "~/lib/http";
import { ErrorPage, GeneralErrorBoundary } from "./general-error-boundary";

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function renderRoute(loader: () => unknown, boundary = () => <GeneralErrorBoundary />) {
  const Stub = createRoutesStub([{ path: "/", Component: () => <p>page</p>, loader, ErrorBoundary: boundary, HydrateFallback: () => null }]);
  render(<Stub initialEntries={["/"]} />);
}

describe("GeneralErrorBoundary", () => {
  it("shows the default page for a status: notFound() is 'Page not found'", async () => {
    renderRoute(() => notFound());
    expect(await screen.findByRole("heading", { level: 1, name: "Page not found" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go to the home page" }).getAttribute("href")).toBe("/");
  });

  it("a route's own text for a status wins, with the thrown message at hand", async () => {
    renderRoute(
      () => notFound("Post Not Found"),
      () => <GeneralErrorBoundary statusHandlers={{ 404: (error) => <ErrorPage title={String(error.data)} text="Gone." /> }} />,
    );
    expect(await screen.findByRole("heading", { level: 1, name: "Post Not Found" })).toBeTruthy();
  });

  it("invariantResponse throws the status it is given", async () => {
    renderRoute(() => {
      invariantResponse(false, "No", { status: 403 });
      return null;
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Access denied" })).toBeTruthy();
  });

  it("a bug shows 'Something went wrong' with 'Refresh Page', and is logged", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    renderRoute(() => {
      throw new Error("database on fire");
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Something went wrong" })).toBeTruthy();
    expect(screen.getByText("We're sorry, but something went wrong. Please try refreshing the page.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Refresh Page" })).toBeTruthy();
    expect(screen.queryByText(/database on fire/)).toBeNull();
    expect(log).toHaveBeenCalled();
  });

  it("a route may show its own text for bugs (e.g. 'Failed to fetch spaces')", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    renderRoute(
      () => {
        throw new Error("x");
      },
      () => <GeneralErrorBoundary unexpectedError={() => <p role="alert">Failed to fetch spaces</p>} />,
    );
    expect((await screen.findByRole("alert")).textContent).toBe("Failed to fetch spaces");
  });
});
