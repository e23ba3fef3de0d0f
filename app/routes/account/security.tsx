import { data } from "react-router";
import { DataCard } from "~/features/account-security/components/data-card";
import { latestExport } from "~/features/account-security/data-export.server";
import { PasswordCard } from "~/features/account-security/components/password-card";
import { SessionsCard } from "~/features/account-security/components/sessions-card";
import { TwoStepCard, type TwoStepView } from "~/features/account-security/components/two-step-card";
import { handleSecurityAction } from "~/features/account-security/security-action.server";
import { SECURITY_TEXT } from "~/features/account-security/security-form";
import { currentSessionId, listSessions } from "~/features/account-security/sessions.server";
import { twoStepState } from "~/features/account-security/two-step.server";
import { metaTranslate } from "~/features/i18n/translate";
import { requestTranslate } from "~/features/i18n/request-i18n.server";
import { requireUser } from "~/features/auth/session.server";
import { translatable } from "~/features/i18n/translatable";
import { useLocale, useTranslate } from "~/features/i18n/use-translate";
import { GeneralErrorBoundary } from "~/features/shell/components/general-error-boundary";
import { requestNow } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { bodyTooLargeResponse, readFormWithLimit, SMALL_FORM_BYTES } from "~/lib/read-body.server";
import { pageMeta } from "~/lib/seo";
import { Alert } from "~/ui/alert";
import type { Route } from "./+types/security";

/** The first language of Accept-Language that Intl knows, for dates and country names; "en" otherwise. */
function requestLocale(request: Request): string {
  const first = request.headers.get("accept-language")?.split(",")[0]?.split(";")[0]?.trim();
  if (!first || first === "*") return "en";
  try {
    return Intl.DateTimeFormat.supportedLocalesOf([first])[0] ?? "en";
  } catch {
    return "en";
  }
}

/** /profile/security (issue #29 point 4): signed-in users only; others are sent to /. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const db = await getDb();
  const now = requestNow(request);
  const [sessionId, twoStep] = await Promise.all([currentSessionId(db, request), twoStepState(db, user)]);
  const [sessions, dataExport] = await Promise.all([listSessions(db, user.id, sessionId, now), latestExport(db, user.id, now)]);
  const view: TwoStepView =
    twoStep.kind === "setting-up" ? { kind: "setting-up", secret: twoStep.secret, qrSvg: twoStep.qrSvg } : twoStep;
  return data(
    { sessions, twoStep: view, twoStepRequired: user.isAdmin && env().isProduction, dataExport, locale: requestLocale(request) },
    // The set-up key is a secret: never kept by a cache.
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const body = await readFormWithLimit(request, SMALL_FORM_BYTES);
  if (!body.ok) return bodyTooLargeResponse({ intent: null, ok: false, fieldErrors: {}, formError: translatable("The request is too large.") });
  const db = await getDb();
  const result = await handleSecurityAction(
    { db, userId: user.id, sessionId: await currentSessionId(db, request), now: requestNow(request), say: await requestTranslate(request) },
    body.form,
  );
  if (result instanceof Response) return result;
  return data(result, { status: result.status, headers: { "Cache-Control": "no-store" } });
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const _ = metaTranslate(matches);
  return pageMeta({ title: _(SECURITY_TEXT.title), description: _(SECURITY_TEXT.description), path: "/profile/security", matches, noIndex: true });
};

export default function Page({ loaderData }: Route.ComponentProps) {
  const { sessions, twoStep, twoStepRequired, dataExport } = loaderData;
  const _ = useTranslate();
  // Dates and country names: the page's language; an English page keeps the browser's own English (en-GB, en-AU…).
  const pageLocale = useLocale();
  const locale = pageLocale === "en" ? loaderData.locale : pageLocale;
  return (
    <div className="mx-auto max-w-4xl px-4 pt-6 pb-16 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{_(SECURITY_TEXT.title)}</h1>
      <p className="mt-1 text-slate-600">{_(SECURITY_TEXT.description)}</p>
      <div className="mt-8 space-y-10">
        <TwoStepCard view={twoStep} required={twoStepRequired} />
        <SessionsCard sessions={sessions} locale={locale} />
        <PasswordCard />
        <DataCard dataExport={dataExport} locale={locale} />
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  const _ = useTranslate();
  return (
    <GeneralErrorBoundary
      unexpectedError={() => (
        <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">{_(SECURITY_TEXT.title)}</h1>
          <Alert tone="error" className="mt-6">
            {_(SECURITY_TEXT.loadFailed)}
          </Alert>
        </div>
      )}
    />
  );
}
