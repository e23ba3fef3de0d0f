import { msg } from "@lingui/core/macro";
import { ShieldCheck } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { flushSync } from "react-dom";
import { useRevalidator } from "react-router";
import { parseForm } from "~/lib/forms";
import { ERROR_TEXT } from "~/lib/messages";
import { focusFirstInvalid } from "~/lib/use-form-errors";
import { Alert } from "~/ui/alert";
import { Badge } from "~/ui/badge";
import { Button } from "~/ui/button";
import { Dialog, DialogContent } from "~/ui/dialog";
import { Field } from "~/ui/field";
import { Input } from "~/ui/input";
import { useTranslate } from "~/features/i18n/use-translate";
import { TwoStepSignInForm } from "~/features/account-security/components/two-step-sign-in-form";
import { ACCOUNT_EMAIL_TEXT } from "../account-email-texts";
import { credentialsSchema, type AuthActionResult, type FieldErrors } from "../credentials";
import { ForgotPasswordForm } from "./forgot-password-form";
import type { AuthDialogMode } from "./auth-dialog-context";

/** docs/product.md#sign-in: the server's message when there is one, else this. */
export const FALLBACK_ERROR = ERROR_TEXT.generic;

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
    // The password was right and two-step sign-in is on: the second step needs this token.
    const twoStep = isRecord(body) && isRecord(body.twoStep) && typeof body.twoStep.token === "string" ? { twoStep: { token: body.twoStep.token } } : {};
    return { ok: false, error: message, ...(Object.keys(fieldErrors).length > 0 ? { fieldErrors } : {}), ...twoStep };
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
  const _ = useTranslate();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        size="sm"
        title={mode === "forgot" ? _(ACCOUNT_EMAIL_TEXT.forgotTitle) : mode === "signin" ? _(msg`Sign In`) : _(msg`Create an Account`)}
        description={
          mode === "forgot"
            ? _(ACCOUNT_EMAIL_TEXT.forgotDescription)
            : mode === "signin"
              ? _(msg`Welcome back to Rentwell.`)
              : _(msg`List for free, book and pay securely.`)
        }
        onCloseAutoFocus={(event) => {
          if (returnFocus?.()) event.preventDefault();
        }}
      >
        {mode === "forgot" ? (
          <ForgotPasswordForm onBack={() => onModeChange("signin")} />
        ) : (
          <SignInForm mode={mode} onModeChange={onModeChange} onSuccess={() => onOpenChange(false)} adminEmails={adminEmails} />
        )}
      </DialogContent>
    </Dialog>
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
  const _ = useTranslate();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  // The server's answer to the last submission; editing a field or toggling the mode hides it.
  const [failed, setFailed] = useState<FailedAnswer | null>(null);
  // Set once the password was right for an account with two-step sign-in: the code step shows.
  const [twoStepToken, setTwoStepToken] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  // Answers that arrive after the dialog closed or the mode changed are dropped.
  const attempt = useRef(0);
  useEffect(() => () => void (attempt.current += 1), []);

  const fieldErrors: FieldErrors = { ...failed?.fieldErrors, ...clientErrors };
  // A message that belongs to a field is shown next to it, not twice.
  const hasFieldError = Boolean(failed?.fieldErrors?.email || failed?.fieldErrors?.password);
  const formError = failed && !hasFieldError ? failed.error : undefined;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    // The same schema as the actions', run before anything is sent.
    const parsed = parseForm(credentialsSchema, { email, password });
    if (!parsed.ok) {
      flushSync(() => {
        setClientErrors(parsed.fieldErrors);
        setFailed(null);
      });
      focusFirstInvalid(formRef.current);
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
    if (answer.twoStep) {
      setBusy(false);
      setTwoStepToken(answer.twoStep.token);
      return;
    }
    flushSync(() => {
      setBusy(false);
      setFailed(answer);
    });
    focusFirstInvalid(formRef.current);
  }

  if (twoStepToken) {
    return (
      <TwoStepSignInForm
        token={twoStepToken}
        onSignedIn={async () => {
          await revalidator.revalidate().catch(() => undefined);
          onSuccess();
        }}
        onRestart={(message) => {
          setTwoStepToken(null);
          setPassword("");
          setFailed(message ? { ok: false, error: message } : null);
        }}
      />
    );
  }

  function switchMode(next: AuthDialogMode) {
    attempt.current += 1;
    setBusy(false);
    setClientErrors({});
    setFailed(null);
    onModeChange(next);
  }

  return (
    <>
      <form ref={formRef} noValidate onSubmit={(event) => void submit(event)} className="mt-6 space-y-4" aria-describedby={formError ? "sign-in-error" : undefined}>
        {formError && (
          <Alert id="sign-in-error" tone="error" className="px-3 py-2 text-sm">
            {_(formError)}
          </Alert>
        )}
        <Field label={_(msg`Email`)} error={fieldErrors.email && _(fieldErrors.email)}>
          <Input
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            maxLength={254}
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              setClientErrors((errors) => ({ ...errors, email: undefined }));
              setFailed(null);
            }}
            className="py-2.5 text-base"
          />
        </Field>
        <Field
          label={_(msg`Password`)}
          error={fieldErrors.password && _(fieldErrors.password)}
          hint={mode === "signup" && !fieldErrors.password ? _(msg`At least 8 characters, and not a commonly used password.`) : undefined}
        >
          <Input
            ref={passwordRef}
            name="password"
            type="password"
            autoComplete={mode === "signin" ? "current-password" : "new-password"}
            value={password}
            onChange={(event) => {
              setPassword(event.target.value);
              setClientErrors((errors) => ({ ...errors, password: undefined }));
              setFailed(null);
            }}
            className="py-2.5 text-base"
          />
        </Field>
        {mode === "signin" && (
          <p className="-mt-2 text-end text-sm">
            <Button variant="link" size="text" onClick={() => switchMode("forgot")}>
              {_(ACCOUNT_EMAIL_TEXT.forgotLink)}
            </Button>
          </p>
        )}
        <Button type="submit" block pending={busy} pendingText={mode === "signin" ? _(msg`Signing in…`) : _(msg`Creating your account…`)} className="px-4">
          {mode === "signin" ? _(msg`Sign In`) : _(msg`Sign Up`)}
        </Button>
      </form>

      <p className="mt-4 text-center text-sm text-slate-600">
        {mode === "signin" ? _(msg`Don't have an account?`) : _(msg`Already have an account?`)}{" "}
        <Button variant="link" size="text" onClick={() => switchMode(mode === "signin" ? "signup" : "signin")}>
          {mode === "signin" ? _(msg`Create an Account`) : _(msg`Sign In`)}
        </Button>
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
                  aria-label={_(msg`Use ${address}`)}
                >
                  {address}
                </button>
                <Badge tone="brand" className="font-medium">
                  <ShieldCheck className="h-3.5 w-3.5" aria-hidden="true" />
                  {_(msg`Admin account`)}
                </Badge>
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}
