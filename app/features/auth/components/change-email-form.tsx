import { useRef, useState, type FormEvent } from "react";
import { flushSync } from "react-dom";
import { parseForm, type FieldErrors } from "~/lib/forms";
import { focusFirstInvalid } from "~/lib/use-form-errors";
import { Alert } from "~/ui/alert";
import { Badge } from "~/ui/badge";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import { Field } from "~/ui/field";
import { Input } from "~/ui/input";
import { useTranslate } from "~/features/i18n/use-translate";
import { ACCOUNT_EMAIL_TEXT } from "../account-email-texts";
import { changeEmailSchema, type ChangeEmailField } from "../account-email-forms";
import { MAX_EMAIL_LENGTH } from "../credentials";
import { postJson } from "./post-json";

export const CHANGE_EMAIL_ENDPOINT = "/api/account/email";

/**
 * /profile's e-mail address section (ADR 0241): the address the account signs in with and
 * whether it is verified; a new address takes effect only once the link sent to it is opened.
 */
export function ChangeEmailForm({ status }: { status: { email: string; verified: boolean; pendingEmail: string | null } }) {
  const [errors, setErrors] = useState<FieldErrors<ChangeEmailField>>({});
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const _ = useTranslate();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    const parsed = parseForm(changeEmailSchema, new FormData(form));
    if (!parsed.ok) {
      flushSync(() => setErrors(parsed.fieldErrors));
      focusFirstInvalid(formRef.current);
      return;
    }
    setErrors({});
    setBusy(true);
    const answer = await postJson(CHANGE_EMAIL_ENDPOINT, parsed.data);
    setBusy(false);
    if (answer.ok) {
      form.reset();
      setSent(ACCOUNT_EMAIL_TEXT.changeEmailSent(parsed.data.newEmail, _));
      return;
    }
    flushSync(() => setErrors(answer.fieldErrors && Object.keys(answer.fieldErrors).length > 0 ? answer.fieldErrors : { form: answer.error }));
    focusFirstInvalid(formRef.current);
  }

  const clear = (name: ChangeEmailField) => setErrors((current) => (current[name] || current.form ? { ...current, [name]: undefined, form: undefined } : current));

  return (
    <Card>
      <section aria-labelledby="change-email-heading">
        <h2 id="change-email-heading" className="text-xl font-semibold text-slate-900">
          {_(ACCOUNT_EMAIL_TEXT.changeEmailLegend)}
        </h2>
        <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
          <span>{ACCOUNT_EMAIL_TEXT.changeEmailCurrent(status.email, _)}</span>
          <Badge tone={status.verified ? "success" : "warning"}>{status.verified ? _(ACCOUNT_EMAIL_TEXT.verifiedBadge) : _(ACCOUNT_EMAIL_TEXT.unverifiedBadge)}</Badge>
        </p>
        {sent ? (
          <Alert tone="success" className="mt-4">
            {sent}
          </Alert>
        ) : (
          status.pendingEmail && (
            <Alert tone="info" className="mt-4">
              {ACCOUNT_EMAIL_TEXT.changeEmailPending(status.pendingEmail, _)}
            </Alert>
          )
        )}
        <form ref={formRef} noValidate onSubmit={(event) => void submit(event)} className="mt-4 space-y-4">
          {errors.form && <Alert tone="error">{_(errors.form)}</Alert>}
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="newEmail" label={_(ACCOUNT_EMAIL_TEXT.newEmailLabel)} error={errors.newEmail && _(errors.newEmail)}>
              <Input name="newEmail" type="email" autoComplete="email" inputMode="email" maxLength={MAX_EMAIL_LENGTH} onInput={() => clear("newEmail")} />
            </Field>
            <Field id="currentPassword" label={_(ACCOUNT_EMAIL_TEXT.currentPasswordLabel)} error={errors.currentPassword && _(errors.currentPassword)}>
              <Input name="currentPassword" type="password" autoComplete="current-password" onInput={() => clear("currentPassword")} />
            </Field>
          </div>
          <div className="flex justify-end">
            <Button type="submit" variant="secondary" pending={busy} pendingText={_(ACCOUNT_EMAIL_TEXT.changeEmailSubmitting)}>
              {_(ACCOUNT_EMAIL_TEXT.changeEmailSubmit)}
            </Button>
          </div>
        </form>
      </section>
    </Card>
  );
}
