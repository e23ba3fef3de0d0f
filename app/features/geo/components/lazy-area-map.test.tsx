// @vitest-environment jsdom
import { act, cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub, Link } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LazyAreaMap } from "./lazy-area-map";

/**
 * The listing's area map starts once scrolled near, when the page is idle and staying: a
 * guest's tap that leaves the page ('Contact Host' just above it) goes first.
 */
vi.mock("./area-map", () => ({ default: ({ label }: { label: string }) => <div role="region" aria-label={label} /> }));

let scrolledNear: () => void = () => undefined;

beforeEach(() => {
  vi.stubGlobal(
    "IntersectionObserver",
    class {
      constructor(private readonly callback: IntersectionObserverCallback) {}
      observe() {
        scrolledNear = () => this.callback([{ isIntersecting: true } as IntersectionObserverEntry], this as unknown as IntersectionObserver);
      }
      disconnect() {}
    },
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The space page with its map, and a link whose page takes until `arrive()` to load. */
function renderPage() {
  let arrive: () => void = () => undefined;
  const Stub = createRoutesStub([
    {
      path: "/space",
      Component: () => (
        <>
          <Link to="/messages">Contact Host</Link>
          <LazyAreaMap center={{ lat: 40.75, lng: -73.99 }} radiusM={1000} styleUrl={null} label="Where the listing is" />
        </>
      ),
    },
    { path: "/messages", loader: () => new Promise<null>((resolve) => (arrive = () => resolve(null))), Component: () => <h1>Conversation</h1> },
  ]);
  render(<Stub initialEntries={["/space"]} />);
  return { arrive: () => arrive() };
}

describe("LazyAreaMap", () => {
  it("draws the map once scrolled near it, not before", async () => {
    renderPage();
    expect(screen.queryByRole("region", { name: "Where the listing is" })).toBeNull();
    act(() => scrolledNear());
    expect(await screen.findByRole("region", { name: "Where the listing is" })).toBeTruthy();
  });

  it("does not start while the guest is leaving the page, and the next page comes first", async () => {
    const { arrive } = renderPage();
    act(() => screen.getByRole("link", { name: "Contact Host" }).click());
    act(() => scrolledNear());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole("region", { name: "Where the listing is" })).toBeNull();
    await act(async () => arrive());
    expect(await screen.findByRole("heading", { name: "Conversation" })).toBeTruthy();
  });
});
