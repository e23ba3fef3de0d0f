import * as Dialog from "@radix-ui/react-dialog";
import { ShieldCheck, X } from "lucide-react";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useRevalidator } from "react-router";
import { credentialsSchema, fieldErrorsOf, type AuthActionResult, type FieldErrors } from "../credentials";
import type { AuthDialogMode } from "./auth-dialog-context";

/** docs/product.md#sign-in: the server's message when there is one, else this. */
export const FALLBACK_ERROR = "An error occurred";

type FailedAnswer = Extract<AuthActionResult, { ok: false }>;

/**
 * Posts the credentials and reads the JSON answer. Anything without a usable message —
 * a network failure, a 5xx, an answer that is not ours — becomes 'An error occurred'.
 */
export async function postCredentials(action: string, credentials: { email: string; password: string }): Promise<AuthActionResult> {
  try {
    const response = await fetch(action, {
      method: "POST",
      headers: { Accept: "application/json" },
      body: new URLSearchParams(credentials),
      credentials: "same-origin",
    });
    const body: unknown = await response.json().catch(() => null);
    if (response.ok && isRecord(body) && body.ok === true) return { ok: true };
    const message = isRecord(body) && typeof body.error === "string" && body.error.trim() ? body.error : FALLBACK_ERROR;
    const fieldErrors: FieldErrors = {};
    if (isRecord(body) && isRecord(body.fieldErrors)) {
      for (const field of ["email", "password"] as const) {
        const value = body.fieldErrors[field];
        if (typeof value === "string" && value) fieldErrors[field] = value;
      }
    }
    return { ok: false, error: message, ...(Object.keys(fieldErrors).length > 0 ? { fieldErrors } : {}) };
  } catch {
    return { ok: false, error: FALLBACK_ERROR };
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

type Props = {
  open: boolean;
  mode: AuthDialogMode;
  onOpenChange(open: boolean): void;
  onModeChange(mode: AuthDialogMode): void;
  /** The ADMIN_EMAILS addresses, shown as a hint (docs/product.md#sign-in). */
  adminEmails: readonly string[];
  /** Puts focus back where the dialog was opened from; false when that element is gone. */
  returnFocus?(): boolean;
};

/**
 * docs/product.md#sign-in: e-mail and password, a toggle between 'Sign In' and
 * 'Create an Account' (button 'Sign Up'), a close button and the admin addresses
 * marked 'Admin account'. Success closes it; the root loader revalidates, so the
 * page shows the signed-in user without a reload.
 */
export function SignInDialog({ open, mode, onOpenChange, onModeChange, adminEmails, returnFocus }: Props) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            if (returnFocus?.()) event.preventDefault();
          }}
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl focus:outline-none sm:p-8"
        >
          <SignInForm mode={mode} onModeChange={onModeChange} onSuccess={() => onOpenChange(false)} adminEmails={adminEmails} />
          <Dialog.Close
            className="absolute top-3 right-3 rounded-full p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
            aria-label="Close"
          >
            <X className="h-5 w-5" aria-hidden="true" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function SignInForm({
  mode,
  onModeChange,
  onSuccess,
  adminEmails,
}: {
  mode: AuthDialogMode;
  onModeChange(mode: AuthDialogMode): void;
  onSuccess(): void;
  adminEmails: readonly string[];
}) {
  const revalidator = useRevalidator();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  // The server's answer to the last submission; editing a field or toggling the mode hides it.
  const [failed, setFailed] = useState<FailedAnswer | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  // Answers that arrive after the dialog closed or the mode changed are dropped.
  const attempt = useRef(0);
  useEffect(() => () => void (attempt.current += 1), []);
  const ids = { email: useId(), password: useId(), emailError: useId(), passwordError: useId(), error: useId() };

  const fieldErrors: FieldErrors = { ...failed?.fieldErrors, ...clientErrors };
  // A message that belongs to a field is shown next to it, not twice.
  const hasFieldError = Boolean(failed?.fieldErrors?.email || failed?.fieldErrors?.password);
  const formError = failed && !hasFieldError ? failed.error : undefined;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const parsed = credentialsSchema.safeParse({ email, password });
    if (!parsed.success) {
      const errors = fieldErrorsOf(parsed.error);
      setClientErrors(errors);
      setFailed(null);
      (errors.email ? emailRef : passwordRef).current?.focus();
      return;
    }
    setClientErrors({});
    setFailed(null);
    setBusy(true);
    const current = ++attempt.current;
    const answer = await postCredentials(mode === "signin" ? "/auth/sign-in" : "/auth/sign-up", parsed.data);
    if (current !== attempt.current) return;
    if (answer.ok) {
      // The root loader re-reads the session: the header shows the user without a reload.
      await revalidator.revalidate().catch(() => undefined);
      if (current !== attempt.current) return;
      setBusy(false);
      onSuccess();
      return;
    }
    setBusy(false);
    setFailed(answer);
    if (answer.fieldErrors?.email) emailRef.current?.focus();
    else if (answer.fieldErrors?.password) passwordRef.current?.focus();
  }

  function switchMode(next: AuthDialogMode) {
    attempt.current += 1;
    setBusy(false);
    setClientErrors({});
    setFailed(null);
    onModeChange(next);
  }

  const title = mode === "signin" ? "Sign In" : "Create an Account";
  return (
    <>
      <Dialog.Title className="pr-8 text-2xl font-bold text-slate-900">{title}</Dialog.Title>
      <Dialog.Description className="mt-1 text-sm text-slate-600">
        {mode === "signin" ? "Welcome back to Rentwell." : "List for free, book and pay securely."}
      </Dialog.Description>

      <form noValidate onSubmit={(event) => void submit(event)} className="mt-6 space-y-4" aria-describedby={formError ? ids.error : undefined}>
        {formError && (
          <p id={ids.error} role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
            {formError}
          </p>
        )}
        <div>
          <label htmlFor={ids.email} className="block text-sm font-medium text-slate-800">
            Email
          </label>
          <input
            ref={emailRef}
            id={ids.email}
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            maxLength={254}
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              setClientErrors((errors) => ({ ...errors, email: undefined }));
              setFailed(null);
            }}
            aria-invalid={fieldErrors.email ? true : undefined}
            aria-describedby={fieldErrors.email ? ids.emailError : undefined}
            className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2.5 text-base shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-200 focus:outline-none aria-[invalid=true]:border-red-500"
          />
          {fieldErrors.email && (
            <p id={ids.emailError} className="mt-1 text-sm text-red-700" aria-live="polite">
              {fieldErrors.email}
            </p>
          )}
        </div>
        <div>
          <label htmlFor={ids.password} className="block text-sm font-medium text-slate-800">
            Password
          </label>
          <input
            ref={passwordRef}
            id={ids.password}
            name="password"
            type="password"
            autoComplete={mode === "signin" ? "current-password" : "new-password"}
            required
            value={password}
            onChange={(event) => {
              setPassword(event.target.value);
              setClientErrors((errors) => ({ ...errors, password: undefined }));
              setFailed(null);
            }}
            aria-invalid={fieldErrors.password ? true : undefined}
            aria-describedby={fieldErrors.password ? ids.passwordError : undefined}
            className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2.5 text-base shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-200 focus:outline-none aria-[invalid=true]:border-red-500"
          />
          {fieldErrors.password && (
            <p id={ids.passwordError} className="mt-1 text-sm text-red-700" aria-live="polite">
              {fieldErrors.password}
            </p>
          )}
          {mode === "signup" && !fieldErrors.password && (
            <p className="mt-1 text-xs text-slate-500">At least 8 characters, and not a commonly used password.</p>
          )}
        </div>
        <button
          type="submit"
          disabled={busy}
          className="w-full rounded-lg bg-brand-600 px-4 py-3 font-semibold text-white hover:bg-brand-700 disabled:cursor-wait disabled:opacity-70"
        >
          {busy ? (mode === "signin" ? "Signing in…" : "Creating your account…") : mode === "signin" ? "Sign In" : "Sign Up"}
        </button>
      </form>

      <p className="mt-4 text-center text-sm text-slate-600">
        {mode === "signin" ? "Don't have an account? " : "Already have an account? "}
        <button
          type="button"
          onClick={() => switchMode(mode === "signin" ? "signup" : "signin")}
          className="font-semibold text-brand-700 underline-offset-2 hover:underline"
        >
          {mode === "signin" ? "Create an Account" : "Sign In"}
        </button>
      </p>

      {adminEmails.length > 0 && (
        <div className="mt-6 rounded-lg border border-slate-200 bg-slate-50 p-3">
          <ul className="space-y-2 text-sm">
            {adminEmails.map((address) => (
              <li key={address} className="flex flex-wrap items-center justify-between gap-2">
                <button
                  type="button"
                  onClick={() => {
                    setEmail(address);
                    passwordRef.current?.focus();
                  }}
                  className="truncate font-mono text-slate-800 hover:underline"
                  aria-label={`Use ${address}`}
                >
                  {address}
                </button>
                <span className="inline-flex items-center gap-1 rounded-full bg-brand-100 px-2 py-0.5 text-xs font-medium text-brand-800">
                  <ShieldCheck className="h-3.5 w-3.5" aria-hidden="true" />
                  Admin account
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}
