import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

// The account menu is split from the shell so that visitors never download it
// (app/root.tsx). A signed-in page starts fetching it at once, in parallel with
// hydration, which is never held back for it: until its chunk has arrived the
// menu's button is rendered disabled (useHydrated), so an early click is not lost
// and the rest of the page is usable as soon as it has hydrated.
if (document.querySelector("[data-account-menu]")) {
  void import("~/features/auth/components/user-menu").catch(() => undefined); // the lazy boundary retries
}

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
