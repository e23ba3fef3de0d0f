import { msg } from "@lingui/core/macro";
import { useFetcher, type FetcherWithComponents } from "react-router";
import { parseForm } from "~/lib/forms";
import { useFormErrors } from "~/lib/use-form-errors";
import { Alert } from "~/ui/alert";
import { Badge } from "~/ui/badge";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import { Field } from "~/ui/field";
import { Input } from "~/ui/input";
import type { SecurityActionResult } from "../security-action.server";
import { disableTwoStepSchema, SECURITY_TEXT, totpCodeSchema, type DisableTwoStepField } from "../security-form";
import { useTranslate } from "~/features/i18n/use-translate";

/** What the page knows of the user's two-step sign-in (TwoStepState without the otpauth URL). */
export type TwoStepView =
  | { kind: "off" }
  | { kind: "setting-up"; secret: string; qrSvg: string }
  | { kind: "on"; recoveryCodesLeft: number };

type Fetcher = FetcherWithComponents<SecurityActionResult>;

const validateCode = (formData: FormData) => parseForm(totpCodeSchema, formData);
const validateDisable = (formData: FormData) => parseForm(disableTwoStepSchema, formData);

function failureOf(fetcher: Fetcher, intent: SecurityActionResult["intent"]) {
  return fetcher.data && !fetcher.data.ok && fetcher.data.intent === intent ? fetcher.data : null;
}

/** The secret in groups of four, as authenticator apps show it. */
function grouped(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(" ") ?? secret;
}

function SetUp({ view, fetcher }: { view: Extract<TwoStepView, { kind: "setting-up" }>; fetcher: Fetcher }) {
  const _ = useTranslate();
  const failed = failureOf(fetcher, "two-step-confirm");
  const { formRef, errors, onSubmit, clearError } = useFormErrors<"code">({ validate: validateCode, serverErrors: failed?.fieldErrors });
  const cancel = useFetcher<SecurityActionResult>();
  return (
    <div className="mt-5 grid gap-6 sm:grid-cols-[auto_1fr]">
      <img
        src={`data:image/svg+xml;utf8,${encodeURIComponent(view.qrSvg)}`}
        alt={_(msg`QR code to scan with your authenticator app`)}
        width={192}
        height={192}
        className="h-48 w-48 rounded-lg border border-slate-200 bg-white"
      />
      <div className="min-w-0 space-y-4">
        <p className="text-sm text-slate-700">{_(SECURITY_TEXT.scanIntro)}</p>
        <div>
          <p className="text-sm text-slate-600">{_(SECURITY_TEXT.secretIntro)}</p>
          <p className="mt-1 font-mono text-sm break-all text-slate-900" data-testid="two-step-secret">
            {grouped(view.secret)}
          </p>
        </div>
        <fetcher.Form ref={formRef} method="post" action="/profile/security" noValidate onSubmit={onSubmit} className="space-y-4">
          <input type="hidden" name="intent" value="two-step-confirm" />
          {failed?.formError && <Alert tone="error">{_(failed.formError)}</Alert>}
          <Field label={_(SECURITY_TEXT.code)} error={errors.code && _(errors.code)} hint={errors.code ? undefined : _(SECURITY_TEXT.codeHint)}>
            <Input name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={7} className="max-w-40 font-mono" onChange={() => clearError("code")} />
          </Field>
          <div className="flex flex-wrap gap-3">
            <Button type="submit" size="md" pending={fetcher.state !== "idle"}>
              {_(SECURITY_TEXT.confirm)}
            </Button>
            <Button type="button" variant="ghost" size="md" onClick={() => cancel.submit({ intent: "two-step-cancel" }, { method: "post", action: "/profile/security" })}>
              {_(SECURITY_TEXT.cancelSetUp)}
            </Button>
          </div>
        </fetcher.Form>
      </div>
    </div>
  );
}

function RecoveryCodes({ codes }: { codes: string[] }) {
  const _ = useTranslate();
  return (
    <Alert tone="success" live={false} className="mt-5" title={_(SECURITY_TEXT.recoveryHeading)}>
      <p className="mt-1 text-sm">{_(SECURITY_TEXT.recoveryIntro)}</p>
      <ol className="mt-3 grid grid-cols-2 gap-x-6 gap-y-1 font-mono text-sm sm:grid-cols-5" aria-label={_(SECURITY_TEXT.recoveryHeading)}>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
    </Alert>
  );
}

function Disable() {
  const _ = useTranslate();
  const fetcher = useFetcher<SecurityActionResult>({ key: "two-step-disable" });
  const failed = failureOf(fetcher, "two-step-disable");
  const { formRef, errors, onSubmit, clearError } = useFormErrors<DisableTwoStepField>({ validate: validateDisable, serverErrors: failed?.fieldErrors });
  return (
    <fetcher.Form ref={formRef} method="post" action="/profile/security" noValidate onSubmit={onSubmit} className="mt-6 space-y-4 border-t border-slate-200 pt-5">
      <h3 className="font-semibold text-slate-900">{_(SECURITY_TEXT.disableHeading)}</h3>
      <input type="hidden" name="intent" value="two-step-disable" />
      {failed?.formError && <Alert tone="error">{_(failed.formError)}</Alert>}
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label={_(SECURITY_TEXT.currentPassword)} error={errors.currentPassword && _(errors.currentPassword)}>
          <Input name="currentPassword" type="password" autoComplete="current-password" onChange={() => clearError("currentPassword")} />
        </Field>
        <Field label={_(SECURITY_TEXT.codeOrRecovery)} error={errors.code && _(errors.code)}>
          <Input name="code" autoComplete="one-time-code" autoCapitalize="none" spellCheck={false} className="font-mono" onChange={() => clearError("code")} />
        </Field>
      </div>
      <Button type="submit" variant="secondary" size="md" pending={fetcher.state !== "idle"}>
        {_(SECURITY_TEXT.disable)}
      </Button>
    </fetcher.Form>
  );
}

/** Two-step sign-in (issue #29 point 4): set up with a QR code and a first code, recovery codes once, off with password + code. */
export function TwoStepCard({ view, required }: { view: TwoStepView; required: boolean }) {
  const _ = useTranslate();
  const confirm = useFetcher<SecurityActionResult>({ key: "two-step-confirm" });
  const start = useFetcher<SecurityActionResult>({ key: "two-step-start" });
  const startFailed = failureOf(start, "two-step-start");
  const recoveryCodes = confirm.data?.ok && confirm.data.recoveryCodes ? confirm.data.recoveryCodes : null;
  return (
    <Card>
      <section aria-labelledby="two-step-heading" id="two-step">
        <h2 id="two-step-heading" className="flex flex-wrap items-center gap-2 text-xl font-semibold text-slate-900">
          {_(SECURITY_TEXT.twoStepHeading)}
          <Badge tone={view.kind === "on" ? "success" : "neutral"}>{view.kind === "on" ? _(msg`On`) : _(msg`Off`)}</Badge>
        </h2>
        {required && view.kind !== "on" && (
          <Alert tone="error" className="mt-3">
            {_(SECURITY_TEXT.twoStepRequiredForAdmins)}
          </Alert>
        )}
        <p className="mt-1 text-sm text-slate-600">{view.kind === "on" ? _(SECURITY_TEXT.twoStepOn) : _(SECURITY_TEXT.twoStepOff)}</p>
        {recoveryCodes && view.kind === "on" && <RecoveryCodes codes={recoveryCodes} />}
        {view.kind === "off" && (
          <start.Form method="post" action="/profile/security" className="mt-5">
            <input type="hidden" name="intent" value="two-step-start" />
            {startFailed?.formError && <Alert tone="error" className="mb-3">{_(startFailed.formError)}</Alert>}
            <Button type="submit" size="md" pending={start.state !== "idle"}>
              {_(SECURITY_TEXT.setUp)}
            </Button>
          </start.Form>
        )}
        {view.kind === "setting-up" && <SetUp view={view} fetcher={confirm} />}
        {view.kind === "on" && (
          <>
            <p className="mt-3 text-sm text-slate-700">{SECURITY_TEXT.recoveryLeft(view.recoveryCodesLeft, _)}</p>
            <Disable />
          </>
        )}
      </section>
    </Card>
  );
}
