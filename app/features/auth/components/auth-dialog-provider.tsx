import { useCallback, useMemo, useRef, useState, type ReactNode } from "react";
import { AuthDialogContext, useAuthDialog, type AuthDialogApi, type AuthDialogMode } from "./auth-dialog-context";
import { SignInDialog } from "./sign-in-dialog";

/** Owns the sign-in dialog and lets any component open it through useAuthDialog(). */
export function AuthDialogProvider({ adminEmails, children }: { adminEmails: readonly string[]; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [mode, setMode] = useState<AuthDialogMode>("signin");
  // Whatever opened the dialog gets focus back when it closes (Radix only does that for its own Trigger).
  const opener = useRef<HTMLElement | null>(null);
  const api = useMemo<AuthDialogApi>(
    () => ({
      openSignIn(nextMode = "signin") {
        opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
        setMode(nextMode);
        setOpen(true);
      },
    }),
    [],
  );
  const close = useCallback((next: boolean) => setOpen(next), []);
  return (
    <AuthDialogContext.Provider value={api}>
      {children}
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
    </AuthDialogContext.Provider>
  );
}

/** The header's 'Sign In / Sign Up' button (spec §2). */
export function SignInButton() {
  const { openSignIn } = useAuthDialog();
  return (
    <button
      type="button"
      onClick={() => openSignIn("signin")}
      className="rounded-full border border-slate-300 px-4 py-2 text-sm font-semibold whitespace-nowrap text-slate-900 hover:bg-slate-50"
    >
      Sign In / Sign Up
    </button>
  );
}
