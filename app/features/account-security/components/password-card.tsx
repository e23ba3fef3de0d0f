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

const validate = (formData: FormData) => parseForm(changePasswordSchema, formData);

/** 'Change password': the current one and a new one under the password rule; other sessions end. */
export function PasswordCard() {
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
          {SECURITY_TEXT.passwordHeading}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{SECURITY_TEXT.passwordIntro}</p>
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
          {formError && <Alert tone="error">{formError}</Alert>}
          {answer?.ok && <Alert tone="success">{answer.message}</Alert>}
          <div className="grid gap-5 sm:grid-cols-2">
            <Field label={SECURITY_TEXT.currentPassword} error={errors.currentPassword}>
              <Input name="currentPassword" type="password" autoComplete="current-password" onChange={() => clearError("currentPassword")} />
            </Field>
            <Field label={SECURITY_TEXT.newPassword} error={errors.newPassword} hint={errors.newPassword ? undefined : SECURITY_TEXT.newPasswordHint}>
              <Input name="newPassword" type="password" autoComplete="new-password" onChange={() => clearError("newPassword")} />
            </Field>
          </div>
          <Button type="submit" disabled={!hydrated} pending={fetcher.state !== "idle"} pendingText="Saving…">
            {SECURITY_TEXT.changePassword}
          </Button>
        </fetcher.Form>
      </section>
    </Card>
  );
}
