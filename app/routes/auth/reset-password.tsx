import { data, Form, useNavigation } from "react-router";
import { ACCOUNT_EMAIL_TEXT } from "~/features/auth/account-email-texts";
import { resetPasswordSchema } from "~/features/auth/account-email-forms";
import { useAuthDialog } from "~/features/auth/components/auth-dialog-context";
import { clearedLinkCookie, currentSession, linkToken, linkPageState } from "~/features/auth/email-link-page.server";
import { resetLinkState, resetPassword } from "~/features/auth/password-reset.server";
import { metaTranslate } from "~/features/i18n/translate";
import { requestTranslate } from "~/features/i18n/request-i18n.server";
import { useTranslate } from "~/features/i18n/use-translate";
import { requestNow } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import { parseForm } from "~/lib/forms";
import { BODY_TOO_LARGE_MESSAGE, readFormWithLimit, SMALL_FORM_BYTES } from "~/lib/read-body.server";
import { pageMeta } from "~/lib/seo";
import { useFormErrors } from "~/lib/use-form-errors";
import { Alert } from "~/ui/alert";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import { Field } from "~/ui/field";
import { Input } from "~/ui/input";
import type { Route } from "./+types/reset-password";

/**
 * /reset-password (issue #29 point 1, ADR 0240): the e-mailed link's token moves into a
 * cookie first (email-link-page.server.ts), then the page asks for a new password under
 * the password rule. Setting it signs every other session out and e-mails a notice.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const db = await getDb();
  const missing: Awaited<ReturnType<typeof resetLinkState>> = { ok: false, error: ACCOUNT_EMAIL_TEXT.linkMissing };
  return linkPageState(request, "reset", (token) => resetLinkState(db, token, requestNow(request)), missing);
}

export async function action({ request }: Route.ActionArgs) {
  const body = await readFormWithLimit(request, SMALL_FORM_BYTES);
  if (!body.ok) return data({ ok: false as const, fieldErrors: { form: BODY_TOO_LARGE_MESSAGE } as Record<string, string | undefined>, linkProblem: false }, { status: 413 });
  const db = await getDb();
  const session = await currentSession(request);
  const say = await requestTranslate(request);
  const result = await resetPassword(db, linkToken(request, "reset"), { password: body.form.get("password") ?? undefined }, { currentSession: session, say }, requestNow(request));
  if (!result.ok) {
    const fieldErrors: Record<string, string | undefined> = { ...result.fieldErrors, form: result.formError };
    return data({ ok: false as const, fieldErrors, linkProblem: Boolean(result.linkProblem) }, { status: 400 });
  }
  const signedIn = session?.userId === result.userId;
  return data({ ok: true as const, signedIn }, { headers: { "Set-Cookie": clearedLinkCookie("reset"), "Cache-Control": "no-store" } });
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const _ = metaTranslate(matches);
  return [
    ...pageMeta({ title: _(ACCOUNT_EMAIL_TEXT.resetTitle), description: _(ACCOUNT_EMAIL_TEXT.forgotDescription), path: "/reset-password", matches, noIndex: true }),
    { name: "referrer", content: "no-referrer" },
  ];
};

const validate = (formData: FormData) => parseForm(resetPasswordSchema, formData);

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const _ = useTranslate();
  const { openSignIn } = useAuthDialog();
  const { formRef, errors, onSubmit, clearError } = useFormErrors<"password">({ validate, serverErrors: actionData?.ok === false ? actionData.fieldErrors : undefined });
  const done = actionData?.ok === true;
  const linkProblem = !loaderData.ok || (actionData?.ok === false && actionData.linkProblem);
  return (
    <section className="mx-auto max-w-md px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{_(ACCOUNT_EMAIL_TEXT.resetTitle)}</h1>
      <Card className="mt-6">
        {done ? (
          <div className="space-y-4">
            <Alert tone="success">{actionData.signedIn ? _(ACCOUNT_EMAIL_TEXT.resetDoneSignedIn) : _(ACCOUNT_EMAIL_TEXT.resetDone)}</Alert>
            {!actionData.signedIn && (
              <Button block onClick={() => openSignIn("signin")}>
                {_(ACCOUNT_EMAIL_TEXT.signInButton)}
              </Button>
            )}
          </div>
        ) : linkProblem ? (
          <div className="space-y-4">
            <Alert tone="error">{_((loaderData.ok ? errors.form : loaderData.error) ?? "")}</Alert>
            <Button block variant="secondary" onClick={() => openSignIn("forgot")}>
              {_(ACCOUNT_EMAIL_TEXT.requestNewLink)}
            </Button>
          </div>
        ) : (
          <Form ref={formRef} method="post" noValidate onSubmit={onSubmit} className="space-y-5">
            <p className="text-slate-600">{ACCOUNT_EMAIL_TEXT.resetIntro(loaderData.email, _)}</p>
            {errors.form && <Alert tone="error">{_(errors.form)}</Alert>}
            {/* The account's address, for password managers. */}
            <input type="email" name="username" autoComplete="username" value={loaderData.email} readOnly hidden />
            <Field id="password" label={_(ACCOUNT_EMAIL_TEXT.newPasswordLabel)} error={errors.password && _(errors.password)} hint={errors.password ? undefined : _(ACCOUNT_EMAIL_TEXT.newPasswordHint)}>
              <Input name="password" type="password" autoComplete="new-password" onInput={() => clearError("password")} />
            </Field>
            <Button type="submit" block pending={navigation.state === "submitting"} pendingText={_(ACCOUNT_EMAIL_TEXT.resetPending)}>
              {_(ACCOUNT_EMAIL_TEXT.resetSubmit)}
            </Button>
          </Form>
        )}
      </Card>
    </section>
  );
}
