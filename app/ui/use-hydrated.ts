import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False in the server's HTML and while React hydrates it, true once this part of
 * the page is live. A control that does nothing without JavaScript (it opens a
 * menu or a dialog) is rendered disabled until then, so an early click is never
 * silently lost: the browser shows it is not ready, and it becomes usable the
 * moment its handler is attached (docs/decisions/0093-no-lost-early-clicks.md).
 */
export function useHydrated() {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
