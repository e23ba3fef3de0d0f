import { useCallback, useEffect, useRef, useState } from "react";
import { useLiveEvents } from "~/features/realtime/use-live-events";
import type { Range } from "../booking-widget-rules";

/**
 * The listing's busy ranges for a window, from GET /api/spaces/:id/busy. Fetched
 * again when the window moves and when the live `availability` event says someone
 * booked, held or cancelled on this listing (or after a dropped live connection).
 */
export function useBusyRanges(spaceId: string, window: { from: string; to: string }) {
  const [busy, setBusy] = useState<Range[]>([]);
  const [failed, setFailed] = useState(false);
  const [loading, setLoading] = useState(true);
  const latest = useRef(0);

  const load = useCallback(async () => {
    const ticket = ++latest.current;
    setLoading(true);
    try {
      const query = new URLSearchParams({ from: window.from, to: window.to });
      const response = await fetch(`/api/spaces/${spaceId}/busy?${query}`, { headers: { accept: "application/json" }, cache: "no-store" });
      if (!response.ok) throw new Error(String(response.status));
      const body = (await response.json()) as { busy?: Range[] };
      if (ticket !== latest.current) return;
      setBusy(Array.isArray(body.busy) ? body.busy : []);
      setFailed(false);
    } catch {
      if (ticket === latest.current) setFailed(true);
    } finally {
      if (ticket === latest.current) setLoading(false);
    }
  }, [spaceId, window.from, window.to]);

  useEffect(() => {
    void load();
  }, [load]);

  useLiveEvents(
    ["availability"],
    (event) => {
      if (event.id === spaceId) void load();
    },
    () => void load(),
  );

  return { busy, failed, loading, reload: load };
}
