import { useFetcher } from "react-router";
import { basisPointsText } from "~/features/bookings/requirements";
import { parseForm, type FieldErrors } from "~/lib/forms";
import { useFormErrors } from "~/lib/use-form-errors";
import { Alert } from "~/ui/alert";
import { Button } from "~/ui/button";
import { Field } from "~/ui/field";
import { Input } from "~/ui/input";
import { SETTINGS_TEXT, settingsSchema, type SettingsField } from "../settings-form";
import { useTranslate } from "~/features/i18n/use-translate";

export type SettingsAnswer = { ok: true; message: string } | { ok: false; error: string; fieldErrors?: FieldErrors<SettingsField> };

const validate = (formData: FormData) => parseForm(settingsSchema, formData);

/** /admin's "Settings" section (ADR 0286): the protection's rate, posted to the /admin action. */
export function SettingsPanel({ protectionPercent }: { protectionPercent: number }) {
  const fetcher = useFetcher<SettingsAnswer>({ key: "admin-settings" });
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const serverErrors = answer && !answer.ok ? answer.fieldErrors : undefined;
  const { formRef, errors, onSubmit, clearError } = useFormErrors<SettingsField>({ validate, serverErrors });
  const shownError = answer && !answer.ok && !answer.fieldErrors?.protectionPercent ? answer.error : null;
  const _ = useTranslate();
  return (
    <fetcher.Form ref={formRef} method="post" action="/admin" noValidate onSubmit={onSubmit} className="mt-3 max-w-md space-y-4">
      <input type="hidden" name="intent" value="update_settings" />
      {shownError && <Alert tone="error">{_(shownError)}</Alert>}
      {answer?.ok && (
        <p role="status" className="text-sm font-medium text-green-800">
          {_(answer.message)}
        </p>
      )}
      <Field id="settings-protection-percent" label={_(SETTINGS_TEXT.protectionLabel)}
        hint={_(SETTINGS_TEXT.protectionHint)}
        error={errors.protectionPercent && _(errors.protectionPercent)} required>
        <Input
          name="protectionPercent"
          inputMode="decimal"
          defaultValue={basisPointsText(protectionPercent).replace("%", "")}
          onChange={() => clearError("protectionPercent")}
          autoComplete="off"
        />
      </Field>
      <Button type="submit" size="md" pending={fetcher.state !== "idle"} pendingText={_(SETTINGS_TEXT.saving)}>
        {_(SETTINGS_TEXT.save)}
      </Button>
    </fetcher.Form>
  );
}
