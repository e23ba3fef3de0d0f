import { msg } from "@lingui/core/macro";
import { lazyWithTexts } from "~/features/i18n/lazy-with-texts";
import { Suspense, useCallback, useMemo, useRef, useState, type ReactNode } from "react";
import { AuthDialogContext, useAuthDialog, type AuthDialogApi, type AuthDialogMode } from "./auth-dialog-context";
import { useHydrated } from "~/ui/use-hydrated";
import { buttonVariants } from "~/ui/button";
import { useTranslate } from "~/features/i18n/use-translate";

// The dialog (with its form validation and dialog primitives) is loaded when it is
// first wanted, not with every page: it is most of the shell's script otherwise.
const loadSignInDialog = () => import("./sign-in-dialog");
const SignInDialog = lazyWithTexts(() => loadSignInDialog().then((module) => ({ default: module.SignInDialog })));

/** Owns the sign-in dialog and lets any component open it through useAuthDialog(). */
export function AuthDialogProvider({ adminEmails, children }: { adminEmails: readonly string[]; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so that closing keeps Radix's exit handling.
  const [wanted, setWanted] = useState(false);
  const [mode, setMode] = useState<AuthDialogMode>("signin");
  // Whatever opened the dialog gets focus back when it closes (Radix only does that for its own Trigger).
  const opener = useRef<HTMLElement | null>(null);
  const api = useMemo<AuthDialogApi>(
    () => ({
      openSignIn(nextMode = "signin") {
        opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
        setMode(nextMode);
        setWanted(true);
        setOpen(true);
      },
    }),
    [],
  );
  const close = useCallback((next: boolean) => setOpen(next), []);
  return (
    <AuthDialogContext.Provider value={api}>
      {children}
      {wanted ? (
        <Suspense fallback={null}>
          <SignInDialog
            open={open}
            mode={mode}
            onOpenChange={close}
            onModeChange={setMode}
            adminEmails={adminEmails}
            returnFocus={() => {
              const target = opener.current;
              opener.current = null;
              // After a sign-in the button that opened the dialog is gone; the browser then starts from the top.
              if (target?.isConnected) {
                target.focus();
                return true;
              }
              return false;
            }}
          />
        </Suspense>
      ) : null}
    </AuthDialogContext.Provider>
  );
}

function preloadSignInDialog() {
  void loadSignInDialog();
}

/** The header's 'Sign In / Sign Up' button (docs/product.md#sign-in). */
export function SignInButton() {
  const { openSignIn } = useAuthDialog();
  const _ = useTranslate();
  // Opens a dialog: disabled until hydrated, so an early click is never lost.
  const hydrated = useHydrated();
  return (
    <button
      type="button"
      disabled={!hydrated}
      onClick={() => openSignIn("signin")}
      // Start fetching the dialog as soon as the pointer or focus is on its button.
      onPointerEnter={preloadSignInDialog}
      onFocus={preloadSignInDialog}
      className={buttonVariants({ variant: "secondary", size: "sm", pill: true, className: "px-4 whitespace-nowrap text-slate-900" })}
    >
      {_(msg`Sign In / Sign Up`)}
    </button>
  );
}
