import { msg } from "@lingui/core/macro";
import { useRef, useState, type FormEvent } from "react";
import { flushSync } from "react-dom";
import { parseForm } from "~/lib/forms";
import { focusFirstInvalid } from "~/lib/use-form-errors";
import { Alert } from "~/ui/alert";
import { Button } from "~/ui/button";
import { Field } from "~/ui/field";
import { Input } from "~/ui/input";
import { useTranslate } from "~/features/i18n/use-translate";
import { ACCOUNT_EMAIL_TEXT } from "../account-email-texts";
import { forgotPasswordSchema } from "../account-email-forms";
import { MAX_EMAIL_LENGTH } from "../credentials";
import { postJson } from "./post-json";

/**
 * The sign-in dialog's 'Forgot password?' step (ADR 0240): the account's address, then
 * the one answer the server gives for every address.
 */
export function ForgotPasswordForm({ onBack }: { onBack(): void }) {
  const [email, setEmail] = useState("");
  const [error, setError] = useState<{ field?: string; form?: string }>({});
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const _ = useTranslate();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const parsed = parseForm(forgotPasswordSchema, { email });
    if (!parsed.ok) {
      flushSync(() => setError({ field: parsed.fieldErrors.email }));
      focusFirstInvalid(formRef.current);
      return;
    }
    setError({});
    setBusy(true);
    const answer = await postJson("/auth/forgot-password", parsed.data);
    setBusy(false);
    if (answer.ok) {
      setSent(ACCOUNT_EMAIL_TEXT.forgotSent(parsed.data.email, _));
      return;
    }
    const field = answer.fieldErrors?.email;
    flushSync(() => setError(field ? { field } : { form: answer.error }));
    focusFirstInvalid(formRef.current);
  }

  if (sent) {
    return (
      <div className="mt-6 space-y-4">
        <Alert tone="success">{sent}</Alert>
        <Button block variant="secondary" onClick={onBack}>
          {_(ACCOUNT_EMAIL_TEXT.backToSignIn)}
        </Button>
      </div>
    );
  }

  return (
    <>
      <form ref={formRef} noValidate onSubmit={(event) => void submit(event)} className="mt-6 space-y-4">
        {error.form && (
          <Alert tone="error" className="px-3 py-2 text-sm">
            {_(error.form)}
          </Alert>
        )}
        <Field label={_(msg`Email`)} error={error.field && _(error.field)}>
          <Input
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            maxLength={MAX_EMAIL_LENGTH}
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              setError({});
            }}
            className="py-2.5 text-base"
          />
        </Field>
        <Button type="submit" block pending={busy} pendingText={_(ACCOUNT_EMAIL_TEXT.forgotPending)} className="px-4">
          {_(ACCOUNT_EMAIL_TEXT.forgotSubmit)}
        </Button>
      </form>
      <p className="mt-4 text-center text-sm">
        <Button variant="link" size="text" onClick={onBack}>
          {_(ACCOUNT_EMAIL_TEXT.backToSignIn)}
        </Button>
      </p>
    </>
  );
}
