import { msg } from "@lingui/core/macro";
import { data, redirect } from "react-router";
import { requireUser } from "~/features/auth/session.server";
import { LocalVerificationForm, StripeVerificationForm } from "~/features/identity/components/identity-forms";
import { VerifiedBadge } from "~/features/identity/components/verified-badge";
import { identitySubmitSchema, type IdentitySubmitField } from "~/features/identity/identity-form";
import { IDENTITY_PATH, IDENTITY_TEXT } from "~/features/identity/identity-text";
import { identityState, latestStripeSession, submitLocalVerification } from "~/features/identity/identity.server";
import { identityProvider } from "~/features/identity/provider.server";
import { GeneralErrorBoundary } from "~/features/shell/components/general-error-boundary";
import { requestNow } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { redirectWithToast } from "~/lib/flash.server";
import { parseForm, type FieldErrors } from "~/lib/forms";
import { logger } from "~/lib/logger.server";
import { bodyTooLargeResponse, readFormWithLimit, SMALL_FORM_BYTES } from "~/lib/read-body.server";
import { pageMeta } from "~/lib/seo";
import { Alert } from "~/ui/alert";
import { Badge } from "~/ui/badge";
import { Card } from "~/ui/card";
import { metaTranslate } from "~/features/i18n/translate";
import { translatable } from "~/features/i18n/translatable";
import { useTranslate } from "~/features/i18n/use-translate";
import type { Route } from "./+types/identity";

/**
 * /profile/identity (issue #29 point 3, docs/product.md#identity-verification): the member's
 * verification status, and the way to verify with the configured provider. Signed-in only.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const db = await getDb();
  const provider = identityProvider();
  // Back from Stripe's page: its result is read now rather than waiting for the webhook.
  if (provider.name === "stripe") {
    const open = await latestStripeSession(db, user.id);
    if (open?.sessionId && open.status === "pending") await provider.sync(db, open.sessionId, requestNow(request)).catch((error: unknown) => logger.warn({ err: error }, "identity session sync failed"));
  }
  return { provider: provider.name, state: await identityState(db, user.id) };
}

type ActionAnswer = { ok: false; formError?: string; fieldErrors: FieldErrors<IdentitySubmitField> };

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const read = await readFormWithLimit(request, SMALL_FORM_BYTES);
  if (!read.ok) throw bodyTooLargeResponse({ ok: false, fieldErrors: {}, formError: translatable("The request is too large.") });
  const db = await getDb();
  const now = requestNow(request);
  const provider = identityProvider();
  const intent = read.form.get("intent");
  if (provider.name === "stripe") {
    if (intent !== "start") return data<ActionAnswer>({ ok: false, formError: IDENTITY_TEXT.errors.wrongProvider, fieldErrors: {} }, { status: 400 });
    const started = await provider.start(db, { userId: user.id, returnUrl: new URL(IDENTITY_PATH, env().SITE_URL).toString(), now });
    if (!started.ok) return data<ActionAnswer>({ ok: false, formError: started.error, fieldErrors: {} }, { status: started.status });
    return redirect(started.redirectTo);
  }
  if (intent !== "submit") return data<ActionAnswer>({ ok: false, formError: IDENTITY_TEXT.errors.wrongProvider, fieldErrors: {} }, { status: 400 });
  const parsed = parseForm(identitySubmitSchema, read.form);
  if (!parsed.ok) return data<ActionAnswer>({ ok: false, fieldErrors: parsed.fieldErrors }, { status: 400 });
  const result = await submitLocalVerification(db, { userId: user.id, documentUploadId: parsed.data.documentUploadId.toLowerCase(), selfieUploadId: parsed.data.selfieUploadId.toLowerCase(), now });
  if (!result.ok) {
    return data<ActionAnswer>({ ok: false, fieldErrors: result.field ? { [result.field]: result.error } : {}, formError: result.field ? undefined : result.error }, { status: result.status });
  }
  return redirectWithToast(IDENTITY_PATH, { tone: "success", message: result.message });
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const _ = metaTranslate(matches);
  return pageMeta({ title: _(IDENTITY_TEXT.pageTitle), description: _(IDENTITY_TEXT.pageLead), path: IDENTITY_PATH, matches, noIndex: true });
};

const BADGE_TONE = { none: "neutral", pending: "warning", requires_input: "danger", verified: "success", rejected: "danger" } as const;

export default function IdentityPage({ loaderData, actionData }: Route.ComponentProps) {
  const { provider, state } = loaderData;
  const answer = actionData as ActionAnswer | undefined;
  // IDENTITY_TEXT is the booking area's (features/identity); its texts are translated where shown.
  const _ = useTranslate();
  const statusText = state.status === "pending" && state.provider === "stripe" ? IDENTITY_TEXT.status.pendingStripe : IDENTITY_TEXT.status[state.status];
  const canStart = state.status === "none" || state.status === "rejected" || state.status === "requires_input" || (state.status === "pending" && provider === "stripe");
  return (
    <div className="mx-auto max-w-3xl px-4 pt-6 pb-16 sm:px-6">
      <a href="/profile" className="text-sm font-medium text-brand-700 hover:underline">
        <span aria-hidden="true" className="inline-block rtl:-scale-x-100">
          ←
        </span>{" "}
        {_(msg`Profile`)}
      </a>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900">{_(IDENTITY_TEXT.pageTitle)}</h1>
      <p className="mt-2 text-slate-600">{_(IDENTITY_TEXT.pageLead)}</p>

      <Card className="mt-6 p-5" data-testid="identity-status">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="text-lg font-semibold text-slate-900">{_(msg`Status`)}</h2>
          {state.status === "verified" ? <VerifiedBadge /> : <Badge tone={BADGE_TONE[state.status]}>{_(IDENTITY_TEXT.statusBadge[state.status])}</Badge>}
        </div>
        <p className="mt-2 text-slate-700">{_(statusText)}</p>
        {state.reason && (state.status === "rejected" || state.status === "requires_input") && (
          <p className="mt-2 text-slate-700">
            <span className="font-semibold">{_(IDENTITY_TEXT.reasonLabel)}:</span> <span className="break-words">{state.reason}</span>
          </p>
        )}
      </Card>

      {canStart && (
        <Card className="mt-6 p-5">
          {provider === "local" ? (
            <LocalVerificationForm serverErrors={answer?.fieldErrors} formError={answer?.formError} />
          ) : (
            <StripeVerificationForm formError={answer?.formError} label={_(state.status === "none" ? IDENTITY_TEXT.startStripe : state.status === "pending" ? IDENTITY_TEXT.continueStripe : IDENTITY_TEXT.tryAgain)} />
          )}
        </Card>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  const _ = useTranslate();
  return (
    <GeneralErrorBoundary
      unexpectedError={() => (
        <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">{_(IDENTITY_TEXT.pageTitle)}</h1>
          <Alert tone="error" className="mt-6">
            {_(IDENTITY_TEXT.loadFailed)}
          </Alert>
        </div>
      )}
    />
  );
}
