import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";
import { useLiveEvents, type LiveEvent, type LiveTopic } from "./use-live-events";

const SETTLE_MS = 250;

/**
 * Re-runs the page's loaders when a listing (or space type) changes anywhere
 * (docs/product.md#live-updates). Bursts of changes are folded into one reload after
 * 250 ms, well inside the 2 s the product promises. After a dropped
 * connection comes back the page reloads too, since changes made meanwhile
 * were not sent. `concerns` keeps only the events the page shows (e.g. one listing's).
 */
export function useLiveRefresh(topics: LiveTopic[] = ["spaces", "space_types"], concerns?: (event: LiveEvent) => boolean) {
  const revalidator = useRevalidator();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const refresh = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void revalidator.revalidate(), SETTLE_MS);
  };
  useLiveEvents(topics, (event) => (!concerns || concerns(event) ? refresh() : undefined), refresh);
  useEffect(() => () => clearTimeout(timer.current), []);
}
