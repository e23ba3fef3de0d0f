import { createContext, useContext } from "react";

/** "forgot": the 'Forgot password?' step (ADR 0240). */
export type AuthDialogMode = "signin" | "signup" | "forgot";

export type AuthDialogApi = {
  /** Opens the sign-in dialog (docs/product.md#sign-in), e.g. when a visitor must sign in to continue. */
  openSignIn(mode?: AuthDialogMode): void;
};

/**
 * Any component may ask for the sign-in dialog without knowing where it lives. The
 * root layout provides the implementation (features/auth owns the dialog).
 */
export const AuthDialogContext = createContext<AuthDialogApi | null>(null);

export function useAuthDialog(): AuthDialogApi {
  const api = useContext(AuthDialogContext);
  if (!api) throw new Error("useAuthDialog must be used inside the root layout's AuthDialogContext provider");
  return api;
}
