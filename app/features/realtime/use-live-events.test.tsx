// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import { createRoutesStub, useLoaderData } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useLiveEvents, type LiveEvent } from "./use-live-events";
import { useLiveRefresh } from "./use-live-refresh";

/** A stand-in for the browser's EventSource that the test drives by hand. */
class FakeEventSource {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSED = 2;
  static instances: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private listeners = new Map<string, Array<(message: MessageEvent<string>) => void>>();
  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }
  addEventListener(type: string, listener: (message: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  // --- test controls
  open() {
    this.readyState = FakeEventSource.OPEN;
    this.onopen?.();
  }
  emit(event: LiveEvent) {
    for (const listener of this.listeners.get(event.topic) ?? []) listener(new MessageEvent(event.topic, { data: JSON.stringify(event) }));
  }
  /** The connection drops; the browser retries by itself (CONNECTING) or gives up (CLOSED). */
  drop(giveUp: boolean) {
    this.readyState = giveUp ? FakeEventSource.CLOSED : FakeEventSource.CONNECTING;
    this.onerror?.();
  }
}

function Probe({ onEvent, onResume }: { onEvent: (event: LiveEvent) => void; onResume: () => void }) {
  useLiveEvents(["spaces"], onEvent, onResume);
  return null;
}

beforeEach(() => {
  FakeEventSource.instances = [];
  vi.useFakeTimers();
  vi.stubGlobal("EventSource", FakeEventSource);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const change: LiveEvent = { topic: "spaces", op: "UPDATE", id: "a1" };

describe("useLiveEvents", () => {
  it("subscribes to /api/live for its topics and passes events on", () => {
    const onEvent = vi.fn();
    render(<Probe onEvent={onEvent} onResume={vi.fn()} />);
    const source = FakeEventSource.instances[0]!;
    expect(source.url).toBe("/api/live?topics=spaces");
    act(() => source.open());
    act(() => source.emit(change));
    expect(onEvent).toHaveBeenCalledWith(change);
  });

  it("after a drop the browser reconnects, and the page is told to reload what it missed", () => {
    const onEvent = vi.fn();
    const onResume = vi.fn();
    render(<Probe onEvent={onEvent} onResume={onResume} />);
    const source = FakeEventSource.instances[0]!;
    act(() => source.open());
    expect(onResume).not.toHaveBeenCalled();

    act(() => source.drop(false)); // EventSource retries on its own
    act(() => source.open());
    expect(onResume).toHaveBeenCalledTimes(1);
    act(() => source.emit(change));
    expect(onEvent).toHaveBeenCalledTimes(1);
    expect(FakeEventSource.instances).toHaveLength(1);
  });

  it("reopens a connection the browser gave up on, backing off, and then resumes", () => {
    const onResume = vi.fn();
    const onEvent = vi.fn();
    render(<Probe onEvent={onEvent} onResume={onResume} />);
    act(() => FakeEventSource.instances[0]!.open());

    act(() => FakeEventSource.instances[0]!.drop(true)); // e.g. the server answered 503
    expect(FakeEventSource.instances).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1_000));
    expect(FakeEventSource.instances).toHaveLength(2);

    act(() => FakeEventSource.instances[1]!.drop(true)); // still down: wait longer
    act(() => vi.advanceTimersByTime(1_999));
    expect(FakeEventSource.instances).toHaveLength(2);
    act(() => vi.advanceTimersByTime(1));
    expect(FakeEventSource.instances).toHaveLength(3);

    act(() => FakeEventSource.instances[2]!.open());
    expect(onResume).toHaveBeenCalledTimes(1);
    act(() => FakeEventSource.instances[2]!.emit(change));
    expect(onEvent).toHaveBeenCalledWith(change);
  });

  it("closes the stream when the page goes away", () => {
    const { unmount } = render(<Probe onEvent={vi.fn()} onResume={vi.fn()} />);
    const source = FakeEventSource.instances[0]!;
    unmount();
    expect(source.readyState).toBe(FakeEventSource.CLOSED);
  });
});

describe("useLiveRefresh with a filter (the host's calendar of one listing)", () => {
  it("reloads the page's data for the listing's events only", async () => {
    vi.useRealTimers();
    let loads = 0;
    function Page() {
      const count = useLoaderData() as number;
      useLiveRefresh(["availability", "spaces"], (event) => event.spaceId === "s1" || event.id === "s1");
      return <p>loads {count}</p>;
    }
    const Stub = createRoutesStub([{ path: "/", Component: Page, loader: () => ++loads }]);
    render(<Stub initialEntries={["/"]} />);
    await screen.findByText("loads 1");
    // The page may show before its effects have run and opened the stream.
    const source = await waitFor(() => {
      expect(FakeEventSource.instances).toHaveLength(1);
      return FakeEventSource.instances[0]!;
    });
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
