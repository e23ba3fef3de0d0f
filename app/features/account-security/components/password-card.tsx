import { msg } from "@lingui/core/macro";
import { useFetcher } from "react-router";
import { parseForm } from "~/lib/forms";
import { useFormErrors } from "~/lib/use-form-errors";
import { Alert } from "~/ui/alert";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import { Field } from "~/ui/field";
import { Input } from "~/ui/input";
import { useHydrated } from "~/ui/use-hydrated";
import type { SecurityActionResult } from "../security-action.server";
import { changePasswordSchema, SECURITY_TEXT, type ChangePasswordField } from "../security-form";
import { useTranslate } from "~/features/i18n/use-translate";

const validate = (formData: FormData) => parseForm(changePasswordSchema, formData);

/** 'Change password': the current one and a new one under the password rule; other sessions end. */
export function PasswordCard() {
  const _ = useTranslate();
  const fetcher = useFetcher<SecurityActionResult>({ key: "change-password" });
  const hydrated = useHydrated();
  const answer = fetcher.data?.intent === "change-password" ? fetcher.data : null;
  const failed = answer && !answer.ok ? answer : null;
  const { formRef, errors, onSubmit, clearError } = useFormErrors<ChangePasswordField>({ validate, serverErrors: failed?.fieldErrors });
  const formError = failed?.formError;
  return (
    <Card>
      <section aria-labelledby="password-heading">
        <h2 id="password-heading" className="text-xl font-semibold text-slate-900">
          {_(SECURITY_TEXT.passwordHeading)}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{_(SECURITY_TEXT.passwordIntro)}</p>
        <fetcher.Form
          // A changed password starts the form again, empty.
          key={answer?.ok ? "changed" : "form"}
          ref={formRef}
          method="post"
          action="/profile/security"
          noValidate
          onSubmit={onSubmit}
          className="mt-5 space-y-5"
        >
          <input type="hidden" name="intent" value="change-password" />
          {formError && <Alert tone="error">{_(formError)}</Alert>}
          {answer?.ok && <Alert tone="success">{_(answer.message)}</Alert>}
          <div className="grid gap-5 sm:grid-cols-2">
            <Field label={_(SECURITY_TEXT.currentPassword)} error={errors.currentPassword && _(errors.currentPassword)}>
              <Input name="currentPassword" type="password" autoComplete="current-password" onChange={() => clearError("currentPassword")} />
            </Field>
            <Field label={_(SECURITY_TEXT.newPassword)} error={errors.newPassword && _(errors.newPassword)} hint={errors.newPassword ? undefined : _(SECURITY_TEXT.newPasswordHint)}>
              <Input name="newPassword" type="password" autoComplete="new-password" onChange={() => clearError("newPassword")} />
            </Field>
          </div>
          <Button type="submit" disabled={!hydrated} pending={fetcher.state !== "idle"} pendingText={_(msg`Saving…`)}>
            {_(SECURITY_TEXT.changePassword)}
          </Button>
        </fetcher.Form>
      </section>
    </Card>
  );
}
