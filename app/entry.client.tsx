import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

/**
 * The account menu is split from the shell so that visitors never download it
 * (app/root.tsx). A signed-in page was rendered with it, so its code is fetched
 * before hydrating: otherwise the menu would look ready while its part of the
 * page waits for that chunk, and a click in that moment would be lost (React does
 * not replay clicks on parts that hydrate later).
 */
const accountMenuReady = document.querySelector("[data-account-menu]")
  ? import("~/features/auth/components/user-menu").then(
      () => undefined,
      () => undefined, // hydrate anyway; the lazy boundary retries the import
    )
  : Promise.resolve();

void accountMenuReady.then(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
});
