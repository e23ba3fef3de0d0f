// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import { createRoutesStub, useLoaderData } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { LiveEvent } from "./live-event";
import { useLiveRefresh } from "./use-live-refresh";

/** The smallest EventSource stand-in: the test emits events by hand. */
class FakeEventSource {
  static CLOSED = 2;
  static instances: FakeEventSource[] = [];
  readyState = 1;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private listeners = new Map<string, Array<(message: MessageEvent<string>) => void>>();
  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }
  addEventListener(type: string, listener: (message: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {}
  emit(event: LiveEvent) {
    for (const listener of this.listeners.get(event.topic) ?? []) listener(new MessageEvent(event.topic, { data: JSON.stringify(event) }));
  }
}

beforeEach(() => {
  FakeEventSource.instances = [];
  vi.stubGlobal("EventSource", FakeEventSource);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("useLiveRefresh with a filter (the host's calendar of one listing)", () => {
  it("reloads the page's data for the listing's events only", async () => {
    let loads = 0;
    function Page() {
      const count = useLoaderData() as number;
      useLiveRefresh(["availability", "spaces"], (event) => event.spaceId === "s1" || event.id === "s1");
      return <p>loads {count}</p>;
    }
    const Stub = createRoutesStub([{ path: "/", Component: Page, loader: () => ++loads }]);
    render(<Stub initialEntries={["/"]} />);
    await screen.findByText("loads 1");
    const source = FakeEventSource.instances[0]!;
    expect(source.url).toBe("/api/live?topics=availability%2Cspaces");
    act(() => source.emit({ topic: "availability", op: "INSERT", id: "s2", spaceId: "s2" }));
    act(() => source.emit({ topic: "spaces", op: "UPDATE", id: "s2" }));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(loads).toBe(1);
    act(() => source.emit({ topic: "availability", op: "DELETE", id: "s1", spaceId: "s1" }));
    await waitFor(() => expect(screen.getByText("loads 2")).toBeTruthy());
    act(() => source.emit({ topic: "spaces", op: "UPDATE", id: "s1" }));
    await waitFor(() => expect(screen.getByText("loads 3")).toBeTruthy());
  });
});
