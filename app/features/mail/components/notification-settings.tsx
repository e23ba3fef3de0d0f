import { useEffect } from "react";
import { useFetcher } from "react-router";
import { parseForm } from "~/lib/forms";
import { useFormErrors } from "~/lib/use-form-errors";
import { Alert } from "~/ui/alert";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import { Checkbox } from "~/ui/checkbox";
import { Spinner } from "~/ui/spinner";
import { EMAIL_KIND_LABELS, OPTIONAL_EMAIL_KINDS, RECEIPT_EMAIL_KINDS, type OptionalEmailKind } from "../email-kinds";
import { NOTIFICATION_ARRAY_FIELDS, notificationSettingsSchema } from "../notification-settings-schema";

type SettingsData = {
  enabled: OptionalEmailKind[];
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
 * are listed switched on and cannot be turned off.
 */
export function NotificationSettings() {
  const loader = useFetcher<SettingsData>();
  const saver = useFetcher<SettingsData>();
  useEffect(() => {
    if (loader.state === "idle" && !loader.data) void loader.load(ENDPOINT);
  }, [loader]);
  const current = saver.data ?? loader.data;
  const { formRef, onSubmit } = useFormErrors<"enabled">({
    validate: validateSettings,
  });
  return (
    <Card>
      <section aria-labelledby="notification-settings-heading">
        <h2 id="notification-settings-heading" className="text-xl font-semibold text-slate-900">
          E-mail notifications
        </h2>
        <p className="mt-1 text-sm text-slate-600">Choose which e-mails you get from Rentwell.</p>
        {!current ? (
          <div className="mt-4 flex items-center gap-2 text-sm text-slate-600">
            <Spinner /> Loading your settings...
          </div>
        ) : (
          <saver.Form ref={formRef} method="post" action={ENDPOINT} noValidate onSubmit={onSubmit} className="mt-4 space-y-4">
            {current.error && <Alert tone="error">{current.error}</Alert>}
            <fieldset className="space-y-3">
              <legend className="text-sm font-semibold text-slate-900">Always sent</legend>
              <p className="text-sm text-slate-600">Booking e-mails carry your receipts, so they are always sent.</p>
              {RECEIPT_EMAIL_KINDS.map((kind) => (
                <Checkbox key={kind} label={EMAIL_KIND_LABELS[kind].label} hint={EMAIL_KIND_LABELS[kind].hint} checked disabled readOnly />
              ))}
            </fieldset>
            <fieldset className="space-y-3">
              <legend className="text-sm font-semibold text-slate-900">You choose</legend>
              {OPTIONAL_EMAIL_KINDS.map((kind) => (
                <Checkbox
                  key={`${kind}-${current.enabled.includes(kind)}`}
                  name="enabled"
                  value={kind}
                  label={EMAIL_KIND_LABELS[kind].label}
                  hint={EMAIL_KIND_LABELS[kind].hint}
                  defaultChecked={current.enabled.includes(kind)}
                />
              ))}
            </fieldset>
            <div className="flex flex-wrap items-center gap-3">
              <Button type="submit" size="md" pending={saver.state !== "idle"} pendingText="Saving...">
                Save notification settings
              </Button>
              {saver.state === "idle" && saver.data?.saved && (
                <p role="status" className="text-sm font-medium text-emerald-800">
                  Notification settings saved.
                </p>
              )}
            </div>
          </saver.Form>
        )}
      </section>
    </Card>
  );
}
