import { msg } from "@lingui/core/macro";
import { useEffect } from "react";
import { useFetcher } from "react-router";
import { useTranslate } from "~/features/i18n/use-translate";
import { parseForm } from "~/lib/forms";
import { LANGUAGE_NAMES, LOCALES, type Locale } from "~/lib/locales";
import { useFormErrors } from "~/lib/use-form-errors";
import { Alert } from "~/ui/alert";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import { Checkbox } from "~/ui/checkbox";
import { Field } from "~/ui/field";
import { Select } from "~/ui/input";
import { Spinner } from "~/ui/spinner";
import { EMAIL_KIND_LABELS, OPTIONAL_EMAIL_KINDS, RECEIPT_EMAIL_KINDS, type OptionalEmailKind } from "../email-kinds";
import { NOTIFICATION_ARRAY_FIELDS, notificationSettingsSchema } from "../notification-settings-schema";

type SettingsData = {
  enabled: OptionalEmailKind[];
  language: Locale;
  saved: boolean;
  error: string | null;
};

const ENDPOINT = "/api/notification-settings";
const validateSettings = (formData: FormData) =>
  parseForm(notificationSettingsSchema, formData, {
    arrayFields: NOTIFICATION_ARRAY_FIELDS,
  });

/**
 * The notification settings section of /profile (ADR 0172), self-contained: it loads
 * and saves through /api/notification-settings. Booking e-mails that carry receipts
 * are listed switched on and cannot be turned off. The e-mails' language is the member's
 * saved language (ADR 0296), also chosen here.
 */
export function NotificationSettings() {
  const _ = useTranslate();
  const loader = useFetcher<SettingsData>();
  const saver = useFetcher<SettingsData>();
  useEffect(() => {
    if (loader.state === "idle" && !loader.data) void loader.load(ENDPOINT);
  }, [loader]);
  const current = saver.data ?? loader.data;
  const { formRef, onSubmit, errors } = useFormErrors<"enabled" | "language">({
    validate: validateSettings,
  });
  return (
    <Card>
      <section aria-labelledby="notification-settings-heading">
        <h2 id="notification-settings-heading" className="text-xl font-semibold text-slate-900">
          {_(msg`E-mail notifications`)}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{_(msg`Choose which e-mails you get from Rentwell.`)}</p>
        {!current ? (
          <div className="mt-4 flex items-center gap-2 text-sm text-slate-600">
            <Spinner /> {_(msg`Loading your settings...`)}
          </div>
        ) : (
          <saver.Form ref={formRef} method="post" action={ENDPOINT} noValidate onSubmit={onSubmit} className="mt-4 space-y-4">
            {current.error && <Alert tone="error">{_(current.error)}</Alert>}
            <fieldset className="space-y-3">
              <legend className="text-sm font-semibold text-slate-900">{_(msg`Always sent`)}</legend>
              <p className="text-sm text-slate-600">{_(msg`Booking e-mails carry your receipts, so they are always sent.`)}</p>
              {RECEIPT_EMAIL_KINDS.map((kind) => (
                <Checkbox key={kind} label={_(EMAIL_KIND_LABELS[kind].label)} hint={_(EMAIL_KIND_LABELS[kind].hint)} checked disabled readOnly />
              ))}
            </fieldset>
            <fieldset className="space-y-3">
              <legend className="text-sm font-semibold text-slate-900">{_(msg`You choose`)}</legend>
              {OPTIONAL_EMAIL_KINDS.map((kind) => (
                <Checkbox
                  key={`${kind}-${current.enabled.includes(kind)}`}
                  name="enabled"
                  value={kind}
                  label={_(EMAIL_KIND_LABELS[kind].label)}
                  hint={_(EMAIL_KIND_LABELS[kind].hint)}
                  defaultChecked={current.enabled.includes(kind)}
                />
              ))}
            </fieldset>
            <Field
              label={_(msg`Language of your e-mails`)}
              hint={_(msg`Rentwell writes to you in this language. Pages without a language in their address open in it too.`)}
              error={errors.language ? _(errors.language) : undefined}
              className="max-w-xs"
            >
              <Select key={current.language} name="language" defaultValue={current.language}>
                {LOCALES.map((locale) => (
                  <option key={locale} value={locale} lang={locale}>
                    {LANGUAGE_NAMES[locale]}
                  </option>
                ))}
              </Select>
            </Field>
            <div className="flex flex-wrap items-center gap-3">
              <Button type="submit" size="md" pending={saver.state !== "idle"} pendingText={_(msg`Saving...`)}>
                {_(msg`Save notification settings`)}
              </Button>
              {saver.state === "idle" && saver.data?.saved && (
                <p role="status" className="text-sm font-medium text-emerald-800">
                  {_(msg`Notification settings saved.`)}
                </p>
              )}
            </div>
          </saver.Form>
        )}
      </section>
    </Card>
  );
}
