import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { areasBeforeHydration, loadCatalogs, pageLocale } from "~/features/i18n/i18n";
import { stripLocale } from "~/lib/locales";

// The account menu is split from the shell so that visitors never download it
// (app/root.tsx). A signed-in page starts fetching it at once, in parallel with
// hydration, which is never held back for it: until its chunk has arrived the
// menu's button is rendered disabled (useHydrated), so an early click is not lost
// and the rest of the page is usable as soon as it has hydrated.
if (document.querySelector("[data-account-menu]")) {
  void import("~/features/auth/components/user-menu").catch(() => undefined); // the lazy boundary retries
}

function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

// The page's language's catalogs only (ADRs 0293, 0294), loaded before hydrating so the
// first client render says what the server did: the home page's `core`, another page's all.
loadCatalogs(pageLocale(), areasBeforeHydration(stripLocale(location.pathname))).then(hydrate, hydrate);
