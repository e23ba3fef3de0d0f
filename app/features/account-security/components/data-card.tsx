import { useFetcher } from "react-router";
import { formatDate } from "~/lib/dates";
import { parseForm } from "~/lib/forms";
import { useFormErrors } from "~/lib/use-form-errors";
import { Alert } from "~/ui/alert";
import { Button, buttonVariants } from "~/ui/button";
import { Card } from "~/ui/card";
import { Checkbox } from "~/ui/checkbox";
import { Field } from "~/ui/field";
import { Input } from "~/ui/input";
import type { ExportView } from "../data-export.server";
import type { SecurityActionResult } from "../security-action.server";
import { deleteAccountSchema, SECURITY_TEXT, type DeleteAccountField } from "../security-form";
import { useTranslate } from "~/features/i18n/use-translate";

const validateDelete = (formData: FormData) => parseForm(deleteAccountSchema, formData);

function ExportSection({ view, locale }: { view: ExportView; locale: string }) {
  const _ = useTranslate();
  const fetcher = useFetcher<SecurityActionResult>({ key: "export-request" });
  const answer = fetcher.data?.intent === "export-request" ? fetcher.data : null;
  return (
    <div>
      <h3 className="font-semibold text-slate-900">{_(SECURITY_TEXT.exportHeading)}</h3>
      <p className="mt-1 text-sm text-slate-600">{_(SECURITY_TEXT.exportIntro)}</p>
      {answer && !answer.ok && answer.formError && (
        <Alert tone="error" className="mt-3">
          {_(answer.formError)}
        </Alert>
      )}
      {view?.status === "pending" ? (
        <Alert tone="info" className="mt-3">
          {_(SECURITY_TEXT.exportRequested)}
        </Alert>
      ) : (
        <fetcher.Form method="post" action="/profile/security" className="mt-3 flex flex-wrap items-center gap-3">
          <input type="hidden" name="intent" value="export-request" />
          <Button type="submit" variant="secondary" size="md" pending={fetcher.state !== "idle"}>
            {view?.status === "ready" ? _(SECURITY_TEXT.requestNewExport) : _(SECURITY_TEXT.requestExport)}
          </Button>
          {view?.status === "ready" && (
            <span className="text-sm text-slate-700">
              {SECURITY_TEXT.exportReady(`${formatDate(view.expiresAt, locale, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" })} UTC`, _)}{" "}
              <a href={`/profile/security/export/${view.id}`} className={buttonVariants({ variant: "link", size: "text" })} download>
                {_(SECURITY_TEXT.exportDownload)}
              </a>
            </span>
          )}
        </fetcher.Form>
      )}
    </div>
  );
}

function DeleteSection() {
  const _ = useTranslate();
  const fetcher = useFetcher<SecurityActionResult>({ key: "delete-account" });
  const failed = fetcher.data && !fetcher.data.ok && fetcher.data.intent === "delete-account" ? fetcher.data : null;
  const { formRef, errors, onSubmit, clearError } = useFormErrors<DeleteAccountField>({ validate: validateDelete, serverErrors: failed?.fieldErrors });
  return (
    <fetcher.Form ref={formRef} method="post" action="/profile/security" noValidate onSubmit={onSubmit} className="space-y-4 border-t border-slate-200 pt-5">
      <h3 className="font-semibold text-slate-900">{_(SECURITY_TEXT.deleteHeading)}</h3>
      <p className="text-sm text-slate-600">{_(SECURITY_TEXT.deleteIntro)}</p>
      <input type="hidden" name="intent" value="delete-account" />
      {failed?.formError && <Alert tone="error">{_(failed.formError)}</Alert>}
      <Field label={_(SECURITY_TEXT.currentPassword)} error={errors.currentPassword && _(errors.currentPassword)} className="max-w-sm">
        <Input name="currentPassword" type="password" autoComplete="current-password" onChange={() => clearError("currentPassword")} />
      </Field>
      <div>
        <Checkbox name="confirm" value="yes" label={_(SECURITY_TEXT.deleteConfirm)} aria-invalid={errors.confirm ? true : undefined} onChange={() => clearError("confirm")} />
        {errors.confirm && (
          <p className="mt-1 text-sm text-red-700" role="alert">
            {_(errors.confirm)}
          </p>
        )}
      </div>
      <Button type="submit" variant="danger" size="md" pending={fetcher.state !== "idle"}>
        {_(SECURITY_TEXT.deleteAccount)}
      </Button>
    </fetcher.Form>
  );
}

/** 'Your data' (issue #29 point 5): 'Download my data' and 'Delete my account'. */
export function DataCard({ dataExport, locale }: { dataExport: ExportView; locale: string }) {
  const _ = useTranslate();
  return (
    <Card>
      <section aria-labelledby="data-heading" className="space-y-6">
        <div>
          <h2 id="data-heading" className="text-xl font-semibold text-slate-900">
            {_(SECURITY_TEXT.dataHeading)}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{_(SECURITY_TEXT.dataIntro)}</p>
        </div>
        <ExportSection view={dataExport} locale={locale} />
        <DeleteSection />
      </section>
    </Card>
  );
}
