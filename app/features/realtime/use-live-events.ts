import { useEffect, useRef } from "react";
import type { LiveEvent, LiveTopic } from "./live-event";

export type { LiveEvent, LiveTopic } from "./live-event";

const MAX_BACKOFF_MS = 30_000;

/**
 * Calls `onEvent` for every live change of the given topics (docs/product.md#live-updates), from the
 * /api/live Server-Sent Events stream. The browser's EventSource retries on its
 * own after a dropped connection; when it gives up (CLOSED, e.g. the server
 * answered 503), we reopen it with exponential back-off. Changes made while
 * the connection was down are not replayed, so `onResume` runs when a dropped
 * connection is back (a page reloads its data then).
 */
export function useLiveEvents(topics: Array<LiveTopic>, onEvent: (event: LiveEvent) => void, onResume?: () => void): void {
  const handler = useRef(onEvent);
  const resumeHandler = useRef(onResume);
  useEffect(() => {
    handler.current = onEvent;
    resumeHandler.current = onResume;
  });
  const key = [...new Set(topics)].sort().join(",");

  useEffect(() => {
    if (typeof window === "undefined" || typeof EventSource === "undefined" || !key) return;
    const wanted = key.split(",") as LiveTopic[];
    let source: EventSource | undefined;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let attempts = 0;
    let stopped = false;
    let dropped = false;

    const listener = (message: MessageEvent<string>) => {
      try {
        const event = JSON.parse(message.data) as LiveEvent;
        if (wanted.includes(event.topic)) handler.current(event);
      } catch {
        // ignore malformed frames
      }
    };

    const open = () => {
      if (stopped) return;
      source = new EventSource(`/api/live?topics=${encodeURIComponent(key)}`);
      source.onopen = () => {
        attempts = 0;
        if (dropped) resumeHandler.current?.();
        dropped = false;
      };
      source.onerror = () => {
        dropped = true;
        if (source?.readyState === EventSource.CLOSED) {
          source.close();
          const delay = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** attempts);
          attempts += 1;
          retryTimer = setTimeout(open, delay);
        }
      };
      for (const topic of wanted) source.addEventListener(topic, listener as EventListener);
    };

    open();
    return () => {
      stopped = true;
      if (retryTimer) clearTimeout(retryTimer);
      source?.close();
    };
  }, [key]);
}
