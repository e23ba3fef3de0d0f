import { useCallback, useEffect, useState } from "react";
import { useRevalidator } from "react-router";
import { useLiveEvents } from "~/features/realtime/use-live-events";
import type { HoursRange } from "~/features/availability/schedule";
import type { Busy } from "../booking-widget-rules";

/**
 * The listing's busy ranges (and dated hours) for a window, from GET /api/spaces/:id/busy. Fetched
 * again when the window moves, when the live `availability` event says someone
 * held, booked or cancelled on this listing (or its host changed a block or a date's
 * hours), and after a dropped live connection.
 */
export function useBusyRanges(spaceId: string, window: { from: string; to: string }) {
  // `loaded`: the first answer has come. Until then nobody knows which hours are taken,
  // so the grid is not drawn as all free (the server renders the page without them).
  const [state, setState] = useState<{ busy: Busy[]; dated: Record<string, HoursRange[]>; failed: boolean; loaded: boolean }>({ busy: [], dated: {}, failed: false, loaded: false });
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((current) => current + 1), []);

  useEffect(() => {
    const controller = new AbortController();
    const query = new URLSearchParams({ from: window.from, to: window.to });
    fetch(`/api/spaces/${spaceId}/busy?${query}`, { headers: { accept: "application/json" }, cache: "no-store", signal: controller.signal })
      .then(async (response) => {
        if (!response.ok) throw new Error(String(response.status));
        const body = (await response.json()) as { busy?: Busy[]; dated?: Record<string, HoursRange[]> };
        setState({ busy: Array.isArray(body.busy) ? body.busy : [], dated: body.dated && typeof body.dated === "object" ? body.dated : {}, failed: false, loaded: true });
      })
      .catch(() => {
        if (!controller.signal.aborted) setState((current) => ({ ...current, failed: true }));
      });
    return () => controller.abort();
  }, [spaceId, window.from, window.to, version]);

  // One stream for both: the calendar's changes reload the ranges; a change to the
  // listing itself (its hours, rules or quantity, issue #26) reloads the page's data too.
  const revalidator = useRevalidator();
  useLiveEvents(
    ["availability", "spaces"],
    (event) => {
      if (event.id !== spaceId) return;
      if (event.topic === "spaces") void revalidator.revalidate();
      reload();
    },
    reload,
  );

  return { busy: state.busy, dated: state.dated, failed: state.failed, loaded: state.loaded, reload };
}
