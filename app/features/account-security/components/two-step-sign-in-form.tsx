import { useRef, useState, type FormEvent } from "react";
import { flushSync } from "react-dom";
import { useTranslate } from "~/features/i18n/use-translate";
import { parseForm } from "~/lib/forms";
import { ERROR_TEXT } from "~/lib/messages";
import { focusFirstInvalid } from "~/lib/use-form-errors";
import { Button } from "~/ui/button";
import { Field } from "~/ui/field";
import { Input } from "~/ui/input";
import { SECURITY_TEXT, signInCodeSchema } from "../security-form";

type Answer = { ok: true } | { ok: false; error: string; expired: boolean };

/** Posts the second step of a sign-in; any answer without a usable message reads 'An error occurred'. */
export async function postSecondStep(token: string, code: string): Promise<Answer> {
  try {
    const response = await fetch("/auth/sign-in/two-step", {
      method: "POST",
      headers: { Accept: "application/json" },
      body: new URLSearchParams({ token, code }),
      credentials: "same-origin",
    });
    const body = (await response.json().catch(() => null)) as { ok?: unknown; error?: unknown; expired?: unknown } | null;
    if (response.ok && body?.ok === true) return { ok: true };
    const error = typeof body?.error === "string" && body.error ? body.error : ERROR_TEXT.generic;
    return { ok: false, error, expired: body?.expired === true };
  } catch {
    return { ok: false, error: ERROR_TEXT.generic, expired: false };
  }
}

/**
 * The sign-in dialog's second step (issue #29 point 4, ADR 0246): a code from the
 * authenticator app or a recovery code, sent with the pending sign-in token the password
 * step answered with. An expired token goes back to the password step with its message.
 */
export function TwoStepSignInForm({
  token,
  onSignedIn,
  onRestart,
}: {
  token: string;
  onSignedIn(): Promise<void>;
  onRestart(message?: string): void;
}) {
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const _ = useTranslate();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const parsed = parseForm(signInCodeSchema, { code });
    if (!parsed.ok) {
      flushSync(() => setError(parsed.fieldErrors.code ?? SECURITY_TEXT.codeFormat));
      focusFirstInvalid(formRef.current);
      return;
    }
    setBusy(true);
    setError(null);
    const answer = await postSecondStep(token, parsed.data.code);
    if (answer.ok) {
      await onSignedIn();
      return;
    }
    if (answer.expired) {
      onRestart(answer.error);
      return;
    }
    flushSync(() => {
      setBusy(false);
      setError(answer.error);
    });
    focusFirstInvalid(formRef.current);
  }

  return (
    <form ref={formRef} noValidate onSubmit={(event) => void submit(event)} className="mt-6 space-y-4">
      <p className="text-sm text-slate-700">{_(SECURITY_TEXT.signInStepIntro)}</p>
      <Field label={_(SECURITY_TEXT.codeOrRecovery)} error={error && _(error)}>
        <Input
          name="code"
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          autoFocus
          value={code}
          onChange={(event) => {
            setCode(event.target.value);
            setError(null);
          }}
          className="py-2.5 font-mono text-base"
        />
      </Field>
      <Button type="submit" block pending={busy} pendingText={_(SECURITY_TEXT.verifying)} className="px-4">
        {_(SECURITY_TEXT.verify)}
      </Button>
      <Button variant="link" size="text" onClick={() => onRestart()}>
        {_(SECURITY_TEXT.back)}
      </Button>
    </form>
  );
}

